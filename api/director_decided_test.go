package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// decidedEvent is a tournament of two divisions, A and B, each with two
// players paired in round 1: A at table 1, B at table 2, each table with
// its credential.
type decidedEvent struct {
	*fixture
	games   [2]int64
	players [2][]int64
	tables  [2]string
}

func newDecidedEvent(t *testing.T) *decidedEvent {
	t.Helper()
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Two Divisions Open", "variant": "naspa"}), http.StatusCreated).ID
	e := &decidedEvent{fixture: f}
	for i, name := range []string{"A", "B"} {
		div := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": name}), http.StatusCreated)
		must[service.Round](t, f.post(f.tpath("/rounds"), f.Director, map[string]any{"number": 1, "division_id": div.ID}), http.StatusCreated)
		for _, p := range []string{"Ann Able " + name, "Bob Bell " + name} {
			e.players[i] = append(e.players[i], must[service.Player](t, f.post(f.tpath("/players"), f.Director,
				map[string]any{"name": p, "rating": 1500, "division_id": div.ID}), http.StatusCreated).ID)
		}
		e.games[i] = must[service.Game](t, f.post(f.tpath("/games"), f.Director,
			map[string]any{"round": 1, "table": i + 1, "players": e.players[i], "division_id": div.ID}), http.StatusCreated).ID
		e.tables[i] = f.credential(i + 1)
	}
	return e
}

// The tablet's undo after the director ended the game: 403 with the
// problem code director-decided and, as its state, the director's entry
// (its turn and what it was); so are its challenge and correction, and
// the result stays the director's. The Room does not ask the players to
// confirm it.
func TestTableUndoAfterDirectorsEnd(t *testing.T) {
	e := newDecidedEvent(t)
	for d := range 2 {
		must[map[string]any](t, e.enter(e.games[d], e.tables[d], turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
		must[map[string]any](t, e.enter(e.games[d], e.tables[d], turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	}
	ended := must[service.GameView](t, e.post(gpath(e.games[1], "/end"), e.Director, map[string]any{
		"how": "time", "reason": "time ran out", "racks": map[string]string{"1": "AGITNOI", "2": "ODVNJHA"}}), http.StatusOK)
	final := ended.Result.Final
	last := ended.Turns[len(ended.Turns)-1]
	if last.Kind != service.EventEndRack {
		t.Fatalf("the end's last event is %s, want an end-rack", last.Kind)
	}
	p := wantProblem(t, e.post(gpath(e.games[1], "/undo"), e.tables[1], map[string]any{"turn": last.Seq, "reason": "mistake"}),
		http.StatusForbidden, "director-decided")
	var st service.DirectorEntry
	if err := json.Unmarshal(p.State, &st); err != nil || st.What != service.DirectorEnded || st.Seq != last.Seq || st.Turn != last.Turn {
		t.Errorf("state %v, want the director's end at turn %d", p.State, last.Seq)
	}
	if !strings.Contains(p.Detail, "the director ended this game") {
		t.Errorf("detail %q", p.Detail)
	}
	wantProblem(t, e.post(gpath(e.games[1], "/challenges"), e.tables[1], map[string]any{"turn": 2, "challenger": 1}), http.StatusForbidden, "director-decided")
	wantProblem(t, e.patch(gpath(e.games[1], "/turns/2"), e.tables[1], map[string]any{"move": "7C GALES", "reason": "typo"}), http.StatusForbidden, "director-decided")
	if v := e.view(e.games[1]); fmt.Sprint(v.Result.Final) != fmt.Sprint(final) || v.Official == nil || fmt.Sprint(v.Official.Scores) != fmt.Sprint(final) {
		t.Errorf("after the refusals: result %v, official %+v; the director's was %v", v.Result.Final, v.Official, final)
	}
	room := must[attentionList](t, e.get(e.tpath("/attention"), e.Director), http.StatusOK)
	for _, it := range room.Attention {
		if it.Game == e.games[1] && strings.Contains(it.Kind, "unconfirmed") {
			t.Errorf("the Room asks to confirm the game the director ended: %+v", it)
		}
	}
}

// POST /games/{id}/end/preview answers the game as the end would leave
// it (the finals, the racks deducted) and stores nothing; it is the
// director's, and refuses what the end refuses. The end itself then
// gives those finals, with each player's tiles left in rack_left.
func TestEndPreview(t *testing.T) {
	e := newDecidedEvent(t)
	g := e.games[1]
	must[map[string]any](t, e.enter(g, e.tables[1], turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[map[string]any](t, e.enter(g, e.tables[1], turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	body := map[string]any{"how": "time", "racks": map[string]string{"1": "AGITNOI", "2": "ODVNJHA"}}
	p := must[service.GameView](t, e.post(gpath(g, "/end/preview"), e.Director, body), http.StatusOK)
	if p.Result == nil || fmt.Sprint(p.Result.Final) != "[24 -5]" || fmt.Sprint(p.Result.RackLeft) != "[AGITNOI ODVNJHA]" {
		t.Fatalf("preview %+v", p.Result)
	}
	if v := e.view(g); v.Status != service.StatusInProgress || len(v.Turns) != 2 || v.Official != nil {
		t.Fatalf("the preview stored something: %s, %d turns, %+v", v.Status, len(v.Turns), v.Official)
	}
	wantProblem(t, e.post(gpath(g, "/end/preview"), e.tables[1], body), http.StatusForbidden, "director-only")
	wantProblem(t, e.post(gpath(g, "/end/preview"), e.Director, map[string]any{"how": "lunch"}), http.StatusBadRequest, "bad-end")
	body["reason"] = "time ran out"
	ended := must[service.GameView](t, e.post(gpath(g, "/end"), e.Director, body), http.StatusOK)
	if fmt.Sprint(ended.Result.Final) != fmt.Sprint(p.Result.Final) {
		t.Errorf("ended %v, previewed %v", ended.Result.Final, p.Result.Final)
	}
	wantProblem(t, e.post(gpath(g, "/end/preview"), e.Director, body), http.StatusConflict, "game-over")
}
