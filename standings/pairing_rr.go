package standings

import (
	"fmt"
	"slices"
)

// PairRoundRobin pairs a round of a round robin over every player of the
// division, in id order, from Berger tables (FIDE's): with n players (one
// phantom added when n is odd: meeting it is the bye), round k of n-1
// pairs i with j when i+j = k+1 modulo n-1, and the player i with
// 2i = k+1 plays n. double repeats the schedule. firstRound is the round
// the round robin began (0 means 1).
//
// A withdrawn player's scheduled opponent gets the bye. Who starts is
// planned two rounds at a time so that every player goes first once and
// second once in each pair of rounds (see planStarts): with an even
// number of players nobody's starts ever differ from their replies by
// more than one.
func PairRoundRobin(d *Division, round, firstRound int, double bool) ([]Pairing, error) {
	c, err := newRoundContext(d, round, 0)
	if err != nil {
		return nil, err
	}
	if firstRound <= 0 {
		firstRound = 1
	}
	n := len(d.players)
	if n < 2 {
		return nil, errorf(CodeNoPlayers, "a round robin needs two players")
	}
	size := n + n%2
	cycle := size - 1
	total := cycle
	if double {
		total *= 2
	}
	k := round - firstRound
	if k < 0 || k >= total {
		return nil, errorf(CodeNotInSchedule, "round %d is not in a round robin of %d rounds starting in round %d", round, total, firstRound)
	}
	for _, id := range c.d.activeIDs() {
		if d.slotAt(id, round).state != slotEmpty {
			e := errorf(CodeAlreadyPaired, "%s is already paired in round %d, which breaks the round robin's schedule", d.players[id-1].Name, round)
			e.Round, e.Player = round, id
			return nil, e
		}
	}
	now := c.scheduled(bergerRound(size, k%cycle), n)
	var plan map[[2]int]int
	if k%2 == 0 && k+1 < total {
		plan = c.planStarts(now, c.scheduled(bergerRound(size, (k+1)%cycle), n))
	}
	where := fmt.Sprintf("round robin (Berger), round %d of %d", k%cycle+1, cycle)
	if double {
		where += fmt.Sprintf(", cycle %d of 2", k/cycle+1)
	}
	var drafts []draft
	for _, pos := range bergerRound(size, k%cycle) {
		a, b := pos[0], pos[1]
		if b > n {
			if !d.players[a-1].Withdrawn {
				drafts = append(drafts, draft{a: a, reason: "bye: " + where + ", odd number of players"})
			}
			continue
		}
		wa, wb := d.players[a-1].Withdrawn, d.players[b-1].Withdrawn
		switch {
		case wa && wb:
			continue
		case wa || wb:
			present, gone := a, b
			if wa {
				present, gone = b, a
			}
			drafts = append(drafts, draft{a: present, reason: fmt.Sprintf("bye: scheduled opponent %s has withdrawn", d.players[gone-1].Name)})
			continue
		}
		drafts = append(drafts, draft{a: a, b: b, first: plan[pairKey(a, b)], reason: where})
	}
	return c.finish(drafts), nil
}

// bergerRound lists the pairs (by position 1..size) of round k (0-based)
// of a round robin of size players, size even.
func bergerRound(size, k int) [][2]int {
	mod := size - 1
	target := (k + 2) % mod // i + j must be congruent to round+1 = k+2
	var out [][2]int
	for i := 1; i <= mod; i++ {
		j := ((target-i)%mod + mod) % mod
		if j == 0 {
			j = mod
		}
		switch {
		case j == i:
			out = append(out, [2]int{i, size})
		case i < j:
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// scheduled keeps the games of a schedule round between two present
// players (ids = positions here, since the schedule runs in id order).
func (c *roundContext) scheduled(pos [][2]int, n int) [][2]int {
	var out [][2]int
	for _, p := range pos {
		if p[1] > n || c.d.players[p[0]-1].Withdrawn || c.d.players[p[1]-1].Withdrawn {
			continue
		}
		out = append(out, p)
	}
	return out
}

// planStarts decides who goes first in this round's games knowing next
// round's. The two rounds' games form paths and cycles in which each
// player has one game of each round. Walking a component and letting
// whoever is "behind" on each edge go first gives everyone inside it one
// first and one second over the two rounds. Of the two walking
// directions, the one that better suits players already off balance
// (from byes or director's changes) is chosen.
func (c *roundContext) planStarts(now, next [][2]int) map[[2]int]int {
	partnerNow, partnerNext := map[int]int{}, map[int]int{}
	for _, g := range now {
		partnerNow[g[0]], partnerNow[g[1]] = g[1], g[0]
	}
	for _, g := range next {
		partnerNext[g[0]], partnerNext[g[1]] = g[1], g[0]
	}
	degree := func(v int) int {
		n := 0
		if partnerNow[v] != 0 {
			n++
		}
		if partnerNext[v] != 0 {
			n++
		}
		return n
	}
	firsts := map[[2]int]int{}
	visited := map[int]bool{}
	walk := func(start int, viaNow bool) {
		// This round's edges in walking order, from -> to. The walk
		// alternates this round's and next round's games and stops at a
		// path's end or back at the start of a cycle.
		var edges [][2]int
		v := start
		for {
			visited[v] = true
			w := partnerNext[v]
			if viaNow {
				w = partnerNow[v]
				if w != 0 {
					edges = append(edges, [2]int{v, w})
				}
			}
			if w == 0 || w == start {
				break
			}
			v, viaNow = w, !viaNow
		}
		// Forward, the "from" end of each edge goes first; backward, the
		// "to" end, which scores the opposite.
		score := 0
		for _, e := range edges {
			score += c.wants(e[0], true) + c.wants(e[1], false)
		}
		for _, e := range edges {
			first := e[0]
			if score < 0 {
				first = e[1]
			}
			firsts[pairKey(e[0], e[1])] = first
		}
	}
	var ids []int
	for v := range partnerNow {
		ids = append(ids, v)
	}
	for v := range partnerNext {
		if partnerNow[v] == 0 {
			ids = append(ids, v)
		}
	}
	slices.Sort(ids)
	// Paths first, from their ends; then cycles, from their lowest id.
	for _, v := range ids {
		if !visited[v] && degree(v) == 1 {
			walk(v, partnerNow[v] != 0)
		}
	}
	for _, v := range ids {
		if !visited[v] {
			walk(v, true)
		}
	}
	return firsts
}

// wants scores going first (first=true) or second for a player already
// off balance: +1 if it evens them out, -1 if it worsens it, 0 if even.
func (c *roundContext) wants(id int, first bool) int {
	b := c.d.startBalance(id, c.round)
	switch {
	case b == 0:
		return 0
	case (b < 0) == first:
		return 1
	}
	return -1
}

// activeIDs lists the players not withdrawn.
func (d *Division) activeIDs() []int {
	var ids []int
	for i, p := range d.players {
		if !p.Withdrawn {
			ids = append(ids, i+1)
		}
	}
	return ids
}
