package api

import (
	"fmt"
	"slices"
	"strings"

	"tourney/service"
)

// The simulator's checks of the public pages the server draws: the
// projector's standings and pairings of a division.

// checkProjector: /t/{id}/standings?division= has every player's record
// and spread, the current round's games with their results, and no
// withdrawn player's round as a bye.
func (w *simWorld) checkProjector() {
	w.t.Helper()
	for _, d := range w.model.divs {
		text := pageText(w.getOK(fmt.Sprintf("/t/%d/standings?division=%d", w.tournament, d.id), "").Body)
		if head := fmt.Sprintf("%s After round %d", d.name, d.paired); d.complete() && !strings.Contains(text, head) {
			w.fail("projector", "%s: the projector is not headed %q:\n%s", d.name, head, text)
		}
		for _, x := range d.standings() {
			rank := "–"
			if x.rank > 0 {
				rank = fmt.Sprint(x.rank)
			}
			name := x.p.name
			if x.p.withdrawn > 0 {
				name += " (withdrawn)"
			}
			if want := rank + " " + name + " " + x.printed(); !strings.Contains(text, want) {
				w.fail("projector", "%s: the projector's standings lack %q:\n%s", d.name, want, text)
				return
			}
		}
		round := min(w.model.current, d.paired)
		for _, g := range d.roundGames(round) {
			want := fmt.Sprintf("%d %s vs %s", g.table, g.seats[0].name, g.seats[1].name)
			if g.done {
				want += " " + pageScore(g.scores[0]) + "–" + pageScore(g.scores[1])
			}
			if !strings.Contains(text, want) {
				w.fail("projector", "%s: the projector's pairings lack %q:\n%s", d.name, want, text)
				return
			}
		}
		for _, p := range d.players {
			if p.withdrawn > 0 && strings.Contains(text, p.name+" bye") {
				w.fail("withdrawn-as-bye", "%s: the projector reads %q", d.name, p.name+" bye")
			}
		}
	}
}

// pageScore is a score as the pages print it: a true minus.
func pageScore(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprint(n)
}

// checkAttention: the Room asks no one to confirm a result the director
// gave (an end, a keyed result) nor one both players confirmed.
func (w *simWorld) checkAttention() {
	w.t.Helper()
	for _, d := range w.model.divs {
		for _, g := range d.roundGames(w.model.current) {
			if !g.done {
				continue
			}
			l := must[attentionList](w.t, w.getOK(gpath(g.id, "/attention"), w.Director), 200)
			for _, it := range l.Attention {
				if it.Kind == "unconfirmed" {
					check := "attention"
					if g.how != "played out at the tablet" {
						check = "room-confirm-director"
					}
					w.fail(check, "%s: the Room says %q", g, it.Text)
				}
			}
		}
	}
}

// checkPublicGames: once its result is in, a game is the public's to
// read, with the official result; and the prize, statistics and ratings
// sheets print.
func (w *simWorld) checkPublicGames() {
	w.t.Helper()
	for _, g := range w.model.games {
		if !g.done {
			continue
		}
		r := w.get(gpath(g.id, ""), "")
		if r.Status != 200 {
			w.fail("public-game", "%s: the public read answers %d %s", g, r.Status, r.Body)
			continue
		}
		if v := must[service.GameView](w.t, r, 200); v.Official == nil || !slices.Equal(v.Official.Scores, g.scores[:]) {
			w.fail("public-game", "%s: the public read's official result %+v", g, v.Official)
		}
	}
	text := w.pdfOf("prizes-pdf", w.path("/prizes.pdf"))
	for _, d := range w.model.divs {
		for _, x := range d.standings() {
			if x.rank == 1 && !strings.Contains(text, x.p.name) {
				w.fail("prizes-pdf", "%s: the prizes sheet lacks first place %s:\n%s", d.name, x.p.name, text)
			}
		}
		w.pdfOf("stats-pdf", w.dpath("/stats.pdf", d))
		text := w.pdfOf("ratings-pdf", w.dpath("/ratings.pdf", d))
		for _, p := range d.players {
			if !strings.Contains(text, p.name) {
				w.fail("ratings-pdf", "%s: the ratings sheet lacks %s:\n%s", d.name, p.name, text)
				break
			}
		}
	}
}
