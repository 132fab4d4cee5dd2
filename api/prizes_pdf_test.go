package api

import (
	"net/http"
	"strings"
	"testing"
)

// The prize ceremony sheet: the heading says provisional until the last
// round is played, a shared prize names every winner, and a line names
// the prizes that come from the games recorded turn by turn.
func TestPrizesPDF(t *testing.T) {
	f := newFixture(t)
	table := map[string]any{"prizes": []map[string]any{
		{"type": "rank", "place": 1, "label": "Champion"},
		{"type": "high-win"},
		{"type": "high-play"},
		{"type": "best-bingo"},
		{"type": "signup", "winners": []int64{f.players[0], f.players[1]}, "label": "Best dressed"},
	}}
	if r := f.putPrizes(f.Director, table); r.Status != http.StatusOK {
		t.Fatalf("put prizes: %d %s", r.Status, r.Body)
	}
	sheet := func(query string) string {
		t.Helper()
		r := f.get(f.tpath("/prizes.pdf"+query), "")
		if r.Status != http.StatusOK || !strings.HasPrefix(string(r.Body), "%PDF") {
			t.Fatalf("prizes.pdf%s: %d %.200s", query, r.Status, r.Body)
		}
		keepPDF(t, "prizes"+strings.TrimPrefix(query, "?paper="), r.Body)
		return pdfText(t, r.Body)
	}
	lineWith := func(text, s string) string {
		for _, l := range strings.Split(text, "\n") {
			if strings.Contains(l, s) {
				return l
			}
		}
		return ""
	}
	before := sheet("")
	for _, want := range []string{"PROVISIONAL — results still to come", "Champion", "High win", "High play *", "Best bingo *",
		"From the games recorded turn by turn only: High play, Best bingo.", "page 1 of 1"} {
		if !strings.Contains(before, want) {
			t.Errorf("before the last round: no %q in\n%s", want, before)
		}
	}

	finishDougVEmely(t, f)
	for _, paper := range []string{"", "?paper=letter"} {
		after := sheet(paper)
		if strings.Contains(after, "PROVISIONAL") {
			t.Errorf("after the last round%s: still provisional:\n%s", paper, after)
		}
		for _, tc := range []struct{ line, want string }{
			{"Prize winners", "Prize winners"},
			{"Champion", "Doug"},
			{"High win", "451, round 1"},
			{"High play *", "DONATES 82, round 1"},
			{"Best dressed", "Doug"},
			{"Special prize", "Emely"}, // the label's entry: its type, then that it is shared
			{"shared by 2", "shared by 2"},
			{"turn by turn", "High play, Best bingo"},
		} {
			if l := lineWith(after, tc.line); !strings.Contains(l, tc.want) {
				t.Errorf("after the last round%s: the line of %q is %q, want %q in it; the sheet:\n%s", paper, tc.line, l, tc.want, after)
			}
		}
	}
	r := f.get(f.tpath("/prizes.pdf?paper=a3"), "")
	wantProblem(t, r, http.StatusBadRequest, "bad-paper")
	r = f.get("/api/v1/tournaments/99999/prizes.pdf", "")
	if r.Status != http.StatusNotFound {
		t.Errorf("an unknown tournament: %d", r.Status)
	}
}
