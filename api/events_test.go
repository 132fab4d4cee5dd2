package api

import (
	"net/http"
	"testing"

	"tourney/service"
)

// TestWatchTournament: the director's console receives a notice for each
// turn as it is entered, with what needs attention.
func TestWatchTournament(t *testing.T) {
	f := newFixture(t)
	next := openStream(t, f.URL+f.tpath("/events"), f.Director)
	claimed := 30
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: &claimed}), http.StatusCreated)
	e, n := next()
	if e != service.NoticeGame || n.GameID != f.game || n.Turn != 1 || n.Table != 1 || n.Flag != "score-disagreement" || n.Status != service.StatusInProgress {
		t.Fatalf("notice %s %+v", e, n)
	}
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": 1, "reason": "wrong tiles"}), http.StatusOK)
	if _, n := next(); n.GameID != f.game {
		t.Fatalf("notice after undo %+v", n)
	}
	// Only the director watches.
	wantProblem(t, f.get(f.tpath("/events"), f.table), http.StatusForbidden, "director-only")
}
