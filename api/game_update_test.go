package api

import (
	"net/http"
	"testing"

	"tourney/service"
)

func TestUpdateGame(t *testing.T) {
	f := newFixture(t)
	third := f.addPlayer("Carol")
	fourth := f.addPlayer("Dave")
	other := f.addGame(1, 2, third, fourth)
	// Before play the pairing can change; a taken table is refused.
	wantProblem(t, f.patch(gpath(f.game, ""), f.Director, map[string]any{"table": 2}), http.StatusConflict, "table-taken")
	g := must[service.Game](t, f.patch(gpath(f.game, ""), f.Director, map[string]any{"players": []int64{f.players[1], f.players[0]}}), http.StatusOK)
	if g.Seats[0] != f.players[1] {
		t.Fatalf("seats %v", g.Seats)
	}
	wantProblem(t, f.patch(gpath(f.game, ""), f.table, map[string]any{"table": 3}), http.StatusForbidden, "director-only")
	must[service.TurnResult](t, f.enter(f.game, f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	// Once play starts only the table can change.
	wantProblem(t, f.patch(gpath(f.game, ""), f.Director, map[string]any{"players": []int64{f.players[0], f.players[1]}}), http.StatusConflict, "game-started")
	g = must[service.Game](t, f.patch(gpath(f.game, ""), f.Director, map[string]any{"table": 5}), http.StatusOK)
	if g.Table != 5 || g.ID != f.game {
		t.Fatalf("%+v", g)
	}
	_ = other
}
