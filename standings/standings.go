package standings

import (
	"slices"
	"sort"
	"strconv"
)

// Row is one player's line in the standings.
type Row struct {
	// Rank is shared by players equal on every key of the chain (the
	// player id, the last key, only orders their lines): "3, 3, 5".
	// A withdrawn player keeps their line, where the chain puts it, but
	// takes no rank (0, Tied false), as tsh leaves inactive players out
	// of its ranking: the others' ranks close up over them ("1, 2, 3"
	// among the players still playing). See DECISIONS.md.
	Rank int
	Tied bool
	// Player is the player id; Name as in the .t file.
	Player int
	Name   string
	Rating int
	// Wins and Losses count a tie as half of each.
	Wins, Losses float64
	// Spread is what ranking uses: capped per game when the division caps
	// spread. RawSpread is uncapped.
	Spread, RawSpread int
	// Points is the total scored in games played (byes and forfeits add
	// none).
	Points int
	// Played counts games played over the board; Byes and Forfeits count
	// rounds decided otherwise (Forfeits both won and lost).
	Played, Byes, Forfeits int
	// Last is the player's latest result, nil before any.
	Last             *Result
	LastOpponentName string
	Withdrawn        bool

	winsHalf, lossesHalf int // exact, in half-games
}

// Standings ranks the players on the results of rounds 1..through:
// through = 0 is before round 1, and through >= Rounds() takes every
// result. Results not yet entered count for nothing. The order is the
// configured chain, then the player id. Withdrawn players keep their
// line there, flagged, with no rank (see Row.Rank).
func (d *Division) Standings(through int) []Row {
	n := len(d.players)
	rows := make([]Row, n)
	for i, p := range d.players {
		rows[i] = Row{Player: p.ID, Name: p.Name, Rating: p.Rating, Withdrawn: p.Withdrawn}
	}
	for i := range rows {
		d.tally(&rows[i], through)
	}
	order := make([]int, n) // row indexes, best first
	for i := range order {
		order[i] = i
	}
	// starts[g] is where tie group g begins in order; one group to begin.
	starts := []int{0}
	if n == 0 {
		return rows
	}
	for _, key := range d.cfg.chain() {
		starts = d.refine(rows, order, starts, key, through)
	}
	out := make([]Row, n)
	ranked := 0 // players still playing in the groups before this one
	for g, lo := range starts {
		hi := n
		if g+1 < len(starts) {
			hi = starts[g+1]
		}
		playing := 0
		for i := lo; i < hi; i++ {
			if !rows[order[i]].Withdrawn {
				playing++
			}
		}
		for i := lo; i < hi; i++ {
			r := rows[order[i]]
			if !r.Withdrawn {
				r.Rank, r.Tied = ranked+1, playing > 1
			}
			out[i] = r
		}
		ranked += playing
	}
	return out
}

// tally adds up one player's results.
func (d *Division) tally(row *Row, through int) {
	slots := d.slots[row.Player-1]
	last := 0
	for i := 0; i < len(slots) && i < through; i++ {
		s := slots[i]
		if s.state != slotScored {
			continue
		}
		round := i + 1
		last = round
		r := d.slotResult(s, round, row.Player)
		forLegs(r, r.Group, r.GroupScores, r.Teams, func(leg Result) {
			w, l := leg.Outcome().halves()
			row.winsHalf += w
			row.lossesHalf += l
			spread := leg.Spread()
			row.RawSpread += spread
			if c := d.cfg.spreadCap(round); c > 0 {
				spread = max(-c, min(c, spread))
			}
			row.Spread += spread
			if r.Group != nil {
				row.Played++ // each pairwise result is a game played
			}
		})
		switch {
		case r.IsGroup():
			row.Points += r.Score // once: the player's (team's) score at the table
		case r.Played():
			row.Played++
			row.Points += r.Score
		case r.Forfeit:
			row.Forfeits++
		case r.Outcome() == Win:
			row.Byes++
		}
	}
	if last > 0 {
		r := d.resultOf(slots[last-1], last, row.Player)
		row.Last = &r
	}
	row.Wins = float64(row.winsHalf) / 2
	row.Losses = float64(row.lossesHalf) / 2
	if row.Last != nil && row.Last.Opponent != 0 {
		row.LastOpponentName = d.players[row.Last.Opponent-1].Name
	}
}

// refine sorts each tie group by one key and splits it where the key
// differs. Working group by group is what lets head-to-head look only at
// the players still tied.
func (d *Division) refine(rows []Row, order, starts []int, key string, through int) []int {
	n := len(order)
	var next []int
	for g, lo := range starts {
		hi := n
		if g+1 < len(starts) {
			hi = starts[g+1]
		}
		next = append(next, lo)
		if hi-lo < 2 {
			continue
		}
		group := order[lo:hi]
		vals := d.keyValues(rows, group, key, through)
		idx := make([]int, len(group))
		for i := range idx {
			idx[i] = i
		}
		// Stable, so that equal players keep id order.
		sort.SliceStable(idx, func(a, b int) bool { return vals[idx[a]] > vals[idx[b]] })
		sortedGroup := make([]int, len(group))
		sortedVals := make([]int64, len(group))
		for i, j := range idx {
			sortedGroup[i], sortedVals[i] = group[j], vals[j]
		}
		copy(group, sortedGroup)
		for i := 1; i < len(group); i++ {
			if sortedVals[i] != sortedVals[i-1] {
				next = append(next, lo+i)
			}
		}
	}
	return next
}

// keyValues gives each member of a tie group its value for a key, higher
// being better.
func (d *Division) keyValues(rows []Row, group []int, key string, through int) []int64 {
	vals := make([]int64, len(group))
	switch key {
	case KeyHeadToHead:
		members := make(map[int]bool, len(group))
		for _, i := range group {
			members[rows[i].Player] = true
		}
		for k, i := range group {
			vals[k] = int64(d.headToHead(rows[i].Player, members, through))
		}
		return vals
	}
	for k, i := range group {
		r := rows[i]
		switch key {
		case KeyWins:
			vals[k] = int64(r.winsHalf)
		case KeyLosses:
			vals[k] = -int64(r.lossesHalf)
		case KeySpread:
			vals[k] = int64(r.Spread)
		case KeyPoints:
			vals[k] = int64(r.Points)
		case KeyRating:
			vals[k] = int64(r.Rating)
		}
	}
	return vals
}

// headToHead is a player's net record (half-wins minus half-losses)
// against the other members of their tie group. Net rather than wins, so
// that players who met the group a different number of times compare
// fairly; forfeits between them count, as they count in the standings.
func (d *Division) headToHead(id int, members map[int]bool, through int) int {
	net := 0
	slots := d.slots[id-1]
	for i := 0; i < len(slots) && i < through; i++ {
		s := slots[i]
		if s.state != slotScored {
			continue
		}
		r := d.slotResult(s, i+1, id)
		forLegs(r, r.Group, r.GroupScores, r.Teams, func(leg Result) {
			if leg.Opponent == 0 || !members[leg.Opponent] && !(r.Teams && slices.ContainsFunc(d.opponentsIn(s, id), func(o int) bool { return members[o] })) {
				return
			}
			w, l := leg.Outcome().halves()
			net += w - l
		})
	}
	return net
}

// FormatRecord writes wins-losses the way a pairing sheet does: "3-1",
// "2.5-1.5".
func FormatRecord(winsHalf, lossesHalf int) string {
	return formatHalf(winsHalf) + "-" + formatHalf(lossesHalf)
}

func formatHalf(h int) string {
	s := strconv.Itoa(h / 2)
	if h%2 != 0 {
		s += ".5"
	}
	return s
}
