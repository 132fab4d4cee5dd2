package api

import (
	"testing"

	"tourney/standings"
)

// TestRatingsSPCCareerGames rates the 2024 SPC division A (31 rounds,
// two segments) with each player's career games from tsh's feed
// (etc.lifeg) by the feed's rating system (nsa2008), and by tsh's other
// NASPA names: every player's estimate after round 31 is tsh's newr
// under nsa2008 (and the old name naspa). No SPC player has fewer than
// 50 career games, so naspa2024 agrees too.
func TestRatingsSPCCareerGames(t *testing.T) {
	ps := readSPC(t)
	if len(ps) != 47 {
		t.Fatalf("%d players, want 47", len(ps))
	}
	d := spcDivision(t, ps, 32)
	career := make([]int, len(ps))
	few := 0
	for i, p := range ps {
		if len(p.Etc.Lifeg) != 1 || len(p.Etc.Newr) != 31 {
			t.Fatalf("%s: lifeg %v, newr %d entries", p.Name, p.Etc.Lifeg, len(p.Etc.Newr))
		}
		career[i] = p.Etc.Lifeg[0]
		if career[i] < standings.EstablishedGames {
			few++
		}
	}
	tests := []struct {
		sys       standings.RatingSystem
		career    []int
		wantEqual int // of 47 estimates equal to tsh's newr
	}{
		{standings.RatingsNSA2008, career, 47},
		{standings.RatingsNASPA, career, 47}, // the old name: nsa2008
		// every SPC player has 50 career games or more: naspa2024's added
		// games change no multiplier (TestRatingsCareerGames does)
		{standings.RatingsNASPA2024, career, 47},
	}
	for _, tc := range tests {
		rules, ok := tc.sys.Rules()
		if !ok {
			t.Fatalf("%s: no rules", tc.sys)
		}
		est := d.RatingEstimates(31, rules, tc.career)
		equal := 0
		for i, p := range ps {
			if est[i].After == p.Etc.Newr[30] {
				equal++
			} else if tc.wantEqual == len(ps) {
				t.Errorf("%s: %s (rating %d, %d career games) estimated %d, tsh's newr %d",
					tc.sys, p.Name, p.Rating, career[i], est[i].After, p.Etc.Newr[30])
			}
		}
		if equal != tc.wantEqual {
			t.Errorf("%s: %d of %d equal tsh's newr, want %d", tc.sys, equal, len(ps), tc.wantEqual)
		}
	}
	if few != 0 {
		t.Errorf("%d players under %d career games: the naspa2024 case expects none", few, standings.EstablishedGames)
	}
}
