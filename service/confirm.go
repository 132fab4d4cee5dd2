package service

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"
)

// A finished game's result is confirmed by each player, as they sign a
// paper scoresheet. A confirmation is a turn event of its own kind
// (EventConfirm) so that it is part of the game's ordered record, with who
// entered it and when, like every other entry; replay passes over it and
// it changes no score. It records the final scores it confirmed (in Move,
// as "451-345"), so that a correction which changes the result leaves the
// earlier confirmations standing in the record but no longer counting:
// the players confirm again.

// ConfirmInput names the seat confirming the result.
type ConfirmInput struct {
	Player int `json:"player"` // seat, 1 = moved first
}

// confirmRetries bounds how often a confirmation is retried when another
// entry changed the game meanwhile (both players confirming at once from
// two devices): a confirmation does not depend on the turn it lands on.
const confirmRetries = 3

// ConfirmResult records that the player in a seat confirms the finished
// game's result. A seat that has already confirmed this result is not
// recorded twice; created reports whether a new event was stored.
func (s *Service) ConfirmResult(ctx context.Context, a Actor, gameID int64, in ConfirmInput) (view *GameView, created bool, err error) {
	for try := range confirmRetries {
		view, created, err = s.confirmOnce(ctx, a, gameID, in)
		var e *Error
		if !errors.As(err, &e) || e.Type != "stale-turn" {
			break
		}
		// The change that got there first may not be committed yet (it
		// can share a commit with others): give it a moment.
		time.Sleep(time.Duration(try+1) * 10 * time.Millisecond)
	}
	return view, created, err
}

func (s *Service) confirmOnce(ctx context.Context, a Actor, gameID int64, in ConfirmInput) (*GameView, bool, error) {
	var view *GameView
	created := false
	_, err := s.changeGame(ctx, a, gameID, gameChange{sameResult: true,
		decide: func(_ context.Context, l *loaded) error {
			if in.Player < 1 || in.Player > len(l.g.Seats) {
				return Errorf(KindInvalid, "bad-player", "player is a seat number from 1 to %d", len(l.g.Seats))
			}
			if l.r.status != StatusFinished {
				return Errorf(KindRule, "game-not-finished", "the game is %s: its result can be confirmed once it is finished", l.r.status)
			}
			v := s.view(l.t, l.g, l.names, l.events, l.r)
			if v.Confirmed[in.Player-1] {
				view = hideFromTables(v, a) // already confirmed: nothing to record
				return errNoChange
			}
			return s.addEvents(a, l, &TurnEvent{GameID: l.g.ID, Kind: EventConfirm, Seat: in.Player, Move: finalText(v.Result)})
		},
		answer: func(l *loaded) func() {
			view = hideFromTables(s.view(l.t, l.g, l.names, l.events, l.r), a)
			created = true
			v := view
			return func() { s.viewNotice(v) }
		}})
	return view, created, err
}

// finalText is what a confirmation confirms: the final scores in seat
// order, "451-345".
func finalText(r *ResultView) string {
	if r == nil {
		return ""
	}
	parts := make([]string, len(r.Final))
	for i, n := range r.Final {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, "-")
}

// confirmedSeats is, per seat, whether the player confirmed the result as
// it now stands: only a finished game's, and only the same final scores.
func confirmedSeats(v *GameView, events []TurnEvent) []bool {
	out := make([]bool, len(v.Players))
	if v.Status != StatusFinished {
		return out
	}
	final := finalText(v.Result)
	for _, e := range events {
		if e.Kind == EventConfirm && e.Move == final && e.Seat >= 1 && e.Seat <= len(out) {
			out[e.Seat-1] = true
		}
	}
	return out
}
