package standings

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// TestNegativeGameScores: a game that ended below zero is a game like any
// other: its scores count in points, its spread in spread (capped when
// the division caps spread), and the higher score wins, below zero too.
func TestNegativeGameScores(t *testing.T) {
	cases := []struct {
		name            string
		caps            []int
		score, oppScore int
		// Player 1's row after the game; player 2's is the mirror.
		outcome        Outcome
		spread, raw    int
		points, oppPts int
	}{
		{"below zero against a win", nil, -12, 355, Loss, -367, -367, -12, 355},
		{"capped", []int{300}, -12, 355, Loss, -300, -367, -12, 355},
		{"both below zero", nil, -10, -40, Win, 30, 30, -10, -40},
		{"tied below zero", nil, -30, -30, Tie, 0, 0, -30, -30},
		{"at the bounds", nil, DefaultMinScore, DefaultMaxScore, Loss, -3000, -3000, -500, 2500},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDivision(t, 2, func(c *Config) { c.SpreadCaps = tc.caps })
			mustEnter(t, d, game(1, 1, 2, tc.score, tc.oppScore))
			r, ok := d.Result(1, 1)
			if !ok || r.Score != tc.score || r.OppScore != tc.oppScore || r.Outcome() != tc.outcome || !r.Played() {
				t.Errorf("result %+v (outcome %q), want %d-%d %q", r, r.Outcome(), tc.score, tc.oppScore, tc.outcome)
			}
			rows := d.Standings(1)
			me, opp := rowOf(t, rows, 1), rowOf(t, rows, 2)
			if me.Spread != tc.spread || me.RawSpread != tc.raw || me.Points != tc.points || me.Played != 1 {
				t.Errorf("player 1: spread %d (raw %d), points %d, played %d; want %d (%d), %d, 1",
					me.Spread, me.RawSpread, me.Points, me.Played, tc.spread, tc.raw, tc.points)
			}
			if opp.Spread != -tc.spread || opp.RawSpread != -tc.raw || opp.Points != tc.oppPts {
				t.Errorf("player 2: spread %d (raw %d), points %d; want %d (%d), %d",
					opp.Spread, opp.RawSpread, opp.Points, -tc.spread, -tc.raw, tc.oppPts)
			}
			w, _ := tc.outcome.halves()
			if me.Wins != float64(w)/2 {
				t.Errorf("player 1 has %g wins, want %g", me.Wins, float64(w)/2)
			}
			// Written and read back: the same division.
			out := MarshalT(d)
			d2, err := ParseT(out, "A", d.Config())
			if err != nil {
				t.Fatalf("reading back %q: %v", out, err)
			}
			assertSameDivision(t, d, d2)
		})
	}
	// A division that allows no negative game scores refuses one.
	d := newTestDivision(t, 2, func(c *Config) { c.MinScore = 0 })
	_, err := d.Enter(game(1, 1, 2, -1, 300))
	wantCode(t, err, CodeImplausibleScore)
}

// TestTNegativeScores: the .t reader takes a negative game score as tsh
// writes it (a plain negative integer) and refuses game scores beyond the
// division's bounds with implausible-score at their line; bye scores keep
// score-out-of-range. The writer writes negative scores so that they read
// back (TestTGolden's negative.t pins the bytes).
func TestTNegativeScores(t *testing.T) {
	cases := []struct {
		name string
		text string
		cfg  func(*Config)
		code Code
		line int
	}{
		{"below zero", "A, A 1500 2; -12\nB, B 1400 1; 355\n", nil, "", 0},
		{"both below zero", "A, A 1500 2; -12\nB, B 1400 1; -3\n", nil, "", 0},
		{"at the lowest", "A, A 1500 2; -500\nB, B 1400 1; 2500\n", nil, "", 0},
		{"below the lowest", "A, A 1500 2; 300\nB, B 1400 1; -501\n", nil, CodeImplausibleScore, 2},
		{"above the highest", "A, A 1500 2; 2501\nB, B 1400 1; 300\n", nil, CodeImplausibleScore, 1},
		{"no negative scores in this division", "A, A 1500 2; -1\nB, B 1400 1; 300\n", func(c *Config) { c.MinScore = 0 }, CodeImplausibleScore, 1},
		{"wider bounds", "A, A 1500 2; -900\nB, B 1400 1; 3100\n", func(c *Config) { c.MinScore, c.MaxScore = -1000, 4000 }, "", 0},
		{"a forfeit loss is not a game", "A, A 1500 0; -600\n", nil, "", 0},
		{"a bye beyond the highest score", "A, A 1500 0; -2501\n", nil, CodeScoreOutOfRange, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig(RealmNASPA)
			if tc.cfg != nil {
				tc.cfg(&cfg)
			}
			d, err := ParseT([]byte(tc.text), "A", cfg)
			if tc.code != "" {
				var e *Error
				if !asError(err, &e) || e.Code != tc.code || e.Line != tc.line {
					t.Fatalf("got %v, want %s at line %d", err, tc.code, tc.line)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			out := MarshalT(d)
			d2, err := ParseT(out, "A", cfg)
			if err != nil {
				t.Fatalf("reading back %q: %v", out, err)
			}
			assertSameDivision(t, d, d2)
			if again := MarshalT(d2); !bytes.Equal(out, again) {
				t.Errorf("second write differs:\n%s\n%s", out, again)
			}
		})
	}

	// The golden file's games, as results and standings.
	d := readFile(t, "testdata/golden/negative.t")
	checks := []struct {
		id, round int
		want      Result
	}{
		{1, 1, Result{Round: 1, Player: 1, Opponent: 2, Score: -12, OppScore: 355}},
		{3, 2, Result{Round: 2, Player: 3, Opponent: 1, Score: -30, OppScore: -30}},
		{2, 3, Result{Round: 3, Player: 2, Opponent: 3, Score: -5, OppScore: -40}},
	}
	for _, c := range checks {
		if got, ok := d.Result(c.id, c.round); !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("player %d round %d: got %+v, want %+v", c.id, c.round, got, c.want)
		}
	}
	rows := d.Standings(3)
	// Hal: W +367, bye +50, W +35: 3-0 +452, points 355-5. Lou: L -367,
	// T: 0.5-1.5 -367, points -12-30. Tia: T, L -35: 0.5-1.5 -35, -30-40.
	if got := strings.Join([]string{rows[0].Name, rows[1].Name, rows[2].Name}, "; "); got != "High, Hal; Tied, Tia; Low, Lou" {
		t.Errorf("order %s", got)
	}
	if r := rowOf(t, rows, 2); r.Wins != 3 || r.Spread != 452 || r.Points != 350 {
		t.Errorf("Hal: %+v", r)
	}
	if r := rowOf(t, rows, 1); r.Wins != 0.5 || r.Losses != 1.5 || r.Spread != -367 || r.Points != -42 {
		t.Errorf("Lou: %+v", r)
	}
	if r := rowOf(t, rows, 3); r.Wins != 0.5 || r.Losses != 1.5 || r.Spread != -35 || r.Points != -70 {
		t.Errorf("Tia: %+v", r)
	}
}
