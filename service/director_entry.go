package service

import (
	"context"
	"encoding/json"
	"strings"
)

// Nothing the director entered is undone from a table. The director's
// latest entry in a game (an end, a ruling, a result entered or amended
// by hand, a correction, an entry typed for the table) is where a
// table's undo, correction, challenge or hold stops: reaching back to it
// is refused (director-decided, 403), and only the director changes it,
// with a reason, audited (UndoTurn, CorrectTurn, ReverseChallenge,
// AmendResult). After the director ended a game the table enters nothing
// more (no rack, no time penalty): the result is the director's.

// What the director's latest entry was (DirectorEntry.What).
const (
	DirectorEnded     = "end"        // ended the game where it stood (and its racks)
	DirectorRuled     = "ruling"     // ruled on a challenge (or reversed a ruling)
	DirectorResult    = "result"     // entered or amended the result by hand (the record set aside)
	DirectorCorrected = "correction" // corrected a turn
	DirectorEntered   = "entry"      // entered a turn for the table (or imported the record)
)

// DirectorEntry is the director's latest entry in a game: Seq is its
// event's storage number (0 for a result entered by hand for a game
// without a record), Turn the turn number players and the director read
// (TurnNumbers), What says what it was.
type DirectorEntry struct {
	Seq  int    `json:"seq"`
	Turn int    `json:"turn"`
	What string `json:"what"`
}

// byDirector reports whether the director entered an event: the kinds
// only the director makes, a ruling the director gave, or an entry made
// with a director's credential (every director credential's label
// starts with "director").
func byDirector(e TurnEvent) bool {
	switch {
	case e.Kind == EventEnd || e.Kind == EventVoid:
		return true
	case e.Kind == EventChallenge && e.DecidedBy == "director":
		return true
	}
	return strings.HasPrefix(e.EnteredBy, "director")
}

// directorEntry is the director's latest entry among a game's events
// (undone ones aside); nil: the director entered none.
func directorEntry(events []TurnEvent) *DirectorEntry {
	var d *DirectorEntry
	ended := false
	nums := TurnNumbers(events)
	for i, e := range events {
		if e.Undone {
			continue
		}
		if e.Kind == EventEnd {
			ended = true
		}
		if !byDirector(e) {
			continue
		}
		what := DirectorEntered
		switch {
		case e.Kind == EventEnd || (ended && e.Kind == EventEndRack):
			what = DirectorEnded
		case e.Kind == EventVoid:
			what = DirectorResult
		case e.Kind == EventChallenge || e.Kind == EventWithdraw || e.Kind == EventLostTurn || e.Kind == EventChallengeBonus:
			what = DirectorRuled
		}
		d = &DirectorEntry{Seq: e.Seq, Turn: nums[i], What: what}
	}
	return d
}

// handEntry is the director's entry of a game whose result the director
// entered (or amended) by hand: it covers the whole game (next: the
// number the game's next event would get).
func handEntry(next int) *DirectorEntry {
	return &DirectorEntry{Seq: next - 1, What: DirectorResult}
}

// directorDecided is the director's latest entry in a loaded game, its
// corrections (from the audit log) included: what a table's change
// stops at.
func (s *Service) directorDecided(ctx context.Context, l *loaded) (*DirectorEntry, error) {
	row, err := s.handResultOf(ctx, l.g.ID)
	if row != nil || err != nil {
		return handEntry(nextSeq(l.events)), err
	}
	d := directorEntry(l.r.events)
	id := l.g.ID
	entries, err := s.Store.ListAudit(ctx, l.t.ID, &id)
	if err != nil {
		return nil, err
	}
	live := map[int64]int{} // active event id → its number
	for _, e := range l.r.events {
		live[e.ID] = e.Seq
	}
	for _, a := range entries {
		if a.Action != "correct-turn" || len(a.Before) == 0 {
			continue
		}
		var before TurnEvent
		if json.Unmarshal(a.Before, &before) != nil {
			continue
		}
		if seq, ok := live[before.ID]; ok && (d == nil || seq > d.Seq) {
			d = &DirectorEntry{Seq: seq, Turn: turnOfSeq(l.r.events, seq), What: DirectorCorrected}
		}
	}
	return d, nil
}

// refuseBeforeDirector refuses a table's change that reaches back to
// turn (an undo, a correction, a challenge, a hold) when the director's
// latest entry is that turn or later, or the director entered the
// result by hand. The director is never refused.
func (s *Service) refuseBeforeDirector(ctx context.Context, a Actor, l *loaded, seq int) error {
	if a.IsDirector() {
		return nil
	}
	d, err := s.directorDecided(ctx, l)
	if err != nil || d == nil || (d.What != DirectorResult && seq > d.Seq) {
		return err
	}
	return directorDecided(d)
}

// refuseAfterDirectorEnd refuses a table's entry in a game the director
// ended: its racks and penalties are the director's to enter.
func refuseAfterDirectorEnd(a Actor, l *loaded) error {
	if a.IsDirector() {
		return nil
	}
	if d := directorEntry(l.r.events); d != nil && d.What == DirectorEnded {
		return directorDecided(d)
	}
	return nil
}

// directorDecidedWords says, for each kind of director's entry, why a
// table cannot change it.
var directorDecidedWords = map[string]string{
	DirectorEnded:     "the director ended this game",
	DirectorRuled:     "the director ruled on this play",
	DirectorResult:    "the director entered this game's result",
	DirectorCorrected: "the director corrected this turn",
	DirectorEntered:   "the director entered this turn",
}

func directorDecided(d *DirectorEntry) error {
	return &Error{Kind: KindForbidden, Type: "director-decided", Detail: d,
		Msg: directorDecidedWords[d.What] + "; only the director can change it now: ask the director"}
}

// tableCorrection is the answer to a table asking to correct a turn
// (by its turn number, and seq when it names one of the turn's entries),
// which only the director does: director-decided when the director has
// decided that turn or a later one, else director-only.
func (s *Service) tableCorrection(ctx context.Context, a Actor, gameID int64, turn, seq int) error {
	if a.Kind != CredTable {
		return requireDirector(a)
	}
	l, err := s.loadToEnter(ctx, a, gameID)
	if err != nil {
		return err
	}
	if i := eventOfTurn(l.r.events, turn, seq, func(TurnEvent) bool { return true }); i >= 0 {
		if err := s.refuseBeforeDirector(ctx, a, l, l.r.events[i].Seq); err != nil {
			return err
		}
	}
	return requireDirector(a)
}
