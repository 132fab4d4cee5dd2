package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"tourney/service"
)

// tablePath is the by-table result route of a round's table.
func (e *event) tablePath(round, table int) string {
	return e.path(fmt.Sprintf("/rounds/%d/tables/%d/result", round, table))
}

// keyTable enters scores at a table as the director.
func (e *event) keyTable(round, table int, body map[string]any, status int) service.TableResult {
	e.t.Helper()
	return must[service.TableResult](e.t, e.post(e.tablePath(round, table), e.Director, body), status)
}

// wantRecordsMatch checks that the answer's records are the standings'.
func wantRecordsMatch(t *testing.T, e *event, got service.TableResult) {
	t.Helper()
	if len(got.Players) != 2 {
		t.Fatalf("players %+v, want two", got.Players)
	}
	rows := e.standings("")
	for _, p := range got.Players {
		i := slices.IndexFunc(rows, func(r service.StandingRow) bool { return r.PlayerID == p.PlayerID })
		if i < 0 {
			t.Fatalf("player %d not in the standings", p.PlayerID)
		}
		r := rows[i]
		if p.Name != r.Name || p.Wins != r.Wins || p.Losses != r.Losses || p.Spread != r.Spread || p.Rank != r.Rank {
			t.Fatalf("answer's record %+v, standings %+v", p, r)
		}
	}
}

// A round paired King of the Hill (Ann v Bob at table 1, Cat v Dan at
// table 2, Eve's bye), keyed by table: entered, refused again without a
// reason, amended with one; a table with no game is not found.
func TestTableResultEnterAndAmend(t *testing.T) {
	e := newEvent(t, nil, "", map[string]any{"rounds": 4}, "Ann", "Bob", "Cat", "Dan", "Eve")
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)

	got := e.keyTable(1, 2, map[string]any{"scores": []int{380, 410}}, http.StatusCreated)
	r := got.Result
	if got.Table != 2 || got.Amended || r.Kind != service.ResultGame || r.Round != 1 || r.Table != 2 ||
		!slices.Equal(r.Names, []string{"Cat", "Dan"}) || !slices.Equal(r.Scores, []int{380, 410}) || r.Spread != -30 ||
		r.Winner == nil || *r.Winner != e.ids["Dan"] || r.Source != service.SourceEntered {
		t.Fatalf("table 2: %+v", got)
	}
	if got.Players[0].Name != "Cat" || got.Players[1].Name != "Dan" || got.Players[1].Wins != 1 || got.Players[1].Spread != 30 {
		t.Fatalf("records in seat order: %+v", got.Players)
	}
	wantRecordsMatch(t, e, got)

	// Again without a reason: refused, the result as it stands in state.
	p := wantProblem(t, e.post(e.tablePath(1, 2), e.Director, map[string]any{"scores": []int{410, 380}}), http.StatusConflict, "already-entered")
	var state service.TableView
	if err := json.Unmarshal(p.State, &state); err != nil || state.Table != 2 || !slices.Equal(state.Scores, []int{380, 410}) || state.Result == nil {
		t.Fatalf("state %s: %v", p.State, err)
	}
	// With one: amended, in the audit log with the reason.
	got = e.keyTable(1, 2, map[string]any{"scores": []int{410, 380}, "reason": "slip misread"}, http.StatusOK)
	if !got.Amended || got.Result.ID != r.ID || !slices.Equal(got.Result.Scores, []int{410, 380}) || *got.Result.Winner != e.ids["Cat"] {
		t.Fatalf("amended %+v", got)
	}
	wantRecordsMatch(t, e, got)
	audit := must[[]service.AuditEntry](t, e.get(e.path("/audit"), e.Director), http.StatusOK)
	if !slices.ContainsFunc(audit, func(a service.AuditEntry) bool { return a.Action == "amend-result" && a.Reason == "slip misread" }) {
		t.Fatalf("no amendment with its reason in the audit log")
	}

	// Table 1, with the division named; then the standings hold both.
	got = e.keyTable(1, 1, map[string]any{"scores": []int{450, 300}, "division_id": *e.division}, http.StatusCreated)
	wantRecordsMatch(t, e, got)
	wantStandings(t, e.standings(""), "1 Ann 1-0 +150", "2 Eve 1-0 +50", "3 Cat 1-0 +30", "4 Dan 0-1 -30", "5 Bob 0-1 -150")

	// No game at the table (the bye has none), a round not paired, a
	// division that does not exist.
	wantProblem(t, e.post(e.tablePath(1, 3), e.Director, map[string]any{"scores": []int{400, 300}}), http.StatusNotFound, "no-such-table")
	wantProblem(t, e.post(e.tablePath(2, 1), e.Director, map[string]any{"scores": []int{400, 300}}), http.StatusNotFound, "no-such-table")
	wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{400, 300}, "reason": "x", "division_id": 999}), http.StatusNotFound, "unknown-division")
	// Two scores, by the director only; the rules' checks still apply.
	wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{400}}), http.StatusBadRequest, "bad-scores")
	wantProblem(t, e.post(e.tablePath(1, 1), "", map[string]any{"scores": []int{400, 300}}), http.StatusUnauthorized, "credentials-required")
	wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{400, 300}, "players": []int{1, 2}}), http.StatusBadRequest, "unknown-field")
	wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{4000, 300}, "reason": "x"}), http.StatusUnprocessableEntity, "implausible-score")
}

// Scores go in seat order: here seat 1 is the player with the higher id.
func TestTableResultSeatOrder(t *testing.T) {
	e := newEvent(t, nil, "", nil, "Ann", "Bob")
	must[service.Game](t, e.post(e.path("/games"), e.Director,
		map[string]any{"round": 1, "table": 5, "players": []int64{e.ids["Bob"], e.ids["Ann"]}}), http.StatusCreated)
	if e.ids["Bob"] < e.ids["Ann"] {
		t.Fatal("Bob was meant to have the higher id")
	}
	tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK)
	if len(tables) != 1 || tables[0].Table != 5 || tables[0].Players[0].Name != "Bob" || tables[0].Result != nil {
		t.Fatalf("tables %+v", tables)
	}
	got := e.keyTable(1, 5, map[string]any{"scores": []int{402, 398}}, http.StatusCreated)
	if got.Result.Winner == nil || *got.Result.Winner != e.ids["Bob"] || got.Players[0].Name != "Bob" || got.Players[0].Wins != 1 || got.Players[0].Spread != 4 {
		t.Fatalf("Bob in seat 1 scored 402: %+v", got)
	}
	wantStandings(t, e.standings(""), "1 Bob 1-0 +4", "2 Ann 0-1 -4")
	wantRecordsMatch(t, e, got)
	tables = must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK)
	if !slices.Equal(tables[0].Scores, []int{402, 398}) || tables[0].Result == nil {
		t.Fatalf("tables after the result %+v", tables)
	}
	wantProblem(t, e.get(e.path("/rounds/0/tables"), ""), http.StatusBadRequest, "bad-id")
}

// Tables are unique in a round across divisions: the table finds its
// division; naming another division finds no game there.
func TestTableResultFindsDivision(t *testing.T) {
	e := newEvent(t, nil, "", map[string]any{}, "Ann", "Bob")
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B"}), http.StatusCreated)
	for _, name := range []string{"Cat", "Dan"} {
		e.ids[name] = must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": name, "division_id": b.ID}), http.StatusCreated).ID
	}
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": *e.division, "system": "koth"}), http.StatusCreated)
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": b.ID, "system": "koth"}), http.StatusCreated)
	tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK)
	if len(tables) != 2 || tables[0].Table != 1 || tables[1].Table != 2 || tables[1].Division != "B" || tables[1].Players[0].Name != "Cat" {
		t.Fatalf("tables %+v", tables)
	}
	got := e.keyTable(1, 2, map[string]any{"scores": []int{300, 350}}, http.StatusCreated)
	if got.Result.DivisionID == nil || *got.Result.DivisionID != b.ID || got.Players[1].Name != "Dan" || got.Players[1].Rank != 1 {
		t.Fatalf("division B's table: %+v", got)
	}
	rows := must[[]service.StandingRow](t, e.get(e.path(fmt.Sprintf("/standings?division=%d", b.ID)), ""), http.StatusOK)
	if line(rows[0]) != "1 Dan 1-0 +50" {
		t.Fatalf("division B:\n%s", lines(rows))
	}
	wantProblem(t, e.post(e.tablePath(1, 2), e.Director, map[string]any{"scores": []int{300, 350}, "reason": "x", "division_id": *e.division}),
		http.StatusNotFound, "no-such-table")
}

// A game recorded at the table owns its result: keyed by table, a hand
// result is refused (game-has-record) until record "void" comes with a
// reason, both for a game under way and for one the record finished (whose
// result is then amended).
func TestTableResultOverRecord(t *testing.T) {
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament, ids: map[string]int64{"Doug": f.players[0], "Emely": f.players[1]}}
	for i, tc := range dougVEmely[:6] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	if tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK); tables[0].Status != service.StatusInProgress || tables[0].Result != nil {
		t.Fatalf("a game under way: %+v", tables[0])
	}
	wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{460, 345}}), http.StatusConflict, "game-has-record")
	wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{460, 345}, "reason": "tablet died"}), http.StatusConflict, "game-has-record")
	got := e.keyTable(1, 1, map[string]any{"scores": []int{460, 345}, "reason": "tablet died", "record": "void"}, http.StatusCreated)
	if got.Amended || got.Result.Source != service.SourceEntered || got.Result.GameID == nil || *got.Result.GameID != f.game {
		t.Fatalf("hand result over the record %+v", got)
	}
	wantRecordsMatch(t, e, got)
	wantStandings(t, e.standings(""), "1 Doug 1-0 +115", "2 Emely 0-1 -115")
	if tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK); tables[0].Status != "" || !slices.Equal(tables[0].Scores, []int{460, 345}) {
		t.Fatalf("after the hand result: %+v", tables[0])
	}

	// A finished record's result: a reason alone does not replace it.
	g := newFixture(t)
	e = &event{testServer: g.testServer, t: t, tournament: g.tournament}
	finishDougVEmely(t, g)
	p := wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{451, 355}}), http.StatusConflict, "already-entered")
	var state service.TableView
	if err := json.Unmarshal(p.State, &state); err != nil || state.Result == nil || state.Result.Source != service.SourceRecorded {
		t.Fatalf("state %s", p.State)
	}
	wantProblem(t, e.post(e.tablePath(1, 1), e.Director, map[string]any{"scores": []int{451, 355}, "reason": "card says 355"}), http.StatusConflict, "game-has-record")
	got = e.keyTable(1, 1, map[string]any{"scores": []int{451, 355}, "reason": "card says 355", "record": "void"}, http.StatusOK)
	if !got.Amended || got.Result.Source != service.SourceEntered || !slices.Equal(got.Result.Scores, []int{451, 355}) {
		t.Fatalf("amended over the record %+v", got)
	}
	wantRecordsMatch(t, e, got)
	wantStandings(t, e.standings(""), "1 Doug 1-0 +96", "2 Emely 0-1 -96")
}
