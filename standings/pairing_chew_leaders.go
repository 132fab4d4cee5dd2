package standings

import "fmt"

// leaders pairs a flight's leaders (best first) as tsh's PairLeaders
// prefers, here as a minimum-cost perfect matching with costs in strict
// tiers, highest first:
//
//  1. team-mates meeting (with Config.Exagony);
//  2. a lower-ranked player who cannot catch the higher-ranked one;
//  3. more repeats than the flight needs (rep);
//  4. repeats (squared);
//  5. last round's opponent;
//  6. rank distance: the wider the better, so the top player meets the
//     lowest-ranked player who can still catch them, the next the next
//     lowest, and so on.
//
// what names the flight in the reasons ("contenders for 1st-3rd", "faint
// hope for 10th").
func (ch *chewRound) leaders(players []int, rep int, what string, bottom bool) []draft {
	c := ch.c
	m := len(players)
	if m > 512 { // only exagony grows a flight so far; keep the costs in int64
		return ch.swiss(players, "Swiss: "+what)
	}
	met := c.metMatrix(players)
	last := make([]int, m)
	for i, id := range players {
		if c.round > 1 {
			last[i] = c.d.slotAt(id, c.round-1).opp
		}
	}
	const maxDist = 30
	units, bound := tierUnits(int64(m/2+1), maxDist*maxDist, 1, maxRepeatsCosted*maxRepeatsCosted, 1, 1, 1)
	cost := func(i, j int) int64 {
		a, b := players[i], players[j]
		d := int64(min(j-i, maxDist))
		n := int64(min(int(met[i*m+j]), maxRepeatsCosted))
		cost := (maxDist*maxDist-d*d)*units[0] + n*n*units[2]
		if last[i] == b {
			cost += units[1]
		}
		if int(met[i*m+j]) > rep {
			cost += units[3]
		}
		if !ch.canCatch(a, b) {
			cost += units[4]
		}
		if c.sameTeam(a, b) {
			cost += units[5]
		}
		return cost
	}
	mate := minCostPerfectMatching(m, bound, cost, allPairs(m))
	meet := what
	if !bottom {
		meet += " meet each other"
	}
	var drafts []draft
	for i, j := range mate {
		if i < j {
			hi, lo := players[i], players[j]
			drafts = append(drafts, draft{a: hi, b: lo, why: func(first, second int) string {
				return ch.leaderReason(players, hi, lo, first, second, meet)
			}})
		}
	}
	return drafts
}

// leaderReason explains a game between leaders hi and lo (hi ranked
// higher), naming them in seat order (first, second).
func (ch *chewRound) leaderReason(players []int, hi, lo, first, second int, meet string) string {
	c := ch.c
	why := fmt.Sprintf("Chew: %s vs %s, %s", c.place(first), c.place(second), meet)
	if ch.canCatch(hi, lo) {
		lowest := true
		for _, id := range players {
			if c.rank[id] > c.rank[lo] && ch.canCatch(hi, id) {
				lowest = false
			}
		}
		if lowest {
			why += fmt.Sprintf(": %s is the lowest-ranked in the flight who can still catch %s", c.place(lo), c.place(hi))
		}
	} else {
		why += fmt.Sprintf(": %s cannot catch %s, but no pairing of the flight gives every leader an opponent who can", c.place(lo), c.place(hi))
	}
	if c.met[pairKey(hi, lo)] > 0 {
		why += fmt.Sprintf("; rematch of round %d", c.lastMet(hi, lo))
	}
	if c.sameTeam(hi, lo) {
		why += "; team-mates: no other pairing of the flight keeps every team apart"
	}
	return why
}

// tierUnits returns the unit cost of each tier, lowest first, given the
// largest cost per pair of each (before its unit), so that one unit of a
// tier outweighs everything the tiers below can add up to over a matching
// of at most pairs pairs; and the largest cost of a pair.
func tierUnits(pairs int64, maxes ...int64) (units []int64, bound int64) {
	units = make([]int64, len(maxes))
	for k, mx := range maxes {
		units[k] = pairs*bound + 1
		bound += mx * units[k]
	}
	return units, bound
}
