package api

import (
	"fmt"
	"net/http"
	"strings"

	"tourney/standings"
)

// The simulator's checks of the printouts and exports: every PDF's text
// (pdftotext) for each division and for the whole event, and the .t file.

// pdfOf fetches a PDF and returns its text, or "" after reporting the
// check's failure when the answer is no PDF.
func (w *simWorld) pdfOf(check, path string) string {
	w.t.Helper()
	r := w.get(path, w.Director)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" {
		w.fail(check, "GET %s: %d %s: %.200s", path, r.Status, r.Header.Get("Content-Type"), r.Body)
		return ""
	}
	return pdfText(w.t, r.Body)
}

// hasRow: a line of text holds name and, after it, rest (at its end,
// with atEnd).
func hasRow(text, name, rest string, atEnd bool) bool {
	for _, l := range strings.Split(text, "\n") {
		i := strings.Index(l, name)
		if i < 0 {
			continue
		}
		tail := strings.TrimSpace(l[i+len(name):])
		if atEnd && strings.HasSuffix(tail, rest) || !atEnd && strings.Contains(tail, rest) {
			return true
		}
	}
	return false
}

// checkPrints: each division's standings, cross-table, scorecards, and
// the latest round's pairings and score sheets; then the same without a
// division, which must cover every division.
func (w *simWorld) checkPrints() {
	w.t.Helper()
	m := w.model
	for _, d := range m.divs {
		recs := d.standings()
		text := w.pdfOf("standings-pdf", w.dpath("/standings.pdf", d))
		if head := fmt.Sprintf("%s · after round %d", d.name, d.paired); d.complete() && !strings.Contains(text, head) {
			w.fail("standings-pdf", "%s: the standings PDF is not headed %q:\n%s", d.name, head, text)
		}
		for _, x := range recs {
			if !hasRow(text, x.p.name, x.printed(), false) {
				w.fail("standings-pdf", "%s: the standings PDF has no line for %s with %q:\n%s", d.name, x.p.name, x.printed(), text)
				break
			}
		}
		text = w.pdfOf("crosstable-pdf", w.dpath("/crosstable.pdf", d))
		for _, x := range recs {
			if !hasRow(text, x.p.name, x.printed(), true) {
				w.fail("crosstable-pdf", "%s: the cross-table has no line for %s ending %q:\n%s", d.name, x.p.name, x.printed(), text)
				break
			}
		}
		for _, g := range d.games {
			if !g.done {
				continue
			}
			if s := fmt.Sprintf("%d–%d", g.scores[0], g.scores[1]); !strings.Contains(text, s) {
				w.fail("crosstable-pdf", "%s: the cross-table lacks %s for %s:\n%s", d.name, s, g, text)
				break
			}
		}
		text = w.pdfOf("scorecards-pdf", w.dpath("/scorecards.pdf", d))
		for _, p := range d.players {
			if !strings.Contains(text, p.name) {
				w.fail("scorecards-pdf", "%s: the scorecards lack %s:\n%s", d.name, p.name, text)
				break
			}
		}
		w.checkRoundPrints(d, d.paired)
	}
	for _, p := range []string{"/standings.pdf", "/crosstable.pdf", "/scorecards.pdf", fmt.Sprintf("/rounds/%d/pairings.pdf", m.current)} {
		text := w.pdfOf("print-all-divisions", w.path(p))
		for _, d := range m.divs {
			for _, pl := range d.players {
				if text != "" && !strings.Contains(text, pl.name) {
					w.fail("print-all-divisions", "%s without a division lacks %s of %s:\n%s", p, pl.name, d.name, text)
				}
			}
		}
	}
}

// checkRoundPrints: a round's pairings PDF has every game's players and
// says "withdrawn" (never "bye") for a withdrawn player; its score
// sheets are the division's tables and no other's.
func (w *simWorld) checkRoundPrints(d *simDiv, round int) {
	w.t.Helper()
	text := w.pdfOf("pairings-pdf", w.dpath(fmt.Sprintf("/rounds/%d/pairings.pdf", round), d))
	for _, g := range d.roundGames(round) {
		for _, p := range g.seats {
			if !strings.Contains(text, p.name) {
				w.fail("pairings-pdf", "%s round %d: the pairings PDF lacks %s:\n%s", d.name, round, p.name, text)
				return
			}
		}
	}
	for _, p := range d.players {
		if p.withdrawn == 0 {
			continue
		}
		for _, l := range strings.Split(text, "\n") {
			if strings.Contains(l, p.name) && strings.Contains(strings.ToLower(l), "bye") {
				w.fail("withdrawn-as-bye", "%s round %d: the pairings PDF reads %q for withdrawn %s", d.name, round, strings.TrimSpace(l), p.name)
			}
		}
	}
	text = w.pdfOf("scoresheets-division", w.dpath(fmt.Sprintf("/rounds/%d/scoresheets.pdf", round), d))
	for _, o := range w.model.divs {
		if o == d {
			continue
		}
		for _, g := range o.roundGames(round) {
			if strings.Contains(text, g.seats[0].name) {
				w.fail("scoresheets-division", "%s round %d: the score sheets with ?division=%d print %s of division %s", d.name, round, d.id, g.seats[0].name, o.name)
				return
			}
		}
	}
}

// checkExportT: each division's .t file reads back with the model's
// results; without a division the event's is tsh's archive of every
// division.
func (w *simWorld) checkExportT() {
	w.t.Helper()
	for _, d := range w.model.divs {
		r := w.getOK(w.dpath("/export.t", d), "")
		td, err := standings.ParseT(r.Body, d.name, standings.DefaultConfig(standings.RealmNASPA))
		if err != nil {
			w.fail("export-t", "%s: export.t does not read back: %v\n%s", d.name, err, r.Body)
			continue
		}
		line := map[string]int{} // by the name as typed; the file holds "Surname, Given"
		for _, p := range td.Players() {
			line[p.Name] = p.ID
		}
		for _, p := range d.players {
			line[p.name] = line[asTSHName(p.name)]
		}
		for _, p := range d.players {
			if line[p.name] == 0 {
				w.fail("export-t", "%s: export.t lacks %s:\n%s", d.name, p.name, r.Body)
			}
		}
		for _, g := range d.games {
			if !g.done {
				continue
			}
			got, ok := td.Result(line[g.seats[0].name], g.round)
			if !ok || got.Score != g.scores[0] || got.OppScore != g.scores[1] || got.Opponent != line[g.seats[1].name] {
				w.fail("export-t", "%s: export.t has %+v (%v) for %s\n%s", d.name, got, ok, g, r.Body)
			}
		}
		for _, u := range d.unopposed {
			if got, ok := td.Result(line[u.player.name], u.round); !ok || got.Spread() != u.spread {
				w.fail("export-t", "%s: export.t has %+v (%v) for %s's round %d %s %+d\n%s", d.name, got, ok, u.player.name, u.round, u.kind, u.spread, r.Body)
			}
		}
	}
	r := w.get(w.path("/export.t"), "")
	if r.Status != http.StatusOK || !strings.HasPrefix(string(r.Body), "# tsh archive file") {
		w.fail("export-t-archive", "export.t without a division: %d %.200s", r.Status, r.Body)
		return
	}
	for _, d := range w.model.divs {
		if !strings.Contains(string(r.Body), "#begin_file name="+strings.ToLower(d.name)+".t") {
			w.fail("export-t-archive", "the archive lacks division %s:\n%s", d.name, r.Body)
		}
	}
}
