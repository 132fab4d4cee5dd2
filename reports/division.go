package reports

import (
	"strconv"

	"tourney/service"
)

// Division is a division round by round, as the standings, the
// cross-table and the scorecards print it.
type Division struct {
	Tournament string
	Division   string // empty when the tournament has none
	Through    int    // the last round shown
	Rounds     int    // rounds planned; 0 when not set
	// Complete is the last round up to which every result is in; InProgress
	// the round after it while its results come in (nil when none).
	Complete   int
	InProgress *service.RoundProgress
	Standings  []StandingLine
	Players    []PlayerCard // by number
}

// StandingLine is one line of the standings.
type StandingLine struct {
	Rank      int
	Tied      bool // shares its rank
	Number    int  // the player's number in the division
	Name      string
	Rating    int
	Class     string  // the rating class; "" when the division has none
	Wins      float64 // a tie counts half
	Losses    float64
	Spread    int
	Withdrawn bool
	Last      *RoundLine // the latest result; nil before any
}

// PlayerCard is one player's rounds: their scorecard, their line of the
// cross-table.
type PlayerCard struct {
	Number    int
	Name      string
	Rating    int
	Withdrawn bool
	Rounds    []RoundLine // rounds paired, in order
}

// RoundLine is a round from one player's side.
type RoundLine struct {
	Round, Table   int
	OpponentNumber int // 0 for none
	Opponent       string
	Start          string // "first", "second" or ""
	Entered        bool   // the result is in
	Bye, Forfeit   bool
	Score          int
	OppScore       int
	Spread         int
	Outcome        string // W, L, T, or ""
	// A table of three or four, or a team game (Teams): everyone at the
	// table in seat order, this player too (at Seat, 1-based), and the
	// round's pairwise
	// record (Wins, Losses; a tie is half of each). Opponent and
	// OpponentNumber are empty then; Score and OppScore are the teams' in
	// a team game, and Spread at a table of three or four is the sum of
	// the pairwise spreads.
	Group        []GroupSeat
	Seat         int
	Teams        bool
	Wins, Losses float64
}

// GroupSeat is one seat at a table of three or four (or a team game).
type GroupSeat struct {
	Number int // the player's number in the division
	Name   string
	Score  *int // once entered; a team game's seats carry their team's score
}

// DivisionFromRecord maps the service's record of a division onto the
// page's.
func DivisionFromRecord(r *service.DivisionRecord) Division {
	d := Division{Tournament: r.Tournament, Division: r.Division, Through: r.Through, Rounds: r.Rounds,
		Complete: r.Complete, InProgress: r.InProgress}
	number := map[int64]int{}
	for _, p := range r.Players {
		card := PlayerCard{Number: p.Line, Name: p.Name, Rating: p.Rating, Withdrawn: p.Withdrawn}
		number[p.ID] = p.Line
		for _, g := range p.Rounds {
			line := RoundLine{
				Round: g.Round, Table: g.Table, OpponentNumber: g.OpponentLine, Opponent: g.Opponent, Start: g.Start,
				Entered: g.Entered, Bye: g.Bye, Forfeit: g.Forfeit, Score: g.Score, OppScore: g.OppScore,
				Spread: g.Spread, Outcome: g.Outcome, Teams: g.Teams, Wins: g.Wins, Losses: g.Losses,
				Group: groupSeats(g.Group),
			}
			for i, s := range g.Group {
				if s.ID == p.ID {
					line.Seat = i + 1
				}
			}
			card.Rounds = append(card.Rounds, line)
		}
		d.Players = append(d.Players, card)
	}
	for _, s := range r.Standings {
		line := StandingLine{Rank: s.Rank, Tied: s.Tied, Number: number[s.PlayerID], Name: s.Name, Rating: s.Rating,
			Class: s.Class, Wins: s.Wins, Losses: s.Losses, Spread: s.Spread, Withdrawn: s.Withdrawn}
		if n := line.Number; n >= 1 && n <= len(d.Players) {
			line.Last = d.Players[n-1].last()
		}
		d.Standings = append(d.Standings, line)
	}
	return d
}

// last is the player's latest entered result.
func (p *PlayerCard) last() *RoundLine {
	for i := len(p.Rounds) - 1; i >= 0; i-- {
		if p.Rounds[i].Entered {
			r := p.Rounds[i]
			return &r
		}
	}
	return nil
}

// caption is "Division A · after round 3", and while the next round's
// results come in "Division A · after round 3 · round 4: 12 of 15
// results". "After round N" always means rounds 1 to N are complete.
func (d *Division) caption() string {
	after := "before round 1"
	if d.Complete > 0 {
		after = "after round " + strconv.Itoa(d.Complete)
	}
	if p := d.InProgress; p != nil {
		progress := "round " + strconv.Itoa(p.Round) + ": " + strconv.Itoa(p.Results) + " of " + strconv.Itoa(p.Games) + " results"
		if d.Complete == 0 {
			return join(" · ", d.Division, progress)
		}
		return join(" · ", d.Division, after, progress)
	}
	return join(" · ", d.Division, after)
}

// outcomeWord is a result as a player reads it: "W 412–380", "bye +50",
// "forfeit −50".
func (r *RoundLine) outcomeWord() string {
	switch {
	case !r.Entered:
		return ""
	case r.Bye:
		return "bye " + Signed(r.Spread)
	case r.Forfeit:
		return "forfeit " + Signed(r.Spread)
	}
	if r.isGroup() {
		return r.groupOutcome()
	}
	o := r.Outcome
	if o == "" {
		o = "–"
	}
	return o + " " + strconv.Itoa(r.Score) + "–" + strconv.Itoa(r.OppScore)
}

// lastGame is the standings' last-game column: "R3 W 412–380 v Łukasz Żółw".
func (r *RoundLine) lastGame() string {
	if r == nil {
		return ""
	}
	s := "R" + strconv.Itoa(r.Round) + " " + r.outcomeWord()
	switch {
	case r.isGroup() && r.Teams:
		s += " " + r.groupOpponents(false)
	case r.isGroup():
		s += " v " + r.groupOpponents(true)
	case r.Opponent != "":
		s += " v " + PlayerName(r.Opponent, r.OpponentNumber)
	}
	return s
}
