package scoring

// Result is how a game stands at its end: why it ended, the rack
// adjustments, penalties, final scores and the winner under the variant's
// tie-break. Before the end it reports the running totals.
type Result struct {
	Over      bool      `json:"over"`
	Reason    EndReason `json:"reason,omitempty"`
	OutPlayer int       `json:"out_player"` // seat that went out, -1 if none
	// Complete is false while a rack needed for the adjustments is unknown:
	// RacksNeeded lists the seats whose tiles must be revealed.
	Complete    bool  `json:"complete"`
	RacksNeeded []int `json:"racks_needed,omitempty"`
	// Scores before the rack adjustments and time penalties.
	BeforeAdjust []int `json:"before_adjust"`
	RackAdjust   []int `json:"rack_adjust"`
	TimePenalty  []int `json:"time_penalty"`
	TieBreak     []int `json:"tie_break"` // points given by a tie-break rule (Word Chums)
	Final        []int `json:"final"`
	// Team play: seats 0 and 2 are team 0, seats 1 and 3 team 1.
	TeamFinal []int `json:"team_final,omitempty"`
	// Winner is the winning seat (or team in team play), -1 for a tie or
	// while the game goes on.
	Winner    int    `json:"winner"`
	DecidedBy string `json:"decided_by,omitempty"` // "score" or the tie-break that decided
}

// Teamed reports whether the game is played as two teams of two.
func (g *Game) Teamed() bool { return g.v.Teams && g.teams && len(g.players) == 4 }

// SetTeams turns team play on or off (variants that allow teams, four
// players only).
func (g *Game) SetTeams(on bool) error {
	if on && (!g.v.Teams || len(g.players) != 4) {
		return ruleErr(CodeBadEvent, "%s does not have team play for %d players", g.v.Name, len(g.players))
	}
	g.teams = on
	return nil
}

func teamOf(seat int) int { return seat % 2 }

// Racks returns each seat's remaining tiles where the engine knows them
// (declared racks) or can work them out (with the bag empty, the one rack
// nobody revealed is whatever is left); nil where it cannot.
func (g *Game) Racks() [][]Tile {
	racks := make([][]Tile, len(g.players))
	unseen := g.Unseen()
	unknown, unknownCount := -1, 0
	for i := range g.players {
		p := &g.players[i]
		switch {
		case p.rackCount == 0:
			racks[i] = []Tile{}
		case p.rackKnown:
			racks[i] = append([]Tile(nil), p.rack...)
			for _, t := range p.rack {
				unseen[rackIndex(t)]--
			}
		default:
			unknown = i
			unknownCount++
		}
	}
	if unknownCount == 1 && g.bag == 0 {
		rack := []Tile{}
		for t := 1; t < len(unseen); t++ {
			for n := 0; n < unseen[t]; n++ {
				rack = append(rack, Tile(t))
			}
		}
		for n := 0; n < unseen[0]; n++ {
			rack = append(rack, Blank)
		}
		racks[unknown] = rack
	}
	return racks
}

// rackValues fills in the value of each seat's rack where it is known,
// the racks being those Racks returns (worked out without building them).
func (g *Game) rackValues(values []int, known []bool) {
	ts := g.v.Tiles
	var unseen [maxLetters + 1]int
	g.unseenInto(&unseen)
	unknown, unknownCount := -1, 0
	for i := range g.players {
		p := &g.players[i]
		switch {
		case p.rackCount == 0:
			known[i] = true
		case p.rackKnown:
			known[i] = true
			for _, t := range p.rack {
				values[i] += ts.Value(t)
				unseen[rackIndex(t)]--
			}
		default:
			unknown = i
			unknownCount++
		}
	}
	if unknownCount == 1 && g.bag == 0 {
		// The one rack nobody revealed is whatever is left; blanks are
		// worth nothing.
		known[unknown] = true
		for t := 1; t <= ts.Letters(); t++ {
			values[unknown] += max(unseen[t], 0) * ts.Value(Tile(t))
		}
	}
}

// Result works out the game's result from its events so far.
func (g *Game) Result() Result {
	n := len(g.players)
	block := make([]int, 5*n) // one allocation for the five lists
	part := func(i int) []int { return block[i*n : (i+1)*n : (i+1)*n] }
	r := Result{
		Over: g.Over(), Reason: g.reason, OutPlayer: g.outPlayer, Complete: true, Winner: -1,
		BeforeAdjust: part(0), RackAdjust: part(1), TimePenalty: part(2), TieBreak: part(3), Final: part(4),
	}
	for i, p := range g.players {
		r.BeforeAdjust[i] = p.score + p.timePen // score already has the penalty deducted
		r.TimePenalty[i] = p.timePen
	}
	if r.Over {
		var valuesRoom [8]int
		var knownRoom [8]bool
		values, known := valuesRoom[:0], knownRoom[:0]
		if n > len(valuesRoom) {
			values, known = make([]int, 0, n), make([]bool, 0, n)
		}
		values, known = values[:n], known[:n]
		g.rackValues(values, known)
		need := func(i int) {
			if !known[i] {
				r.Complete = false
				r.RacksNeeded = append(r.RacksNeeded, i)
			}
		}
		switch g.reason {
		case EndDirector:
			// Ended where it stood: a rack revealed after the end counts
			// against its owner; nobody waits for the others.
			for i := range g.players {
				if g.players[i].revealed {
					r.RackAdjust[i] -= values[i]
				}
			}
		case EndOut:
			gain := 0
			for i := range g.players {
				if i == g.outPlayer || (g.Teamed() && g.v.Out.TeammateIgnored && teamOf(i) == teamOf(g.outPlayer)) {
					continue
				}
				need(i)
				gain += values[i]
				if g.v.Out.OthersDeduct {
					r.RackAdjust[i] -= values[i]
				}
			}
			r.RackAdjust[g.outPlayer] += g.v.Out.GainFactor * gain
		default:
			total := 0
			for i := range g.players {
				need(i)
				total += values[i]
			}
			for i := range g.players {
				r.RackAdjust[i] -= values[i]
				if g.v.Stalemate.GainOthers {
					r.RackAdjust[i] += total - values[i]
				}
			}
		}
		if !r.Complete {
			for i := range r.RackAdjust {
				r.RackAdjust[i] = 0
			}
		}
	}
	for i := range g.players {
		r.Final[i] = r.BeforeAdjust[i] + r.RackAdjust[i] - r.TimePenalty[i]
	}
	if !r.Over || !r.Complete {
		return r
	}
	g.decide(&r)
	return r
}

// decide names the winner, applying the variant's tie-break when the top
// final scores are level.
func (g *Game) decide(r *Result) {
	sides := r.Final
	sideOf := func(seat int) int { return seat }
	if g.Teamed() {
		r.TeamFinal = []int{r.Final[0] + r.Final[2], r.Final[1] + r.Final[3]}
		sides = r.TeamFinal
		sideOf = teamOf
	}
	best, tied := leaders(sides)
	r.DecidedBy = DecidedByScore
	if tied == 1 {
		r.Winner = best
		return
	}
	top := sides[best]
	isTied := func(side int) bool { return sides[side] == top }
	switch g.v.TieBreak {
	case TiePreAdjustment:
		pre := make([]int, len(sides))
		for i := range g.players {
			if isTied(sideOf(i)) {
				pre[sideOf(i)] += r.Final[i] - r.RackAdjust[i]
			} else {
				pre[sideOf(i)] = -1 << 30
			}
		}
		if w, t := leaders(pre); t == 1 {
			r.Winner, r.DecidedBy = w, string(TiePreAdjustment)
		}
	case TieLeaderBeforeFinalMove:
		if g.reason == EndPasses || g.reason == EndScoreless {
			if g.lastPasser >= 0 && isTied(sideOf(g.lastPasser)) {
				r.Winner, r.DecidedBy = sideOf(g.lastPasser), DecidedLastToPass
			}
			return
		}
		before := make([]int, len(sides))
		for i := range g.players {
			if isTied(sideOf(i)) {
				before[sideOf(i)] += g.beforeFinal[i]
			} else {
				before[sideOf(i)] = -1 << 30
			}
		}
		if w, t := leaders(before); t == 1 {
			r.Winner, r.DecidedBy = w, string(TieLeaderBeforeFinalMove)
		}
	case TieOutPlayerPoint:
		if g.reason == EndOut && isTied(sideOf(g.outPlayer)) {
			r.TieBreak[g.outPlayer] = 1
			r.Final[g.outPlayer]++
			if r.TeamFinal != nil {
				r.TeamFinal[teamOf(g.outPlayer)]++
			}
			r.Winner, r.DecidedBy = sideOf(g.outPlayer), string(TieOutPlayerPoint)
		}
	}
}

// leaders returns the index of the highest value and how many indexes
// share it.
func leaders(v []int) (best, tied int) {
	for i, x := range v {
		switch {
		case i == 0 || x > v[best]:
			best, tied = i, 1
		case x == v[best]:
			tied++
		}
	}
	return best, tied
}
