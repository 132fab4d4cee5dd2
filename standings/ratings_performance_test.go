package standings

import (
	"math/rand"
	"testing"
)

// performanceByHalving is performance as first written: the bracket 0 to
// 3000 halved, for TestPerformanceFromGuess to compare with.
func (rr RatingRules) performanceByHalving(opps []float64, wins float64) int {
	games := float64(len(opps))
	if games == 0 {
		return 0
	}
	switch {
	case wins <= 0:
		wins = games / 20
	case wins >= games:
		wins = games * 0.95
	}
	reaches := func(r int) bool {
		e := 0.0
		for _, o := range opps {
			e += rr.Expect(float64(r), o)
		}
		return e >= wins
	}
	if reaches(0) {
		return 0
	}
	lo, hi := 0, ratingCeiling
	if !reaches(hi) {
		return ratingCeiling
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if reaches(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// TestPerformanceFromGuess: the performance found from a guess is the
// one halving the whole range finds, for both systems, opponents from
// far below 0 to far above the ceiling, every share of wins.
func TestPerformanceFromGuess(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	for _, sys := range []RatingSystem{RatingsNASPA, RatingsWESPA} {
		rr, _ := sys.Rules()
		for _, spread := range []struct{ lo, hi float64 }{{500, 2200}, {1400, 1600}, {-2000, 200}, {2700, 6000}, {0, 3000}, {1, 1}} {
			for n := 1; n <= 40; n += 3 {
				for trial := 0; trial < 30; trial++ {
					opps := make([]float64, n)
					for i := range opps {
						opps[i] = spread.lo + rng.Float64()*(spread.hi-spread.lo)
					}
					wins := float64(rng.Intn(2*n+1)) / 2
					if got, want := rr.performance(opps, wins), rr.performanceByHalving(opps, wins); got != want {
						t.Fatalf("%s: performance(%v, %v) = %d, want %d", sys, opps, wins, got, want)
					}
				}
			}
		}
	}
}
