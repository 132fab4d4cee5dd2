package service

import (
	"strings"

	"tourney/challenges"
	"tourney/scoring"
)

// replayed is a game's events run through the engine.
type replayed struct {
	v      *scoring.Variant
	rule   challenges.Rule
	game   *scoring.Game
	events []TurnEvent     // active (not undone) events, in order
	turns  []*scoring.Turn // engine turn per event; nil for events the engine does not see (accept, hold)
	status string
	// lostBy and wonBy are the seats (0-based) of the two sides of a
	// challenge that ended the game under the triple rule, or -1.
	lostBy, wonBy int
	// voided: the director set the record aside (EventVoid); the game's
	// result is the one entered by hand.
	voided bool
	// after, when set, is told of each event the engine applied (its
	// index in events), the game as that event left it (replaySteps).
	after func(i int)
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
	// StatusOnHold: the opponent holds the latest play while deciding
	// whether to challenge it.
	StatusOnHold = "on-hold"
	// StatusVoided: the director set the record aside and entered the
	// result by hand; the turns stay, but no longer decide anything.
	StatusVoided = "voided"
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
	case EventEnd:
		ev.Kind, ev.Rack = scoring.EventEnd, nil
	default:
		return ev, Errorf(KindInvalid, "bad-kind", "unknown turn kind %q", e.Kind)
	}
	return ev, nil
}

// replay runs a game's active events through the engine. It stops at the
// first event the engine refuses and returns its index with the error.
func replay(v *scoring.Variant, g *Game, all []TurnEvent, challengeRule string) (*replayed, int, error) {
	return replayWatched(v, g, all, challengeRule, nil)
}

// replayWatched is replay telling after (nil: nobody) of each event the
// engine applies, as it leaves the game.
func replayWatched(v *scoring.Variant, g *Game, all []TurnEvent, challengeRule string, after func(r *replayed, i int)) (*replayed, int, error) {
	eg, err := scoring.NewGame(v, len(g.Seats))
	if err != nil {
		return nil, -1, Errorf(KindInvalid, "bad-players", "%v", err)
	}
	if g.Teams {
		if err := eg.SetTeams(true); err != nil {
			return nil, -1, Errorf(KindInvalid, "bad-teams", "%v", err)
		}
	}
	rule, err := challenges.LookupRule(challengeRule)
	if err != nil {
		return nil, -1, Errorf(KindInvalid, "unknown-challenge-rule", "%v", err)
	}
	r := &replayed{v: v, rule: rule, game: eg, lostBy: -1, wonBy: -1}
	if after != nil {
		r.after = func(i int) { after(r, i) }
	}
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
	if r.voided {
		return Errorf(KindRule, "record-voided", "the director set this game's record aside and entered its result by hand; nothing more is recorded")
	}
	if r.lostBy >= 0 && e.Kind != EventVoid {
		return Errorf(KindRule, "game-over", "the game was lost on a challenge; no more turns")
	}
	var ev scoring.Event
	var err error
	switch e.Kind {
	case EventAccept:
		if r.game.EndReason() != scoring.EndOut {
			return Errorf(KindRule, "nothing-to-accept", "there is no play that went out to accept")
		}
		return r.skip(e)
	case EventHold, EventConfirm:
		return r.skip(e)
	case EventVoid:
		r.voided = true
		return r.skip(e)
	case EventChallenge:
		var effect bool
		if ev, effect, err = r.challengeEvent(e); err != nil {
			return err
		}
		if !effect {
			return r.skip(e)
		}
	default:
		if ev, err = engineEvent(r.v, e); err != nil {
			return ruleError(err)
		}
	}
	t, err := r.game.Apply(ev)
	if err != nil {
		return ruleError(err)
	}
	r.events = append(r.events, *e)
	r.turns = append(r.turns, t)
	if r.after != nil {
		r.after(len(r.events) - 1)
	}
	return nil
}

// skip records an event the engine does not see.
func (r *replayed) skip(e *TurnEvent) error {
	r.events = append(r.events, *e)
	r.turns = append(r.turns, nil)
	return nil
}

// challengeEvent turns a ruling into its effect under the challenge rule:
// an unacceptable play is withdrawn; an acceptable one costs the
// challenger their turn (double), gives the challenged player points
// (five-point and the like), nothing (single); under triple the loser of
// the challenge loses the game. effect is false when the engine has
// nothing to do.
func (r *replayed) challengeEvent(e *TurnEvent) (ev scoring.Event, effect bool, err error) {
	challenged := -1
	for _, p := range r.events {
		if p.Seq == e.ChallengedTurn && p.Kind == EventMove {
			challenged = p.Seat - 1
		}
	}
	if challenged < 0 {
		return ev, false, Errorf(KindRule, "not-a-play", "turn %d is not a play that can be challenged", e.ChallengedTurn)
	}
	if e.Verdict == VerdictUnacceptable {
		if r.rule.Penalty == challenges.PenaltyLoseGame {
			defer func() {
				if err == nil {
					r.lostBy, r.wonBy = challenged, e.Seat-1
				}
			}()
		}
		return scoring.Event{Kind: scoring.EventWithdraw, Player: challenged}, true, nil
	}
	switch r.rule.Penalty {
	case challenges.PenaltyLoseTurn:
		return scoring.Event{Kind: scoring.EventLostTurn, Player: e.Seat - 1}, true, nil
	case challenges.PenaltyPoints, challenges.PenaltyPointsWord:
		return scoring.Event{Kind: scoring.EventChallengeBonus, Player: challenged, Points: e.Points}, true, nil
	case challenges.PenaltyLoseGame:
		r.lostBy, r.wonBy = e.Seat-1, challenged
	}
	return ev, false, nil
}

func (r *replayed) statusNow(challengeRule string) string {
	g := r.game
	switch {
	case r.voided:
		return StatusVoided
	case r.lostBy >= 0:
		return StatusFinished
	case len(r.events) > 0 && r.events[len(r.events)-1].Kind == EventHold:
		return StatusOnHold
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
