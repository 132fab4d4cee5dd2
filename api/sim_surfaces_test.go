package api

import (
	"context"
	"fmt"
	"html"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"tourney/publish"
	"tourney/service"
)

// The simulator's checks of the public surfaces and the figures:
// tourney.js, the live boards, highlights, prizes, statistics, ratings
// and the published site.

// setPrizes puts a prize table up: per division, first place, the best
// of class B, and the high win.
func (w *simWorld) setPrizes() {
	var ps []map[string]any
	for _, d := range w.model.divs {
		ps = append(ps, map[string]any{"type": "rank", "place": 1, "division_id": d.id},
			map[string]any{"type": "class-rank", "place": 1, "class": "B", "division_id": d.id},
			map[string]any{"type": "high-win", "division_id": d.id})
	}
	w.logf("put up the prize table (first, best of class B, high win per division)")
	simDo[service.PrizesView](w, "PUT", w.path("/prizes"), map[string]any{"prizes": ps}, http.StatusOK)
}

// checkFeed: tourney.js (read as liwords reads it) has each division's
// players, named as tsh names them ("Surname, Given"), and, for every
// game with its result in, both scores.
func (w *simWorld) checkFeed() {
	w.t.Helper()
	text := w.getOK(w.path("/tourney.js"), "").Body
	for _, d := range w.model.divs {
		_, ps := lwRead(w.t, text, d.name)
		byName := map[string]lwPlayer{}
		for _, p := range ps {
			byName[p.Name] = p
		}
		for _, p := range d.players {
			if _, ok := byName[asTSHName(p.name)]; !ok {
				w.fail("tourney-js", "%s: tourney.js lacks %s", d.name, p.name)
				return
			}
		}
		for _, g := range d.games {
			for i := range 2 {
				p, o := byName[asTSHName(g.seats[i].name)], byName[asTSHName(g.seats[1-i].name)]
				r := g.round - 1
				if r >= len(p.Pairings) || p.Pairings[r] != o.ID {
					w.fail("tourney-js", "%s: %s's pairings %v, round %d against %s (id %d)", d.name, p.Name, p.Pairings, g.round, o.Name, o.ID)
					return
				}
				want := 0
				if g.done {
					want = g.scores[i]
				}
				if got := 0; r < len(p.Scores) {
					if got = p.Scores[r]; got != want {
						w.fail("tourney-js", "%s: %s's round %d score %d, the model %d (%s)", d.name, p.Name, g.round, got, want, g)
						return
					}
				} else if g.done {
					w.fail("tourney-js", "%s: %s has no round %d score; the model %d", d.name, p.Name, g.round, want)
					return
				}
			}
		}
	}
}

// simEventually retries a read of a built answer (rebuilt once per change,
// a moment after it) until ok or ten seconds have passed.
func simEventually[T any](w *simWorld, path string, ok func(T) bool) T {
	var v T
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		v = must[T](w.t, w.getOK(path, ""), http.StatusOK)
		if ok(v) || time.Since(start) > 10*time.Second {
			return v
		}
	}
}

// checkLive: the live boards show each game of the current round with
// its players and, once its result is in, the official finals.
func (w *simWorld) checkLive() map[int64]service.LiveTable {
	w.t.Helper()
	m := w.model
	var games []*simGame
	for _, d := range m.divs {
		games = append(games, d.roundGames(m.current)...)
	}
	diff := func(live service.Live) string {
		tables := map[int64]service.LiveTable{}
		for _, ld := range live.Divisions {
			for _, lt := range ld.Tables {
				tables[lt.GameID] = lt
			}
		}
		for _, g := range games {
			lt, ok := tables[g.id]
			switch {
			case !ok:
				return fmt.Sprintf("no table for %s", g)
			case len(lt.Players) != 2 || lt.Players[0].PlayerID != g.seats[0].id:
				return fmt.Sprintf("%s: seats %+v", g, lt.Players)
			case g.done && (lt.Players[0].Score != g.scores[0] || lt.Players[1].Score != g.scores[1]):
				return fmt.Sprintf("%s (%s): live scores %d-%d, the model %d-%d", g, lt.Status, lt.Players[0].Score, lt.Players[1].Score, g.scores[0], g.scores[1])
			}
		}
		return ""
	}
	live := simEventually(w, w.path("/live"), func(l service.Live) bool { return diff(l) == "" })
	if msg := diff(live); msg != "" {
		check := "live"
		for _, g := range games {
			if g.done && !g.record && strings.Contains(msg, g.String()) {
				check = "live-hand-finals"
			}
		}
		w.fail(check, "%s", msg)
	}
	tables := map[int64]service.LiveTable{}
	for _, ld := range live.Divisions {
		for _, lt := range ld.Tables {
			tables[lt.GameID] = lt
		}
	}
	return tables
}

// checkFigures: prizes, statistics, ratings and highlights agree with
// the model.
func (w *simWorld) checkFigures(final bool) {
	w.t.Helper()
	pz := must[service.PrizesView](w.t, w.getOK(w.path("/prizes"), ""), http.StatusOK)
	stats := must[service.StatsView](w.t, w.getOK(w.path("/stats"), ""), http.StatusOK)
	for _, d := range w.model.divs {
		recs := d.standings()
		var first []int64
		for _, x := range recs {
			if x.rank == 1 {
				first = append(first, x.p.id)
			}
		}
		var bestB []int64
		for _, x := range recs {
			if x.rank == 0 || d.class(x.p) != "B" || slices.Contains(first, x.p.id) {
				continue
			}
			if len(bestB) > 0 && !x.equalKeys(recs[slices.IndexFunc(recs, func(r *simRecord) bool { return r.p.id == bestB[0] })]) {
				break
			}
			bestB = append(bestB, x.p.id)
		}
		high, highBy := -1, []int64(nil)
		for _, g := range d.games {
			for i := range 2 {
				if g.done && g.scores[i] > g.scores[1-i] {
					switch {
					case g.scores[i] > high:
						high, highBy = g.scores[i], []int64{g.seats[i].id}
					case g.scores[i] == high && !slices.Contains(highBy, g.seats[i].id):
						highBy = append(highBy, g.seats[i].id)
					}
				}
			}
		}
		for _, p := range pz.Prizes {
			if p.DivisionID == nil || *p.DivisionID != d.id {
				continue
			}
			var got []int64
			for _, wn := range p.Winners {
				got = append(got, wn.PlayerID)
			}
			want, check := first, "prizes"
			switch p.Type {
			case service.PrizeClassRank:
				want = bestB
				if d.patched {
					check = "settings-merge" // the floors the patch erased
				}
			case "high-win":
				want = highBy
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				w.fail(check, "%s: prize %s %d %s won by %v (%+v), the model %v\n%s", d.name, p.Type, p.Place, p.Class, got, p.Winners, want, d.describe())
			}
		}
		w.checkStats(d, stats)
		if final {
			w.checkRatings(d)
		}
	}
	w.checkHighlights()
}

// checkStats: the division's games, ties, byes and forfeits.
func (w *simWorld) checkStats(d *simDiv, stats service.StatsView) {
	i := slices.IndexFunc(stats.Divisions, func(s service.DivisionStats) bool { return s.DivisionID != nil && *s.DivisionID == d.id })
	if i < 0 {
		w.fail("stats", "no statistics for %s", d.name)
		return
	}
	s := stats.Divisions[i]
	games, ties, byes, forfeits := 0, 0, 0, 0
	for _, g := range d.games {
		if g.done {
			games++
			if g.scores[0] == g.scores[1] {
				ties++
			}
		}
	}
	for _, u := range d.unopposed {
		if u.kind == "bye" {
			byes++
		} else {
			forfeits++
		}
	}
	sum, firstWins := 0, 0.0
	for _, g := range d.games {
		if g.done {
			sum += g.scores[0] + g.scores[1]
			switch {
			case g.scores[0] > g.scores[1]:
				firstWins++
			case g.scores[0] == g.scores[1]:
				firstWins += 0.5
			}
		}
	}
	if games > 0 {
		avg, pct := float64(sum)/float64(2*games), 100*firstWins/float64(games)
		if s.AverageScore == nil || math.Abs(*s.AverageScore-avg) > 0.051 || s.FirstPlayerGames != games ||
			s.FirstPlayerWinPct == nil || math.Abs(*s.FirstPlayerWinPct-pct) > 0.051 {
			w.fail("stats", "%s: average score %v, first player %d games %v%%; the model %.2f, %d games %.2f%%", d.name,
				ptrText(s.AverageScore), s.FirstPlayerGames, ptrText(s.FirstPlayerWinPct), avg, games, pct)
		}
	}
	if s.Games != games || s.Ties != ties || s.Byes != byes || s.Forfeits != forfeits || s.Players != len(d.players) {
		w.fail("stats", "%s: %d players, %d games, %d ties, %d byes, %d forfeits; the model %d, %d, %d, %d, %d",
			d.name, s.Players, s.Games, s.Ties, s.Byes, s.Forfeits, len(d.players), games, ties, byes, forfeits)
	}
}

// checkRatings: every player is in the ratings with their games and
// wins over the board.
func (w *simWorld) checkRatings(d *simDiv) {
	rv := must[service.RatingsView](w.t, w.getOK(w.dpath("/ratings", d), ""), http.StatusOK)
	i := slices.IndexFunc(rv.Divisions, func(x service.DivisionRatings) bool { return x.DivisionID != nil && *x.DivisionID == d.id })
	if i < 0 {
		w.fail("ratings", "no ratings for %s", d.name)
		return
	}
	rows := map[int64]service.RatingRow{}
	for _, r := range rv.Divisions[i].Players {
		rows[r.PlayerID] = r
	}
	for _, x := range d.standings() {
		wins := 0.0
		for _, g := range d.games {
			if s := g.seatOf(x.p.id); g.done && s >= 0 {
				switch {
				case g.scores[s] > g.scores[1-s]:
					wins++
				case g.scores[s] == g.scores[1-s]:
					wins += 0.5
				}
			}
		}
		r, ok := rows[x.p.id]
		if !ok || r.Games != x.played || r.Wins != wins || r.Rank != x.rank || r.Withdrawn != (x.p.withdrawn > 0) {
			w.fail("ratings", "%s: %s's ratings row %+v (%v); the model %d games, %g wins, rank %d", d.name, x.p.name, r, ok, x.played, wins, x.rank)
		}
	}
}

// checkHighlights: every game whose record stands and reached DONATES
// (the bingo) has its bingo among the highlights; a play challenged off
// never is one.
func (w *simWorld) checkHighlights() {
	numbering := ""
	ok := func(hs []service.Highlight) string {
		numbering = ""
		for _, h := range hs {
			if strings.Contains(h.Sentence, "TIL") {
				return fmt.Sprintf("a play challenged off is a highlight: %+v", h)
			}
		}
		for _, g := range w.model.games {
			if !g.done || !g.record || (g.script != nil && !slices.ContainsFunc(g.script.steps[:g.script.stop], func(s simStep) bool { return s.move == "10B DONATES" })) {
				continue
			}
			i := slices.IndexFunc(hs, func(h service.Highlight) bool { return h.GameID == g.id && h.Score == 82 })
			if i < 0 {
				return fmt.Sprintf("%s: its DONATES bingo (82) is no highlight", g)
			}
			if n := playNumber(g.modelSteps(), "10B DONATES"); hs[i].Turn != n {
				numbering = fmt.Sprintf("%s: the highlight numbers DONATES turn %d; it is play %d at the table (%q)", g, hs[i].Turn, n, hs[i].Sentence)
			}
		}
		return ""
	}
	hs := simEventually(w, w.path("/highlights"), func(hs []service.Highlight) bool { return ok(hs) == "" })
	if msg := ok(hs); msg != "" {
		w.fail("highlights", "%s", msg)
	}
	if numbering != "" {
		w.fail("turn-numbering", "%s", numbering)
	}
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// pageText is an HTML page's text, tags out, blanks collapsed.
func pageText(b []byte) string {
	return strings.Join(strings.Fields(html.UnescapeString(tagRE.ReplaceAllString(string(b), " "))), " ")
}

// checkPublished runs tourney publish into memory: each division's
// standings page has every player's record and spread; each recorded
// game of a complete round has its page headed with the official finals.
func (w *simWorld) checkPublished() {
	w.t.Helper()
	files, err := publish.Render(context.Background(), w.Svc, &w.tournament)
	if err != nil {
		w.fail("published", "publish: %v", err)
		return
	}
	for _, d := range w.model.divs {
		var dir string
		for name, b := range files {
			if strings.HasSuffix(name, "standings.html") && strings.Contains(string(b), html.EscapeString(d.players[0].name)) {
				dir = strings.TrimSuffix(name, "standings.html")
			}
		}
		if dir == "" {
			w.fail("published", "no standings page for %s among %d files", d.name, len(files))
			continue
		}
		text := pageText(files[dir+"standings.html"])
		if head := fmt.Sprintf("After round %d", d.paired); d.complete() && !strings.Contains(text, head) {
			w.fail("published", "%s: the published standings are not headed %q:\n%s", d.name, head, text)
		}
		for _, x := range d.standings() {
			name := x.p.name
			if x.p.withdrawn > 0 {
				name += " (withdrawn)"
			}
			rec := printedRecord(x.wins, x.losses) + " " + printedSpread(x.spread)
			if c := d.class(x.p); !strings.Contains(text, name+" "+c+" "+rec) {
				check := "published"
				if d.patched && strings.Contains(text, name+" "+rec) {
					check = "settings-merge" // the class the patch erased
				}
				w.fail(check, "%s: the published standings lack %q:\n%s", d.name, name+" "+c+" "+rec, text)
				break
			}
		}
		for _, g := range d.games {
			if !g.done || !g.record || !d.roundComplete(g.round) {
				continue
			}
			name := fmt.Sprintf("%sgame-r%d-t%d.html", dir, g.round, g.table)
			b, ok := files[name]
			if !ok {
				w.fail("published", "%s: no published page %s", g, name)
				continue
			}
			if got, want := publishedBoard(b), simBoard(g.modelSteps()); !sameBoard(got, want) {
				w.fail("published-board", "%s: the published board\n%s\nthe model's\n%s", g, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			head := fmt.Sprintf("%s %d – %s %d", g.seats[0].name, g.scores[0], g.seats[1].name, g.scores[1])
			if text := pageText(b); !strings.Contains(text, head) {
				w.fail("published-finals", "%s: the published game page does not head with %q:\n%.600s", g, head, text)
			}
		}
	}
}

func ptrText(p *float64) string {
	if p == nil {
		return "null"
	}
	return fmt.Sprint(*p)
}
