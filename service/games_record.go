package service

import (
	"context"
	"errors"
	"strconv"
	"strings"
)

// A game recorded turn by turn owns its result: the director settles a
// game whose record cannot finish by itself in one of three ways, each
// with a reason in the audit log, and never by typing a second result
// beside the record:
//
//   - EndGame ends it from the record where it stands (time ran out for
//     the round, abandoned, adjudicated), end racks optional;
//   - voiding the record (EnterResult with record "void", or VoidRecord)
//     sets the turns aside and the result is the one entered by hand;
//   - CorrectTurn and UndoTurn change the record itself.

// Ways a director ends a game where it stands (EndGameInput.How).
var endHows = map[string]string{
	"time":        "time ran out for the round",
	"abandoned":   "abandoned",
	"adjudicated": "adjudicated",
}

// EndGameInput ends a game where it stands: how (time, abandoned,
// adjudicated), why, and the players' remaining tiles where known (seat
// number "1", "2", ... to rack); a revealed rack is deducted from its
// owner, an unrevealed one counts nothing.
type EndGameInput struct {
	How    string            `json:"how"`
	Reason string            `json:"reason"`
	Racks  map[string]string `json:"racks"`
}

// hasRecord reports whether a game has a record that decides its result:
// active turns not set aside.
func (l *loaded) hasRecord() bool { return len(l.r.events) > 0 && !l.r.voided }

// EndGame ends a game in play from its record (director): an end event
// (and the racks given), replayed like every entry, then the result is
// stored as the record now gives it.
func (s *Service) EndGame(ctx context.Context, a Actor, gameID int64, in EndGameInput) (*GameView, error) {
	how, err := endHow(a, in)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Reason) == "" {
		return nil, Errorf(KindInvalid, "missing-reason", "say why the game is ended where it stands")
	}
	var before *GameView
	return s.changeGame(ctx, a, gameID, gameChange{director: true, settle: true,
		decide: func(ctx context.Context, l *loaded) (err error) {
			before, err = s.decideEnd(ctx, a, l, how, in)
			return err
		},
		write: func(ctx context.Context, l *loaded) error {
			return s.audit(ctx, a, l.g, "end-game", in.Reason, before.Result, map[string]any{"how": how, "racks": in.Racks})
		}})
}

// PreviewEnd is the game as EndGame would leave it, the final scores
// with the racks given deducted, with nothing stored (director): what
// the console shows before the director confirms the end. No reason is
// needed yet; every other refusal is EndGame's.
func (s *Service) PreviewEnd(ctx context.Context, a Actor, gameID int64, in EndGameInput) (*GameView, error) {
	how, err := endHow(a, in)
	if err != nil {
		return nil, err
	}
	l, err := s.loadToEnter(ctx, a, gameID)
	if err != nil {
		return nil, err
	}
	if _, err := s.decideEnd(ctx, a, l, how, in); err != nil {
		return nil, err
	}
	return s.view(l.t, l.g, l.names, l.events, l.r), nil
}

// endHow checks who ends a game and how (endHows; adjudicated when not
// said).
func endHow(a Actor, in EndGameInput) (string, error) {
	if err := requireDirector(a); err != nil {
		return "", err
	}
	how := strings.TrimSpace(strings.ToLower(in.How))
	if how == "" {
		how = "adjudicated"
	}
	if _, ok := endHows[how]; !ok {
		return "", Errorf(KindInvalid, "bad-end", "a game is ended because time ran out (time), abandoned or adjudicated, not %q", in.How)
	}
	return how, nil
}

// decideEnd ends a loaded game where it stands, in memory: the end event
// and the racks given, replayed. It returns the game as it stood before.
func (s *Service) decideEnd(ctx context.Context, a Actor, l *loaded, how string, in EndGameInput) (*GameView, error) {
	switch {
	case l.r.voided:
		return nil, Errorf(KindConflict, "record-voided", "game %d's record was set aside; its result is entered by hand", l.g.ID)
	case l.r.game.Over() || l.r.status == StatusFinished:
		return nil, Errorf(KindConflict, "game-over", "game %d is over already (%s)", l.g.ID, l.r.status)
	}
	if err := s.refuseBesideHandResult(ctx, l); err != nil {
		return nil, err
	}
	if !l.hasRecord() {
		return nil, Errorf(KindConflict, "no-record", "game %d has no turns recorded: enter its result by hand", l.g.ID)
	}
	before := s.view(l.t, l.g, l.names, l.events, l.r)
	events := []*TurnEvent{{GameID: l.g.ID, Kind: EventEnd, Seat: l.r.game.ToMove() + 1, Move: how}}
	for seat := 1; seat <= len(l.g.Seats); seat++ {
		rack := strings.ToUpper(strings.TrimSpace(in.Racks[strconv.Itoa(seat)]))
		if rack != "" {
			events = append(events, &TurnEvent{GameID: l.g.ID, Kind: EventEndRack, Seat: seat, Rack: rack})
		}
	}
	for key := range in.Racks {
		if n, err := strconv.Atoi(key); err != nil || n < 1 || n > len(l.g.Seats) {
			return nil, Errorf(KindInvalid, "bad-player", "racks are given by seat number, 1 to %d, not %q", len(l.g.Seats), key)
		}
	}
	return before, s.addEvents(a, l, events...)
}

// VoidInput says why a game's record is set aside.
type VoidInput struct {
	Reason string `json:"reason"`
}

// VoidRecord sets a game's record aside (director): a void event ends
// the record, whose turns stay in it and in the audit log, and a result
// the record gave is no longer the record's but the director's, to amend
// or clear by hand. Undoing the void event brings the record back.
func (s *Service) VoidRecord(ctx context.Context, a Actor, gameID int64, in VoidInput) (*GameView, error) {
	var before *GameView
	return s.changeGame(ctx, a, gameID, gameChange{director: true, settle: true,
		decide: func(_ context.Context, l *loaded) (err error) {
			before, err = s.decideVoid(a, l, in.Reason)
			return err
		},
		write: func(ctx context.Context, l *loaded) error {
			return s.writeVoid(ctx, a, l, before, in.Reason)
		}})
}

// voidRecord sets a loaded game's record aside within another change (a
// result entered by hand that voids it): the void decided, stored and
// written as VoidRecord does; the change that calls it settles the game.
func (s *Service) voidRecord(ctx context.Context, a Actor, l *loaded, reason string) error {
	from := len(l.events)
	before, err := s.decideVoid(a, l, reason)
	if err != nil {
		return err
	}
	if err := s.saveTurns(ctx, l, from); err != nil {
		return err
	}
	return s.writeVoid(ctx, a, l, before, reason)
}

// decideVoid adds the void event to a loaded game, in memory, and returns
// the game as it stood before.
func (s *Service) decideVoid(a Actor, l *loaded, reason string) (*GameView, error) {
	switch {
	case strings.TrimSpace(reason) == "":
		return nil, Errorf(KindInvalid, "missing-reason", "say why the game's record is set aside")
	case l.r.voided:
		return nil, Errorf(KindConflict, "record-voided", "game %d's record is already set aside", l.g.ID)
	case !l.hasRecord():
		return nil, Errorf(KindConflict, "no-record", "game %d has no turns recorded: enter its result by hand", l.g.ID)
	}
	before := s.view(l.t, l.g, l.names, l.events, l.r)
	return before, s.addEvents(a, l, &TurnEvent{GameID: l.g.ID, Kind: EventVoid, Seat: l.r.game.ToMove() + 1})
}

// writeVoid makes a void's writes once its event is stored: a result the
// record gave becomes the director's, and the audit log says why.
func (s *Service) writeVoid(ctx context.Context, a Actor, l *loaded, before *GameView, reason string) error {
	if row, err := s.Store.ResultForGame(ctx, l.g.ID); err == nil && row.Source == SourceRecorded {
		row.Source, row.UpdatedAt = SourceEntered, s.now()
		if err := s.Store.UpdateResult(ctx, row); err != nil {
			return err
		}
	} else if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	return s.audit(ctx, a, l.g, "void-record", reason,
		map[string]any{"status": before.Status, "totals": before.Totals, "turns": len(before.Turns)},
		map[string]any{"status": StatusVoided})
}

// refuseBesideHandResult refuses to start or go on with a record for a
// game whose result the director entered by hand (game-has-result): a
// record beside a hand result would be a second truth for the pairing,
// and the game is finished (gameStatus). Once a record is live a hand
// result cannot be entered (game-has-record), so only a game without one,
// or whose record was set aside, is looked at.
func (s *Service) refuseBesideHandResult(ctx context.Context, l *loaded) error {
	if l.hasRecord() {
		return nil
	}
	row, err := s.handResultOf(ctx, l.g.ID)
	if row == nil || err != nil {
		return err
	}
	msg := "table " + strconv.Itoa(l.g.Table) + "'s result was entered by hand (result " + strconv.FormatInt(row.ID, 10) +
		"), so nothing is recorded for it turn by turn; to record the game instead, clear that result first (with a reason)"
	if l.r.voided {
		msg = "table " + strconv.Itoa(l.g.Table) + "'s record was set aside and its result entered by hand (result " + strconv.FormatInt(row.ID, 10) +
			"): the game is finished and nothing more is recorded for it"
	}
	return &Error{Kind: KindConflict, Type: "game-has-result", Detail: map[string]any{"game_id": l.g.ID, "table": l.g.Table, "result_id": row.ID}, Msg: msg}
}

// handBackToRecord gives the result of a game whose record is brought
// back (its void undone) to the record again, as it was before the void:
// the record then decides it, changing or removing a result the director
// entered by hand meanwhile (audited as a change by the record).
func (s *Service) handBackToRecord(ctx context.Context, l *loaded) error {
	row, err := s.handResultOf(ctx, l.g.ID)
	if row == nil || err != nil {
		return err
	}
	row.Source, row.UpdatedAt = SourceRecorded, s.now()
	return s.Store.UpdateResult(ctx, row)
}

// handResultOf is a game's stored result when the director entered it
// (not the record); nil when there is none or the record gave it.
func (s *Service) handResultOf(ctx context.Context, gameID int64) (*Result, error) {
	row, err := s.Store.ResultForGame(ctx, gameID)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	case row.Source == SourceRecorded:
		return nil, nil
	}
	return row, nil
}

// recordOf loads the game of a pairing when it has a record, for the
// checks of a hand result; nil when there is no game or no record.
func (s *Service) recordOf(ctx context.Context, g *Game) (*loaded, error) {
	if g == nil {
		return nil, nil
	}
	l, err := s.load(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	if !l.hasRecord() {
		return nil, nil
	}
	return l, nil
}

// handOverRecord applies the rule of one result per pairing to a hand
// result for a pairing whose game is g: with a record, it is refused
// (game-has-record) unless the input voids the record, which is then
// done (with the input's reason).
func (s *Service) handOverRecord(ctx context.Context, a Actor, g *Game, in ResultInput) error {
	l, err := s.recordOf(ctx, g)
	if err != nil || l == nil {
		if err == nil && strings.TrimSpace(in.Record) != "" && g != nil {
			return Errorf(KindConflict, "no-record", "table %d's game has no turns recorded: enter its result without record", g.Table)
		}
		return err
	}
	switch strings.TrimSpace(in.Record) {
	case "void":
		return s.voidRecord(ctx, a, l, in.Reason)
	case "":
	default:
		return Errorf(KindInvalid, "bad-record", "record is \"void\" (set the game's record aside), not %q", in.Record)
	}
	return &Error{Kind: KindConflict, Type: "game-has-record", Detail: map[string]any{"game_id": g.ID, "table": g.Table, "status": l.r.status, "turns": len(l.r.events)},
		Msg: "table " + strconv.Itoa(g.Table) + "'s game is recorded turn by turn (" + strconv.Itoa(len(l.r.events)) + " entries, " + l.r.status +
			"), so the record decides its result: end it from the record (POST /api/v1/games/" + strconv.FormatInt(g.ID, 10) +
			"/end), correct its turns, or set the record aside and enter the score by hand (record: \"void\" with a reason)"}
}
