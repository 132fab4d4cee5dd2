package standings

// Start records who began a game, from one player's side. The numbers
// are tsh's "p12" codes (0 is used there for byes).
type Start int8

const (
	StartUnknown Start = 0 // not recorded (tsh writes 4, "indeterminate")
	StartFirst   Start = 1 // this player went first
	StartSecond  Start = 2 // this player went second
	StartDraw    Start = 3 // the players are to draw for first (tsh's 3)
)

// opposite is the other player's view of the same start.
func (s Start) opposite() Start {
	switch s {
	case StartFirst:
		return StartSecond
	case StartSecond:
		return StartFirst
	}
	return s
}

// TieBreak records how a tied game was decided when the variant breaks
// ties (see scoring's variants): a tied score can still be a win.
type TieBreak int8

const (
	TieBreakNone TieBreak = 0 // a tie stays a tie: half a win each
	TieBreakWon  TieBreak = 1 // this player won the tie-break
	TieBreakLost TieBreak = 2 // this player lost the tie-break
)

func (t TieBreak) opposite() TieBreak {
	switch t {
	case TieBreakWon:
		return TieBreakLost
	case TieBreakLost:
		return TieBreakWon
	}
	return t
}

// Outcome of a result for standings.
type Outcome string

const (
	Win  Outcome = "W"
	Loss Outcome = "L"
	Tie  Outcome = "T"
	// NoOutcome: a round that counts neither way (a bye scored 0, as tsh
	// records a withdrawn player's rounds when told to give nothing).
	NoOutcome Outcome = ""
)

// Halves is the outcome in half-wins and half-losses.
func (o Outcome) Halves() (wins, losses int) { return o.halves() }

// halves is the outcome in half-wins and half-losses: standings count in
// halves so that ties stay integers.
func (o Outcome) halves() (wins, losses int) {
	switch o {
	case Win:
		return 2, 0
	case Loss:
		return 0, 2
	case Tie:
		return 1, 1
	}
	return 0, 0
}

// Result is one player's game (or bye) in one round, from that player's
// side.
//
// Opponent 0 means no opponent: a bye (Score is the spread won, OppScore 0)
// or a forfeit loss nobody won (Score is minus the forfeit spread). A
// forfeit between two players keeps the Opponent; the winner has
// Score = the forfeit spread, OppScore 0, and the loser the mirror. Game
// scores are Config.MinScore..MaxScore: a game can end below zero after
// rack deductions and time penalties. A result without an opponent has a
// negative Score only for a forfeit loss, exactly as tsh records it.
type Result struct {
	Round    int
	Player   int
	Opponent int
	Score    int
	OppScore int
	Start    Start
	Forfeit  bool
	TieBreak TieBreak
	Table    int // 0: none assigned
	// Group, for a table of three or four or a team game: every player at
	// the table in seat order (Player among them), Opponent 0. For a team
	// game Group[0] and Group[2] play Group[1] and Group[3]. GroupScores
	// are the scores per seat (per team for a team game); Score is
	// Player's (their team's) and OppScore what makes Spread the sum of
	// the pairwise spreads (the other team's score). See Legs.
	Group       []int
	GroupScores []int
	Teams       bool
}

// Spread is the game's spread for this player, before any cap.
func (r Result) Spread() int { return r.Score - r.OppScore }

// Played reports a game actually played over the board.
func (r Result) Played() bool { return (r.Opponent != 0 || r.IsGroup()) && !r.Forfeit }

// IsBye reports a bye: no opponent and no forfeit.
func (r Result) IsBye() bool { return r.Opponent == 0 && !r.Forfeit && !r.IsGroup() }

// IsGroup reports a table of three or four, or a team game.
func (r Result) IsGroup() bool { return len(r.Group) > 0 }

// Outcome is the result as standings count it. A table of three or four
// is a win when its pairwise results (Legs) are more wins than losses, a
// loss when fewer, a tie when even; standings count the legs themselves.
func (r Result) Outcome() Outcome {
	if r.IsGroup() && !r.Teams {
		net := 0
		for _, l := range r.Legs() {
			w, lo := l.Outcome().halves()
			net += w - lo
		}
		switch {
		case net > 0:
			return Win
		case net < 0:
			return Loss
		}
		return Tie
	}
	s := r.Spread()
	switch {
	case s > 0:
		return Win
	case s < 0:
		return Loss
	case r.Played() && r.TieBreak == TieBreakWon:
		return Win
	case r.Played() && r.TieBreak == TieBreakLost:
		return Loss
	case r.Played():
		return Tie
	}
	return NoOutcome
}

// EntryKind says what a scorecard reports.
type EntryKind string

const (
	EntryGame    EntryKind = "game"    // a game played: two players, two scores
	EntryBye     EntryKind = "bye"     // a bye for Player
	EntryForfeit EntryKind = "forfeit" // Player forfeits (to Opponent, or to nobody)
)

// Entry is what a scorekeeper or director reports for one round.
type Entry struct {
	Kind  EntryKind
	Round int
	// Player: for a game either player; for a bye the player; for a
	// forfeit the player who forfeited (and loses).
	Player int
	// Opponent: for a game the other player; for a forfeit the player who
	// wins it, or 0 when nobody does (the forfeiter had no opponent);
	// for a bye 0.
	Opponent int
	// Score and OppScore are the game's scores, Player's first.
	Score, OppScore int
	// Spread, when set: for a game, the spread written on the scorecard,
	// checked against the scores; for a bye or forfeit, the spread to
	// award instead of the configured one.
	Spread *int
	// First is the id of the player who went first, 0 when not reported
	// (the start recorded at pairing time is then kept).
	First int
	// TieBreakWinner is, for a tied game decided by a tie-break, the id of
	// the player who won it; 0 for a tie.
	TieBreakWinner int
	// A table (EntryGroup): every player in seat order and their scores in
	// the same order; for a team game (Teams) four players, Group[0] and
	// Group[2] against Group[1] and Group[3], and two scores, one per
	// team. Player is Group[0].
	Group  []int
	Scores []int
	Teams  bool
}

// Change is what an operation did to results, for the audit log: each
// touched player's result in each touched round, before and after (nil:
// no result).
type Change struct {
	Players []PlayerChange
}

// PlayerChange is one player's result in one round before and after an
// operation.
type PlayerChange struct {
	Round  int
	Player int
	Before *Result
	After  *Result
}

// changed adds a player's change in a round to c; inside Quietly, where
// nobody reads Changes, it adds nothing.
func (d *Division) changed(c *Change, round, player int, before, after *Result) {
	if d.quiet {
		return
	}
	c.Players = append(c.Players, PlayerChange{Round: round, Player: player, Before: before, After: after})
}
