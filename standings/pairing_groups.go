package standings

import (
	"fmt"
	"slices"
)

// Pairing tables of three or four players, or team games (two teams of
// two at a table). The systems are the two-player ones read for tables:
//
//   - swiss: tables fill from the top of the standings; each table takes
//     its highest-ranked player left, then whoever left makes the fewest
//     repeat meetings with those already seated, nearest in rank first;
//   - koth: tables fill straight down the standings (1-4, 5-8, ...);
//   - rr: everyone meets as many different players as the numbers allow:
//     the fewest repeat meetings, rank ignored, players taken in seed
//     (line) order;
//   - random: a draw from the seed.
//
// Round 1 (no results yet) is seeded by rating, as the two-player systems
// are. Tables are as even as the numbers allow, the larger ones first (10
// players in fours: 4, 3, 3); a table is never of one, so a single player
// left over gets the bye, the lowest-ranked with the fewest byes. Within
// a table, seat 1 (who starts) is the player who has started fewest, and
// the rest sit in rank order. Team games pair teams the same way, a team
// ranked by its better-placed partner; an odd team out gets the bye (both
// partners).

// GroupRequest asks for a round of tables.
type GroupRequest struct {
	System  System
	Round   int
	BasedOn int
	// Size is the most players at a table: 3 or 4 (team games: 4).
	Size int
	// Teams pairs partners as teams, two teams a table: each entry is a
	// team's two players. Every active player must be in one team.
	Teams [][2]int
	Seed  uint64 // random
}

// CodeNoPartner: a team pairing with a player who has no partner.
const CodeNoPartner Code = "no-partner"

// PairGroups computes a round of tables without changing the division;
// record them with ApplyPairings.
func PairGroups(d *Division, req GroupRequest) ([]Pairing, error) {
	c, err := newRoundContext(d, req.Round, req.BasedOn)
	if err != nil {
		return nil, err
	}
	size := req.Size
	if req.Teams != nil {
		size = 2 // teams a table
	} else if size < 3 || size > MaxGroup {
		return nil, errorf(CodeBadGroup, "a table seats three or four players, not %d", size)
	}
	if len(c.eligible) == 0 {
		return nil, errorf(CodeNoPlayers, "nobody is left to pair in round %d", req.Round)
	}
	switch req.System {
	case SystemSwiss, SystemKOTH, SystemRoundRobin, SystemRandom:
	default:
		return nil, errorf(CodeUnknownSystem, "tables are paired by swiss, koth, rr or random (or by hand), not %q", req.System)
	}
	c.seedByRating() // round 1 only
	units, err := c.groupUnits(req)
	if err != nil {
		return nil, err
	}
	c.orderUnits(units, req)
	var out []Pairing
	if len(units) == 1 || req.Teams != nil && len(units)%2 == 1 {
		bye := c.unitBye(units)
		units = slices.DeleteFunc(units, func(u []int) bool { return slices.Equal(u, bye) })
		_, why := c.chooseBye(bye)
		for _, id := range bye {
			out = append(out, Pairing{Round: req.Round, Player: id, Reason: why})
		}
	}
	tables := tableSizes(len(units), size)
	why := map[System]string{
		SystemSwiss:      "swiss table: nearest in the standings with the fewest repeat meetings",
		SystemKOTH:       "king of the hill table: next in the standings",
		SystemRoundRobin: "round robin table: the fewest repeat meetings",
		SystemRandom:     fmt.Sprintf("random draw (seed %d)", req.Seed),
	}[req.System]
	used := d.tablesInUse(req.Round)
	next := 1
	var groups []Pairing
	for _, n := range tables {
		seated := [][]int{units[0]}
		units = units[1:]
		for len(seated) < n {
			k := c.bestUnit(seated, units, req.System)
			seated = append(seated, units[k])
			units = slices.Delete(units, k, k+1)
		}
		for used[next] {
			next++
		}
		used[next] = true
		p := Pairing{Round: req.Round, Table: next, Group: c.seatOrder(seated, req.Teams != nil), Teams: req.Teams != nil}
		p.Player, p.First = p.Group[0], p.Group[0]
		p.Reason = why
		if len(p.Group) == 2 { // the numbers left a table of two: a plain game
			p.Opponent, p.Group = p.Group[1], nil
			p.Reason += "; a table of two"
		}
		if r := c.repeatsAt(p.Players(), p.Teams); r > 0 {
			p.Reason += fmt.Sprintf("; %d repeat meeting(s) could not be avoided", r)
		}
		groups = append(groups, p)
	}
	return append(groups, out...), nil
}

// groupUnits are what sits at a table together: one player, or a team.
func (c *roundContext) groupUnits(req GroupRequest) ([][]int, error) {
	if req.Teams == nil {
		units := make([][]int, len(c.eligible))
		for i, id := range c.eligible {
			units[i] = []int{id}
		}
		return units, nil
	}
	partner := map[int]int{}
	for _, t := range req.Teams {
		for i, id := range t {
			if err := c.d.checkPlayer(id); err != nil {
				return nil, err
			}
			if _, dup := partner[id]; dup || t[0] == t[1] {
				return nil, errorf(CodeBadGroup, "%s is in two teams", c.d.players[id-1].Name)
			}
			partner[id] = t[1-i]
		}
	}
	eligible := map[int]bool{}
	for _, id := range c.eligible {
		eligible[id] = true
	}
	var units [][]int
	for _, id := range c.eligible {
		p, ok := partner[id]
		switch {
		case !ok:
			e := errorf(CodeNoPartner, "%s has no partner: every player of a team division plays in a team of two", c.d.players[id-1].Name)
			e.Player = id
			return nil, e
		case !eligible[p]:
			e := errorf(CodeNoPartner, "%s's partner %s cannot be paired this round (withdrawn or already paired)", c.d.players[id-1].Name, c.d.players[p-1].Name)
			e.Player = id
			return nil, e
		case c.pos[id] < c.pos[p] || c.pos[id] == c.pos[p] && id < p:
			units = append(units, []int{id, p})
		}
	}
	return units, nil
}

// orderUnits puts units in the order tables fill: standings (swiss,
// koth), line (rr) or the draw (random).
func (c *roundContext) orderUnits(units [][]int, req GroupRequest) {
	switch req.System {
	case SystemRoundRobin:
		slices.SortStableFunc(units, func(a, b []int) int { return slices.Min(a) - slices.Min(b) })
	case SystemRandom:
		rng := splitMix64{state: req.Seed ^ uint64(req.Round)*0x9e3779b97f4a7c15}
		for i := len(units) - 1; i > 0; i-- {
			j := int(rng.next() % uint64(i+1))
			units[i], units[j] = units[j], units[i]
		}
	default:
		slices.SortStableFunc(units, func(a, b []int) int { return c.pos[a[0]] - c.pos[b[0]] })
	}
}

// unitBye is the unit that sits out: the lowest-ranked with the fewest
// byes.
func (c *roundContext) unitBye(units [][]int) []int {
	best, fewest := -1, -1
	for i := len(units) - 1; i >= 0; i-- {
		if b := c.d.byes(units[i][0], c.round); fewest < 0 || b < fewest || best >= 0 && b == fewest && c.pos[units[i][0]] > c.pos[units[best][0]] {
			best, fewest = i, b
		}
	}
	return units[best]
}

// tableSizes splits n units into tables of at most size, as even as can
// be, larger first, none of one.
func tableSizes(n, size int) []int {
	if n == 0 {
		return nil
	}
	t := (n + size - 1) / size
	out := make([]int, t)
	for i := range out {
		out[i] = n / t
		if i < n%t {
			out[i]++
		}
	}
	return out
}

// bestUnit chooses who joins a table next: Swiss, the unit that has met
// those seated least; King of the Hill and a draw, the next in order;
// under exagony, never a team-mate of someone seated while another unit
// can come.
func (c *roundContext) bestUnit(seated, units [][]int, sys System) int {
	byOrder := sys == SystemKOTH || sys == SystemRandom
	if byOrder && !c.d.cfg.Exagony {
		return 0
	}
	best, bestCost := 0, -1
	for k, u := range units {
		cost := 0
		for _, s := range seated {
			for _, a := range s {
				for _, b := range u {
					if !byOrder {
						cost += c.met[pairKey(a, b)]
					}
					if c.sameTeam(a, b) {
						cost += 1 << 20 // above any count of repeats
					}
				}
			}
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = k, cost
		}
	}
	return best
}

// repeatsAt counts pairs at a table who have met before.
func (c *roundContext) repeatsAt(group []int, teams bool) int {
	n := 0
	for i, a := range group {
		for j := i + 1; j < len(group); j++ {
			if teams && i%2 == j%2 {
				continue // partners
			}
			if c.met[pairKey(a, group[j])] > 0 {
				n++
			}
		}
	}
	return n
}

// seatOrder seats a table: the player (team) who has started fewest
// first, then rank order; a team game alternates the teams (1 and 3
// against 2 and 4).
func (c *roundContext) seatOrder(seated [][]int, teams bool) []int {
	starts := func(id int) int {
		f, s := c.d.startCounts(id, c.round)
		return f*1000 - s
	}
	if teams {
		a, b := seated[0], seated[1]
		if starts(a[0])+starts(a[1]) > starts(b[0])+starts(b[1]) {
			a, b = b, a
		}
		return []int{a[0], b[0], a[1], b[1]}
	}
	var ids []int
	for _, s := range seated {
		ids = append(ids, s...)
	}
	slices.SortStableFunc(ids, func(a, b int) int { return c.pos[a] - c.pos[b] })
	first := 0
	for i, id := range ids {
		if starts(id) < starts(ids[first]) {
			first = i
		}
	}
	return append([]int{ids[first]}, slices.Delete(slices.Clone(ids), first, first+1)...)
}
