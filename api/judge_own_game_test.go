package api

import (
	"fmt"
	"net/http"
	"testing"

	"tourney/service"
)

// judgeHall is a tournament of two divisions, A and B (two players
// each), judged on TESTLEX under the double challenge rule, with table
// 2's credential.
type judgeHall struct {
	*fixture
	div     [2]int64
	players [2][]int64
}

func newJudgeHall(t *testing.T, open bool) *judgeHall {
	t.Helper()
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{
		"name": "Two Divisions Judged", "variant": "naspa", "lexicon": "TESTLEX", "challenge_rule": "double",
		"settings": map[string]any{"judge_open": open}}), http.StatusCreated).ID
	h := &judgeHall{fixture: f}
	for i, name := range []string{"A", "B"} {
		h.div[i] = must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": name}), http.StatusCreated).ID
		for _, p := range []string{"Ann " + name, "Bob " + name} {
			h.players[i] = append(h.players[i], must[service.Player](t, f.post(f.tpath("/players"), f.Director,
				map[string]any{"name": p, "rating": 1500, "division_id": h.div[i]}), http.StatusCreated).ID)
		}
	}
	f.table = f.credential(2)
	return h
}

// pair sets up division d's game of a round at a table.
func (h *judgeHall) pair(d, round, table int) int64 {
	h.t.Helper()
	return must[service.Game](h.t, h.post(h.tpath("/games"), h.Director, map[string]any{
		"round": round, "table": table, "players": h.players[d], "division_id": h.div[d]}), http.StatusCreated).ID
}

// playAs enters the game's next play as token (the table's or the
// director's) for whoever is to move.
func (h *judgeHall) playAs(token string, game int64, move string) {
	h.t.Helper()
	v := h.view(game)
	must[service.TurnResult](h.t, h.enter(game, token, turn{Turn: v.NextTurn, Player: v.ToMove, Move: move}), http.StatusCreated)
}

func (h *judgeHall) current(round int) {
	h.t.Helper()
	must[service.Tournament](h.t, h.patch(h.tpath(""), h.Director, map[string]any{
		"current_round": round, "force": true, "reason": "the hall runs late"}), http.StatusOK)
}

// endGame ends a game the way the case says: the director ends it where
// it stands, or sets its record aside and keys its result by hand.
func (h *judgeHall) endGame(how string, d, round int, game int64) {
	h.t.Helper()
	switch how {
	case "director's end":
		must[service.GameView](h.t, h.post(gpath(game, "/end"), h.Director, map[string]any{"how": "time", "reason": "time ran out"}), http.StatusOK)
	case "keyed by hand":
		must[service.RoundResult](h.t, h.post(h.tpath("/results"), h.Director, map[string]any{
			"round": round, "players": h.players[d], "scores": []int{400, 350}, "record": "void", "reason": "scorecard"}), http.StatusCreated)
	default:
		h.t.Fatalf("no end %q", how)
	}
}

// TestJudgeReadsTheTablesOwnGame: the table's word judge is closed while
// any game at its table holds an open play or is being played, in
// whatever round or division, whatever the tournament's current round
// (issue 37: the director forced a round on, or another division was
// paired ahead, and the judge answered table 2 about the play it could
// still challenge). Once the game ends (by the director, or with the
// result keyed by hand) the table may ask about its boards again.
func TestJudgeReadsTheTablesOwnGame(t *testing.T) {
	cases := []struct {
		name string
		// setup leaves the game at table 2 with WINDY open to challenge,
		// in another round than the current one; it returns the game's
		// division, round and id.
		setup func(h *judgeHall) (d, round int, game int64)
	}{
		{"round forced on", func(h *judgeHall) (int, int, int64) {
			g := h.pair(0, 1, 2)
			h.pair(1, 1, 1)
			h.playAs(h.table, g, "8D WINDY")
			must[service.RoundResult](h.t, h.post(h.tpath("/results"), h.Director, map[string]any{
				"round": 1, "players": h.players[1], "scores": []int{380, 300}}), http.StatusCreated)
			h.pair(1, 2, 1)
			h.current(2) // A's game at table 2 is still in round 1
			return 0, 1, g
		}},
		{"division paired ahead", func(h *judgeHall) (int, int, int64) {
			h.pair(0, 1, 1) // A plays round 1 at table 1
			b1 := h.pair(1, 1, 2)
			h.playAs(h.table, b1, "8D WINDY")
			h.endGame("director's end", 1, 1, b1)
			g := h.pair(1, 2, 2) // B paired ahead: round 2 at table 2, while round 1 is current
			h.playAs(h.Director, g, "8D WINDY")
			return 1, 2, g
		}},
	}
	for _, c := range cases {
		for _, end := range []string{"director's end", "keyed by hand"} {
			for _, open := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/judge_open=%v", c.name, end, open), func(t *testing.T) {
					h := newJudgeHall(t, open)
					d, round, g := c.setup(h)
					if cur := must[service.Tournament](t, h.get(h.tpath(""), h.Director), http.StatusOK).CurrentRound; cur == round {
						t.Fatalf("the game's round %d is the current round: the case tests nothing", round)
					}
					judge := func(words ...string) response {
						return h.post(h.tpath("/judge"), h.table, map[string]any{"words": words})
					}
					wantProblem(t, judge("WINDY"), http.StatusForbidden, "challenge-open")
					if open {
						wantProblem(t, judge("QI"), http.StatusForbidden, "challenge-open")
					}
					// The director rules on the challenge: the play stands and
					// the game goes on.
					ch := must[service.ChallengeResult](t, h.post(gpath(g, "/challenges"), h.Director, map[string]any{"turn": 1, "challenger": 2}), http.StatusCreated)
					if ch.Verdict != "acceptable" {
						t.Fatalf("the challenge: %+v", ch)
					}
					wantProblem(t, judge("WINDY"), http.StatusForbidden, "game-in-progress")
					h.endGame(end, d, round, g)
					if res := must[service.JudgeResult](t, judge("WINDY"), http.StatusOK); res.Verdict != "acceptable" {
						t.Errorf("after the game: %+v", res)
					}
					if open {
						if res := must[service.JudgeResult](t, judge("VOZ"), http.StatusOK); res.Verdict != "unacceptable" {
							t.Errorf("after the game, judge open: %+v", res)
						}
					} else {
						wantProblem(t, judge("VOZ"), http.StatusForbidden, "word-not-on-board")
					}
				})
			}
		}
	}
}
