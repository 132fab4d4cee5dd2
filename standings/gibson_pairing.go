package standings

import (
	"fmt"
	"slices"
	"strings"
)

// Gibsonization as tsh does it (TSH::PairingCommand's CountGibsons,
// PairAllGibsons, PairEvenGibsons and PairOneGibson): the players at the
// top whose places are settled within the paid places are Gibsons: the
// player below each cannot rise past them, even winning every game left
// by the Gibson spread while everyone above loses by it. Several Gibsons
// play King of the Hill among themselves (fewest repeats first, then not
// last round's opponent, then the nearest in rank); an odd one left over
// takes the bye when the round needs one, else meets the highest-ranked
// player out of contention (who cannot reach a paid place) among those
// who have met them least, or, when everyone can still reach one, the
// lowest-ranked among those.

// gibsonSpread is the most one game is assumed to move with left rounds
// to go: the list by rounds left when set (tsh's gibson_spread), else
// SpreadPerRound; capped by the round's spread cap.
func (d *Division) gibsonSpread(left, round int) int {
	s := d.cfg.Gibson.SpreadPerRound
	if len(d.cfg.Gibson.SpreadByRoundsLeft) > 0 {
		s = byRoundsLeft(d.cfg.Gibson.SpreadByRoundsLeft, left)
	}
	if c := d.cfg.spreadCap(round); c > 0 {
		s = min(s, c)
	}
	return s
}

// lastPaidPlace is the last place a prize pays: the last prize band's,
// else PrizePlaces (at least 1).
func (c Config) lastPaidPlace() int {
	if n := len(c.Gibson.PrizeBands); n > 0 {
		return c.Gibson.PrizeBands[n-1]
	}
	return max(1, c.Gibson.PrizePlaces)
}

// gibsonView is what the Gibson rules read of a round.
type gibsonView struct {
	left, spread, lastPaid int
	rows                   []Row // players still in, best first
	row                    map[int]Row
}

func (c *roundContext) gibsonView() gibsonView {
	v := gibsonView{lastPaid: c.d.cfg.lastPaidPlace(), row: map[int]Row{}}
	if c.paidTo > 0 {
		v.lastPaid = c.paidTo
	}
	v.left = max(0, c.d.cfg.Rounds-c.basedOn)
	v.spread = c.d.gibsonSpread(v.left, c.basedOn+1)
	for _, r := range c.rows {
		if !r.Withdrawn {
			v.rows = append(v.rows, r)
			v.row[r.Player] = r
		}
	}
	return v
}

// bestPlace is the best final place a player can still reach.
func (c *roundContext) bestPlace(v gibsonView, id int) int {
	return c.d.bestRank(v.row[id], v.rows, v.left, v.spread)
}

// gibsons are the players at the top of players (best first) whose
// places are settled: while the next player cannot rise to the place
// above their own, everyone above is a Gibson; never past the last paid
// place, and the last Gibson needs someone to play.
func (c *roundContext) gibsons(players []int, v gibsonView) []int {
	if c.d.cfg.Rounds == 0 || v.left == 0 || len(players) < 2 {
		return nil
	}
	top := c.rank[players[0]] - 1 // places above the players to pair
	k := 0
	for k < len(players)-1 && top+k < v.lastPaid && c.bestPlace(v, players[k+1]) == top+k+2 {
		k++
	}
	return players[:k]
}

// pairGibsons takes the Gibsons out of players (best first) and pairs
// them; rest are the others, still to pair.
func (c *roundContext) pairGibsons(players []int) (drafts []draft, rest []int) {
	v := c.gibsonView()
	g := c.gibsons(players, v)
	if len(g) == 0 {
		return nil, players
	}
	rest = without(players, g...)
	even, odd := g, 0
	if len(g)%2 == 1 {
		even, odd = g[:len(g)-1], g[len(g)-1]
	}
	drafts = c.gibsonKOTH(even)
	switch {
	case odd == 0:
	case len(rest)%2 == 0: // the Gibson and the rest are odd: a bye is needed
		drafts = append(drafts, draft{a: odd, reason: fmt.Sprintf("bye: Gibsonized: %s has clinched their place", c.place(odd))})
	default:
		opp, why := c.gibsonVictim(odd, rest, v)
		drafts = append(drafts, draft{a: odd, b: opp, reason: why})
		rest = without(rest, opp)
	}
	return drafts, rest
}

// gibsonKOTH pairs an even number of Gibsons among themselves: fewest
// repeats, then not last round's opponent, then the nearest in rank.
func (c *roundContext) gibsonKOTH(g []int) []draft {
	m := len(g)
	if m == 0 {
		return nil
	}
	near := int64(m * m)
	last := near*int64(m/2) + 1
	repeat := (last + near) * int64(m/2+1)
	bound := repeat*maxRepeatsCosted + last + near
	mate := minCostPerfectMatching(m, bound, func(i, j int) int64 {
		a, b := g[i], g[j]
		cost := int64(min(c.met[pairKey(a, b)], maxRepeatsCosted))*repeat + int64((j-i)*(j-i))
		if c.lastMet(a, b) == c.round-1 && c.round > 1 {
			cost += last
		}
		return cost
	}, allPairs(m))
	names := make([]string, m)
	for i, id := range g {
		names[i] = c.place(id)
	}
	who := strings.Join(names[:m-1], ", ") + " and " + names[m-1]
	var drafts []draft
	for i, j := range mate {
		if i < j {
			why := fmt.Sprintf("Gibsonized: %s have clinched their places and play each other (King of the Hill among them)", who)
			if n := c.met[pairKey(g[i], g[j])]; n > 0 {
				why += fmt.Sprintf("; rematch (meeting %d)", n+1)
			}
			drafts = append(drafts, draft{a: g[i], b: g[j], reason: why})
		}
	}
	return drafts
}

// gibsonVictim is the odd Gibson's opponent: among the players out of
// contention (who cannot reach a paid place), the highest-ranked of
// those who have met the Gibson least; when everyone can still reach
// one, the lowest-ranked of those; never a team-mate under exagony while
// anyone else is left.
func (c *roundContext) gibsonVictim(gibson int, rest []int, v gibsonView) (int, string) {
	var hopeless, others []int
	for _, id := range rest {
		if c.sameTeam(gibson, id) {
			continue
		}
		if c.bestPlace(v, id) > v.lastPaid {
			hopeless = append(hopeless, id)
		} else {
			others = append(others, id)
		}
	}
	least := func(ids []int) []int {
		if len(ids) == 0 {
			return nil
		}
		fewest := c.met[pairKey(gibson, ids[0])]
		for _, id := range ids {
			fewest = min(fewest, c.met[pairKey(gibson, id)])
		}
		return slices.DeleteFunc(slices.Clone(ids), func(id int) bool { return c.met[pairKey(gibson, id)] != fewest })
	}
	opp, why := 0, ""
	switch h, o := least(hopeless), least(others); {
	case len(h) > 0:
		opp = h[0]
		why = fmt.Sprintf("Gibsonized: %s has clinched their place and plays the highest-ranked player out of contention", c.place(gibson))
	case len(o) > 0:
		opp = o[len(o)-1]
		why = fmt.Sprintf("Gibsonized: %s has clinched their place and plays the lowest-ranked player (everyone can still reach a paid place)", c.place(gibson))
	default:
		opp = rest[len(rest)-1]
		why = fmt.Sprintf("Gibsonized: %s has clinched their place; only a team-mate is left to play", c.place(gibson))
	}
	if n := c.met[pairKey(gibson, opp)]; n > 0 {
		why += fmt.Sprintf("; rematch (meeting %d): everyone left has played them", n+1)
	}
	return opp, why
}
