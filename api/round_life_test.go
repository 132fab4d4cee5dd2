package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// roundEvent is a division of eight players with round 1 paired by KOTH
// and made current, ready for its games to be recorded or entered.
func roundEvent(t *testing.T) (*event, service.RoundPairings) {
	t.Helper()
	e := newEvent(t, nil, "", map[string]any{"rounds": 3}, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
	rp := must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	if len(rp.Pairings) != 4 {
		t.Fatalf("pairings %+v", rp)
	}
	return e, rp
}

// rounds reads GET .../rounds.
func (e *event) rounds() []service.RoundStatus {
	e.t.Helper()
	return must[[]service.RoundStatus](e.t, e.get(e.path("/rounds"), ""), http.StatusOK)
}

// enterAt enters the result of a pairing by its players, as seated.
func (e *event) enterAt(round int, p service.PairingView, a, b int) service.RoundResult {
	e.t.Helper()
	return must[service.RoundResult](e.t, e.post(e.path("/results"), e.Director, map[string]any{
		"round": round, "players": []int64{p.Players[0].ID, p.Players[1].ID}, "scores": []int{a, b}}), http.StatusCreated)
}

// TestRoundStatusLife follows a round from pairing to complete through
// GET .../rounds: status, games, results and the missing tables.
func TestRoundStatusLife(t *testing.T) {
	e := newEvent(t, nil, "", map[string]any{"rounds": 2}, "Ann", "Bob", "Cat", "Dan", "Eve")
	rs := e.rounds()
	if len(rs) != 2 || rs[0].Status != service.RoundPairing || rs[1].Status != service.RoundPairing || len(rs[0].Missing) != 0 {
		t.Fatalf("planned rounds %+v", rs)
	}
	rp := must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	// Round 1 is the current round from the start: paired is in play.
	rs = e.rounds()
	if r := rs[0]; r.Status != service.RoundInPlay || r.Games != 3 || r.Results != 1 || len(r.Missing) != 2 || !r.Current {
		t.Fatalf("round 1 paired %+v", r)
	}
	if m := rs[0].Missing[0]; m.Table != 1 || len(m.Players) != 2 || m.Players[0].ID != rp.Pairings[0].Players[0].ID || m.Players[1].Name == "" {
		t.Fatalf("missing %+v, pairings %+v", rs[0].Missing, rp.Pairings)
	}
	e.enterAt(1, rp.Pairings[0], 400, 300)
	if r := e.rounds()[0]; r.Status != service.RoundInPlay || r.Results != 2 || len(r.Missing) != 1 || r.Missing[0].Table != 2 {
		t.Fatalf("round 1 with a result %+v", r)
	}
	e.enterAt(1, rp.Pairings[1], 350, 360)
	rs = e.rounds()
	if r := rs[0]; r.Status != service.RoundComplete || r.Results != 3 || len(r.Missing) != 0 {
		t.Fatalf("round 1 complete %+v", r)
	}
	// Round 2 paired ahead of being current: paired, not in play.
	must[service.RoundPairings](t, e.post(e.path("/rounds/2/pairings"), e.Director, nil), http.StatusCreated)
	if r := e.rounds()[1]; r.Status != service.RoundPaired || r.Current || r.Games != 3 {
		t.Fatalf("round 2 paired %+v", r)
	}
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 2}), http.StatusOK)
	if r := e.rounds()[1]; r.Status != service.RoundInPlay || !r.Current {
		t.Fatalf("round 2 current %+v", r)
	}
}

// TestPairingNeedsCompleteRound: Swiss on an unfinished round is refused,
// naming the table; forced with a reason it is audited; a complete
// earlier round may be named in based_on, and round robin needs no
// results.
func TestPairingNeedsCompleteRound(t *testing.T) {
	e, rp := roundEvent(t)
	for _, p := range rp.Pairings[1:] {
		e.enterAt(1, p, 400, 350)
	}
	// Table 1's game is being recorded turn by turn.
	game := *rp.Pairings[0].GameID
	must[service.TurnResult](t, e.post(gpath(game, "/turns"), e.Director, turn{Player: 1, Move: "8D WINDY"}), http.StatusCreated)

	p := wantProblem(t, e.post(e.path("/rounds/2/pairings"), e.Director, map[string]any{"system": "swiss"}), http.StatusConflict, "round-incomplete")
	names := rp.Pairings[0].Players[0].Name + " vs " + rp.Pairings[0].Players[1].Name
	if !strings.Contains(p.Detail, "table 1 ("+names+") in-progress has no result") {
		t.Fatalf("detail %q", p.Detail)
	}
	if !strings.Contains(string(p.State), `"table":1`) {
		t.Fatalf("state %s", p.State)
	}
	wantProblem(t, e.post(e.path("/rounds/2/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusConflict, "round-incomplete")
	wantProblem(t, e.post(e.path("/rounds/2/pairings"), e.Director, map[string]any{"force": true}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, e.post(e.path("/rounds/2/pairings"), e.Director, map[string]any{"based_on": 2}), http.StatusBadRequest, "bad-based-on")
	// Making round 2 current is refused the same way.
	wantProblem(t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 2}), http.StatusConflict, "round-incomplete")

	// Round robin pairs without results.
	rr := must[service.RoundPairings](t, e.post(e.path("/rounds/2/pairings"), e.Director, map[string]any{"system": "rr"}), http.StatusCreated)
	if len(rr.Pairings) != 4 {
		t.Fatalf("rr %+v", rr)
	}
	// Forced, with a reason: paired, and the audit log says so.
	forced := must[service.RoundPairings](t, e.post(e.path("/rounds/2/pairings"), e.Director,
		map[string]any{"system": "swiss", "replace": true, "force": true, "reason": "table 1 is slow; pairing now"}), http.StatusCreated)
	if !forced.Forced || forced.BasedOn != 1 {
		t.Fatalf("forced %+v", forced)
	}
	audit := must[[]service.AuditEntry](t, e.get(e.path("/audit"), e.Director), http.StatusOK)
	if !slices.ContainsFunc(audit, func(a service.AuditEntry) bool {
		return a.Action == "pair-round" && a.Reason == "table 1 is slow; pairing now" && strings.Contains(string(a.After), `"forced":true`)
	}) {
		t.Fatalf("no audit entry for the forced pairing")
	}
}

// TestPairOnEarlierRound: round 3 paired on round 1 while round 2 is
// played, as big events do.
func TestPairOnEarlierRound(t *testing.T) {
	e, rp := roundEvent(t)
	for _, p := range rp.Pairings {
		e.enterAt(1, p, 400, 350)
	}
	must[service.RoundPairings](t, e.post(e.path("/rounds/2/pairings"), e.Director, nil), http.StatusCreated)
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 2}), http.StatusOK)
	wantProblem(t, e.post(e.path("/rounds/3/pairings"), e.Director, nil), http.StatusConflict, "round-incomplete")
	r3 := must[service.RoundPairings](t, e.post(e.path("/rounds/3/pairings"), e.Director, map[string]any{"based_on": 1}), http.StatusCreated)
	if r3.BasedOn != 1 || r3.Forced || len(r3.Pairings) != 4 {
		t.Fatalf("round 3 on round 1 %+v", r3)
	}
}

// TestHandResultOverRecord: a game with turns owns its result. A hand
// result without saying what becomes of the record is refused
// (game-has-record); voiding the record with a reason enters it; the game
// view says the result was entered by hand and the table can record no
// more.
func TestHandResultOverRecord(t *testing.T) {
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament, ids: map[string]int64{"Doug": f.players[0], "Emely": f.players[1]}}
	for i, tc := range dougVEmely[:6] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	hand := map[string]any{"round": 1, "players": f.players, "scores": []int{460, 345}}
	p := wantProblem(t, f.post(e.path("/results"), f.Director, hand), http.StatusConflict, "game-has-record")
	if !strings.Contains(p.Detail, "table 1") || !strings.Contains(p.Detail, "/end") {
		t.Fatalf("detail %q", p.Detail)
	}
	hand["record"] = "void"
	wantProblem(t, f.post(e.path("/results"), f.Director, hand), http.StatusBadRequest, "missing-reason")
	hand["record"] = "nonsense"
	hand["reason"] = "scoresheet kept on paper after the tablet died"
	wantProblem(t, f.post(e.path("/results"), f.Director, hand), http.StatusBadRequest, "bad-record")
	wantStandings(t, e.standings(""), "1 Doug 0-0 +0", "1 Emely 0-0 +0")

	hand["record"] = "void"
	r := must[service.RoundResult](t, f.post(e.path("/results"), f.Director, hand), http.StatusCreated)
	if r.Source != service.SourceEntered || r.GameID == nil || *r.GameID != f.game || !slices.Equal(r.Scores, []int{460, 345}) {
		t.Fatalf("result %+v", r)
	}
	wantStandings(t, e.standings(""), "1 Doug 1-0 +115", "2 Emely 0-1 -115")
	v := f.view(f.game)
	if v.Status != service.StatusFinished || !v.RecordSetAside || v.Official == nil || !v.Official.EnteredByHand || !slices.Equal(v.Official.Scores, []int{460, 345}) ||
		v.Official.WinnerPlayerID == nil || *v.Official.WinnerPlayerID != f.players[0] || len(v.Turns) != 7 {
		t.Fatalf("game view %+v official %+v", v, v.Official)
	}
	// The public reads the decided game, like the standings that count it.
	if pub := must[service.GameView](t, f.get(gpath(f.game, ""), ""), http.StatusOK); pub.Official == nil || pub.Official.Scores[0] != 460 {
		t.Fatalf("public view %+v", pub.Official)
	}
	// The result is in: the game is finished, and a turn is refused as for
	// any game whose result is in (game-has-result, 409).
	wantProblem(t, f.enter(f.game, f.table, turn{Player: 1, Move: "-"}), http.StatusConflict, "game-has-result")
	audit := must[[]service.AuditEntry](t, f.get(e.path("/audit"), f.Director), http.StatusOK)
	if !slices.ContainsFunc(audit, func(a service.AuditEntry) bool { return a.Action == "void-record" && a.Reason == hand["reason"] }) {
		t.Fatalf("no void-record audit entry")
	}
}

// TestVoidFinishedRecord: a finished game's recorded result cannot be
// amended by hand while the record stands; voiding the record replaces
// it.
func TestVoidFinishedRecord(t *testing.T) {
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament}
	finishDougVEmely(t, f)
	rs := must[[]service.RoundResult](t, f.get(e.path("/results"), ""), http.StatusOK)
	if len(rs) != 1 || rs[0].Source != service.SourceRecorded {
		t.Fatalf("results %+v", rs)
	}
	amend := map[string]any{"scores": []int{451, 355}, "reason": "card says 355"}
	wantProblem(t, f.patch(e.path("/results/"+itoa(rs[0].ID)), f.Director, amend), http.StatusConflict, "game-has-record")
	amend["record"] = "void"
	r := must[service.RoundResult](t, f.patch(e.path("/results/"+itoa(rs[0].ID)), f.Director, amend), http.StatusOK)
	if r.Source != service.SourceEntered || !slices.Equal(r.Scores, []int{451, 355}) {
		t.Fatalf("amended %+v", r)
	}
	wantStandings(t, e.standings(""), "1 Doug 1-0 +96", "2 Emely 0-1 -96")
	if v := f.view(f.game); v.Status != service.StatusFinished || !v.RecordSetAside || v.Official == nil || v.Official.Scores[1] != 355 {
		t.Fatalf("view %+v", v.Official)
	}
	// Voiding is undone like any entry: the record's result comes back.
	v := f.view(f.game)
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.Director, map[string]any{"turn": v.NextTurn - 1, "reason": "voided by mistake"}), http.StatusOK)
	if v := f.view(f.game); v.Status != service.StatusFinished {
		t.Fatalf("after undoing the void: %s", v.Status)
	}
}

// TestEndGameWithReason: the director ends a game where it stands; the
// record's totals (less revealed racks) become the result.
func TestEndGameWithReason(t *testing.T) {
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament}
	wantProblem(t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "x"}), http.StatusConflict, "no-record")
	for i, tc := range dougVEmely[:4] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	before := f.view(f.game)
	wantProblem(t, f.post(gpath(f.game, "/end"), f.table, map[string]any{"how": "time", "reason": "x"}), http.StatusForbidden, "director-only")
	wantProblem(t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time"}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "lunch", "reason": "x"}), http.StatusBadRequest, "bad-end")
	wantProblem(t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "x", "racks": map[string]string{"3": "A"}}), http.StatusBadRequest, "bad-player")
	v := must[service.GameView](t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "round time ran out"}), http.StatusOK)
	if v.Status != service.StatusFinished || v.Result == nil || v.Result.Reason != "ended" || !slices.Equal(v.Result.Final, before.Totals) {
		t.Fatalf("ended %+v, totals before %v", v.Result, before.Totals)
	}
	if v.Official == nil || v.Official.EnteredByHand || !slices.Equal(v.Official.Scores, before.Totals) {
		t.Fatalf("official %+v", v.Official)
	}
	spread := before.Totals[0] - before.Totals[1]
	rows := e.standings("")
	if rows[0].Spread != abs(spread) || rows[0].Wins != 1 {
		t.Fatalf("standings %s (spread %d)", lines(rows), spread)
	}
	wantProblem(t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "again"}), http.StatusConflict, "game-over")
	if r := f.get(gpath(f.game, "/export.gcg"), f.Director); r.Status != http.StatusOK ||
		!strings.Contains(string(r.Body), "#note The director ended the game where it stood: time ran out for the round.") {
		t.Fatalf("GCG export %d:\n%s", r.Status, r.Body)
	}
	audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
	if !slices.ContainsFunc(audit, func(a service.AuditEntry) bool { return a.Action == "end-game" && a.Reason == "round time ran out" }) {
		t.Fatal("no end-game audit entry")
	}
}

// TestEndGameRacksAndNegativeFinal: end racks given at the end count
// against their owners, and a time penalty afterwards can leave a final
// below zero, which the standings take as it is.
func TestEndGameRacksAndNegativeFinal(t *testing.T) {
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament}
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	v := must[service.GameView](t, f.post(gpath(f.game, "/end"), f.Director,
		map[string]any{"how": "abandoned", "reason": "Emely taken ill", "racks": map[string]string{"2": "QZJXKAE"}}), http.StatusOK)
	if v.Result.RackAdjust[1] != -(10+10+8+8+5+1+1) || v.Result.Final[1] != -43 {
		t.Fatalf("result %+v", v.Result)
	}
	wantStandings(t, e.standings(""), "1 Doug 1-0 +75", "2 Emely 0-1 -75")
	rs := must[[]service.RoundResult](t, f.get(e.path("/results"), ""), http.StatusOK)
	if len(rs) != 1 || rs[0].Scores[1] != -43 {
		t.Fatalf("results %+v", rs)
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestWithdrawalKeepsRecord: a withdrawal does not write a forfeit beside
// a game being recorded; once the game is ended, it may go ahead.
func TestWithdrawalKeepsRecord(t *testing.T) {
	f := newFixture(t)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	withdraw := map[string]any{"reason": "called home", "unplayed": "forfeit"}
	wantProblem(t, f.post(f.tpath("/players/"+itoa(f.players[1])+"/withdraw"), f.Director, withdraw), http.StatusConflict, "game-has-record")
	must[service.GameView](t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "abandoned", "reason": "called home"}), http.StatusOK)
	must[service.Player](t, f.post(f.tpath("/players/"+itoa(f.players[1])+"/withdraw"), f.Director, withdraw), http.StatusOK)
}
