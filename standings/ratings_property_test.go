package standings

import (
	"math"
	"testing"
)

// randomEvent pairs n players at random for some rounds (an odd one out
// sits: a bye is not rated) with random results, a tie now and then.
// Ratings are lo..hi, every player rated.
func randomEvent(rng *splitMix64, n, rounds, lo, hi int) []RatedEntrant {
	ratings := make([]int, n)
	for i := range ratings {
		ratings[i] = lo + int(rng.next()%uint64(hi-lo+1))
	}
	var games [][4]float64
	for round := 1; round <= rounds; round++ {
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		for i := n - 1; i > 0; i-- {
			j := int(rng.next() % uint64(i+1))
			order[i], order[j] = order[j], order[i]
		}
		for k := 0; k+1 < n; k += 2 {
			score := float64(rng.next() % 2)
			if rng.next()%10 == 0 {
				score = 0.5
			}
			games = append(games, [4]float64{float64(round), float64(order[k]), float64(order[k+1]), score})
		}
	}
	return roundRobin(ratings, games...)
}

// The sum of the changes is what the formulas allow.
//
//   - Pure Elo (no bonus, no bands: one multiplier for everyone) is
//     zero-sum: each game's expectations add to one, as its results do, so
//     the excesses cancel; only rounding to whole points remains, at most
//     half a point a player.
//   - NASPA and WESPA add bonuses: a player's acceleration, and a
//     twentieth of it to each rated opponent for each game against them.
//     With everyone in one band (rated 1000..1500, at most 8 rounds: a
//     change of at most 20 × 8 stays under 1800), the sum of the changes
//     is the sum of the bonuses, within the rounding. Bonuses are never
//     negative, so the sum is never below minus half a point a player.
func TestRatingsSumOfChanges(t *testing.T) {
	naspa, _ := RatingsNASPA.Rules()
	wespa, _ := RatingsWESPA.Rules()
	elo := RatingRules{Expect: ExpectNASPA}
	for seed := uint64(1); seed <= 200; seed++ {
		rng := &splitMix64{state: seed * 104729}
		n, rounds := 2+int(rng.next()%20), 1+int(rng.next()%8)
		es := randomEvent(rng, n, rounds, 1000, 1500)
		half := float64(n) / 2
		for _, tc := range []struct {
			name  string
			rules RatingRules
		}{{"elo", elo}, {"naspa", naspa}, {"wespa", wespa}} {
			est := tc.rules.Estimate(es, rounds)
			sum, bonus, wantFeedback := 0.0, 0.0, 0.0
			for i, e := range est {
				sum += float64(e.Change())
				bonus += e.Acceleration + e.Feedback
				wantFeedback += e.Acceleration * tc.rules.Feedback * float64(len(es[i].Games))
				if e.Acceleration < 0 || e.Feedback < 0 {
					t.Fatalf("seed %d %s: a negative bonus %+v", seed, tc.name, e)
				}
			}
			fed := bonus
			for _, e := range est {
				fed -= e.Acceleration
			}
			if math.Abs(sum-bonus) > half || sum < -half || math.Abs(fed-wantFeedback) > 1e-6 {
				t.Fatalf("seed %d %s (%d players, %d rounds): changes add to %v, bonuses %v (feedback %v, want %v)",
					seed, tc.name, n, rounds, sum, bonus, fed, wantFeedback)
			}
			if tc.name == "elo" && bonus != 0 {
				t.Fatalf("seed %d: pure Elo gave bonuses", seed)
			}
		}
	}
}

// A player who wins every game, each against a higher-rated player,
// gains rating (each game is more than half a win over expectation: at
// least 5 points, before any bonus), and performs above their rating; one
// who loses every game to lower-rated players loses (at least 5 points a
// game, against at most 1.25 of feedback a game from the winners'
// bonuses). Under every system, in any band. (Their opponents need not
// move the other way: a loser's feedback from the winner's bonus can
// outweigh a small loss.)
func TestRatingsBeatingStrongerGains(t *testing.T) {
	for _, sys := range []RatingSystem{RatingsNASPA, RatingsWESPA} {
		rules, _ := sys.Rules()
		for seed := uint64(1); seed <= 200; seed++ {
			rng := &splitMix64{state: seed * 7919}
			n := 2 + int(rng.next()%12)
			me := 400 + int(rng.next()%2000)
			ratings := []int{me}
			var games [][4]float64
			for o := 1; o < n; o++ {
				ratings = append(ratings, me+1+int(rng.next()%600))
				games = append(games, [4]float64{float64(o), 0, float64(o), 1})
			}
			est := rules.Estimate(roundRobin(ratings, games...), n-1)
			if est[0].Change() <= 0 || est[0].Performance <= me {
				t.Fatalf("%s seed %d: %d beat %v and got %+v", sys, seed, me, ratings[1:], est[0])
			}
			// The mirror image: losing to every weaker player.
			for k := range games {
				games[k][3] = 0
			}
			for o := 1; o < n; o++ {
				ratings[o] = me - 1 - int(rng.next()%300)
			}
			if est := rules.Estimate(roundRobin(ratings, games...), n-1); est[0].Change() >= 0 {
				t.Fatalf("%s seed %d: %d lost to %v and got %+v", sys, seed, me, ratings[1:], est[0])
			}
		}
	}
}
