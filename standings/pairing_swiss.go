package standings

import (
	"fmt"
)

// PairSwiss pairs a round by record: players with the same number of
// wins meet (the top half of a score group against the bottom half, as
// tsh does: 1st of 8 plays 5th), and repeats are avoided as long as any
// pairing without them exists. It is a minimum-cost perfect matching over
// the whole field, with costs in strict tiers:
//
//  1. repeats (squared, worse still against last round's opponent);
//  2. starts: how far beyond one start off balance the game leaves its
//     players (two players both due to start, or both due to reply);
//  3. difference in wins (squared: float to the next group, not further);
//  4. distance from the ideal opponent in the score group.
//
// Each tier outweighs everything the tiers below can add up to, so no
// amount of score-group convenience buys a repeat, and a player floats to
// the next score group rather than go two starts off balance (as a chess
// Swiss floats a player rather than give them a colour three times).
// Config.Starts = StartsScoreGroups swaps tiers 2 and 3, as tsh ranks
// them. The bye and a
// clinched leader (when Gibsonization is on) are set aside first.
//
// Round 1, with no records yet, is seeded by rating (seedByRating): the
// field is one score group in rating order, so the top half by rating
// plays the bottom half (1st of 8 plays 5th), as tsh pairs it.
func PairSwiss(d *Division, round, basedOn int) ([]Pairing, error) {
	c, err := newRoundContext(d, round, basedOn)
	if err != nil {
		return nil, err
	}
	if len(c.eligible) == 0 {
		return nil, errorf(CodeNoPlayers, "nobody is left to pair in round %d", round)
	}
	c.seedByRating()
	drafts, rest := c.setAside(c.eligible, d.cfg.Gibson.Enabled)
	drafts = append(drafts, c.swissMatch(rest)...)
	return c.finish(drafts), nil
}

// setAside takes out of the players (best first) the Gibsons' pairings
// (gibson_pairing.go), when gibson, and then the bye, when the number
// left is odd.
func (c *roundContext) setAside(players []int, gibson bool) (drafts []draft, rest []int) {
	rest = players
	if gibson {
		drafts, rest = c.pairGibsons(players)
	}
	if len(rest)%2 == 1 {
		id, why := c.chooseBye(rest)
		drafts = append(drafts, draft{a: id, reason: why})
		rest = without(rest, id)
	}
	return drafts, rest
}

// swissPlayer is what the Swiss costs look at.
type swissPlayer struct {
	id                   int
	winsHalf, lossesHalf int
	group, size, place   int // score group, its size, place in it (0 = top)
	balance              int // firsts minus seconds
	lastOpp              int
}

// Tier caps keep the costs inside int64 for MaxPlayers players.
const (
	maxRepeatsCosted = 6  // meetings beyond this cost no more
	maxWinsGapCosted = 40 // half-wins
	maxExcessCosted  = 2  // starts beyond one off balance
)

// swissField is the players to match (best first) and what their costs
// need, indexed by place in that order.
type swissField struct {
	ps          []swissPlayer
	met         []uint8 // met[i*m+j]: times i and j have been paired
	tiers       swissTiers
	startsFirst bool // starts outrank score groups (StartsWithinOne)
	teamMates   func(a, b int) bool
}

func (c *roundContext) swissField(players []int) swissField {
	m := len(players)
	startsFirst := c.d.cfg.Starts != StartsScoreGroups
	f := swissField{ps: make([]swissPlayer, m), met: c.metMatrix(players), tiers: newSwissTiers(m, startsFirst), startsFirst: startsFirst}
	if c.d.cfg.Exagony {
		f.teamMates = c.sameTeam
	}
	groupOf := map[int]int{} // winsHalf -> group number
	var sizes []int
	for i, id := range players {
		row := c.rows[c.pos[id]]
		g, ok := groupOf[row.winsHalf]
		if !ok {
			g = len(sizes)
			groupOf[row.winsHalf] = g
			sizes = append(sizes, 0)
		}
		f.ps[i] = swissPlayer{id: id, winsHalf: row.winsHalf, lossesHalf: row.lossesHalf, group: g, place: sizes[g],
			balance: c.d.startBalance(id, c.round)}
		sizes[g]++
		if c.round > 1 {
			if s := c.d.slotAt(id, c.round-1); s.state != slotEmpty {
				f.ps[i].lastOpp = s.opp
			}
		}
	}
	for i := range f.ps {
		f.ps[i].size = sizes[f.ps[i].group]
	}
	return f
}

// metMatrix counts earlier meetings between the given players, by their
// places in the slice.
func (c *roundContext) metMatrix(players []int) []uint8 {
	m := len(players)
	place := make(map[int]int, m)
	for i, id := range players {
		place[id] = i
	}
	met := make([]uint8, m*m)
	for k, n := range c.met {
		i, ok1 := place[k[0]]
		j, ok2 := place[k[1]]
		if ok1 && ok2 {
			n = min(n, 255)
			met[i*m+j], met[j*m+i] = uint8(n), uint8(n)
		}
	}
	return met
}

// swissTiers are the unit costs of the tiers. hi and lo are the starts and
// score-group tiers, in the order the division's StartsRule gives them.
type swissTiers struct{ lo, hi, repeat, bound int64 }

// Largest cost per pair of each tier before its unit is applied.
const (
	maxRepeatCost = maxRepeatsCosted*maxRepeatsCosted + 1
	maxGroupCost  = maxWinsGapCosted * maxWinsGapCosted
	maxStartsCost = 2 * maxExcessCosted * maxExcessCosted
)

func newSwissTiers(m int, startsFirst bool) swissTiers {
	pairs := int64(m/2 + 1)
	loMax, hiMax := int64(maxStartsCost), int64(maxGroupCost)
	if startsFirst {
		loMax, hiMax = hiMax, loMax
	}
	lo := pairs*int64(m) + 1            // more than every fold cost together
	hi := pairs*(loMax*lo+int64(m)) + 1 // more than every cost of the tiers below together
	repeat := pairs*(hiMax*hi+loMax*lo+int64(m)) + 1
	// A team-mate pairing under exagony adds as much again as the most
	// a repeat can cost (exagony.go).
	return swissTiers{lo: lo, hi: hi, repeat: repeat, bound: 2*maxRepeatCost*repeat + hiMax*hi + loMax*lo + int64(m)}
}

// startsExcess is how far beyond one start off balance a game between
// players with balances x and y (firsts minus seconds) leaves them,
// squared per player. The one further behind starts (decideFirst), so
// x <= y become x+1 and y-1: two players both due to start, or both due
// to reply, leave one of them two off.
func startsExcess(x, y int) int64 {
	if x > y {
		x, y = y, x
	}
	return excessCost(x+1) + excessCost(y-1)
}

func excessCost(balance int) int64 {
	k := min(max(abs(balance)-1, 0), maxExcessCosted)
	return int64(k * k)
}

// cost of pairing the players at places i < j.
func (f *swissField) cost(i, j int) int64 {
	a, b, t := &f.ps[i], &f.ps[j], f.tiers
	var cost int64
	if m := min(int(f.met[i*len(f.ps)+j]), maxRepeatsCosted); m > 0 {
		cost += int64(m*m) * t.repeat
		if a.lastOpp == b.id {
			cost += t.repeat
		}
	}
	if f.teamMates != nil && f.teamMates(a.id, b.id) {
		cost += maxRepeatCost * t.repeat
	}
	gap := int64(min(abs(a.winsHalf-b.winsHalf), maxWinsGapCosted))
	group, starts := gap*gap, startsExcess(a.balance, b.balance)
	if f.startsFirst {
		cost += starts*t.hi + group*t.lo
	} else {
		cost += group*t.hi + starts*t.lo
	}
	if a.group == b.group {
		cost += int64(abs(b.place - a.place - a.size/2))
	} else {
		// Across groups the floater should come from the bottom of the
		// upper group and meet the top of the lower one.
		cost += int64(abs(a.size - 1 - a.place + b.place))
	}
	return cost
}

// candidates are the pairs worth solving on first: near neighbours in
// the standings, players around the ideal opponent half a score group
// down, and the top of the next group (for floats). Any other pair that
// could improve the result is found and added by the optimality check.
func (f *swissField) candidates(i int, add func(j int)) {
	const near = 16
	m := len(f.ps)
	if m <= 64 {
		allPairs(m)(i, add)
		return
	}
	for j := i + 1; j <= i+near && j < m; j++ {
		add(j)
	}
	p := f.ps[i]
	ideal := i + p.size/2
	for j := ideal - near/2; j <= ideal+near/2; j++ {
		if j > i && j < m {
			add(j)
		}
	}
	next := i + p.size - p.place // first of the next group
	for j := next; j < next+near && j < m; j++ {
		add(j)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// swissMatch pairs an even number of players (best first) at the least
// cost. The matching is solved on pairs a window of places apart, where
// good pairings are, and proved optimal over all pairs (see
// minCostPerfectMatching).
func (c *roundContext) swissMatch(players []int) []draft {
	m := len(players)
	if m == 0 {
		return nil
	}
	f := c.swissField(players)
	mate := minCostPerfectMatching(m, f.tiers.bound, f.cost, f.candidates)
	var drafts []draft
	for i, j := range mate {
		if i < j {
			pi, pj := f.ps[i], f.ps[j]
			drafts = append(drafts, draft{a: pi.id, b: pj.id, why: func(first, _ int) string {
				if first == pj.id {
					return c.swissReason(pj, pi)
				}
				return c.swissReason(pi, pj)
			}})
		}
	}
	return drafts
}

// swissReason explains a Swiss game, its players in seat order: "Swiss:
// 2nd (1-1) vs 1st (2-0)".
func (c *roundContext) swissReason(a, b swissPlayer) string {
	if c.seeded {
		return c.seedReason("Swiss", a.id, b.id, ", top half against bottom half") + c.exagonyNote(a.id, b.id)
	}
	why := fmt.Sprintf("Swiss: %s (%s) vs %s (%s)", c.place(a.id), FormatRecord(a.winsHalf, a.lossesHalf),
		c.place(b.id), FormatRecord(b.winsHalf, b.lossesHalf))
	if a.group != b.group {
		why += ", across score groups"
		if a.balance*b.balance < 0 {
			due := func(p swissPlayer) string {
				if p.balance < 0 {
					return "start"
				}
				return "reply"
			}
			why += fmt.Sprintf("; %s is due to %s and %s to %s", c.place(a.id), due(a), c.place(b.id), due(b))
		}
	}
	if m := c.met[pairKey(a.id, b.id)]; m > 0 {
		why += fmt.Sprintf("; rematch of round %d: no pairing of the field avoids every repeat", c.lastMet(a.id, b.id))
	}
	return why + c.exagonyNote(a.id, b.id)
}

// lastMet is the latest round before this one in which a and b were paired.
func (c *roundContext) lastMet(a, b int) int {
	for r := c.round - 1; r >= 1; r-- {
		if s := c.d.slotAt(a, r); s.state != slotEmpty && s.opp == b {
			return r
		}
	}
	return 0
}
