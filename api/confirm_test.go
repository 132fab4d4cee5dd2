package api

import (
	"net/http"
	"testing"

	"tourney/service"
)

// finishDougVEmely enters the whole of dougVEmely and Doug's acceptance
// of Emely's going out: the game is finished, 451-345.
func finishDougVEmely(t *testing.T, f *fixture) {
	t.Helper()
	for i, tc := range dougVEmely {
		token := f.table
		if tc.byDirector {
			token = f.Director
		}
		must[service.TurnResult](t, f.enter(f.game, token, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: len(dougVEmely) + 1, Player: 1, Move: "-"}), http.StatusCreated)
}

func confirmedOf(t *testing.T, r response, status int) service.GameView {
	t.Helper()
	return must[service.GameView](t, r, status)
}

func TestConfirmResult(t *testing.T) {
	f := newFixture(t)
	confirm := func(token string, seat int) response {
		return f.post(gpath(f.game, "/confirm"), token, map[string]any{"player": seat})
	}
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	wantProblem(t, confirm(f.table, 1), http.StatusUnprocessableEntity, "game-not-finished")
	if v := f.view(f.game); len(v.Confirmed) != 2 || v.Confirmed[0] || v.Confirmed[1] {
		t.Fatalf("confirmed %v while playing, want [false false]", v.Confirmed)
	}
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": 1, "reason": "restart"}), http.StatusOK)
	// The confirm kind is not a turn anyone can enter.
	wantProblem(t, f.enter(f.game, f.Director, turn{Player: 1, Kind: service.EventConfirm}), http.StatusBadRequest, "bad-kind")

	// The whole game, by the table (the director withdraws the phony).
	f2 := newFixture(t)
	finishDougVEmely(t, f2)
	f = f2
	wantProblem(t, confirm(f.table, 3), http.StatusBadRequest, "bad-player")
	wantProblem(t, confirm("", 1), http.StatusUnauthorized, "credentials-required")
	turns := len(f.view(f.game).Turns)

	v := confirmedOf(t, confirm(f.table, 1), http.StatusCreated)
	if v.Status != service.StatusFinished || v.Confirmed[0] != true || v.Confirmed[1] != false {
		t.Fatalf("after Doug confirms: status %s confirmed %v", v.Status, v.Confirmed)
	}
	last := v.Turns[len(v.Turns)-1]
	if len(v.Turns) != turns+1 || last.Kind != service.EventConfirm || last.Seat != 1 || last.Move != "451-345" || last.Score != 0 || last.EnteredBy != "table 1" {
		t.Fatalf("confirmation event %+v (%d turns, want %d)", last, len(v.Turns), turns+1)
	}
	if v.Result.Final[0] != 451 || v.Result.Final[1] != 345 || v.Players[0].Score != 451 {
		t.Fatalf("a confirmation changed the scores: totals %v final %v", v.Totals, v.Result.Final)
	}
	// Again: nothing recorded twice.
	v = confirmedOf(t, confirm(f.table, 1), http.StatusOK)
	if len(v.Turns) != turns+1 || !v.Confirmed[0] {
		t.Fatalf("a second confirmation by seat 1: %d turns, confirmed %v", len(v.Turns), v.Confirmed)
	}
	// The same request resent with its key gets the first answer.
	key := map[string]string{"Idempotency-Key": "confirm-emely"}
	first := f.send(req{method: http.MethodPost, path: gpath(f.game, "/confirm"), token: f.table, body: map[string]any{"player": 2}, header: key})
	again := f.send(req{method: http.MethodPost, path: gpath(f.game, "/confirm"), token: f.table, body: map[string]any{"player": 2}, header: key})
	if first.Status != http.StatusCreated || again.Status != http.StatusCreated || string(first.Body) != string(again.Body) {
		t.Fatalf("resent confirmation: %d then %d", first.Status, again.Status)
	}
	v = f.view(f.game)
	if len(v.Turns) != turns+2 || !v.Confirmed[0] || !v.Confirmed[1] {
		t.Fatalf("both confirmed: %d turns, confirmed %v", len(v.Turns), v.Confirmed)
	}
	// Anyone may read the finished game and see it confirmed.
	if pub := must[service.GameView](t, f.get(gpath(f.game, ""), ""), http.StatusOK); !pub.Confirmed[0] || !pub.Confirmed[1] {
		t.Fatalf("public view confirmed %v", pub.Confirmed)
	}
	// A confirmed result is the director's to change, not the table's.
	wantProblem(t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": v.NextTurn - 1, "reason": "oops"}), http.StatusForbidden, "result-confirmed")

	// A time penalty after the fact changes the result: the earlier
	// confirmations stay in the record but no longer count.
	must[service.TurnResult](t, f.post(gpath(f.game, "/turns"), f.Director, map[string]any{"player": 2, "kind": "time-penalty", "points": 10}), http.StatusCreated)
	v = f.view(f.game)
	if v.Result.Final[1] != 335 || v.Confirmed[0] || v.Confirmed[1] {
		t.Fatalf("after a penalty: final %v confirmed %v", v.Result.Final, v.Confirmed)
	}
	v = confirmedOf(t, confirm(f.Director, 2), http.StatusCreated)
	if v.Confirmed[0] || !v.Confirmed[1] || v.Turns[len(v.Turns)-1].Move != "451-335" {
		t.Fatalf("confirmed again: %v, %+v", v.Confirmed, v.Turns[len(v.Turns)-1])
	}
}

// A table confirms only its own game.
func TestConfirmOtherTable(t *testing.T) {
	f := newFixture(t)
	finishDougVEmely(t, f)
	other := f.credential(2)
	wantProblem(t, f.post(gpath(f.game, "/confirm"), other, map[string]any{"player": 1}), http.StatusForbidden, "not-your-table")
	wantProblem(t, f.post(gpath(f.game, "/confirm"), f.table, map[string]any{"player": "one"}), http.StatusBadRequest, "bad-field")
}
