package service

// The one turn number. Players count turns by plays, as on a score sheet:
// each move (a placement, an exchange or a pass) that stands is a turn,
// numbered from 1, a play later challenged off included. Everything else
// belongs to the play it follows and carries that play's number: a hold,
// a challenge and its ruling (withdrawal, bonus, lost turn), the
// acceptance of a play that went out, the tiles left and time penalties
// at the end, the director's end, and the players' confirmations. An
// undone event has no number (0) and takes none: the next play gets the
// number the undone one had, so numbers never skip. Events before the
// first play carry 0.
//
// Every surface shows this number: the game view (each event's "turn"),
// the tablet, the console and its corrections (PATCH
// /games/{id}/turns/{turn}), the score sheet, highlights, the published
// pages. An event's Seq is only its place in storage (its "seq").

// TurnNumbers gives each of a game's events, in order, its turn number.
func TurnNumbers(events []TurnEvent) []int {
	out := make([]int, len(events))
	bySeq := map[int]int{} // a standing move's seq: its number
	n := 0
	for i, e := range events {
		switch {
		case e.Undone:
		case e.Kind == EventMove:
			n++
			bySeq[e.Seq] = n
			out[i] = n
		case e.ChallengedTurn > 0 && bySeq[e.ChallengedTurn] > 0:
			out[i] = bySeq[e.ChallengedTurn]
		default:
			out[i] = n
		}
	}
	return out
}

// turnNumberOf is the turn number of the event at index i of events.
func turnNumberOf(events []TurnEvent, i int) int {
	if i < 0 || i >= len(events) {
		return 0
	}
	return TurnNumbers(events[:i+1])[i]
}

// turnOfSeq is the turn number of the event stored as seq (0: none).
func turnOfSeq(events []TurnEvent, seq int) int {
	for i, e := range events {
		if e.Seq == seq {
			return turnNumberOf(events, i)
		}
	}
	return 0
}

// eventOfTurn finds the event a director's change to a turn addresses,
// among those want accepts: with seq (> 0), that stored event, which must
// belong to the turn; without, the turn's play, or else its latest such
// event. Undone events are never addressed. The answer is an index into
// events, or -1.
func eventOfTurn(events []TurnEvent, turn, seq int, want func(TurnEvent) bool) int {
	nums := TurnNumbers(events)
	found := -1
	for i, e := range events {
		switch {
		case e.Undone || nums[i] != turn || !want(e):
		case seq > 0:
			if e.Seq == seq {
				return i
			}
		case e.Kind == EventMove:
			return i
		default:
			found = i
		}
	}
	return found
}

// numberedEvent is an event with its turn number, as the audit log keeps
// it.
type numberedEvent struct {
	Turn int `json:"turn"`
	TurnEvent
}

// numbered is the event at index i of events with its turn number.
func numbered(events []TurnEvent, i int) numberedEvent {
	return numberedEvent{Turn: turnNumberOf(events, i), TurnEvent: events[i]}
}
