package service

import (
	"strings"

	"tourney/scoring"
)

// replayed is a game's events run through the engine.
type replayed struct {
	v      *scoring.Variant
	game   *scoring.Game
	events []TurnEvent     // active (not undone) events, in order
	turns  []*scoring.Turn // engine turn per event; nil for events the engine does not see (accept)
	status string
}

// Game statuses.
const (
	StatusInProgress = "in-progress"
	// StatusAwaitingAcceptance: a play went out; the opponent may still
	// challenge it, or accept it (a pass).
	StatusAwaitingAcceptance = "awaiting-acceptance"
	// StatusAwaitingRacks: the game is over but a player's remaining tiles
	// must be entered before the rack adjustments can be made.
	StatusAwaitingRacks = "awaiting-racks"
	StatusFinished      = "finished"
)

// engineEvent converts a stored event into the engine's form.
func engineEvent(v *scoring.Variant, e *TurnEvent) (scoring.Event, error) {
	ev := scoring.Event{Player: e.Seat - 1, Points: e.Points}
	if e.ClaimedScore != nil {
		ev.Claimed, ev.HasClaim = *e.ClaimedScore, true
	}
	if rack := strings.TrimSpace(e.Rack); rack != "" {
		r, err := scoring.ParseRack(v.Tiles, rack)
		if err != nil {
			return ev, err
		}
		ev.Rack = r
	}
	switch e.Kind {
	case EventMove:
		m, err := scoring.ParseMove(v.Tiles, e.Move)
		if err != nil {
			return ev, err
		}
		ev.Kind, ev.Move = scoring.EventMove, m
	case EventWithdraw:
		ev.Kind, ev.Rack = scoring.EventWithdraw, nil
	case EventChallengeBonus:
		ev.Kind, ev.Rack = scoring.EventChallengeBonus, nil
	case EventLostTurn:
		ev.Kind, ev.Rack = scoring.EventLostTurn, nil
	case EventEndRack:
		ev.Kind = scoring.EventEndRack
		if ev.Rack == nil {
			ev.Rack = []scoring.Tile{}
		}
	case EventTimePenalty:
		ev.Kind, ev.Rack = scoring.EventTimePenalty, nil
	default:
		return ev, Errorf(KindInvalid, "bad-kind", "unknown turn kind %q", e.Kind)
	}
	return ev, nil
}

// replay runs a game's active events through the engine. It stops at the
// first event the engine refuses and returns its index with the error.
func replay(v *scoring.Variant, g *Game, all []TurnEvent, challengeRule string) (*replayed, int, error) {
	eg, err := scoring.NewGame(v, len(g.Seats))
	if err != nil {
		return nil, -1, Errorf(KindInvalid, "bad-players", "%v", err)
	}
	if g.Teams {
		if err := eg.SetTeams(true); err != nil {
			return nil, -1, Errorf(KindInvalid, "bad-teams", "%v", err)
		}
	}
	r := &replayed{v: v, game: eg}
	for i := range all {
		e := &all[i]
		if e.Undone {
			continue
		}
		if err := r.apply(e); err != nil {
			return r, i, err
		}
	}
	r.status = r.statusNow(challengeRule)
	return r, -1, nil
}

// apply runs one event.
func (r *replayed) apply(e *TurnEvent) error {
	if e.Kind == EventAccept {
		if r.game.EndReason() != scoring.EndOut {
			return Errorf(KindRule, "nothing-to-accept", "there is no play that went out to accept")
		}
		r.events = append(r.events, *e)
		r.turns = append(r.turns, nil)
		return nil
	}
	ev, err := engineEvent(r.v, e)
	if err != nil {
		return ruleError(err)
	}
	t, err := r.game.Apply(ev)
	if err != nil {
		return ruleError(err)
	}
	r.events = append(r.events, *e)
	r.turns = append(r.turns, t)
	return nil
}

func (r *replayed) statusNow(challengeRule string) string {
	g := r.game
	switch {
	case !g.Over():
		return StatusInProgress
	case g.EndReason() == scoring.EndOut && challengeRule != "void" && !hasAcceptance(r.events):
		return StatusAwaitingAcceptance
	case !g.Result().Complete:
		return StatusAwaitingRacks
	}
	return StatusFinished
}

// ruleError turns an engine refusal into a service error that keeps the
// engine's stable code as its type.
func ruleError(err error) error {
	if re, ok := err.(*scoring.RuleError); ok {
		return &Error{Kind: KindRule, Type: string(re.Code), Msg: re.Msg}
	}
	return err
}
