package standings

import "math"

// controlLoss looks for the challenger who would lose control of their
// fate unless they meet the leader now: a player who, winning every
// game, takes first place in clearly more runs (the control-loss
// threshold) when they meet the leader each round than when they play
// as the simulation pairs them. Only from the activation round on, while
// the leader is not a Gibson, with two or more rounds left. The search
// runs down to the lowest player hopeful of first: a binary search for
// the highest such challenger (with more than four rounds left a
// challenger must also take first in every run against the leader);
// with two rounds left, when none is found, the player just below those
// who win the event either way is the challenger if meeting the leader
// helps them at all.
func (p *copPosition) controlLoss(completeRounds int) {
	p.challenger = -1
	if completeRounds < p.set.ControlLossActivationRound-1 || p.gibsonized[0] || p.roundsLeft <= 1 || p.maxFactor <= 0 {
		return
	}
	size := len(p.field.start)
	rounds, _ := copSimRounds(p.segs, size, p.roundsLeft, p.maxFactor, true, &p.seed)
	runs := p.set.AlwaysWinsSimulations
	need := p.threshold * float64(runs)
	vsFirst, asPaired := map[int]int{}, map[int]int{}
	eval := func(i int) (int, int) {
		if _, ok := vsFirst[i]; !ok {
			vsFirst[i] = p.field.firstPlaces(runs, p.seed.next(), rounds, i, true)
			asPaired[i] = p.field.firstPlaces(runs, p.seed.next(), rounds, i, false)
		}
		return vsFirst[i], asPaired[i]
	}
	lo, hi := 1, p.lowestHope[0]
	for lo <= hi {
		mid := (lo + hi) / 2
		f, q := eval(mid)
		switch {
		case p.roundsLeft > 4 && f < runs:
			hi = mid - 1
		case float64(f-q) >= need:
			hi = mid - 1
			if p.challenger == -1 || mid < p.challenger {
				p.challenger = mid
			}
		default:
			lo = mid + 1
		}
	}
	if p.challenger != -1 || p.roundsLeft != 2 {
		return
	}
	sure := -1
	for i := 1; i <= p.lowestHope[0]; i++ {
		f, q := eval(i)
		if f == runs && q == runs {
			sure = i
		} else if sure != -1 {
			break
		}
	}
	if b := sure + 1; sure != -1 && b <= p.lowestHope[0] && vsFirst[b] > asPaired[b] {
		p.challenger = b
	}
}

// penultimate applies the second-to-last round's rule (1st v 4th, 2nd v
// 5th, 3rd v 6th) when 4th, 5th and 6th can each still reach 1st, 2nd
// and 3rd in hope of the runs so paired; but when 2nd or 3rd would lose
// control of their fate by not meeting 1st (the control-loss test on
// those pairings), 1st meets them instead. blocked: places that cannot
// take part (paired by hand, or Gibsons): the rule is then not applied.
func (p *copPosition) penultimate(blocked func(place int) bool) {
	if p.roundsLeft != 2 || p.n < 6 {
		return
	}
	for i := 0; i < 6; i++ {
		if blocked(i) {
			return
		}
	}
	rounds := copFactor3Rounds(len(p.field.start))
	counts := p.field.finalPlaces(p.set.Simulations, p.seed.next(), rounds)
	runs := p.set.AlwaysWinsSimulations
	for _, r := range []int{1, 2} {
		f := p.field.firstPlaces(runs, p.seed.next(), rounds, r, true)
		q := p.field.firstPlaces(runs, p.seed.next(), rounds, r, false)
		if float64(f-q) >= p.threshold*float64(runs) {
			p.factor3 = [][2]int{{0, r}}
			return
		}
	}
	need := int32(math.Round(float64(p.set.Simulations) * p.hope))
	n := p.n
	if counts[3*n] >= need && counts[4*n+1] >= need && counts[5*n+2] >= need {
		p.factor3 = [][2]int{{0, 3}, {1, 4}, {2, 5}}
	}
}
