package api

import (
	"fmt"
	"slices"
	"strings"
)

// The simulator's model of the official results: what the generator did,
// kept apart from the server. Its standings are counted here from the
// results (wins, fewer losses, spread, then the order of entry, as the
// project's default chain; standings/DECISIONS.md), never by the
// standings package.

type simModel struct {
	divs    []*simDiv
	players map[int64]*simPlayer
	games   map[int64]*simGame
	rounds  int // planned rounds of every division
	current int // the tournament's current round
}

type simDiv struct {
	id          int64
	name        string
	players     []*simPlayer // in entry order
	byeSpread   int          // the division's bye spread now (settings)
	forfeit     int          // the forfeit spread (positive)
	classFloors []int        // rating floors, highest first
	patched     bool         // a setting was changed mid-event
	paired      int          // the last round paired
	games       []*simGame
	unopposed   []*simUnopposed
}

type simPlayer struct {
	id        int64
	name      string
	rating    int
	div       *simDiv
	withdrawn int // the round after which the player withdrew (0: playing)
	late      int // the round a late entrant first played (0: from round 1)
}

// simGame is a pairing of two players and what the model holds its
// official result to be.
type simGame struct {
	id     int64
	div    *simDiv
	round  int
	table  int
	seats  [2]*simPlayer // seat 1 moved first
	done   bool          // the official result is in
	scores [2]int        // by seat
	how    string        // how the result arrived, for messages
	record bool          // decided by a live record (tablet or import)
	script *simScript    // the tablet's play, when recorded turn by turn
}

// simUnopposed is a bye or forfeit: its player's spread.
type simUnopposed struct {
	round  int
	player *simPlayer
	kind   string // bye, forfeit (a withdrawn player's round, a late entrant's missed round)
	spread int
	why    string // withdrawn, late, bye
}

func (g *simGame) String() string {
	s := fmt.Sprintf("game %d (%s round %d table %d, %s v %s", g.id, g.div.name, g.round, g.table, g.seats[0].name, g.seats[1].name)
	if g.done {
		s += fmt.Sprintf(", %d-%d %s", g.scores[0], g.scores[1], g.how)
	}
	return s + ")"
}

// simRecord is a player's record as the model counts it.
type simRecord struct {
	p              *simPlayer
	wins, losses   float64
	spread, points int
	played         int
	byes, forfeits int
	rank           int // 0 for a withdrawn player
}

// standings counts the division's records from the model's results and
// orders them: wins, fewer losses, spread, entry order; withdrawn players
// keep their place in the order without a rank; equal wins, losses and
// spread share a rank.
func (d *simDiv) standings() []*simRecord {
	recs := map[*simPlayer]*simRecord{}
	var out []*simRecord
	for _, p := range d.players {
		r := &simRecord{p: p}
		recs[p] = r
		out = append(out, r)
	}
	for _, g := range d.games {
		if !g.done {
			continue
		}
		for i := range 2 {
			r := recs[g.seats[i]]
			mine, theirs := g.scores[i], g.scores[1-i]
			switch {
			case mine > theirs:
				r.wins++
			case mine < theirs:
				r.losses++
			default:
				r.wins += 0.5
				r.losses += 0.5
			}
			r.spread += mine - theirs
			r.points += mine
			r.played++
		}
	}
	for _, u := range d.unopposed {
		r := recs[u.player]
		switch {
		case u.spread > 0:
			r.wins++
		case u.spread < 0:
			r.losses++
		}
		r.spread += u.spread
		if u.kind == "bye" {
			r.byes++
		} else {
			r.forfeits++
		}
	}
	order := map[*simPlayer]int{}
	for i, p := range d.players {
		order[p] = i
	}
	slices.SortStableFunc(out, func(a, b *simRecord) int {
		switch {
		case a.wins != b.wins:
			return cmpDesc(a.wins, b.wins)
		case a.losses != b.losses:
			return cmpDesc(b.losses, a.losses)
		case a.spread != b.spread:
			return cmpDesc(float64(a.spread), float64(b.spread))
		}
		return order[a.p] - order[b.p]
	})
	n := 0
	var prev *simRecord
	for _, r := range out {
		if r.p.withdrawn > 0 {
			continue
		}
		n++
		r.rank = n
		if prev != nil && prev.wins == r.wins && prev.losses == r.losses && prev.spread == r.spread {
			r.rank = prev.rank
		}
		prev = r
	}
	return out
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// equalKeys: two records the chain cannot tell apart but by entry order
// (their relative order is the id's, which the model does not claim to
// know the same way).
func (r *simRecord) equalKeys(o *simRecord) bool {
	return r.wins == o.wins && r.losses == o.losses && r.spread == o.spread
}

// class is the player's rating class by the division's floors ("" when
// the division has none): A at the first floor and up, B at the second...,
// the last class below every floor.
func (d *simDiv) class(p *simPlayer) string {
	if len(d.classFloors) == 0 {
		return ""
	}
	for i, f := range d.classFloors {
		if p.rating >= f && p.rating > 0 {
			return string(rune('A' + i))
		}
	}
	return string(rune('A' + len(d.classFloors)))
}

// active are the players not withdrawn, in entry order.
func (d *simDiv) active() []*simPlayer {
	var out []*simPlayer
	for _, p := range d.players {
		if p.withdrawn == 0 {
			out = append(out, p)
		}
	}
	return out
}

// roundGames are the division's games of a round.
func (d *simDiv) roundGames(round int) []*simGame {
	var out []*simGame
	for _, g := range d.games {
		if g.round == round {
			out = append(out, g)
		}
	}
	return out
}

// complete: every game of every round paired so far has its result.
func (d *simDiv) complete() bool {
	for _, g := range d.games {
		if !g.done {
			return false
		}
	}
	return true
}

// roundComplete: every game of the round has its result.
func (d *simDiv) roundComplete(round int) bool {
	for _, g := range d.roundGames(round) {
		if !g.done {
			return false
		}
	}
	return true
}

// seatOf is the player's seat in the game (0 or 1), -1 if not in it.
func (g *simGame) seatOf(id int64) int {
	for i, p := range g.seats {
		if p.id == id {
			return i
		}
	}
	return -1
}

// describe is the model's division, for failure messages.
func (d *simDiv) describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "model of division %s:\n", d.name)
	for _, r := range d.standings() {
		fmt.Fprintf(&b, "  %d %s %g-%g %+d\n", r.rank, r.p.name, r.wins, r.losses, r.spread)
	}
	for _, g := range d.games {
		fmt.Fprintf(&b, "  %s\n", g)
	}
	for _, u := range d.unopposed {
		fmt.Fprintf(&b, "  round %d %s %s %+d (%s)\n", u.round, u.player.name, u.kind, u.spread, u.why)
	}
	return b.String()
}

// printedRecordOf and printedSpread (one_truth_helpers_test.go) are how
// the PDFs print a record.
func (r *simRecord) printed() string {
	return printedRecord(r.wins, r.losses) + " " + printedSpread(r.spread)
}
