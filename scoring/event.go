package scoring

// EventKind is the kind of one entry in a game's ordered list of events.
type EventKind uint8

const (
	// EventMove is a turn: a placement, an exchange or a pass.
	EventMove EventKind = iota + 1
	// EventWithdraw takes back the last play after a successful challenge;
	// Player is the one whose play it was. The turn stays lost to them.
	EventWithdraw
	// EventChallengeBonus gives Points to the player whose play was
	// challenged and stood (five-point and ten-point challenge rules).
	EventChallengeBonus
	// EventLostTurn is a challenger losing their turn over a failed
	// challenge (double challenge): a scoreless turn.
	EventLostTurn
	// EventEndRack reveals a player's remaining tiles once the game is
	// over, when the engine cannot work them out itself.
	EventEndRack
	// EventTimePenalty deducts Points (a positive number) from Player for
	// overtime, after the game is over.
	EventTimePenalty
	// EventEnd ends the game where it stands, by the director's decision
	// (time ran out for the round, a game abandoned or adjudicated): the
	// totals so far stand. End racks may follow; each revealed rack is
	// deducted from its owner, and an unrevealed one counts nothing.
	EventEnd
)

// Event is one entry of a game: what happened, to whom, and what the
// player claimed it scored. A game is its ordered list of events;
// everything else is derived by replaying them.
type Event struct {
	Kind   EventKind
	Player int  // seat, 0-based (seat 0 moves first)
	Move   Move // EventMove
	// Rack is the rack before a move, when known (it lets the engine check
	// the tiles played), or the revealed tiles for EventEndRack.
	Rack   []Tile
	Points int // EventChallengeBonus, EventTimePenalty
	// Claimed is the score the player announced, kept beside the computed
	// one; HasClaim is false when nothing was announced.
	Claimed  int
	HasClaim bool
}

// Turn is an applied event with what the engine computed for it.
type Turn struct {
	Event Event
	// Score is the computed change to the player's score: a play's score,
	// a bonus, minus a withdrawn play's score, minus a penalty.
	Score     int
	Placement *Placement // placements only
	Breakdown *Breakdown // placements only
	// Irregular is set when the play broke a rule the variant lets stand
	// unless challenged.
	Irregular *RuleError
	Totals    []int // every player's total after the event
	Drawn     int   // tiles drawn from the bag after the event
}

// Agrees reports whether the claimed score, if any, equals the computed one.
func (t *Turn) Agrees() bool { return !t.Event.HasClaim || t.Event.Claimed == t.Score }
