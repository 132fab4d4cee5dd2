package standings

import "math"

// Newcomers and performance ratings (DECISIONS.md, "Ratings"): a
// newcomer's first rating is the rating they would have needed for their
// results to leave it unchanged, found by search and, when newcomers met
// each other, iterated until it settles.

const (
	newcomerStart   = 1500 // a newcomer's first guess when no opponent is rated
	newcomerFloor   = 500  // no first rating is lower
	newcomerCapStep = 400  // above the strongest rated opponent: 400 × the share of games won
	newcomerRounds  = 50   // iterations before averaging
	ratingCeiling   = 3000 // the searches look in 0..3000
)

// rateNewcomers gives every newcomer of a segment (rated 0 at its start,
// with games in it) their first rating, the others their rating at the
// start (cur); a newcomer with no games keeps 0. The newcomers start at
// the mean of their rated opponents' ratings (1500 when none is rated);
// each round of the iteration takes every newcomer to the rating at which
// their wins were expected against the opponents' current ratings (at
// least 500, and at most their strongest rated opponent's, or failing
// one their strongest newcomer opponent's current, plus 400 × their share
// of wins). It stops when no rating moves; after 50 rounds still moving,
// a newcomer gets the mean of 50 rounds more.
func (rr RatingRules) rateNewcomers(games [][]RatedGame, wins, cur []float64) []float64 {
	n := len(games)
	iter := make([]float64, n)
	var newcomers []int
	for i := range n {
		iter[i] = cur[i]
		if cur[i] > 0 || len(games[i]) == 0 {
			continue
		}
		newcomers = append(newcomers, i)
		sum, rated := 0.0, 0
		for _, g := range games[i] {
			if cur[g.Opponent] > 0 {
				sum += cur[g.Opponent]
				rated++
			}
		}
		iter[i] = newcomerStart
		if rated > 0 {
			iter[i] = sum / float64(rated)
		}
	}
	if len(newcomers) == 0 {
		return iter
	}
	step := func() (moved bool) {
		next := make([]float64, len(newcomers))
		for k, i := range newcomers {
			next[k] = rr.newcomerRating(games[i], wins[i], cur, iter)
		}
		for k, i := range newcomers {
			moved = moved || next[k] != iter[i]
			iter[i] = next[k]
		}
		return moved
	}
	for range newcomerRounds {
		if !step() {
			return iter
		}
	}
	sums := make([]float64, n)
	for range newcomerRounds {
		step()
		for _, i := range newcomers {
			sums[i] += iter[i]
		}
	}
	for _, i := range newcomers {
		iter[i] = sums[i] / newcomerRounds
	}
	return iter
}

// newcomerRating is one newcomer's next rating in the iteration, against
// rated opponents' ratings (cur) and newcomers' current ones (iter).
func (rr RatingRules) newcomerRating(games []RatedGame, wins float64, cur, iter []float64) float64 {
	opps := make([]float64, len(games))
	strongestRated, strongestNew := 0.0, 0.0
	for k, g := range games {
		opps[k] = iter[g.Opponent]
		if cur[g.Opponent] > 0 {
			strongestRated = max(strongestRated, cur[g.Opponent])
		} else {
			strongestNew = max(strongestNew, iter[g.Opponent])
		}
	}
	r := float64(max(rr.performance(opps, wins), newcomerFloor))
	strongest := strongestRated
	if strongest == 0 {
		strongest = strongestNew
	}
	if strongest > 0 {
		r = min(r, strongest+newcomerCapStep*wins/float64(len(games)))
	}
	return r
}

// performance is the whole rating, 0 to 3000, at which a player was
// expected to win what they won against these opponents' ratings: the
// least at which the expectation reaches the wins. All wins count as 95%
// of the games and no wins as 5%, or the rating would be unbounded. 0 for
// no games.
//
// The expectation only grows with the rating, so the answer is where it
// crosses the wins: found from a close guess (guessPerformance) by
// stepping out until the crossing is bracketed, then halving the
// bracket; every step compares the expectation itself, so the guess
// decides only how many steps it takes.
func (rr RatingRules) performance(opps []float64, wins float64) int {
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
	// Bracket the crossing: the expectation is below the wins at lo
	// (-1: nowhere) and reaches them at hi (the ceiling + 1: nowhere).
	var lo, hi int
	if g := rr.guessPerformance(opps, wins); reaches(g) {
		lo, hi = g-1, g
		for step := 1; ; step *= 2 {
			if lo < 0 {
				return 0 // reached at 0
			}
			if !reaches(lo) {
				break
			}
			hi, lo = lo, max(lo-step, 0)
			if hi == 0 {
				lo = -1
			}
		}
	} else {
		lo, hi = g, g+1
		for step := 1; ; step *= 2 {
			if hi > ratingCeiling {
				return ratingCeiling // not reached at the ceiling
			}
			if reaches(hi) {
				break
			}
			lo, hi = hi, min(hi+step, ratingCeiling)
			if lo == ratingCeiling {
				hi = ratingCeiling + 1
			}
		}
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

// guessPerformance is a close guess at the performance, 0 to 3000: one
// Newton step from the rating whose expectation against the opponents'
// mean is the share of wins, taking Expect as a logistic curve (as
// NASPA's and WESPA's are; another curve only makes the guess worse).
func (rr RatingRules) guessPerformance(opps []float64, wins float64) int {
	games, mean := float64(len(opps)), 0.0
	for _, o := range opps {
		mean += o / games
	}
	// The curve's steepness: Expect(d, 0) = 1/(1+e^(-k·d)).
	const d = 100.0
	e := rr.Expect(d, 0)
	k := math.Log(e/(1-e)) / d
	p := wins / games
	r := mean + math.Log(p/(1-p))/k
	sum, slope := 0.0, 0.0
	for _, o := range opps {
		x := rr.Expect(r, o)
		sum += x
		slope += k * x * (1 - x)
	}
	if slope > 0 {
		r += (wins - sum) / slope
	}
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return ratingCeiling / 2
	}
	return int(min(max(math.Ceil(r), 0), ratingCeiling))
}
