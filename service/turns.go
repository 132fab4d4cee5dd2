package service

import (
	"context"
	"strconv"
	"strings"

	"tourney/scoring"
)

// TurnInput is one entry from a table or the director.
type TurnInput struct {
	Turn         int    `json:"turn"`   // the turn number this entry means to be (the game's next_turn); 0 = whatever is next
	Player       int    `json:"player"` // seat, 1 = moves first
	Kind         string `json:"kind"`   // default "move"
	Move         string `json:"move"`   // "8D QUIXOTE", "-ABC", "-3", "-"
	Rack         string `json:"rack"`
	ClaimedScore *int   `json:"claimed_score"`
	Points       int    `json:"points"` // challenge-bonus and time-penalty kinds
	// Minutes and Seconds over time, for a time-penalty given as time
	// rather than points (together: 2 and 1 is 2:01); the variant turns
	// them into points (see overtimeEvent).
	Minutes *int `json:"minutes,omitempty"`
	Seconds *int `json:"seconds,omitempty"`
}

// TurnResult answers an entry: what the engine computed beside what was
// claimed, and where the game now stands.
type TurnResult struct {
	ID           int64              `json:"id"`
	Turn         int                `json:"turn"` // the turn number (see TurnNumbers)
	Seq          int                `json:"seq"`
	Player       int                `json:"player"`
	Kind         string             `json:"kind"`
	Move         string             `json:"move,omitempty"`
	Minutes      int                `json:"minutes,omitempty"` // a time penalty's minutes over time, as charged
	Score        int                `json:"score"`
	ClaimedScore *int               `json:"claimed_score"`
	Agrees       bool               `json:"agrees"`
	Breakdown    *scoring.Breakdown `json:"breakdown"`
	Flag         string             `json:"flag,omitempty"`
	Totals       []int              `json:"totals"`
	Status       string             `json:"status"`
	NextTurn     int                `json:"next_turn"`
	ToMove       int                `json:"to_move"`
	Result       *ResultView        `json:"result,omitempty"`
}

// kinds a table may enter; the others come from challenge rulings and the
// director.
var tableKinds = map[string]bool{EventMove: true, EventAccept: true, EventEndRack: true, EventTimePenalty: true}

// EnterTurn records one turn event: the engine recomputes its score, which
// is the official one; a claimed score that differs is kept beside it and
// flagged. An illegal entry is refused with the engine's code; an
// irregular play the variant lets stand is recorded and flagged.
func (s *Service) EnterTurn(ctx context.Context, a Actor, gameID int64, in TurnInput) (*TurnResult, error) {
	var res *TurnResult
	_, err := s.changeGame(ctx, a, gameID, gameChange{
		decide: func(ctx context.Context, l *loaded) error {
			if err := s.refuseBesideHandResult(ctx, l); err != nil {
				return err
			}
			if err := refuseAfterDirectorEnd(a, l); err != nil {
				return err
			}
			e, err := s.turnStep(a, l, in)
			if err != nil {
				return err
			}
			l.events = append(l.events, *e)
			return nil
		},
		answer: func(l *loaded) func() {
			res = turnResult(&l.events[len(l.events)-1], l, a)
			r := res
			return func() { s.gameNotice(l.g, r.Turn, r.Status, r.Flag) }
		}})
	return res, err
}

// turnStep is one entry's way through the rules, shared by a table's
// entry (EnterTurn) and a record's import (ImportGCG): the entry is checked
// against the game as it stands, the engine recomputes it, and the event
// to store comes back with the computed score beside the claim, flagged
// where they differ. The replay in l moves on with it (l.r); nothing is
// stored, and l.events is the caller's to extend.
func (s *Service) turnStep(a Actor, l *loaded, in TurnInput) (*TurnEvent, error) {
	e, err := s.newEvent(a, l, in)
	if err != nil {
		return nil, err
	}
	if err := l.r.apply(e); err != nil {
		return nil, err
	}
	if err := s.checkVoid(l.t, l.r.rule, l.r.turns[len(l.r.turns)-1]); err != nil {
		return nil, err
	}
	l.r.status = l.r.statusNow(l.t.ChallengeRule)
	fillComputed(e, l.r.turns[len(l.r.turns)-1])
	return e, nil
}

// hasAcceptance reports whether the latest play that went out has been
// accepted or unsuccessfully challenged.
func hasAcceptance(events []TurnEvent) bool {
	for i := len(events) - 1; i >= 0; i-- {
		switch events[i].Kind {
		case EventAccept, EventLostTurn, EventChallengeBonus:
			return true
		case EventChallenge:
			return events[i].Verdict == VerdictAcceptable
		case EventMove, EventWithdraw:
			return false
		}
	}
	return false
}

// newEvent validates an entry against the game's state and builds the
// event to store.
func (s *Service) newEvent(a Actor, l *loaded, in TurnInput) (*TurnEvent, error) {
	next := nextSeq(l.events)
	if in.Turn != 0 && in.Turn != next { // 0: not given, the next turn
		return nil, s.staleTurn(l, in.Turn)
	}
	kind := strings.TrimSpace(in.Kind)
	if kind == "" {
		kind = EventMove
	}
	if kind == EventConfirm {
		// A confirmation checks the game is finished and what it confirms.
		return nil, Errorf(KindInvalid, "bad-kind", "a result is confirmed with POST /api/v1/games/{id}/confirm, not as a turn")
	}
	if !a.IsDirector() && !tableKinds[kind] {
		return nil, Errorf(KindForbidden, "director-only", "only the director can enter a %s event", kind)
	}
	if in.Player < 1 || in.Player > len(l.g.Seats) {
		return nil, Errorf(KindInvalid, "bad-player", "player is a seat number from 1 to %d", len(l.g.Seats))
	}
	move := strings.TrimSpace(in.Move)
	// A pass by the opponent of a play that went out accepts it.
	if kind == EventMove && l.r.status == StatusAwaitingAcceptance && (move == "-" || strings.EqualFold(move, "pass")) {
		kind, move = EventAccept, ""
	}
	if kind == EventMove && move == "" {
		return nil, Errorf(KindInvalid, "missing-move", "a move is needed: 8D QUIXOTE, -ABC to exchange, or - to pass")
	}
	if kind == EventAccept {
		if l.r.status != StatusAwaitingAcceptance {
			return nil, Errorf(KindRule, "nothing-to-accept", "there is no play that went out waiting to be accepted")
		}
		if out := l.r.game.Result().OutPlayer + 1; in.Player == out {
			return nil, Errorf(KindRule, "wrong-player", "the opponent accepts the play that went out, not the player who made it")
		}
	}
	points := in.Points
	switch {
	case in.overtimeGiven():
		var err error
		if move, points, err = overtimeEvent(l.r.v, kind, in); err != nil {
			return nil, err
		}
	case (kind == EventChallengeBonus || kind == EventTimePenalty) && in.Points <= 0:
		return nil, Errorf(KindInvalid, "bad-points", "give the number of points (a positive number)")
	case kind == EventTimePenalty:
		move = "" // points only: no time over on record
	}
	return &TurnEvent{
		GameID: l.g.ID, Seq: next, Kind: kind, Seat: in.Player, Move: move,
		Rack: strings.ToUpper(strings.TrimSpace(in.Rack)), ClaimedScore: in.ClaimedScore,
		Points: points, EnteredBy: a.Name(), CreatedAt: s.now(),
	}, nil
}

// staleTurn refuses an entry that names a turn other than the next one,
// with the game as it now stands.
func (s *Service) staleTurn(l *loaded, turn int) error {
	v := s.view(l.t, l.g, l.names, l.events, l.r)
	return &Error{Kind: KindConflict, Type: "stale-turn", Detail: v,
		Msg: "this entry is for turn " + strconv.Itoa(turn) + ", but the game is at turn " + strconv.Itoa(v.NextTurn) + "; here is the game as it stands"}
}

// fillComputed stores the engine's numbers beside what was entered.
func fillComputed(e *TurnEvent, t *scoring.Turn) {
	e.Agrees, e.Flag, e.Score, e.Breakdown = true, "", 0, nil
	if t == nil {
		return
	}
	e.Score = t.Score
	var flags []string
	if e.ClaimedScore != nil && *e.ClaimedScore != t.Score {
		e.Agrees = false
		flags = append(flags, "score-disagreement")
	}
	if t.Irregular != nil {
		flags = append(flags, "irregular:"+string(t.Irregular.Code))
	}
	e.Flag = strings.Join(flags, ",")
	if t.Breakdown != nil {
		e.Breakdown = mustJSON(t.Breakdown)
	}
}

// turnResult answers an entry: the event as stored, an exchange by its
// count for all but the director (see exchange_shown.go).
func turnResult(e *TurnEvent, l *loaded, a Actor) *TurnResult {
	t := l.r.turns[len(l.r.turns)-1]
	res := &TurnResult{
		ID: e.ID, Turn: turnNumberOf(l.r.events, len(l.r.events)-1), Seq: e.Seq, Player: e.Seat, Kind: e.Kind, Move: e.Move, Minutes: overtimeMinutes(e), Score: e.Score, ClaimedScore: e.ClaimedScore,
		Agrees: e.Agrees, Flag: e.Flag, Totals: l.r.game.Totals(), Status: l.r.status,
		NextTurn: nextSeq(l.events), ToMove: l.r.game.ToMove() + 1,
	}
	if t != nil {
		res.Breakdown = t.Breakdown
	}
	if n := tilesExchanged(t); n > 0 && !a.IsDirector() {
		res.Move = exchangeByCount(n)
	}
	if l.r.game.Over() {
		res.Result = resultView(l.r.game.Result(), l.g)
	}
	return res
}

// UndoInput names the entry to undo (by its seq: the game's latest) and
// why.
type UndoInput struct {
	Turn   int    `json:"turn"` // the latest event's seq
	Reason string `json:"reason"`
}

// UndoTurn takes back the game's latest event (a table, before the next
// turn; or the director). The event is kept, marked undone, and the audit
// log records who, when, why, and the event before and after.
func (s *Service) UndoTurn(ctx context.Context, a Actor, gameID int64, in UndoInput) (*GameView, error) {
	var before numberedEvent
	var last TurnEvent
	return s.changeGame(ctx, a, gameID, gameChange{settle: true,
		decide: func(ctx context.Context, l *loaded) error {
			if strings.TrimSpace(in.Reason) == "" {
				return Errorf(KindInvalid, "missing-reason", "say why the turn is undone")
			}
			if n := len(l.r.events); n > 0 {
				last = l.r.events[n-1]
			}
			if err := s.refuseBeforeDirector(ctx, a, l, last.Seq); err != nil {
				return err
			}
			if len(l.r.events) == 0 {
				return Errorf(KindRule, "nothing-to-undo", "the game has no turns to undo")
			}
			if !a.IsDirector() && last.Kind == EventConfirm {
				return Errorf(KindForbidden, "result-confirmed", "the result has been confirmed; only the director can change the game now")
			}
			if !a.IsDirector() && !tableKinds[last.Kind] {
				return Errorf(KindForbidden, "director-only", "turn %d ends with a %s the director entered; only the director can change it", turnNumberOf(l.r.events, len(l.r.events)-1), last.Kind)
			}
			if in.Turn != last.Seq {
				return Errorf(KindConflict, "not-last-turn", "only the latest entry (turn %d) can be undone; ask the director to correct an earlier one", turnNumberOf(l.r.events, len(l.r.events)-1))
			}
			before = numbered(l.r.events, len(l.r.events)-1)
			last.Undone = true
			return nil
		},
		write: func(ctx context.Context, l *loaded) error {
			if err := s.Store.UpdateTurn(ctx, &last); err != nil {
				return err
			}
			if last.Kind == EventVoid {
				// The record is back and owns the result again.
				if err := s.handBackToRecord(ctx, l); err != nil {
					return err
				}
			}
			return s.audit(ctx, a, l.g, "undo-turn", in.Reason, before, numberedEvent{Turn: before.Turn, TurnEvent: last})
		}})
}

// CorrectionInput is the director's correction of a turn; nil fields are
// kept.
type CorrectionInput struct {
	Player       *int    `json:"player"`
	Move         *string `json:"move"`
	Rack         *string `json:"rack"`
	ClaimedScore *int    `json:"claimed_score"`
	Points       *int    `json:"points"`
	Reason       string  `json:"reason"`
	// Seq picks one stored event of the turn (its "seq"): the tiles left
	// or a time penalty at the end. Without it, the turn's play.
	Seq int `json:"seq,omitempty"`
}

// CorrectTurn lets the director change any turn, named by its turn
// number (see TurnNumbers; in.Seq picks another of its events than the
// play). The whole game is
// replayed with the change; if a later turn no longer fits, the correction
// is refused and nothing changes. Every computed score is brought up to
// date, and the audit log keeps the turn before and after.
func (s *Service) CorrectTurn(ctx context.Context, a Actor, gameID int64, turn int, in CorrectionInput) (*GameView, error) {
	edit := directorEdit{action: "correct-turn", what: "this correction", reason: in.Reason,
		seq: in.Seq, want: func(TurnEvent) bool { return true },
		change: func(_ *loaded, e *TurnEvent) {
			if in.Player != nil {
				e.Seat = *in.Player
			}
			if in.Move != nil {
				e.Move = strings.TrimSpace(*in.Move)
			}
			if in.Rack != nil {
				e.Rack = strings.ToUpper(strings.TrimSpace(*in.Rack))
			}
			if in.ClaimedScore != nil {
				e.ClaimedScore = in.ClaimedScore
			}
			if in.Points != nil {
				e.Points = *in.Points
				if e.Kind == EventTimePenalty {
					e.Move = "" // the points now stand on their own, not on the time over
				}
			}
		}}
	if !a.IsDirector() {
		return nil, s.tableCorrection(ctx, a, gameID, turn, in.Seq)
	}
	if strings.TrimSpace(in.Reason) == "" {
		return nil, Errorf(KindInvalid, "missing-reason", "say why the turn is corrected")
	}
	return s.editEvent(ctx, a, gameID, turn, edit)
}

// directorEdit is a change the director makes to one stored event.
type directorEdit struct {
	action, what, reason string
	seq                  int                  // the stored event, when named (0: the turn's play or want's latest)
	want                 func(TurnEvent) bool // the kinds of event the edit is for
	change               func(*loaded, *TurnEvent)
}

// editEvent applies a director's edit to an event of a turn (see
// eventOfTurn): the game is replayed
// with it (refused if a later turn no longer fits), every computed value
// brought up to date, the audit log given the event before and after, and
// the game's result kept in step.
func (s *Service) editEvent(ctx context.Context, a Actor, gameID int64, turn int, edit directorEdit) (*GameView, error) {
	idx := -1
	var before numberedEvent
	return s.changeGame(ctx, a, gameID, gameChange{director: true, settle: true,
		decide: func(_ context.Context, l *loaded) error {
			if idx = eventOfTurn(l.events, turn, edit.seq, edit.want); idx < 0 {
				if edit.seq > 0 {
					return Errorf(KindNotFound, "not-found", "game %d has no entry %d in turn %d", gameID, edit.seq, turn)
				}
				return Errorf(KindNotFound, "not-found", "game %d has no such turn %d", gameID, turn)
			}
			before = numbered(l.events, idx)
			edit.change(l, &l.events[idx])
			return nil
		},
		write: func(ctx context.Context, l *loaded) error {
			if err := s.replayAndSave(ctx, l, idx, edit.what); err != nil {
				return err
			}
			return s.audit(ctx, a, l.g, edit.action, edit.reason, before, numbered(l.events, idx))
		}})
}
