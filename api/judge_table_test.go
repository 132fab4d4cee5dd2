package api

import (
	"fmt"
	"net/http"
	"testing"

	"tourney/service"
)

// TestJudgeDuringAGame: a table cannot learn whether a play's words are
// good except by challenging it. While its game is being played the
// table's word judge is refused, with the same answer for good words and
// phonies (challenge-open while the latest play can be challenged,
// game-in-progress otherwise), whether or not the director opened the
// judge; the director's judge answers; the challenge rules. Once the game
// is over the table may ask again.
func TestJudgeDuringAGame(t *testing.T) {
	for _, open := range []bool{false, true} {
		for _, rule := range []string{"double", "single", "five-point"} {
			t.Run(fmt.Sprintf("%s/judge_open=%v", rule, open), func(t *testing.T) {
				f := challengeGame(t, rule, map[string]any{"settings": map[string]any{"judge_open": open}})
				judge := func(token string, words ...string) response {
					return f.post(f.tpath("/judge"), token, map[string]any{"words": words})
				}
				refused := func(code string, words ...string) string {
					t.Helper()
					return wantProblem(t, judge(f.table, words...), http.StatusForbidden, code).Detail
				}
				f.play("8D WINDY")
				refused("challenge-open", "WINDY")
				// The phony: VOZ, VI, ON and ZD are not in TESTLEX.
				f.play("7E VOZ")
				phony := refused("challenge-open", "VOZ")
				good := refused("challenge-open", "WINDY")
				if phony != good {
					t.Errorf("the refusal differs for a phony (%q) and a good word (%q)", phony, good)
				}
				if open {
					refused("challenge-open", "QI") // not even words off the board
				}
				// On hold, the play is still open.
				must[service.GameView](t, f.post(gpath(f.game, "/hold"), f.table, map[string]any{"turn": 2, "player": 1}), http.StatusCreated)
				refused("challenge-open", "VOZ")
				// The director's judge answers.
				res := must[service.JudgeResult](t, judge(f.Director, "VOZ", "WINDY"), http.StatusOK)
				if res.Verdict != "unacceptable" || fmt.Sprint(res.InvalidWords) != "[VOZ]" {
					t.Errorf("the director's judge: %+v", res)
				}
				// The challenge rules.
				ch := must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
				if ch.Verdict != "unacceptable" || ch.Effect != "play-withdrawn" {
					t.Fatalf("the challenge: %+v", ch)
				}
				// No play open now, but the game goes on.
				refused("game-in-progress", "WINDY")
				if open {
					refused("game-in-progress", "QI")
				}
				// Over: the table may ask about its board (any word when open).
				must[service.GameView](t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "time"}), http.StatusOK)
				if res := must[service.JudgeResult](t, judge(f.table, "WINDY"), http.StatusOK); res.Verdict != "acceptable" {
					t.Errorf("after the game: %+v", res)
				}
				if open {
					if res := must[service.JudgeResult](t, judge(f.table, "QXZ"), http.StatusOK); res.Verdict != "unacceptable" || res.InvalidWords != nil {
						t.Errorf("after the game, judge open: %+v", res)
					}
				} else {
					wantProblem(t, judge(f.table, "VOZ"), http.StatusForbidden, "word-not-on-board")
				}
			})
		}
	}
}

// TestJudgeBeforeAcceptance: a play that went out is open to challenge
// until the opponent accepts it; the table's judge is refused until then.
func TestJudgeBeforeAcceptance(t *testing.T) {
	tiles := "D 2 2\nO 1 1\nN 2 1\nA 1 1\nT 1 1\nE 2 1\nS 1 1\nW 1 4\nI 1 1\nY 1 4\nG 1 2\n"
	f := challengeGame(t, "double", map[string]any{"tiles": tiles})
	f.play("8D DONATSE") // a phony that goes out
	if v := f.view(f.game); v.Status != service.StatusAwaitingAcceptance {
		t.Fatalf("status %s", v.Status)
	}
	wantProblem(t, f.post(f.tpath("/judge"), f.table, map[string]any{"words": []string{"DONATSE"}}), http.StatusForbidden, "challenge-open")
}

// TestJudgeUnderVoid: under the void rule nothing can be challenged; the
// table's judge still waits for the end of the game.
func TestJudgeUnderVoid(t *testing.T) {
	f := challengeGame(t, "void", nil)
	f.play("8D WINDY")
	wantProblem(t, f.post(f.tpath("/judge"), f.table, map[string]any{"words": []string{"WINDY"}}), http.StatusForbidden, "game-in-progress")
}
