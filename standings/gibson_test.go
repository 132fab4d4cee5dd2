package standings

import (
	"strings"
	"testing"
)

// Four players, three rounds. After two:
//
//	R1: 1 beat 2 500-200 (+300); 3 beat 4 400-350 (+50)
//	R2: 1 beat 3 500-200 (+300); 2 beat 4 450-300 (+150)
//
// 1: 2-0 +600; 2: 1-1 -150; 3: 1-1 -250; 4: 0-2 -200.
// With one round left, 2 can at best tie on wins (2-1) and reach
// -150+250 = +100 while 1 drops to 600-250 = +350: 1 has clinched.
func gibsonDivision(t *testing.T, perRound int) *Division {
	d := newTestDivision(t, 4, func(c *Config) {
		c.Rounds = 3
		c.Gibson.Enabled = true
		c.Gibson.SpreadPerRound = perRound
	})
	mustEnter(t, d, game(1, 1, 2, 500, 200))
	mustEnter(t, d, game(1, 3, 4, 400, 350))
	mustEnter(t, d, game(2, 1, 3, 500, 200))
	mustEnter(t, d, game(2, 2, 4, 450, 300))
	return d
}

func TestGibsonClinched(t *testing.T) {
	d := gibsonDivision(t, 250)
	g := d.Gibson(2)
	if !g.Clinched || g.Leader != 1 || g.RoundsLeft != 1 || len(g.Contenders) != 0 {
		t.Fatalf("%+v", g)
	}
	if !strings.Contains(g.Reason, "clinched") {
		t.Errorf("reason %q", g.Reason)
	}
	// After one round, two left: 2 could win both by 250 (+350) while 1
	// loses both by 250 (+50): not clinched.
	if g := d.Gibson(1); g.Clinched {
		t.Errorf("after round 1: %+v", g)
	}
	// With a bigger swing per game, 2 can catch up: 600-400 < -150+400.
	if g := gibsonDivision(t, 400).Gibson(2); g.Clinched || !strings.Contains(g.Reason, "can still catch up") {
		t.Errorf("swing 400: %+v", g)
	}
	// Open-ended divisions never clinch.
	d.SetConfig(func() Config { c := d.Config(); c.Rounds = 0; return c }())
	if g := d.Gibson(2); g.Clinched {
		t.Errorf("no rounds set: %+v", g)
	}
}

func TestGibsonPairing(t *testing.T) {
	d := gibsonDivision(t, 250)
	ps, err := PairSwiss(d, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The leader meets the lowest-ranked non-contender, 4.
	if ps[0].Player != 1 || ps[0].Opponent != 4 || !strings.Contains(ps[0].Reason, "Gibsonized") {
		t.Errorf("Gibson pairing: %+v", ps)
	}
	// With an odd field the Gibsonized leader takes the bye.
	c := d.Clone()
	c.Withdraw(4, "")
	ps, err = PairSwiss(c, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Opponent == 0 && (p.Player != 1 || !strings.Contains(p.Reason, "Gibsonized")) {
			t.Errorf("bye should go to the Gibsonized leader: %+v", ps)
		}
	}
	// KOTH too.
	ps, err = PairKOTH(d, 3, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if ps[0].Player != 1 || ps[0].Opponent != 4 {
		t.Errorf("KOTH with Gibson: %+v", ps)
	}
	// Disabled: plain KOTH, 1st vs 2nd.
	cfg := d.Config()
	cfg.Gibson.Enabled = false
	d.SetConfig(cfg)
	ps, _ = PairKOTH(d, 3, 0, false)
	if ps[0].Player != 1 || ps[0].Opponent != 2 {
		t.Errorf("KOTH without Gibson: %+v", ps)
	}
}

// Contenders are those who can still reach a prize place.
func TestGibsonContenders(t *testing.T) {
	d := gibsonDivision(t, 250)
	cfg := d.Config()
	cfg.Gibson.PrizePlaces = 2
	d.SetConfig(cfg)
	g := d.Gibson(2)
	// 2nd place is 2 (1-1 -150): 3 (1-1 -250) and 4 (0-2 -200, can reach
	// 1-2 but not 2 wins... 4 at best 1-2 +50, 2 at worst 1-2 -400) can
	// both still reach it.
	want := map[int]bool{2: true, 3: true, 4: true}
	if len(g.Contenders) != 3 {
		t.Fatalf("contenders %v", g.Contenders)
	}
	for _, id := range g.Contenders {
		if !want[id] {
			t.Errorf("contender %d", id)
		}
	}
	// Then nobody is out of contention: the Gibson (1st's place is
	// settled) meets the lowest-ranked of those who have met them least,
	// as tsh's PairOneGibson does.
	ps, _ := PairSwiss(d, 3, 0)
	if ps[0].Player != 1 || ps[0].Opponent != 4 || !strings.Contains(ps[0].Reason, "everyone can still reach a paid place") {
		t.Errorf("Gibson with everyone in contention: %+v", ps[0])
	}
}

// gibsonRecords is a division of rounds whose players stand at the
// given records after played rounds, nobody having met anybody (byes).
func gibsonRecords(t *testing.T, rounds, played int, mutate func(*Config), recs ...[2]int) *Division {
	t.Helper()
	d := copRecords(t, rounds, played, recs...)
	cfg := d.Config()
	cfg.Gibson.Enabled = true
	cfg.Gibson.SpreadPerRound = 250
	mutate(&cfg)
	d.SetConfig(cfg)
	return d
}

// TestGibsonsAsTSH: several Gibsons play King of the Hill among
// themselves; an odd one meets the highest-ranked player out of
// contention who has met them least, or takes a needed bye; the Gibson
// spread by rounds left and the prize bands decide who is a Gibson.
func TestGibsonsAsTSH(t *testing.T) {
	// 12 rounds, 10 played, 2 left. 2nd is two wins behind 1st and 1,500
	// spread, 3rd and 4th further behind: with 250 a game nobody below
	// can reach 1st, 2nd or 3rd; 4th-6th are close.
	recs := [][2]int{{10, 1600}, {8, 100}, {5, 0}, {2, -300}, {2, -350}, {2, -400}, {1, -500}, {0, -900}}
	bands := func(b ...int) func(*Config) { return func(c *Config) { c.Gibson.PrizeBands = b } }
	type pair = [2]int
	tests := []struct {
		name   string
		mutate func(*Config)
		recs   [][2]int
		want   []pair
		reason map[int]string
	}{{
		name: "three Gibsons within 3 paid places: 1v2, 3rd meets the highest-ranked player out of contention", mutate: bands(3), recs: recs,
		want: []pair{{1, 2}, {3, 4}}, reason: map[int]string{1: "1st and 2nd have clinched their places", 3: "highest-ranked player out of contention"},
	}, {
		name: "two paid places: two Gibsons meet, the rest Swiss", mutate: bands(2), recs: recs,
		want: []pair{{1, 2}}, reason: map[int]string{1: "King of the Hill among them"},
	}, {
		name: "an odd Gibson takes a needed bye", mutate: bands(3), recs: append(append([][2]int{}, recs...), [2]int{0, -950}),
		want: []pair{{1, 2}, {3, 0}}, reason: map[int]string{3: "bye: Gibsonized: 3rd has clinched"},
	}, {
		name: "600 a game with two rounds left: 2nd can catch 1st, so nobody is a Gibson", mutate: func(c *Config) {
			c.Gibson.PrizeBands = []int{3}
			c.Gibson.SpreadByRoundsLeft = []int{250, 600}
		}, recs: recs,
		reason: map[int]string{1: "Swiss"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := gibsonRecords(t, 12, 10, tc.mutate, tc.recs...)
			ps, err := PairSwiss(d, 11, 0)
			if err != nil {
				t.Fatal(err)
			}
			opp, why := opponentsOf(ps)
			wantPairs(t, opp, why, tc.want, tc.reason)
		})
	}
}
