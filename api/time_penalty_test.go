package api

import (
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// timePenalty enters a time penalty as a table or the director would.
func (f *fixture) timePenalty(token string, body map[string]any) response {
	f.t.Helper()
	body["kind"] = service.EventTimePenalty
	return f.post(gpath(f.game, "/turns"), token, body)
}

// Minutes over time at the end of a real game: the NASPA rule turns them
// into points (10 a minute or part of one), the record keeps the time,
// and the result and the standings' spread follow.
func TestTimePenaltyMinutes(t *testing.T) {
	f := newFixture(t)
	if v := f.view(f.game); v.TimePenaltyPerMinute != 10 {
		t.Fatalf("naspa game: time_penalty_per_minute %d, want 10", v.TimePenaltyPerMinute)
	}
	wantProblem(t, f.timePenalty(f.table, map[string]any{"player": 1, "minutes": 3}), http.StatusUnprocessableEntity, "game-not-over")
	finishDougVEmely(t, f) // 451-345

	// Refused before anything is recorded.
	for _, bad := range []map[string]any{
		{"player": 1, "minutes": 0},
		{"player": 1, "seconds": 0},
		{"player": 1, "minutes": -2},
		{"player": 1, "minutes": 2, "points": 20},
		{"player": 1, "minutes": 1000},
	} {
		wantProblem(t, f.timePenalty(f.table, bad), http.StatusBadRequest, "bad-overtime")
	}
	wantProblem(t, f.post(gpath(f.game, "/turns"), f.table, map[string]any{"player": 1, "kind": "end-rack", "minutes": 2}), http.StatusBadRequest, "bad-overtime")

	r := must[service.TurnResult](t, f.timePenalty(f.table, map[string]any{"player": 1, "minutes": 3}), http.StatusCreated)
	if r.Score != -30 || r.Minutes != 3 || r.Move != "3m" || r.Result == nil || r.Result.Final[0] != 421 {
		t.Fatalf("3 minutes over: %+v (result %+v), want -30, final 421", r, r.Result)
	}
	wantProblem(t, f.timePenalty(f.table, map[string]any{"player": 1, "minutes": 1}), http.StatusUnprocessableEntity, "duplicate")
	// 2:01 over is three minutes: part of a minute counts whole.
	r = must[service.TurnResult](t, f.timePenalty(f.Director, map[string]any{"player": 2, "minutes": 2, "seconds": 1}), http.StatusCreated)
	if r.Score != -30 || r.Minutes != 3 || r.Move != "2m01s" {
		t.Fatalf("2:01 over: %+v, want -30 for 3 minutes", r)
	}

	v := f.view(f.game)
	res := v.Result
	if v.Status != service.StatusFinished || res.Final[0] != 421 || res.Final[1] != 315 ||
		res.TimePenalty[0] != 30 || res.TimePenalty[1] != 30 || res.TimeMinutes[0] != 3 || res.TimeMinutes[1] != 3 {
		t.Fatalf("result %+v, want 421-315 after 30 points each for 3 minutes", res)
	}
	if v.Players[0].Score != 421 || v.Players[1].Score != 315 {
		t.Fatalf("players %+v", v.Players)
	}
	spread := map[int64]int{}
	for _, row := range must[[]service.StandingRow](t, f.get(f.tpath("/standings"), ""), http.StatusOK) {
		spread[row.PlayerID] = row.Spread
	}
	if spread[f.players[0]] != 106 || spread[f.players[1]] != -106 {
		t.Fatalf("standings spread %v, want +106 and -106", spread)
	}

	// GCG writes the penalty in points, as it always has.
	gcg := f.get(gpath(f.game, "/export.gcg"), f.Director)
	if gcg.Status != http.StatusOK || !strings.Contains(string(gcg.Body), "(time) -30 421") || !strings.Contains(string(gcg.Body), "(time) -30 315") {
		t.Fatalf("export.gcg %d:\n%s", gcg.Status, gcg.Body)
	}

	// A director's correction in points replaces the time over.
	p := 15
	v = must[service.GameView](t, f.patch(gpath(f.game, "/turns/"+itoa(int64(r.Turn))), f.Director, map[string]any{"points": p, "reason": "clock misread", "seq": r.Seq}), http.StatusOK)
	if v.Result.Final[1] != 330 || v.Result.TimeMinutes[1] != 0 || v.Turns[len(v.Turns)-1].Move != "" {
		t.Fatalf("after the correction: result %+v, last turn %+v", v.Result, v.Turns[len(v.Turns)-1])
	}
}

// Rules without a time penalty refuse minutes with their own code; points
// still go in.
func TestTimePenaltyNoTimeRule(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Box rules", "variant": "hasbro"}), http.StatusCreated).ID
	f.players = []int64{f.addPlayer("Ann"), f.addPlayer("Bob")}
	must[service.Round](t, ts.post(f.tpath("/rounds"), ts.Director, map[string]any{"number": 1}), http.StatusCreated)
	f.game = f.addGame(1, 1, f.players...)
	f.table = f.credential(1)
	if v := f.view(f.game); v.TimePenaltyPerMinute != 0 {
		t.Fatalf("hasbro game: time_penalty_per_minute %d, want 0", v.TimePenaltyPerMinute)
	}
	p := wantProblem(t, f.timePenalty(f.table, map[string]any{"player": 1, "minutes": 3}), http.StatusUnprocessableEntity, "no-time-rule")
	if p.Detail == "" {
		t.Fatal("no detail")
	}
	wantProblem(t, f.timePenalty(f.Director, map[string]any{"player": 2, "seconds": 61}), http.StatusUnprocessableEntity, "no-time-rule")
	// Points are the rules' business no more than before: the engine
	// only waits for the end of the game.
	wantProblem(t, f.timePenalty(f.Director, map[string]any{"player": 1, "points": 10}), http.StatusUnprocessableEntity, "game-not-over")
}

// The score sheet shows a penalty with the minutes it was for; one given
// in points shows the points alone.
func TestScoreSheetTimePenalty(t *testing.T) {
	f := newFixture(t)
	finishDougVEmely(t, f) // 451-345
	must[service.TurnResult](t, f.timePenalty(f.table, map[string]any{"player": 1, "minutes": 3}), http.StatusCreated)
	must[service.TurnResult](t, f.timePenalty(f.Director, map[string]any{"player": 2, "points": 10}), http.StatusCreated)
	r := f.get(gpath(f.game, "/scoresheet.pdf"), "")
	wantPDF(t, r)
	text := pdfText(t, r.Body)
	for _, want := range []string{"Time penalty (3 min) −30", "Time penalty −10", "Final score 421", "Final score 335",
		"Winner: Doug, 421 to 335, spread +86."} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}
}
