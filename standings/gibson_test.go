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
	// Then nobody is a non-contender and the leader is paired normally.
	ps, _ := PairSwiss(d, 3, 0)
	for _, p := range ps {
		if strings.Contains(p.Reason, "Gibsonized") {
			t.Errorf("no non-contender to pair the leader with: %+v", p)
		}
	}
}
