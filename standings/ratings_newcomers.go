package standings

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
	if reaches(0) {
		return 0
	}
	lo, hi := 0, ratingCeiling // expectation below the wins at lo, reaching them at hi
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
