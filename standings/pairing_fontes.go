package standings

import (
	"fmt"
	"slices"
)

// PairFontes pairs one of the three rounds of tsh's InitFontes (its `if`
// command): the field, in rating order (seedByRating's order), is cut
// into quartiles, and groups of four are drawn with one player from each
// quartile; each group plays a round robin over the three rounds
// firstRound..firstRound+2 (0 means 1). As tsh draws them
// (TSH::Command::InitFontes, ChooseGroupsRandomly, for three rounds):
//
//   - a field of six or fewer is one group;
//   - when the field is not a multiple of four, one odd group is drawn
//     first: five players, one from each sixth of the field but the top
//     (17 players, 21, ...); six, one from each sixth (18, 22, ...); or
//     three, one from each quarter but the top (19, 23, ...); the rest is
//     cut into quartiles;
//   - each group of four takes one player at random from each quartile.
//
// Within a group (its players in rating order, 1 to 4) the rounds are
// tsh's (TSH::Division::Pairing::Berger::MakeSchedule3): 1v4 and 2v3,
// then 1v3 and 2v4, then 1v2 and 3v4 (King of the Hill last). A group of
// three gives each player one bye; a group of five plays six of its ten
// games and gives one bye a round; a group of six plays a round of each
// player against three others.
//
// The draw is a function of the field and the seed alone, so each round
// draws it again: the field is everyone in when the first Fontes round is
// paired (later: everyone with a game or a bye in it), and rounds 2 and 3
// must be paired with the seed of round 1 (and the ratings it saw). Who
// starts is decided as in every system (decideFirst). Players the groups
// leave without a game (a late entrant, a withdrawn opponent, a game made
// by hand) are paired Swiss among themselves, with the group's bye if
// there is one. With Config.Exagony, each quartile is re-dealt among
// the groups to keep team-mates apart where it can (separateTeams).
//
// Snaked (tsh's initial_snaked) deals the groups by rating instead of
// drawing them (fontesSnake): the same for every seed.
func PairFontes(d *Division, round, firstRound int, seed uint64, snaked bool) ([]Pairing, error) {
	c, err := newRoundContext(d, round, 0)
	if err != nil {
		return nil, err
	}
	if firstRound <= 0 {
		firstRound = 1
	}
	k := round - firstRound
	if k < 0 || k >= fontesRounds {
		return nil, errorf(CodeNotInSchedule, "round %d is not one of the three Fontes rounds (%d-%d): pair it with another system",
			round, firstRound, firstRound+fontesRounds-1)
	}
	c.seedByRating()
	field := c.fontesField(firstRound, k)
	if len(field) == 0 || len(c.eligible) == 0 {
		return nil, errorf(CodeNoPlayers, "nobody is left to pair in round %d", round)
	}
	groups := c.fontesGroups(field, seed, snaked)
	if err := c.checkFontesRecord(groups, firstRound, k); err != nil {
		return nil, err
	}
	var drafts []draft
	var byes []draft
	placed := map[int]bool{}
	free := func(id int) bool {
		return !d.players[id-1].Withdrawn && d.slotAt(id, round).state == slotEmpty
	}
	for g, group := range groups {
		where := fmt.Sprintf("Fontes group %d of %d, game %d of %d", g+1, len(groups), k+1, fontesRounds)
		sched := fontesSchedule[len(group)][k]
		for i, j := range sched {
			a := group[i]
			switch {
			case j < 0:
				if free(a) {
					placed[a] = true
					byes = append(byes, draft{a: a, reason: fmt.Sprintf("bye: Fontes group %d of %d (%d players), round %d of %d",
						g+1, len(groups), len(group), k+1, fontesRounds)})
				}
			case i < j:
				b := group[j]
				if free(a) && free(b) && (c.met[pairKey(a, b)] == 0 || len(group) <= 2) {
					placed[a], placed[b] = true, true
					drafts = append(drafts, draft{a: a, b: b, reason: where})
				}
			}
		}
	}
	var left []int
	for _, id := range c.eligible {
		if !placed[id] {
			left = append(left, id)
		}
	}
	if len(left) == 0 {
		return c.finish(append(drafts, byes...)), nil
	}
	// The groups' byes join those left without a game.
	for _, b := range byes {
		left = append(left, b.a)
	}
	c.sortByRank(left)
	if len(left)%2 == 1 {
		id, why := c.chooseBye(left)
		drafts = append(drafts, draft{a: id, reason: "Fontes: " + why})
		left = without(left, id)
	}
	drafts = append(drafts, c.swissLabelled(left, "Fontes", "Swiss among those the groups leave without a game")...)
	return c.finish(drafts), nil
}

const fontesRounds = 3

// fontesSchedule[n][k][i] is the place in a group of n (0 = best rated)
// of the opponent of the player at place i in round k, -1 for a bye:
// tsh's MakeSchedule3.
var fontesSchedule = [][3][]int{
	0: {},
	1: {{-1}, {-1}, {-1}},
	2: {{1, 0}, {1, 0}, {1, 0}},
	3: {{2, -1, 0}, {1, 0, -1}, {-1, 2, 1}},
	4: {{3, 2, 1, 0}, {2, 3, 0, 1}, {1, 0, 3, 2}},
	5: {{4, 3, -1, 1, 0}, {2, 4, 0, -1, 1}, {1, 0, 3, 2, -1}},
	6: {{5, 2, 1, 4, 3, 0}, {3, 4, 5, 0, 1, 2}, {1, 0, 3, 2, 5, 4}},
}

// fontesField is the field the groups are drawn from, in rating order:
// in the first Fontes round (k = 0) everyone not withdrawn; later,
// everyone with a game or a bye in that round.
func (c *roundContext) fontesField(firstRound, k int) []int {
	rows := make([]Row, 0, len(c.d.players))
	for i, p := range c.d.players {
		id := i + 1
		in := !p.Withdrawn
		if k > 0 {
			s := c.d.slotAt(id, firstRound)
			in = s.opp != 0 || s.seats != 0 || c.d.byes(id, firstRound+1)-c.d.byes(id, firstRound) == 1
		}
		if in {
			rows = append(rows, Row{Player: id, Rating: p.Rating})
		}
	}
	slices.SortFunc(rows, bySeed)
	ids := make([]int, len(rows))
	for i, r := range rows {
		ids[i] = r.Player
	}
	return ids
}

// fontesGroups draws the groups from the field (in rating order), each
// group in rating order (a snaked group with odd players as tsh deals
// it), the groups numbered by their best-rated player.
func (c *roundContext) fontesGroups(field []int, seed uint64, snaked bool) [][]int {
	np := len(field)
	if np <= 2*fontesRounds {
		return [][]int{slices.Clone(field)}
	}
	groups := fontesSnake(field)
	if !snaked {
		groups = fontesDraw(field, seed)
	}
	if c.d.cfg.Exagony {
		c.separateTeams(groups)
	}
	rank := make(map[int]int, np)
	for i, id := range field {
		rank[id] = i
	}
	slices.SortFunc(groups, func(a, b []int) int { return rank[a[0]] - rank[b[0]] })
	return groups
}

// fontesDraw draws the groups at random, as tsh's ChooseGroupsRandomly.
func fontesDraw(field []int, seed uint64) [][]int {
	np := len(field)
	rng := splitMix64{state: seed ^ 0x5f0e7e5a1d2c3b4a}
	// pick returns int(np*(section+rand)/parts), the place of a player
	// drawn from a section of the field, as tsh draws it.
	pick := func(section, parts int) int {
		r := rng.next() >> 32
		return int((uint64(np) * (uint64(section)<<32 + r)) / (uint64(parts) << 32))
	}
	rest := slices.Clone(field)
	var odd []int
	take := func(sections []int, parts int) {
		for _, s := range sections { // from the bottom up, so the indices stay put
			i := pick(s, parts)
			odd = append([]int{rest[i]}, odd...)
			rest = slices.Delete(rest, i, i+1)
		}
	}
	switch np % 4 {
	case 1: // five: one from each sixth but the top
		take([]int{5, 4, 3, 2, 1}, 6)
	case 2: // six: one from each sixth
		take([]int{5, 4, 3, 2, 1, 0}, 6)
	case 3: // three: one from each quarter but the top
		take([]int{3, 2, 1}, 4)
	}
	var groups [][]int
	if odd != nil {
		groups = append(groups, odd)
	}
	for n4 := len(rest) / 4; n4 > 0; n4-- {
		g := make([]int, 4)
		for q := 3; q >= 0; q-- {
			i := q*n4 + int(rng.next()%uint64(n4))
			g[q] = rest[i]
			rest = slices.Delete(rest, i, i+1)
		}
		groups = append(groups, g)
	}
	return groups
}

// fontesSnake deals the groups by rating, as tsh's ChooseGroupsSnaked
// (initial_snaked, three rounds): unless the field is one short of a
// multiple of four, the players over a multiple are taken out of its
// middle one by one (the player at (n+1)/2 of the n left, rounded down,
// from 0); the rest is laid in four rows of ceil(n/4) players, in rating
// order, the second and fourth reversed (boustrophedon); group i takes
// the last player of each row in turn, so the first group dealt holds
// the last of the top row; the players taken out join the last group
// dealt, in its middle. A field one short of a multiple of four leaves
// its last group dealt with three.
func fontesSnake(field []int) [][]int {
	rest := slices.Clone(field)
	var odd []int
	if len(rest)%4 != 3 {
		for len(rest)%4 != 0 {
			i := (len(rest) + 1) / 2
			odd = append(odd, rest[i])
			rest = slices.Delete(rest, i, i+1)
		}
	}
	n := (len(rest) + 3) / 4
	rows := make([][]int, 4)
	for r := range rows {
		k := min(n, len(rest))
		rows[r] = slices.Clone(rest[:k])
		rest = rest[k:]
		if r%2 == 1 {
			slices.Reverse(rows[r])
		}
	}
	groups := make([][]int, n)
	for g := range groups {
		for r := range rows {
			if k := len(rows[r]); k > 0 {
				groups[g] = append(groups[g], rows[r][k-1])
				rows[r] = rows[r][:k-1]
			}
		}
	}
	if len(odd) > 0 {
		last := groups[n-1]
		at := len(last) / 2
		groups[n-1] = slices.Concat(last[:at], odd, last[at:])
	}
	return groups
}

// separateTeams re-deals each quartile (each place of the groups of
// four, from the second down) among the groups so that as few as can be
// join a team-mate already in their group, keeping the draw where that
// costs nothing: an assignment (a maximum-weight matching of the
// quartile's players to the groups) for each quartile whose draw put
// team-mates together.
func (c *roundContext) separateTeams(groups [][]int) {
	var fours []int // indices of the groups of four
	for g, grp := range groups {
		if len(grp) == 4 {
			fours = append(fours, g)
		}
	}
	m := len(fours)
	clash := func(id int, g []int, q int) bool {
		for _, o := range g[:q] {
			if c.sameTeam(id, o) {
				return true
			}
		}
		return false
	}
	for q := 1; q < 4; q++ {
		any := false
		for _, g := range fours {
			any = any || clash(groups[g][q], groups[g], q)
		}
		if !any {
			continue
		}
		// Vertices: the quartile's players 0..m-1 (as drawn), groups
		// m..2m-1. A game without a team-mate outweighs any number of
		// players kept where drawn.
		keep := int64(1)
		apart := int64(m + 1)
		var edges []wedge
		for i, gi := range fours {
			id := groups[gi][q]
			for j, gj := range fours {
				w := int64(0)
				if !clash(id, groups[gj], q) {
					w += apart
				}
				if i == j {
					w += keep
				}
				edges = append(edges, wedge{i, m + j, w})
			}
		}
		mate := maxWeightMatching(2*m, edges, true)
		dealt := make([]int, m)
		for i, gi := range fours {
			dealt[mate[i]-m] = groups[gi][q]
		}
		for j, gj := range fours {
			groups[gj][q] = dealt[j]
		}
	}
}

// checkFontesRecord refuses to go on when the earlier Fontes rounds as
// recorded are mostly not the games of the groups drawn again now: round
// 1 was paired with another seed, or the ratings changed. A few games
// changed by hand are allowed (their players are paired Swiss if the
// schedule would repeat a game).
func (c *roundContext) checkFontesRecord(groups [][]int, firstRound, k int) error {
	scheduled, found := 0, 0
	for j := 0; j < k; j++ {
		for _, g := range groups {
			for i, o := range fontesSchedule[len(g)][j] {
				if o <= i {
					continue
				}
				scheduled++
				if c.d.slotAt(g[i], firstRound+j).opp == g[o] {
					found++
				}
			}
		}
	}
	if 2*found < scheduled {
		return errorf(CodeFontesMismatch, "round %d's pairings are not the Fontes groups drawn for this field (%d of %d games found): pair round %d with the seed round %d was paired with, and the same ratings",
			firstRound, found, scheduled, firstRound+k, firstRound)
	}
	return nil
}
