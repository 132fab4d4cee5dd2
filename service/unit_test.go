package service

import (
	"fmt"
	"testing"
	"time"

	"tourney/challenges"
)

func TestBoardWords(t *testing.T) {
	rows := []string{
		".....",
		".CAT.",
		"..X..",
		"..ed.",
	}
	got := fmt.Sprint(boardWords(rows))
	// Across: CAT, ED; down: AXE (A, X, e), and T alone is no word.
	if got != "[CAT ED AXE]" {
		t.Errorf("boardWords = %s", got)
	}
}

func TestHasAcceptance(t *testing.T) {
	cases := []struct {
		kinds []string
		want  bool
	}{
		{[]string{EventMove}, false},
		{[]string{EventMove, EventAccept}, true},
		{[]string{EventMove, EventLostTurn}, true},
		{[]string{EventMove, EventChallengeBonus}, true},
		{[]string{EventMove, EventHold}, false},
		{[]string{EventMove, EventAccept, EventMove}, false},
		{[]string{EventMove, EventWithdraw}, false},
	}
	for _, tc := range cases {
		var es []TurnEvent
		for _, k := range tc.kinds {
			es = append(es, TurnEvent{Kind: k})
		}
		if got := hasAcceptance(es); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.kinds, got, tc.want)
		}
	}
	acc := []TurnEvent{{Kind: EventMove}, {Kind: EventChallenge, Verdict: VerdictAcceptable}}
	unacc := []TurnEvent{{Kind: EventMove}, {Kind: EventChallenge, Verdict: VerdictUnacceptable}}
	if !hasAcceptance(acc) || hasAcceptance(unacc) {
		t.Error("an acceptable ruling accepts the play; an unacceptable one does not")
	}
}

func TestRateLimiter(t *testing.T) {
	l := rateLimiter{perMinute: 3}
	now := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	for i := 0; i < 3; i++ {
		if !l.allow("table", now, false) {
			t.Fatalf("request %d refused", i+1)
		}
	}
	if l.allow("table", now.Add(30*time.Second), false) {
		t.Error("the fourth request in a minute must wait")
	}
	if !l.allow("other", now, false) {
		t.Error("each caller has its own allowance")
	}
	if !l.allow("table", now.Add(time.Minute), false) {
		t.Error("a new minute, a new allowance")
	}
	for i := 0; i < 30; i++ {
		if !l.allow("director", now, true) {
			t.Fatalf("the director gets ten times as many (%d)", i)
		}
	}
}

func TestBonusFor(t *testing.T) {
	cases := []struct {
		rule    string
		verdict string
		words   int
		want    int
	}{
		{"five-point", VerdictAcceptable, 3, 5},
		{"ten-point", VerdictAcceptable, 3, 10},
		{"five-per-word", VerdictAcceptable, 3, 15},
		{"ten-per-word", VerdictAcceptable, 2, 20},
		{"five-per-word", VerdictUnacceptable, 3, 0},
		{"double", VerdictAcceptable, 3, 0},
		{"single", VerdictAcceptable, 3, 0},
	}
	for _, tc := range cases {
		r, err := lookupRuleForTest(tc.rule)
		if err != nil {
			t.Fatal(err)
		}
		if got := bonusFor(r, tc.verdict, tc.words); got != tc.want {
			t.Errorf("%s %s %d words: %d, want %d", tc.rule, tc.verdict, tc.words, got, tc.want)
		}
	}
}

func lookupRuleForTest(name string) (challenges.Rule, error) { return challenges.LookupRule(name) }
