package service

import (
	"context"
	"errors"
	"slices"
	"strings"

	"tourney/standings"
)

// ResultInput is a scorecard. A game: round, the two players and their
// scores (in the same order). A bye: kind "bye" and the player. A
// forfeit: kind "forfeit", the player who forfeits, then the one who
// wins (if any). Player and Opponent may stand for Players.
type ResultInput struct {
	Round    int     `json:"round"`
	Kind     string  `json:"kind"` // game (default), bye, forfeit
	Players  []int64 `json:"players"`
	Player   *int64  `json:"player"`
	Opponent *int64  `json:"opponent"`
	Scores   []int   `json:"scores"`
	// Spread: for a game, the spread on the scorecard (the first player's),
	// checked against the scores; for a bye or forfeit, the spread to award
	// instead of the division's.
	Spread         *int   `json:"spread"`
	First          *int64 `json:"first"`            // who went first
	TieBreakWinner *int64 `json:"tie_break_winner"` // a tied game decided by the variant's tie-break
	// A table of three or four: three or four players and their scores,
	// in seat order. Teams: a team game, four players (seats 1 and 3
	// against 2 and 4) and two scores, one per team (or four, one per
	// player, added up by team).
	Teams bool `json:"teams,omitempty"`
	// Record says what becomes of the game's record when the pairing's game
	// has recorded turns: "void" sets the record aside (its turns stay in
	// the audit log) and this result, entered by hand, becomes the game's.
	// Without it such a result is refused (game-has-record).
	Record string `json:"record,omitempty"`
	// Reason: why, whenever the result overrides anything (a record, a
	// result already in). Audited.
	Reason string `json:"reason,omitempty"`
}

// AmendInput changes a result already entered; absent fields keep the
// result's. Clear removes the result instead. The reason is required.
type AmendInput struct {
	ResultInput
	Clear  bool   `json:"clear"`
	Reason string `json:"reason"`
}

// players reads the players of an input, Player and Opponent standing in
// for Players.
func (in ResultInput) players() []int64 {
	if len(in.Players) > 0 {
		return in.Players
	}
	var ps []int64
	if in.Player != nil {
		ps = append(ps, *in.Player)
	}
	if in.Opponent != nil {
		ps = append(ps, *in.Opponent)
	}
	return ps
}

// entry checks an input against the division and makes its scorecard.
func (st *divState) entry(in ResultInput, ids []int64) (standings.Entry, error) {
	e := standings.Entry{Round: in.Round, Spread: in.Spread}
	kind := strings.TrimSpace(in.Kind)
	if kind == "" {
		kind = ResultGame
	}
	for _, id := range ids {
		if st.line[id] == 0 {
			return e, Errorf(KindInvalid, "unknown-player", "player %d is not in this division", id)
		}
	}
	switch kind {
	case ResultGame:
		if len(ids) > 2 || in.Teams {
			return st.groupEntry(in, ids)
		}
		if len(ids) != 2 {
			return e, Errorf(KindInvalid, "bad-players", "a game has two players; %d given", len(ids))
		}
		if len(in.Scores) != 2 {
			return e, Errorf(KindInvalid, "bad-scores", "give the two players' scores, in the order of the players")
		}
		e.Kind, e.Score, e.OppScore = standings.EntryGame, in.Scores[0], in.Scores[1]
		for _, who := range []struct {
			id   *int64
			what string
			dst  *int
		}{{in.First, "first", &e.First}, {in.TieBreakWinner, "tie_break_winner", &e.TieBreakWinner}} {
			if who.id == nil {
				continue
			}
			if !slices.Contains(ids, *who.id) {
				code := "bad-start"
				if who.what != "first" {
					code = "bad-tie-break"
				}
				return e, Errorf(KindRule, code, "%s is player %d, who is not in this game", who.what, *who.id)
			}
			*who.dst = st.line[*who.id]
		}
	case ResultBye, ResultForfeit:
		if len(ids) < 1 || len(ids) > 2 || kind == ResultBye && len(ids) != 1 {
			return e, Errorf(KindInvalid, "bad-players", "a bye has one player; a forfeit the player who forfeits, then the winner if there is one")
		}
		if len(in.Scores) > 0 || in.First != nil || in.TieBreakWinner != nil {
			return e, Errorf(KindInvalid, "bad-entry", "a %s has no scores, start or tie-break; give spread to award another spread than the division's", kind)
		}
		e.Kind = standings.EntryKind(kind)
	default:
		return e, Errorf(KindInvalid, "bad-kind", "a result is a game, a bye or a forfeit, not %q", kind)
	}
	e.Player = st.line[ids[0]]
	if len(ids) == 2 {
		e.Opponent = st.line[ids[1]]
	}
	return e, nil
}

// groupEntry is the scorecard of a table of three or four, or a team game.
func (st *divState) groupEntry(in ResultInput, ids []int64) (standings.Entry, error) {
	e := standings.Entry{Kind: standings.EntryGroup, Round: in.Round, Group: st.lines(ids), Teams: in.Teams}
	switch {
	case in.Teams && len(ids) != 4:
		return e, Errorf(KindInvalid, "bad-players", "a team game has four players, seats 1 and 3 against 2 and 4; %d given", len(ids))
	case len(ids) > standings.MaxGroup:
		return e, Errorf(KindInvalid, "bad-players", "a table has two to four players; %d given", len(ids))
	case in.Teams && len(in.Scores) == 4:
		e.Scores = []int{in.Scores[0] + in.Scores[2], in.Scores[1] + in.Scores[3]}
	case in.Teams && len(in.Scores) != 2:
		return e, Errorf(KindInvalid, "bad-scores", "give the two teams' scores (seats 1 and 3, then 2 and 4), or the four players'")
	case !in.Teams && len(in.Scores) != len(ids):
		return e, Errorf(KindInvalid, "bad-scores", "give the %d players' scores, in the order of the players", len(ids))
	default:
		e.Scores = slices.Clone(in.Scores)
	}
	if in.Spread != nil || in.TieBreakWinner != nil || in.First != nil && *in.First != ids[0] {
		return e, Errorf(KindInvalid, "bad-entry", "a table's result is its scores in seat order (the first player starts): no spread, start or tie-break")
	}
	return e, nil
}

// resultDivision loads the division of a scorecard's players in a round:
// the one they are in, or, for players now in different divisions (one
// moved keeping their games), the one where the round paired them.
func (s *Service) resultDivision(ctx context.Context, t *Tournament, round int, ids []int64) (*divState, error) {
	if len(ids) == 0 {
		return nil, Errorf(KindInvalid, "bad-players", "name the players: players is a list of player ids")
	}
	var div *Division
	var ps []*Player
	for i, id := range ids {
		p, err := s.Store.GetPlayer(ctx, id)
		if err != nil || p.TournamentID != t.ID {
			return nil, Errorf(KindInvalid, "unknown-player", "player %d is not in this tournament", id)
		}
		d, err := s.divisionOfPlayer(ctx, p)
		if err != nil {
			return nil, err
		}
		if i > 0 && !eqID(div.idOrNil(), d.idOrNil()) {
			return s.pairedDivision(ctx, t, round, ids)
		}
		div, ps = d, append(ps, p)
	}
	st, err := s.loadDivision(ctx, t, div)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if st.line[p.ID] == 0 && st.settings.CheckInRequired && !p.CheckedIn {
			return nil, Errorf(KindConflict, "not-checked-in", "%s has not checked in, and this division pairs only the players checked in: check them in at the desk first", p.Name)
		}
	}
	return st, nil
}

// rowDivision loads the division a stored result was played in (its
// players' for a row that names none).
func (s *Service) rowDivision(ctx context.Context, t *Tournament, r *Result) (*divState, error) {
	if r.DivisionID == nil {
		return s.resultDivision(ctx, t, r.Round, r.playerIDs())
	}
	div, err := s.divisionByID(ctx, t.ID, r.DivisionID)
	if err != nil {
		return nil, err
	}
	return s.loadDivision(ctx, t, div)
}

// pairedDivision loads the division where a round paired players now in
// different divisions (a game or a result of that round with them all);
// none: different-divisions.
func (s *Service) pairedDivision(ctx context.Context, t *Tournament, round int, ids []int64) (*divState, error) {
	games, err := s.Store.ListGames(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	rows, err := s.Store.ListResults(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	var where []*int64
	for _, g := range games {
		if g.Round == round && g.DivisionID != nil && containsAll(g.Seats, ids) {
			where = append(where, g.DivisionID)
		}
	}
	for i := range rows {
		if r := &rows[i]; r.Round == round && r.DivisionID != nil && containsAll(r.playerIDs(), ids) {
			where = append(where, r.DivisionID)
		}
	}
	if len(where) == 0 {
		return nil, Errorf(KindInvalid, "different-divisions", "the players are in different divisions, and were not paired with each other in round %d", round)
	}
	div, err := s.divisionByID(ctx, t.ID, where[0])
	if err != nil {
		return nil, err
	}
	return s.loadDivision(ctx, t, div)
}

func containsAll(set, ids []int64) bool {
	for _, id := range ids {
		if !slices.Contains(set, id) {
			return false
		}
	}
	return true
}

func (d *Division) idOrNil() *int64 {
	if d == nil {
		return nil
	}
	return &d.ID
}

// EnterResult records a scorecard (director): a game's scores, a bye or a
// forfeit. Two players not yet paired in the round become paired by it,
// as in tsh. Refused, each with its own code: a pairing whose game is
// recorded turn by turn (game-has-record: end the game, correct it, or
// send record "void" with a reason), a player paired with someone else
// in the round (paired-elsewhere), a result already there
// (already-entered: amend it), implausible scores (implausible-score),
// a spread that does not match the scores (spread-mismatch).
func (s *Service) EnterResult(ctx context.Context, a Actor, tournamentID int64, in ResultInput) (*RoundResult, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if in.Round < 1 {
		return nil, Errorf(KindInvalid, "bad-round", "round is a number from 1")
	}
	var out *RoundResult
	err := s.changeTournament(ctx, tournamentID, NoticeResult, in.Round, func(ctx context.Context) error {
		t, err := s.Store.GetTournament(ctx, tournamentID)
		if err != nil {
			return notFound(err, "tournament %d", tournamentID)
		}
		ids := in.players()
		st, err := s.resultDivision(ctx, t, in.Round, ids)
		if err != nil {
			return err
		}
		e, err := st.entry(in, ids)
		if err != nil {
			return err
		}
		// One result per pairing: a game recorded turn by turn owns its
		// result unless the director sets the record aside.
		g := st.gameOf(in.Round, ids[0])
		if err := s.handOverRecord(ctx, a, g, in); err != nil {
			return err
		}
		var before any
		enter := st.d.Enter
		if old := st.rowOf(in.Round, ids[0]); old != nil && g != nil && eqID(old.GameID, &g.ID) && strings.TrimSpace(in.Record) == "void" {
			// The record's result, now the director's to replace.
			before, enter = st.view(old), st.d.Amend
		}
		ch, err := enter(e)
		if err != nil {
			return standingsError(err)
		}
		if err := s.saveChange(ctx, st, ch, changeSource{source: SourceEntered}); err != nil {
			return err
		}
		row := st.rowOf(in.Round, ids[0])
		if row == nil {
			return errors.New("entered result not stored")
		}
		v := st.view(row)
		out = &v
		return s.auditTournament(ctx, a, tournamentID, "enter-result", in.Reason, before, map[string]any{"result": v, "players": st.sides(ch, true)})
	})
	return out, err
}

// AmendResult changes a result already entered (director), with a
// reason: the audit log keeps every touched result before and after. An
// amendment keeps who played whom (a game may become a forfeit and
// back); Clear removes the result. A game recorded turn by turn keeps the
// result its record gives: amending it is refused (game-has-record)
// unless the amendment sets the record aside (record "void").
func (s *Service) AmendResult(ctx context.Context, a Actor, tournamentID, resultID int64, in AmendInput) (*RoundResult, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Reason) == "" {
		return nil, Errorf(KindInvalid, "missing-reason", "say why the result is amended")
	}
	var out *RoundResult
	err := s.changeTournament(ctx, tournamentID, NoticeResult, 0, func(ctx context.Context) error {
		t, err := s.Store.GetTournament(ctx, tournamentID)
		if err != nil {
			return notFound(err, "tournament %d", tournamentID)
		}
		old, err := s.findResult(ctx, tournamentID, resultID)
		if err != nil {
			return err
		}
		st, err := s.rowDivision(ctx, t, old)
		if err != nil {
			return err
		}
		if st.skipped[old.ID] {
			return Errorf(KindConflict, "result-not-loaded", "result %d does not fit the division as it stands; remove it (clear) and enter it again", old.ID)
		}
		before := st.view(st.rowOf(old.Round, old.Player1))
		if old.GameID != nil {
			if g := st.gameOf(old.Round, old.Player1); g != nil && g.ID == *old.GameID {
				hand := in.ResultInput
				hand.Reason = in.Reason
				if err := s.handOverRecord(ctx, a, g, hand); err != nil {
					return err
				}
			}
		}
		var ch standings.Change
		if in.Clear {
			if ch, err = st.d.ClearResult(old.Round, st.line[old.Player1]); err != nil {
				return standingsError(err)
			}
		} else {
			merged, ids := amended(old, in.ResultInput)
			if !sameSet(ids, old.playerIDs()) {
				return Errorf(KindConflict, "amend-keeps-players", "an amendment keeps who played whom (%v); change the pairing to change that", old.playerIDs())
			}
			e, err := st.entry(merged, ids)
			if err != nil {
				return err
			}
			if ch, err = st.d.Amend(e); err != nil {
				return standingsError(err)
			}
		}
		if err := s.saveChange(ctx, st, ch, changeSource{source: SourceEntered}); err != nil {
			return err
		}
		after := map[string]any{"players": st.sides(ch, true)}
		if row := st.rowOf(old.Round, old.Player1); row != nil {
			v := st.view(row)
			out = &v
			after["result"] = v
		} else {
			out = &before
		}
		return s.auditTournament(ctx, a, tournamentID, "amend-result", in.Reason,
			map[string]any{"result": before, "players": st.sides(ch, false)}, after)
	})
	return out, err
}

// amended merges an amendment into the stored result: what it does not
// say stays as it was.
func amended(old *Result, in ResultInput) (ResultInput, []int64) {
	ids := in.players()
	if len(ids) == 0 {
		ids = old.playerIDs()
	}
	out := in
	out.Round = old.Round
	if out.Kind == "" {
		out.Kind = old.Kind
	}
	if old.Group != nil && out.Kind == ResultGame {
		if len(in.players()) == 0 {
			ids = slices.Clone(old.Group)
		}
		if out.Scores == nil {
			out.Scores = slices.Clone(old.GroupScores)
		}
		out.Teams = old.Teams
		return out, ids
	}
	if out.Kind == ResultGame && out.Scores == nil && old.Kind == ResultGame {
		out.Scores = []int{old.Score1, old.Score2}
		if len(ids) == 2 && ids[0] != old.Player1 {
			out.Scores = []int{old.Score2, old.Score1}
		}
	}
	if out.Kind == ResultForfeit && out.Spread == nil && old.Kind == ResultForfeit {
		out.Spread = ptr(abs(old.Score1 - old.Score2))
	}
	if out.Kind == ResultBye && out.Spread == nil && old.Kind == ResultBye {
		out.Spread = ptr(old.Score1)
	}
	return out, ids
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// findResult finds one of a tournament's results.
func (s *Service) findResult(ctx context.Context, tournamentID, id int64) (*Result, error) {
	rows, err := s.Store.ListResults(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if rows[i].ID == id {
			return &rows[i], nil
		}
	}
	return nil, Errorf(KindNotFound, "not-found", "result %d does not exist in tournament %d", id, tournamentID)
}

// ListResults lists a division's results (public), by round, then table,
// then when they were entered; round 0 means every round.
func (s *Service) ListResults(ctx context.Context, tournamentID int64, q StandingsQuery) ([]RoundResult, error) {
	st, err := s.requestedDivision(ctx, tournamentID, q.DivisionID)
	if err != nil {
		return nil, err
	}
	rows := slices.Clone(st.results)
	slices.SortStableFunc(rows, func(a, b *Result) int {
		switch {
		case a.Round != b.Round:
			return a.Round - b.Round
		case (a.Table == 0) != (b.Table == 0):
			if a.Table == 0 {
				return 1
			}
			return -1
		}
		return a.Table - b.Table
	})
	out := []RoundResult{}
	for _, r := range rows {
		if q.Round == 0 || r.Round == q.Round {
			out = append(out, st.view(r))
		}
	}
	return out, nil
}
