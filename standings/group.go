package standings

import (
	"fmt"
	"slices"
)

// Tables of three or four and team games (seed 004's "2 to 4 players"
// and "Team Game"). A group sits at one table in one round: every
// member's slot holds the whole table in seat order, and once scored
// every score. Standings count a group pairwise (see DECISIONS.md): each
// player has a result against each other player at the table, so that
// the chain, spread caps, head-to-head and the crosstable work unchanged.
// A team game (Group[0] and Group[2] against Group[1] and Group[3]) is
// one result for each partner: the team's.

// MaxGroup is the largest table: four players.
const MaxGroup = 4

// EntryGroup is a table of three or four players, or a team game.
const EntryGroup EntryKind = "group"

// CodeBadGroup: a table of the wrong size, a team game without four
// players, or scores that do not match the seats.
const CodeBadGroup Code = "bad-group"

// groupScores is what Score and OppScore say of a group result: for a
// team game the two teams' scores; otherwise the player's score, and the
// number that makes Score-OppScore the sum of the pairwise spreads.
func groupScores(r Result) (score, opp int) {
	if r.GroupScores == nil {
		return 0, 0
	}
	me := slices.Index(r.Group, r.Player)
	if me < 0 {
		return 0, 0
	}
	if r.Teams {
		return r.GroupScores[me%2], r.GroupScores[1-me%2]
	}
	return r.GroupScores[me], r.GroupScores[me] - SeatSpread(r.GroupScores, me, false)
}

// SeatSpread is a seat's spread at a table (0-based seat, scores in seat
// order): the sum of its pairwise spreads, or for a team game (two
// scores, one per team) its team's spread.
func SeatSpread(scores []int, seat int, teams bool) int {
	if teams {
		if len(scores) != 2 {
			return 0
		}
		return scores[seat%2] - scores[1-seat%2]
	}
	if seat < 0 || seat >= len(scores) {
		return 0
	}
	spread := 0
	for i, s := range scores {
		if i != seat {
			spread += scores[seat] - s
		}
	}
	return spread
}

// Legs is a result as standings count it: a two-player result is itself;
// a table of three or four is one result against each other player (the
// player's score against theirs); a team game is one result, the team's
// score against the other team's, with Opponent the first of the
// opposing pair. A group result not yet scored has no legs.
func (r Result) Legs() []Result {
	if !r.IsGroup() {
		return []Result{r}
	}
	var out []Result
	forLegs(r, r.Group, r.GroupScores, r.Teams, func(leg Result) { out = append(out, leg) })
	return out
}

// forLegs calls fn with each leg of a result (see Legs) without making
// a slice: standings add up every player's legs on every request.
func forLegs(r Result, group, scores []int, teams bool, fn func(Result)) {
	if group == nil {
		fn(r)
		return
	}
	me := slices.Index(group, r.Player)
	if scores == nil || me < 0 {
		return
	}
	leg := Result{Round: r.Round, Player: r.Player, Start: r.Start, Forfeit: r.Forfeit, Table: r.Table}
	if teams {
		side := me % 2
		leg.Opponent, leg.Score, leg.OppScore = group[1-side], scores[side], scores[1-side]
		fn(leg)
		return
	}
	for i, o := range group {
		if i != me {
			leg.Opponent, leg.Score, leg.OppScore = o, scores[me], scores[i]
			fn(leg)
		}
	}
}

// seating is a table of three or four, or a team game: everyone at the
// table in seat order, and once scored their scores (per seat; per team
// for a team game). A seating is never changed once made: the slots of
// one table share it.
type seating struct {
	group  []int
	scores []int
	teams  bool
}

// seatsOf is a slot's seating; none (nil group) for a two-player game.
func (d *Division) seatsOf(s slot) seating {
	if s.seats == 0 {
		return seating{}
	}
	return d.seating[s.seats-1]
}

// seat keeps a table's seating and gives the number slots name it by; 0
// for no group (a two-player game).
func (d *Division) seat(group, scores []int, teams bool) int32 {
	if group == nil {
		return 0
	}
	d.seating = append(d.seating, seating{group: group, scores: scores, teams: teams})
	return int32(len(d.seating))
}

// slotResult is a slot's result without copying a table's slices (for
// adding up; Result hands out copies).
func (d *Division) slotResult(s slot, round, id int) Result {
	r := Result{Round: round, Player: id, Opponent: s.opp, Score: s.score, OppScore: s.oppScore,
		Start: s.start, Forfeit: s.forfeit, TieBreak: s.tieBreak, Table: s.table}
	if s.seats != 0 {
		seats := d.seating[s.seats-1]
		r.Group, r.GroupScores, r.Teams = seats.group, seats.scores, seats.teams
		r.Score, r.OppScore = groupScores(r)
	}
	return r
}

// Opponents are the players a result was against: the opponent of a
// two-player game, everyone else at a table of three or four, the
// opposing pair of a team game (not the partner).
func (r Result) Opponents() []int {
	return slotOpponents(r.Player, r.Opponent, r.Group, r.Teams)
}

// Partner is a team game's partner, 0 otherwise.
func (r Result) Partner() int {
	if !r.Teams {
		return 0
	}
	me := slices.Index(r.Group, r.Player)
	if me < 0 || len(r.Group) != 4 {
		return 0
	}
	return r.Group[(me+2)%4]
}

func slotOpponents(id, opp int, group []int, teams bool) []int {
	if group == nil {
		if opp == 0 {
			return nil
		}
		return []int{opp}
	}
	me := slices.Index(group, id)
	var out []int
	for i, o := range group {
		if i == me || teams && i%2 == me%2 {
			continue
		}
		out = append(out, o)
	}
	return out
}

// opponentsIn are the opponents of id in a slot (see Result.Opponents).
func (d *Division) opponentsIn(s slot, id int) []int {
	seats := d.seatsOf(s)
	return slotOpponents(id, s.opp, seats.group, seats.teams)
}

// checkGroup checks a table's seats: three or four players, or four for a
// team game, each in the division and once.
func (d *Division) checkGroup(group []int, teams bool) error {
	switch {
	case teams && len(group) != 4:
		return errorf(CodeBadGroup, "a team game has four players, two teams of two; %d given", len(group))
	case len(group) < 3 || len(group) > MaxGroup:
		return errorf(CodeBadGroup, "a table has three or four players (two make a game); %d given", len(group))
	}
	for i, id := range group {
		if err := d.checkPlayer(id); err != nil {
			return err
		}
		if slices.Contains(group[:i], id) {
			return errorf(CodeSelfPairing, "%s is seated twice at one table", d.players[id-1].Name)
		}
	}
	return nil
}

// groupSlots sets every member's slot of a table.
func (d *Division) groupSlots(round, table int, group, scores []int, teams bool, ch *Change) {
	state := slotPaired
	if scores != nil {
		state = slotScored
	}
	group, scores = slices.Clone(group), slices.Clone(scores)
	seats := d.seat(group, scores, teams)
	for i, id := range group {
		before := d.resultPtr(id, round)
		start := StartSecond
		if i == 0 {
			start = StartFirst
		}
		d.setSlot(id, round, slot{state: state, table: table, start: start, seats: seats})
		if ch != nil && (before != nil || state == slotScored) {
			d.changed(ch, round, id, before, d.resultPtr(id, round))
		}
	}
}

// recordGroup enters (or amends) a table's scores. Players not paired in
// the round become a table by it, as a two-player entry pairs its two;
// players paired must be paired at this very table.
func (d *Division) recordGroup(e Entry, amend bool) (Change, error) {
	var ch Change
	group := e.Group
	if err := d.checkGroup(group, e.Teams); err != nil {
		return ch, err
	}
	want := len(group)
	if e.Teams {
		want = 2
	}
	if len(e.Scores) != want {
		what := "one score per player, in seat order"
		if e.Teams {
			what = "two scores, one per team (seats 1 and 3, then 2 and 4)"
		}
		return ch, errorf(CodeBadGroup, "give %s: %d given for %d players", what, len(e.Scores), len(group))
	}
	for _, s := range e.Scores {
		if err := d.cfg.checkGameScore(s); err != nil {
			return ch, err
		}
	}
	if e.Score != 0 || e.OppScore != 0 || e.Spread != nil || e.TieBreakWinner != 0 {
		return ch, errorf(CodeBadEntry, "a table's scores go in Scores, one per seat; it has no spread or tie-break")
	}
	first := d.slotAt(group[0], e.Round)
	table := first.table
	if first.state == slotEmpty {
		for _, id := range group {
			s := d.slotAt(id, e.Round)
			if s.state != slotEmpty {
				return ch, pairedElsewhere(d, e.Round, id)
			}
			if d.players[id-1].Withdrawn {
				err := errorf(CodeWithdrawn, "%s has withdrawn and cannot be paired in round %d (reinstate them first)", d.players[id-1].Name, e.Round)
				err.Round, err.Player = e.Round, id
				return ch, err
			}
		}
	} else {
		at := d.seatsOf(first)
		if !slices.Equal(at.group, group) || at.teams != e.Teams {
			if at.group != nil && sameMembers(at.group, group) && at.teams == e.Teams && !e.Teams {
				// The same table, seats given in another order: take the
				// scores in the order given.
				scores := make([]int, len(group))
				for i, id := range at.group {
					scores[i] = e.Scores[slices.Index(group, id)]
				}
				e.Scores, group = scores, at.group
			} else {
				return ch, pairedElsewhere(d, e.Round, group[0])
			}
		}
	}
	if err := d.checkEntered(e.Round, amend, group...); err != nil {
		return ch, err
	}
	d.groupSlots(e.Round, table, group, e.Scores, e.Teams, &ch)
	return ch, nil
}

func sameMembers(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// pairedElsewhere refuses an entry for a player paired otherwise in the
// round, naming with whom.
func pairedElsewhere(d *Division, round, id int) error {
	s := d.slotAt(id, round)
	what := "a bye"
	switch {
	case s.seats != 0:
		what = fmt.Sprintf("another table (%d players)", len(d.seatsOf(s).group))
	case s.opp != 0:
		what = d.players[s.opp-1].Name
	case s.state == slotEmpty:
		what = "nobody"
	}
	e := errorf(CodePairedElsewhere, "%s is paired with %s in round %d", d.players[id-1].Name, what, round)
	e.Round, e.Player = round, id
	return e
}

// tableMates are everyone whose slot a change to id's round touches: the
// table (for a group) or the opponent.
func (d *Division) tableMates(s slot, id int) []int {
	if s.seats != 0 {
		return d.seatsOf(s).group
	}
	if s.opp == 0 {
		return []int{id}
	}
	return []int{id, s.opp}
}

// HasGroups reports whether any round has a table of three or four or a
// team game (a .t file cannot hold one).
func (d *Division) HasGroups() bool {
	for _, slots := range d.slots {
		for _, s := range slots {
			if s.seats != 0 {
				return true
			}
		}
	}
	return false
}
