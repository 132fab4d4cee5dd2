package api

import (
	"testing"

	"tourney/standings"
)

// TestRatingsSPCCareerGames rates the 2024 SPC division A (31 rounds,
// two segments) with each player's career games from tsh's feed
// (etc.lifeg) by the feed's rating system (nsa2008), and by tsh's other
// NASPA names: every player's estimate after round 31 is tsh's newr
// (its last entry) under nsa2008 (and the old name naspa). No SPC player
// has fewer than 50 career games, so naspa2024 agrees too.
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
	if few != 0 {
		t.Errorf("%d players under %d career games: the naspa2024 case expects none", few, standings.EstablishedGames)
	}
	for _, sys := range []standings.RatingSystem{standings.RatingsNSA2008, standings.RatingsNASPA, standings.RatingsNASPA2024} {
		rules, ok := sys.Rules()
		if !ok {
			t.Fatalf("%s: no rules", sys)
		}
		est := d.RatingEstimates(31, rules, career)
		equal := 0
		for i, p := range ps {
			if est[i].After == p.Etc.Newr[30] {
				equal++
			} else {
				t.Errorf("%s: %s (rating %d, %d career games) estimated %d, tsh's newr %d",
					sys, p.Name, p.Rating, career[i], est[i].After, p.Etc.Newr[30])
			}
		}
		if equal != len(ps) {
			t.Errorf("%s: %d of %d equal tsh's newr", sys, equal, len(ps))
		}
	}
}

// TestRatingsSPCEachRound: tsh's feed keeps the estimate it made after
// each round (etc.newr[r-1]), split into segments by the division's
// planned rounds at the time (tsh's MaxRound0, not the rounds played):
// the SPC's division was planned at 28 rounds until round 27 and at 31
// from round 28 (the estimates after rounds 15-27 are those of a 28-round
// event's segments 1-14 and 15-28; no other planned count from 15 to 40
// but 27, 28 and 40, which split alike, gives them). Every one of the
// 31 × 47 estimates equals tsh's.
func TestRatingsSPCEachRound(t *testing.T) {
	ps := readSPC(t)
	career := make([]int, len(ps))
	for i, p := range ps {
		career[i] = p.Etc.Lifeg[0]
	}
	rules, _ := standings.RatingsNSA2008.Rules()
	planned := map[int]*standings.Division{28: spcDivisionOf(t, ps, 32, 28), 31: spcDivisionOf(t, ps, 32, 31)}
	for r := 1; r <= 31; r++ {
		rounds := 28
		if r >= 28 {
			rounds = 31
		}
		est := planned[rounds].RatingEstimates(r, rules, career)
		for i, p := range ps {
			if est[i].After != p.Etc.Newr[r-1] {
				t.Errorf("after round %d of %d: %s estimated %d, tsh's newr %d", r, rounds, p.Name, est[i].After, p.Etc.Newr[r-1])
			}
		}
	}
	// Planned as played (31 throughout), the estimates after rounds 15-27
	// split differently and are not tsh's.
	if est := planned[31].RatingEstimates(20, rules, career); est[0].After == ps[0].Etc.Newr[19] && est[1].After == ps[1].Etc.Newr[19] &&
		est[2].After == ps[2].Etc.Newr[19] {
		t.Error("round 20 of a 31-round plan agrees with tsh's 28-round estimates: the test no longer tells the splits apart")
	}
}
