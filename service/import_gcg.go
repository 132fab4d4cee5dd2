package service

import (
	"context"
	"errors"
	"fmt"

	"tourney/gcg"
)

// A game played on paper, or on another program, comes in as its GCG
// record: ImportGCG replays the record into a paired game that has no
// turns yet, line by line through the same steps a table's entries take
// (turnStep, challengeStep). Every score is recomputed; the record's own
// numbers are kept as the claims, and where they differ the turn is
// flagged as at a table. The record is refused whole, with its line, if
// any of it does not read or does not fit the rules: nothing is stored
// unless every line went in.

// GCGImportInput is a GCG record to import into a game, and how.
type GCGImportInput struct {
	Text []byte // the record as uploaded
	// Seats names, in seat order, the record's player in each seat, by
	// nick (?seats=bob,alice: seat 1 is the record's bob); empty: the
	// record's #player1 in seat 1, #player2 in seat 2, ...
	Seats []string
	// AnyPlayers imports a record whose players' names are not the game's
	// players' names (?players=any); the seats follow Seats all the same.
	AnyPlayers bool
	// Preview replays the record and shows the outcome without saving it.
	Preview bool
}

// GCGImport is what an import did or, previewed, would do.
type GCGImport struct {
	GameID  int64 `json:"game_id"`
	Preview bool  `json:"preview"` // true: nothing was saved
	// Players are the game's seats with the record's player in each.
	Players []ImportSeat `json:"players"`
	// Turns are the game's turns as the import makes them.
	Turns []ImportedTurn `json:"turns"`
	// Flagged counts the turns flagged for the director (a claim the
	// board does not give, an irregular play).
	Flagged int `json:"flagged"`
	// Warnings are what the director should know but did not stop the
	// import (the record's rules or word list differ from the
	// tournament's, its end-of-game points are not the rules').
	Warnings []ImportWarning `json:"warnings"`
	Totals   []int           `json:"totals"`
	Status   string          `json:"status"`
	Result   *ResultView     `json:"result"`
	// Game is the whole game as the import leaves it (previewed: as it
	// would leave it).
	Game *GameView `json:"game"`
}

// ImportSeat is one seat of the game and the record's player in it.
type ImportSeat struct {
	Seat       int    `json:"seat"`
	PlayerID   int64  `json:"player_id"`
	Name       string `json:"name"`        // the game's player
	Nick       string `json:"record_nick"` // the record's player in this seat
	RecordName string `json:"record_name,omitempty"`
	// Matches: the record's nick or name is the game's player's name
	// (ignoring case, spaces and underscores).
	Matches bool `json:"matches"`
}

// ImportedTurn is one turn the import makes, with the record's line it
// comes from (0 for one the import adds: the opponent's acceptance of a
// play that went out, which a record does not write).
type ImportedTurn struct {
	TurnView
	Line int `json:"line"`
}

// ImportWarning is something about the record the director should know.
type ImportWarning struct {
	Code string `json:"code"`
	Line int    `json:"line,omitempty"`
	Msg  string `json:"message"`
}

// ImportProblem is where a record was refused: the line (0 when the
// record as a whole is refused) and the code. It is the Detail of the
// error.
type ImportProblem struct {
	Line int    `json:"line"`
	Code string `json:"code"`
}

// ProblemLine is the record's line a refusal is about, for the problem
// document's line field.
func (p ImportProblem) ProblemLine() int { return p.Line }

// ImportGCG replays a GCG record into a game that has no turns yet
// (director), or previews the replay. It is refused if the game has
// turns (game-has-turns) or a result entered by hand, if the record's
// players are not the game's (players-differ, unless AnyPlayers), and
// with the record's line if the record does not read (the reader's code)
// or a line does not fit the rules (the engine's or the service's code).
func (s *Service) ImportGCG(ctx context.Context, a Actor, gameID int64, in GCGImportInput) (*GCGImport, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if in.Preview {
		l, err := s.load(ctx, gameID)
		if err != nil {
			return nil, err
		}
		imp, _, err := s.replayGCG(ctx, a, l, in)
		return imp, err
	}
	var imp *GCGImport
	var r *gcgReplay
	view, err := s.changeGame(ctx, a, gameID, gameChange{director: true, settle: true,
		decide: func(ctx context.Context, l *loaded) (err error) {
			imp, r, err = s.replayGCG(ctx, a, l, in)
			return err
		},
		write: func(ctx context.Context, l *loaded) error {
			codes := []string{}
			for _, w := range imp.Warnings {
				codes = append(codes, w.Code)
			}
			after := map[string]any{"turns": len(l.events) - r.first, "players": imp.Players, "flagged": imp.Flagged, "warnings": codes, "totals": imp.Totals}
			return s.audit(ctx, a, l.g, "import-gcg", "imported from a GCG record", nil, after)
		}})
	if err != nil {
		return nil, err
	}
	return r.fill(imp, view), nil
}

// replayGCG reads the record and replays it into the loaded game, in
// memory; refused for a game that has turns or a result entered by hand.
func (s *Service) replayGCG(ctx context.Context, a Actor, l *loaded, in GCGImportInput) (*GCGImport, *gcgReplay, error) {
	if len(l.r.events) > 0 {
		return nil, nil, &Error{Kind: KindConflict, Type: "game-has-turns", Detail: map[string]any{"game_id": l.g.ID, "turns": len(l.r.events)},
			Msg: fmt.Sprintf("game %d already has %d turns recorded; a record is imported only into a game with none (undo them first)", l.g.ID, len(l.r.events))}
	}
	if err := s.refuseBesideHandResult(ctx, l); err != nil {
		return nil, nil, err
	}
	rec, err := readGCG(in.Text)
	if err != nil {
		return nil, nil, err
	}
	seats, err := importSeats(l, rec, in)
	if err != nil {
		return nil, nil, err
	}
	r := newGCGReplay(s, a, l, rec, seats)
	if err := r.run(); err != nil {
		return nil, nil, err
	}
	imp := &GCGImport{GameID: l.g.ID, Preview: in.Preview, Players: seats.view, Warnings: append(recordWarnings(l, rec), r.warnings...)}
	return r.fill(imp, s.view(l.t, l.g, l.names, l.events, l.r)), r, nil
}

// readGCG reads a record, refusing one that does not read with the
// reader's code and line, and one without a turn.
func readGCG(text []byte) (*gcg.Record, error) {
	rec, err := gcg.Read(text)
	var se *gcg.SyntaxError
	switch {
	case errors.As(err, &se):
		return nil, &Error{Kind: KindRule, Type: se.Code, Msg: fmt.Sprintf("line %d of the record: %s", se.Line, se.Msg),
			Detail: ImportProblem{Line: se.Line, Code: se.Code}, Err: err}
	case err != nil:
		return nil, err
	case len(rec.Events) == 0:
		return nil, &Error{Kind: KindRule, Type: "no-turns", Msg: "the record has no turns (no lines starting with >): there is nothing to import",
			Detail: ImportProblem{Code: "no-turns"}}
	}
	if err := checkRecordText(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// checkRecordText holds a record's players' nicks and names to the rule
// every name follows (checkName), and its notes to the rule for notes:
// both are kept (the audit log, the turns' notes) and shown.
func checkRecordText(rec *gcg.Record) error {
	at := func(err error, line int) error {
		return inFile(err, fmt.Sprintf("line %d of the record: ", line), ImportProblem{Line: line, Code: AsError(err).Type})
	}
	for _, p := range rec.Players {
		if err := checkName(fmt.Sprintf("#player%d's nick", p.Number), p.Nick); err != nil {
			return at(err, p.Line)
		}
		if err := checkName(fmt.Sprintf("#player%d's name", p.Number), p.Name); err != nil {
			return at(err, p.Line)
		}
	}
	for _, n := range rec.Notes {
		if err := checkNote("the #note", n.Text, MaxReasonLength); err != nil {
			return at(err, n.Line)
		}
	}
	return nil
}

// atLine puts the record's line on a refusal of one of its lines: the
// record is refused whole, as the rules refused that line.
func atLine(err error, e *gcg.Event) error {
	se := AsError(err)
	if se.Kind == KindInternal {
		return err
	}
	return &Error{Kind: KindRule, Type: se.Type, Msg: fmt.Sprintf("line %d of the record (%s): %s", e.Line, lineWords(e), se.Msg),
		Detail: ImportProblem{Line: e.Line, Code: se.Type}}
}

// lineWords says what a record's line is, for a refusal's message.
func lineWords(e *gcg.Event) string {
	what := map[gcg.EventKind]string{
		gcg.Exchange: "an exchange", gcg.Pass: "a pass", gcg.Withdrawn: "a play taken back",
		gcg.ChallengeBonus: "a challenge bonus", gcg.TimePenalty: "a time penalty",
		gcg.EndRackPoints: "points for the tiles left", gcg.EndRackPenalty: "the tiles left",
	}[e.Kind]
	if e.Kind == gcg.Play {
		what = e.Position + " " + e.Word
	}
	return e.Nick + ": " + what
}
