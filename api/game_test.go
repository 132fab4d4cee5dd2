package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// dougVEmely is ../shared/gcg/domino14+macondo/doug_v_emely.gcg turn by
// turn: seat, rack, move, the score and running total the record gives.
// Emely's TIL.. is withdrawn after a challenge (the director enters that),
// and Doug's pass after Emely goes out accepts her last play.
var dougVEmely = []struct {
	seat        int
	kind        string
	rack, move  string
	score, cum  int
	byDirector  bool
	description string
}{
	{seat: 1, rack: "DINNVWY", move: "8D WINDY", score: 32, cum: 32},
	{seat: 2, rack: "ADEEGIL", move: "7C GALE", score: 16, cum: 16},
	{seat: 1, rack: "AEJNOSV", move: "E3 JAVE..N", score: 34, cum: 66},
	{seat: 2, rack: "DEILOVX", move: "F2 VOX", score: 39, cum: 55},
	{seat: 1, rack: "ADENOST", move: "10B DONATES", score: 82, cum: 148},
	{seat: 2, rack: "DEIILTZ", move: "4B TIL..", score: 24, cum: 79},
	{seat: 2, kind: "withdraw", score: -24, cum: 55, byDirector: true},
	{seat: 1, rack: "AAEINRU", move: "9G EAU", score: 16, cum: 164},
	{seat: 2, rack: "DEIILTZ", move: "4D Z..", score: 38, cum: 93},
	{seat: 1, rack: "AILNORT", move: "A5 LATINO", score: 27, cum: 191},
	{seat: 2, rack: "DEEIILT", move: "B2 TEIID", score: 29, cum: 122},
	{seat: 1, rack: "?BDERUW", move: "A1 WEB", score: 30, cum: 221},
	{seat: 2, rack: "AELLNST", move: "11E SAT", score: 51, cum: 173},
	{seat: 1, rack: "?DINRRU", move: "6D R.D", score: 22, cum: 243},
	{seat: 2, rack: "ACELLMN", move: "C1 CAN", score: 23, cum: 196},
	{seat: 1, rack: "?EFINRU", move: "B8 FU.", score: 14, cum: 257},
	{seat: 2, rack: "EILLMRR", move: "7H RILL", score: 12, cum: 208},
	{seat: 1, rack: "?EIINOR", move: "K5 RE.IgION", score: 78, cum: 335},
	{seat: 2, rack: "EKMORRU", move: "L11 MURK", score: 28, cum: 236},
	{seat: 1, rack: "AEIOORS", move: "15H ARIOSE", score: 33, cum: 368},
	{seat: 2, rack: "?CEORUY", move: "14F COY", score: 19, cum: 255},
	{seat: 1, rack: "EGHMOPT", move: "L4 GET", score: 12, cum: 380},
	{seat: 2, rack: "?BERSTU", move: "2F .ERB", score: 9, cum: 264},
	{seat: 1, rack: "AEHIMOP", move: "1G PEA", score: 29, cum: 409},
	{seat: 2, rack: "?HOQSTU", move: "M2 QUOTH", score: 46, cum: 310},
	{seat: 1, rack: "EGHIMOP", move: "N1 HIM", score: 42, cum: 451},
	{seat: 2, rack: "?FS", move: "14L .aFS", score: 21, cum: 331},
}

func TestWholeGameTurnByTurn(t *testing.T) {
	f := newFixture(t)
	for i, tc := range dougVEmely {
		seq := i + 1
		token := f.table
		if tc.byDirector {
			token = f.Director
			// A table may not rule on a challenge.
			wantProblem(t, f.enter(f.game, f.table, turn{Turn: seq, Player: tc.seat, Kind: tc.kind}), http.StatusForbidden, "director-only")
		}
		res := must[service.TurnResult](t, f.enter(f.game, token, turn{
			Turn: seq, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack, ClaimedScore: claim(tc.score),
		}), http.StatusCreated)
		if res.Seq != seq || res.Score != tc.score || !res.Agrees || res.Totals[tc.seat-1] != tc.cum {
			t.Fatalf("entry %d %q: got entry %d score %d agrees %v totals %v; want score %d total %d",
				seq, tc.move, res.Seq, res.Score, res.Agrees, res.Totals, tc.score, tc.cum)
		}
		if tc.move != "" && (res.Breakdown == nil || res.Breakdown.Total != tc.score) {
			t.Fatalf("turn %d: breakdown %+v", seq, res.Breakdown)
		}
		if seq == 10 {
			// While the game is played only the director and its table see it.
			wantProblem(t, f.get(gpath(f.game, ""), ""), http.StatusUnauthorized, "credentials-required")
			must[service.GameView](t, f.get(gpath(f.game, ""), f.table), http.StatusOK)
		}
	}

	// Emely went out: the game waits for Doug to accept (a pass) before it
	// is final under double challenge.
	g := f.view(f.game)
	if g.Status != service.StatusAwaitingAcceptance {
		t.Fatalf("status %q after the last play, want %q", g.Status, service.StatusAwaitingAcceptance)
	}
	wantProblem(t, f.get(gpath(f.game, ""), ""), http.StatusUnauthorized, "credentials-required")
	res := must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: len(dougVEmely) + 1, Player: 1, Move: "-"}), http.StatusCreated)
	if res.Kind != service.EventAccept || res.Status != service.StatusFinished || res.Result == nil {
		t.Fatalf("accepting: %+v", res)
	}

	// The result: Emely's +14 is twice Doug's OPEG; anyone may now read it.
	g = must[service.GameView](t, f.get(gpath(f.game, ""), ""), http.StatusOK)
	r := g.Result
	if g.Status != service.StatusFinished || r == nil || !r.Over || !r.Complete {
		t.Fatalf("finished game: status %q result %+v", g.Status, r)
	}
	if r.Final[0] != 451 || r.Final[1] != 345 || r.WinnerSeat != 1 || r.WinnerPlayerID == nil || *r.WinnerPlayerID != f.players[0] || r.Tie {
		t.Fatalf("result %+v, want 451-345 won by seat 1 (player %d)", r, f.players[0])
	}
	if g.Players[0].Name != "Doug" || g.Players[0].Score != 451 || g.Players[1].Score != 345 {
		t.Fatalf("players %+v", g.Players)
	}
	if len(g.Turns) != len(dougVEmely)+1 || len(g.Flags) != 0 {
		t.Fatalf("%d turns, flags %+v", len(g.Turns), g.Flags)
	}
	// The game over, no more turns.
	wantProblem(t, f.enter(f.game, f.table, turn{Player: 1, Move: "-"}), http.StatusUnprocessableEntity, "game-over")
}

func TestWrongClaimedScoreIsFlagged(t *testing.T) {
	f := newFixture(t)
	res := must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", Rack: "DINNVWY", ClaimedScore: claim(30)}), http.StatusCreated)
	if res.Score != 32 || res.Agrees || res.Flag != "score-disagreement" || *res.ClaimedScore != 30 {
		t.Fatalf("result %+v: want score 32, claimed 30, not agreeing, flagged", res)
	}
	bd := res.Breakdown
	if bd == nil || bd.Total != 32 || len(bd.Words) != 1 || bd.Words[0].Word != "WINDY" || len(bd.Words[0].Letters) != 5 {
		t.Fatalf("breakdown %+v", bd)
	}
	g := f.view(f.game)
	if len(g.Flags) != 1 || g.Flags[0].Flag != "score-disagreement" || g.Totals[0] != 32 {
		t.Fatalf("game flags %+v totals %v: the computed score counts, the disagreement is flagged", g.Flags, g.Totals)
	}
}

func TestRefusedPlacements(t *testing.T) {
	f := newFixture(t)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	for _, tc := range []struct {
		name string
		in   turn
		code string
	}{
		{"not connected", turn{Turn: 2, Player: 2, Move: "1A ZA"}, "not-connected"},
		{"occupied", turn{Turn: 2, Player: 2, Move: "8D ZA"}, "through-mismatch"},
		{"off the board", turn{Turn: 2, Player: 2, Move: "8N DOG"}, "off-board"},
		{"not on the rack", turn{Turn: 2, Player: 2, Move: "7C GALE", Rack: "AAAAAAA"}, "not-on-rack"},
		{"rack the bag cannot hold", turn{Turn: 2, Player: 2, Move: "7C GALE", Rack: "ZZZZZZZ"}, "rack-not-in-bag"},
		{"unreadable", turn{Turn: 2, Player: 2, Move: "hello"}, "bad-notation"},
		{"wrong player", turn{Turn: 2, Player: 1, Move: "7C GALE"}, "wrong-player"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantProblem(t, f.enter(f.game, f.table, tc.in), http.StatusUnprocessableEntity, tc.code)
		})
	}
	if g := f.view(f.game); len(g.Turns) != 1 || g.NextTurn != 2 {
		t.Fatalf("refused entries were recorded: %d turns, next %d", len(g.Turns), g.NextTurn)
	}
}

func TestStaleTurnGetsCurrentState(t *testing.T) {
	f := newFixture(t)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	// A second tablet, not yet refreshed, enters turn 1 again.
	p := wantProblem(t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDS"}), http.StatusConflict, "stale-turn")
	var state service.GameView
	if err := json.Unmarshal(p.State, &state); err != nil {
		t.Fatalf("state %s: %v", p.State, err)
	}
	if state.ID != f.game || state.NextTurn != 2 || len(state.Turns) != 1 || state.Turns[0].Move != "8D WINDY" || state.Totals[0] != 32 {
		t.Fatalf("state %+v: want the game at turn 2", state)
	}
	// Without a turn number the entry is for whatever turn is next.
	res := must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 2, Move: "7C GALE"}), http.StatusCreated)
	if res.Turn != 2 || res.Score != 16 {
		t.Fatalf("%+v", res)
	}
}

func TestTableCredentials(t *testing.T) {
	f := newFixture(t)
	others := []int64{f.addPlayer("Noah"), f.addPlayer("Mishu")}
	atTable2 := f.addGame(1, 2, others...)
	nextRound := f.addGame(2, 1, f.players...)
	first := turn{Player: 1, Move: "8D WINDY"}

	wantProblem(t, f.enter(atTable2, f.table, first), http.StatusForbidden, "not-your-table")
	wantProblem(t, f.get(gpath(atTable2, ""), f.table), http.StatusForbidden, "not-your-table")
	wantProblem(t, f.enter(nextRound, f.table, first), http.StatusForbidden, "not-current-round")
	wantProblem(t, f.enter(f.game, "", first), http.StatusUnauthorized, "credentials-required")
	// A table cannot act as the director.
	wantProblem(t, f.post("/api/v1/tournaments", f.table, map[string]any{"name": "Mine"}), http.StatusForbidden, "director-only")
	wantProblem(t, f.post(f.tpath("/tables/3/credentials"), f.table, nil), http.StatusForbidden, "director-only")

	// When the director moves the tournament on, the same credential
	// serves table 1's round-2 game.
	// Round 1 is still in play: moving on is refused, naming the tables,
	// unless the director insists with a reason.
	p := wantProblem(t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": 2}), http.StatusConflict, "round-incomplete")
	if !strings.Contains(p.Detail, "table 1 (Doug vs Emely)") {
		t.Fatalf("detail %q", p.Detail)
	}
	wantProblem(t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": 2, "force": true}), http.StatusBadRequest, "missing-reason")
	must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": 2, "force": true, "reason": "round 1 finishes in the side room"}), http.StatusOK)
	must[service.TurnResult](t, f.enter(nextRound, f.table, first), http.StatusCreated)
	wantProblem(t, f.enter(f.game, f.table, first), http.StatusForbidden, "not-current-round")
}

func TestUndoWithAudit(t *testing.T) {
	f := newFixture(t)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)

	wantProblem(t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": 2}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": 1, "reason": "x"}), http.StatusConflict, "not-last-turn")
	wantProblem(t, f.post(gpath(f.game, "/undo"), "", map[string]any{"turn": 2, "reason": "x"}), http.StatusUnauthorized, "credentials-required")

	g := must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": 2, "reason": "entered on the wrong game"}), http.StatusOK)
	if len(g.Turns) != 1 || g.Totals[1] != 0 || g.ToMove != 2 || g.NextTurn != 3 {
		t.Fatalf("after undo: %d turns, totals %v, to move %d, next %d", len(g.Turns), g.Totals, g.ToMove, g.NextTurn)
	}

	wantProblem(t, f.get(gpath(f.game, "/audit"), f.table), http.StatusForbidden, "director-only")
	audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
	if len(audit) != 1 {
		t.Fatalf("audit %+v", audit)
	}
	a := audit[0]
	var before, after service.TurnEvent
	json.Unmarshal(a.Before, &before)
	json.Unmarshal(a.After, &after)
	if a.Action != "undo-turn" || a.Who != "table 1" || a.Reason != "entered on the wrong game" || a.At.IsZero() ||
		before.Move != "7C GALE" || before.Undone || !after.Undone {
		t.Fatalf("audit entry %+v (before %+v, after %+v)", a, before, after)
	}
	tourAudit := must[[]service.AuditEntry](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK)
	if len(tourAudit) != 1 || tourAudit[0].ID != a.ID {
		t.Fatalf("tournament audit %+v", tourAudit)
	}
	// The game goes on with the next number: numbers are never reused.
	res := must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 3, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	if res.Totals[1] != 16 {
		t.Fatalf("%+v", res)
	}
}

func TestDirectorCorrection(t *testing.T) {
	f := newFixture(t)
	for i, tc := range []turn{
		{Player: 1, Move: "8D WINDY", ClaimedScore: claim(32)},
		{Player: 2, Move: "7C GALE", ClaimedScore: claim(16)},
		{Player: 1, Move: "E3 JAVE..N", ClaimedScore: claim(34)},
	} {
		tc.Turn = i + 1
		must[service.TurnResult](t, f.enter(f.game, f.table, tc), http.StatusCreated)
	}
	fix := map[string]any{"move": "8D wINDY", "reason": "the W was a blank"}
	wantProblem(t, f.patch(gpath(f.game, "/turns/1"), f.table, fix), http.StatusForbidden, "director-only")
	wantProblem(t, f.patch(gpath(f.game, "/turns/1"), f.Director, map[string]any{"move": "8D wINDY"}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, f.patch(gpath(f.game, "/turns/9"), f.Director, fix), http.StatusNotFound, "not-found")
	// Moving WINDY off row 8 would leave GALE hanging: refused, nothing changes.
	wantProblem(t, f.patch(gpath(f.game, "/turns/1"), f.Director, map[string]any{"move": "H4 WINDY", "reason": "x"}), http.StatusUnprocessableEntity, "correction-breaks-game")

	g := must[service.GameView](t, f.patch(gpath(f.game, "/turns/1"), f.Director, fix), http.StatusOK)
	// A blank W: WINDY 32 -> 16, and GALE's cross-word AW 5 -> 1 so GALE
	// 16 -> 12; both now disagree with what was claimed.
	if g.Turns[0].Score != 16 || g.Turns[1].Score != 12 || g.Turns[1].Agrees || g.Turns[2].Score != 34 {
		t.Fatalf("scores after correction: %d %d (agrees %v) %d", g.Turns[0].Score, g.Turns[1].Score, g.Turns[1].Agrees, g.Turns[2].Score)
	}
	if g.Totals[0] != 50 || g.Totals[1] != 12 || len(g.Flags) != 2 || g.Flags[1].Turn != 2 {
		t.Fatalf("totals %v flags %+v", g.Totals, g.Flags)
	}
	// The stored game agrees with the answer.
	if again := f.view(f.game); again.Totals[0] != 50 || again.Turns[1].Score != 12 {
		t.Fatalf("stored game: totals %v", again.Totals)
	}

	audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
	if len(audit) != 1 {
		t.Fatalf("audit %+v: only the correction that went through", audit)
	}
	a := audit[0]
	var before, after service.TurnEvent
	json.Unmarshal(a.Before, &before)
	json.Unmarshal(a.After, &after)
	if a.Action != "correct-turn" || a.Who != "director" || a.Reason != "the W was a blank" || a.At.IsZero() ||
		before.Move != "8D WINDY" || before.Score != 32 || after.Move != "8D wINDY" || after.Score != 16 {
		t.Fatalf("audit entry %+v (before %+v, after %+v)", a, before, after)
	}
}
