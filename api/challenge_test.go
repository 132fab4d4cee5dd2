package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/gcg"
	"tourney/scoring"
	"tourney/service"
)

// challengeGame is a tournament under a challenge rule (lexicon TESTLEX,
// api/testdata/lexicons) with one game and its table's credential.
func challengeGame(t *testing.T, rule string, extra map[string]any) *fixture {
	t.Helper()
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	body := map[string]any{"name": "Challenge Open", "variant": "naspa", "lexicon": "TESTLEX", "challenge_rule": rule}
	for k, v := range extra {
		body[k] = v
	}
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, body), http.StatusCreated)
	f.tournament = tour.ID
	f.players = []int64{f.addPlayer("Ann"), f.addPlayer("Bob")}
	f.game = f.addGame(1, 1, f.players...)
	f.table = f.credential(1)
	return f
}

// play enters moves alternately from seat 1, checking each is accepted.
func (f *fixture) play(moves ...string) {
	f.t.Helper()
	for i, m := range moves {
		v := f.view(f.game)
		must[service.TurnResult](f.t, f.enter(f.game, f.table, turn{Turn: v.NextTurn, Player: v.ToMove, Move: m}), http.StatusCreated)
		_ = i
	}
}

func (f *fixture) challenge(token string, in map[string]any) response {
	f.t.Helper()
	return f.post(gpath(f.game, "/challenges"), token, in)
}

// TestChallengeRules: each rule's effect on scores, turn order and the
// scoreless-turn count, for an acceptable play (GALE: GALE, AW, LI, EN
// are all in TESTLEX) and for a phony (VOZ: VOZ and AZ are not).
func TestChallengeRules(t *testing.T) {
	cases := []struct {
		rule      string
		phony     bool
		verdict   string
		effect    string
		points    int
		totals    []int // after the challenge
		toMove    int
		scoreless int
		status    string
	}{
		// WINDY 32; GALE 16. Bob challenges nothing here: Ann challenges GALE.
		{"single", false, "acceptable", "no-penalty", 0, []int{32, 16}, 1, 0, service.StatusInProgress},
		{"double", false, "acceptable", "turn-lost", 0, []int{32, 16}, 2, 1, service.StatusInProgress},
		{"five-point", false, "acceptable", "bonus", 5, []int{32, 21}, 1, 0, service.StatusInProgress},
		{"ten-point", false, "acceptable", "bonus", 10, []int{32, 26}, 1, 0, service.StatusInProgress},
		{"five-per-word", false, "acceptable", "bonus", 20, []int{32, 36}, 1, 0, service.StatusInProgress},
		{"ten-per-word", false, "acceptable", "bonus", 40, []int{32, 56}, 1, 0, service.StatusInProgress},
		{"triple", false, "acceptable", "game-lost", 0, []int{32, 16}, 1, 0, service.StatusFinished},
		// The phony 7C VOZ... is withdrawn: Bob's score goes back to 0 and
		// it is a scoreless turn; Ann moves next.
		{"single", true, "unacceptable", "play-withdrawn", 0, []int{32, 0}, 1, 1, service.StatusInProgress},
		{"double", true, "unacceptable", "play-withdrawn", 0, []int{32, 0}, 1, 1, service.StatusInProgress},
		{"five-per-word", true, "unacceptable", "play-withdrawn", 0, []int{32, 0}, 1, 1, service.StatusInProgress},
		{"triple", true, "unacceptable", "play-withdrawn-game-lost", 0, []int{32, 0}, 1, 1, service.StatusFinished},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s/phony=%v", tc.rule, tc.phony), func(t *testing.T) {
			f := challengeGame(t, tc.rule, nil)
			second := "7C GALE"
			if tc.phony {
				second = "7E VOZ" // forms VOZ, VI, ON and ZD: none is in TESTLEX
			}
			f.play("8D WINDY", second)
			res := must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
			if res.Verdict != tc.verdict || res.Effect != tc.effect || res.Points != tc.points || res.DecidedBy != "lexicon" || res.Rule != tc.rule {
				t.Fatalf("ruling %+v", res)
			}
			if res.InvalidWords != nil {
				t.Errorf("a table sees only the verdict, not which words failed: %v", res.InvalidWords)
			}
			v := f.view(f.game)
			if fmt.Sprint(v.Totals) != fmt.Sprint(tc.totals) || v.ToMove != tc.toMove || v.ScorelessTurns != tc.scoreless || v.Status != tc.status {
				t.Errorf("after the challenge: totals %v to move %d scoreless %d status %s; want %v %d %d %s",
					v.Totals, v.ToMove, v.ScorelessTurns, v.Status, tc.totals, tc.toMove, tc.scoreless, tc.status)
			}
			last := v.Turns[len(v.Turns)-1]
			if last.Kind != service.EventChallenge || last.Verdict != tc.verdict || last.ChallengedTurn != 2 || last.Lexicon != "TESTLEX" {
				t.Errorf("the game state shows the ruling: %+v", last.TurnEvent)
			}
			if tc.phony && len(last.InvalidWords) == 0 {
				t.Errorf("the director sees which words failed: %+v", last.TurnEvent)
			}
			if tc.rule == "triple" {
				want := 2 // the challenger (Ann) loses when the play stands
				if tc.phony {
					want = 1
				}
				if v.Result == nil || v.Result.WinnerSeat != want || v.Result.DecidedBy != service.DecidedByChallenge {
					t.Errorf("triple: result %+v, want seat %d to win", v.Result, want)
				}
			}
			audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
			if len(audit) == 0 || audit[0].Action != "challenge-ruling" || audit[0].Who != "table 1" {
				t.Errorf("audit %+v", audit)
			}
		})
	}
}

// TestChallengeRefusals: void rule, too late, twice, own play, no lexicon.
func TestChallengeRefusals(t *testing.T) {
	f := challengeGame(t, "single", nil)
	f.play("8D WINDY", "7C GALE")
	wantProblem(t, f.challenge(f.table, map[string]any{"turn": 1, "challenger": 2}), http.StatusUnprocessableEntity, "challenge-too-late")
	wantProblem(t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 2}), http.StatusUnprocessableEntity, "own-play")
	wantProblem(t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1, "verdict": "unacceptable"}), http.StatusForbidden, "director-only")
	must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	wantProblem(t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusUnprocessableEntity, "already-challenged")

	void := challengeGame(t, "void", nil)
	void.play("8D WINDY")
	wantProblem(t, void.challenge(void.table, map[string]any{"turn": 1, "challenger": 2}), http.StatusUnprocessableEntity, "no-challenges")
	// Under void an invalid word is refused when played.
	p := wantProblem(t, void.enter(void.game, void.table, turn{Turn: 2, Player: 2, Move: "7E VOZ"}), http.StatusUnprocessableEntity, "invalid-word")
	if p.Detail == "" {
		t.Error("the refusal names the words")
	}
}

// TestChallengeByHandAndReversal: with no lexicon the director rules; a
// ruling can be reversed, and the audit log keeps both.
func TestChallengeByHandAndReversal(t *testing.T) {
	f := challengeGame(t, "double", map[string]any{"lexicon": ""})
	f.play("8D WINDY", "7C GALE")
	wantProblem(t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusUnprocessableEntity, "no-lexicon")
	res := must[service.ChallengeResult](t, f.challenge(f.Director, map[string]any{"turn": 2, "challenger": 1, "verdict": "unacceptable", "reason": "GALE ruled a phony on appeal"}), http.StatusCreated)
	if res.DecidedBy != "director" || res.Effect != "play-withdrawn" {
		t.Fatalf("%+v", res)
	}
	if v := f.view(f.game); fmt.Sprint(v.Totals) != "[32 0]" || v.ToMove != 1 {
		t.Fatalf("withdrawn: totals %v to move %d", v.Totals, v.ToMove)
	}
	v := must[service.GameView](t, f.patch(gpath(f.game, fmt.Sprintf("/challenges/%d", res.Turn)), f.Director, map[string]any{"reason": "GALE is good"}), http.StatusOK)
	// Reversed: the play stands and, under double, Ann lost her turn.
	if fmt.Sprint(v.Totals) != "[32 16]" || v.ToMove != 2 {
		t.Fatalf("reversed: totals %v to move %d", v.Totals, v.ToMove)
	}
	audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
	if len(audit) != 2 || audit[1].Action != "reverse-ruling" || audit[1].Reason != "GALE is good" {
		t.Errorf("audit %+v", audit)
	}
}

// TestChallengeGoingOut: with a 14-tile bag the first play goes out; the
// opponent may challenge it. Acceptable under double: the game ends with
// the rack bonus. Unacceptable: the play is withdrawn and the game goes on.
func TestChallengeGoingOut(t *testing.T) {
	tiles := "D 2 2\nO 1 1\nN 2 1\nA 1 1\nT 1 1\nE 2 1\nS 1 1\nW 1 4\nI 1 1\nY 1 4\nG 1 2\n"
	for _, phony := range []bool{false, true} {
		t.Run(fmt.Sprintf("phony=%v", phony), func(t *testing.T) {
			f := challengeGame(t, "double", map[string]any{"tiles": tiles})
			word := "8D DONATES"
			if phony {
				word = "8D DONATSE"
			}
			f.play(word)
			if v := f.view(f.game); v.Status != service.StatusAwaitingAcceptance {
				t.Fatalf("after going out: status %s", v.Status)
			}
			res := must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 1, "challenger": 2}), http.StatusCreated)
			v := f.view(f.game)
			if !phony {
				// The play stands; Bob's rack is what is left: D N E W I Y G
				// = 2+1+1+4+1+4+2 = 15, twice under naspa = 30.
				if res.Effect != "turn-lost" || v.Status != service.StatusFinished || v.Result.RackAdjust[0] != 30 || v.Result.WinnerSeat != 1 {
					t.Fatalf("acceptable out-play: %+v / %+v", res, v.Result)
				}
				return
			}
			if res.Effect != "play-withdrawn" || v.Status != service.StatusInProgress || v.ToMove != 2 || fmt.Sprint(v.Totals) != "[0 0]" {
				t.Fatalf("withdrawn out-play: %+v; status %s to move %d totals %v", res, v.Status, v.ToMove, v.Totals)
			}
		})
	}
}

// TestWordJudge: a table may ask about words on its own board once its
// game is over (TestJudgeDuringAGame: not before); the director about
// anything, and sees which words failed.
func TestWordJudge(t *testing.T) {
	f := challengeGame(t, "double", nil)
	f.play("8D WINDY")
	judge := func(token string, words ...string) response {
		return f.post(f.tpath("/judge"), token, map[string]any{"words": words})
	}
	must[service.GameView](t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "time"}), http.StatusOK)
	res := must[service.JudgeResult](t, judge(f.table, "windy"), http.StatusOK)
	if res.Verdict != "acceptable" || res.InvalidWords != nil {
		t.Errorf("%+v", res)
	}
	wantProblem(t, judge(f.table, "GALE"), http.StatusForbidden, "word-not-on-board")
	res = must[service.JudgeResult](t, judge(f.Director, "GALE", "QXZ"), http.StatusOK)
	if res.Verdict != "unacceptable" || fmt.Sprint(res.InvalidWords) != "[QXZ]" {
		t.Errorf("%+v", res)
	}
	wantProblem(t, judge("", "WINDY"), http.StatusUnauthorized, "credentials-required")
	limited := false
	for i := 0; i < 30 && !limited; i++ {
		limited = judge(f.table, "WINDY").Status == http.StatusTooManyRequests
	}
	if !limited {
		t.Error("the word judge is rate-limited")
	}
}

// TestHoldThenChallenge: a hold keeps the play open; the challenge that
// follows is settled as usual, and the next turn after a hold releases it.
func TestHoldThenChallenge(t *testing.T) {
	f := challengeGame(t, "five-point", nil)
	f.play("8D WINDY", "7C GALE")
	v := must[service.GameView](t, f.post(gpath(f.game, "/hold"), f.table, map[string]any{"turn": 2, "player": 1}), http.StatusCreated)
	if v.Status != service.StatusOnHold {
		t.Fatalf("status %s, want on-hold", v.Status)
	}
	res := must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	if res.Effect != "bonus" || fmt.Sprint(res.Totals) != "[32 21]" {
		t.Fatalf("%+v", res)
	}
	// A hold that ends in no challenge: the holder simply plays on.
	f.play("E3 JAVE..N")
	must[service.GameView](t, f.post(gpath(f.game, "/hold"), f.table, map[string]any{"turn": 5, "player": 2}), http.StatusCreated)
	f.play("F2 VOX")
	if v := f.view(f.game); v.Status != service.StatusInProgress || fmt.Sprint(v.Totals) != "[66 60]" {
		t.Fatalf("after the hold: %s %v", v.Status, v.Totals)
	}
}

// TestExportChallengedGame: the GCG export writes challenges in the
// standard form, and the exported record verifies with the same totals.
func TestExportChallengedGame(t *testing.T) {
	f := challengeGame(t, "five-point", nil)
	f.play("8D WINDY", "7C GALE")
	must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	f.play("E3 JAVE..N", "F2 VOX")
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 6, Player: 1, Move: "10B DONATEZ"}), http.StatusCreated)
	must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 6, "challenger": 2}), http.StatusCreated)
	r := f.get(gpath(f.game, "/export.gcg"), f.Director)
	if r.Status != http.StatusOK {
		t.Fatalf("export: %d %s", r.Status, r.Body)
	}
	text := string(r.Body)
	for _, want := range []string{">Bob:  (challenge) +5 21", ">Ann:  10B DONATEZ +", ">Ann:  -- -", "#player1 Ann Ann", "#lexicon TESTLEX"} {
		if !strings.Contains(text, want) {
			t.Errorf("export lacks %q:\n%s", want, text)
		}
	}
	rec, err := gcg.Read(r.Body)
	if err != nil {
		t.Fatalf("the export does not read back: %v\n%s", err, text)
	}
	v, _ := scoring.LookupVariant("naspa")
	rep := gcg.Check(rec, v)
	if len(rep.Problems) != 0 || fmt.Sprint(rep.Game.Totals()) != fmt.Sprint(f.view(f.game).Totals) {
		t.Errorf("the export replays with problems %+v, totals %v", rep.Problems, rep.Game.Totals())
	}
}

// TestChallengeIrregularOpening: under naspa a first play missing the
// centre stands, flagged, unless challenged; a challenge takes it off.
func TestChallengeIrregularOpening(t *testing.T) {
	f := challengeGame(t, "double", nil)
	res := must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "1A WINDY"}), http.StatusCreated)
	if res.Flag != "irregular:missed-start" {
		t.Fatalf("flag %q", res.Flag)
	}
	ch := must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 1, "challenger": 2}), http.StatusCreated)
	if ch.Verdict != "unacceptable" || ch.DecidedBy != "rules" || ch.Effect != "play-withdrawn" {
		t.Fatalf("%+v", ch)
	}
	if v := f.view(f.game); v.Totals[0] != 0 || v.Board[0] != "..............." {
		t.Fatalf("the play is off the board: %v %q", v.Totals, v.Board[0])
	}
}
