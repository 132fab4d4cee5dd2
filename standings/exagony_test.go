package standings

import (
	"strings"
	"testing"
)

// TestExagonyEverySystem: team-mates meet in round 1 under each system
// without exagony (so the test can fail) and never with it, while
// another pairing exists; when none does, they meet and the reason says
// so.
func TestExagonyEverySystem(t *testing.T) {
	// Ratings fall with the line: Swiss round 1 pairs 1v5, 2v6, 3v7, 4v8;
	// King of the Hill 1v2, 3v4, ...
	teams := map[System][]string{
		SystemSwiss:  {"NZ", "", "", "", "NZ", "", "", ""},
		SystemKOTH:   {"NZ", "NZ", "UK", "UK", "", "", "", ""},
		SystemRandom: {"NZ", "NZ", "NZ", "NZ", "UK", "UK", "UK", ""},
		"groups":     {"NZ", "NZ", "", "", "", "", "", ""},
	}
	clashes := func(d *Division, ps []Pairing) (n int) {
		for _, p := range ps {
			ids := p.Players()
			for i := range ids {
				for j := i + 1; j < len(ids); j++ {
					if tm := d.players[ids[i]-1].Team; tm != "" && tm == d.players[ids[j]-1].Team {
						n++
					}
				}
			}
		}
		return n
	}
	for sys, tm := range teams {
		for _, on := range []bool{false, true} {
			total := 0
			for seed := uint64(1); seed <= 20; seed++ {
				d := newTestDivision(t, 8, func(c *Config) { c.Exagony = on; c.Rounds = 5 })
				for i, team := range tm {
					d.players[i].Team = team
				}
				var ps []Pairing
				var err error
				if sys == "groups" {
					ps, err = PairGroups(d, GroupRequest{System: SystemKOTH, Round: 1, Size: 4})
				} else {
					ps, err = Pair(d, PairRequest{System: sys, Round: 1, Seed: seed})
				}
				if err != nil {
					t.Fatalf("%s: %v", sys, err)
				}
				total += clashes(d, ps)
			}
			if on && total > 0 || !on && total == 0 {
				t.Errorf("%s, exagony %v: %d games of team-mates in 20 draws", sys, on, total)
			}
		}
	}
	// Four of one team among four players: they must meet, and say so.
	d := newTestDivision(t, 4, func(c *Config) { c.Exagony = true })
	for i := range d.players {
		d.players[i].Team = "NZ"
	}
	ps, err := Pair(d, PairRequest{System: SystemSwiss, Round: 1})
	if err != nil || len(ps) != 2 {
		t.Fatalf("%v %v", ps, err)
	}
	if want := "team-mates (NZ): no other pairing kept them apart"; !strings.Contains(ps[0].Reason, want) {
		t.Errorf("reason %q, want %q", ps[0].Reason, want)
	}
}
