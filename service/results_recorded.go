package service

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"tourney/scoring"
	"tourney/standings"
)

// syncResult keeps a recorded game's result with its record: called
// wherever a game's turns are saved, in the same transaction. A finished
// two-player game gets its result (final scores, seat 1 went first, a tie
// the variant broke as a tie-break win); a correction or undo that changes
// or reopens the game changes or removes it. A result the director
// entered or amended is theirs and stays. A result the division refuses
// (a player since paired elsewhere, say) is not stored, and the audit log
// says why, for the director to enter it by hand.
func (s *Service) syncResult(ctx context.Context, l *loaded) error {
	g := l.g
	if len(g.Seats) < 2 || l.r.voided {
		return nil // a record set aside decides nothing: the result is the director's
	}
	old, err := s.Store.ResultForGame(ctx, g.ID)
	switch {
	case errors.Is(err, ErrNotFound):
		old = nil
	case err != nil:
		return err
	}
	want, why := recordedResult(l)
	if old == nil && want == nil && why == "" || old != nil && old.Source != SourceRecorded {
		return nil
	}
	if old != nil && want != nil && old.Kind == ResultGame && old.Player1 == want.Player1 &&
		old.Score1 == want.Score1 && old.Score2 == want.Score2 && eqID(old.TieBreakWinner, want.TieBreakWinner) &&
		slices.Equal(old.Group, want.Group) && slices.Equal(old.GroupScores, want.GroupScores) {
		return nil
	}
	a := Actor{Label: "record of game " + strconv.Itoa(int(g.ID))}
	refuse := func(msg string) error {
		return s.audit(ctx, a, g, "result-not-recorded", msg, old, want)
	}
	if want == nil && why != "" && old == nil {
		return refuse(why)
	}
	p, err := s.Store.GetPlayer(ctx, g.Seats[0])
	if err != nil {
		return err
	}
	for _, id := range g.Seats[1:] {
		q, err := s.Store.GetPlayer(ctx, id)
		if err != nil {
			return err
		}
		if !eqID(p.DivisionID, q.DivisionID) {
			return nil // not a game of a division
		}
	}
	div, err := s.divisionOfPlayer(ctx, p)
	if err != nil {
		return err
	}
	st, err := s.loadDivision(ctx, l.t, div)
	if err != nil {
		return err
	}
	var ch standings.Change
	switch {
	case want == nil:
		ch, err = st.d.ClearResult(g.Round, st.line[g.Seats[0]])
	case old == nil:
		ch, err = st.d.Enter(st.entryOf(want))
	default:
		ch, err = st.d.Amend(st.entryOf(want))
	}
	if err != nil {
		return refuse(err.Error())
	}
	if err := s.saveChange(ctx, st, ch, changeSource{source: SourceRecorded}); err != nil {
		return err
	}
	if old == nil {
		return nil
	}
	return s.audit(ctx, a, g, "result-changed-by-record", "the game's record changed", st.sides(ch, false), st.sides(ch, true))
}

// recordedResult is the result a game's record gives, nil while the game
// is not finished. why says when a finished game's result cannot be told
// in scores (a triple challenge lost by the player ahead).
func recordedResult(l *loaded) (*Result, string) {
	if l.r.status != StatusFinished {
		return nil, ""
	}
	res := l.r.game.Result()
	g := l.g
	if !isPairGame(g) {
		return tableResult(g, res), ""
	}
	if len(res.Final) != 2 {
		return nil, ""
	}
	r := &Result{TournamentID: g.TournamentID, Round: g.Round, GameID: &g.ID, Kind: ResultGame,
		Player1: g.Seats[0], Player2: &g.Seats[1], Score1: res.Final[0], Score2: res.Final[1], First: &g.Seats[0], Table: g.Table, Source: SourceRecorded}
	winner := res.Winner
	if l.r.lostBy >= 0 {
		winner = l.r.wonBy
	}
	switch {
	case r.Score1 == r.Score2 && winner >= 0:
		r.TieBreakWinner = &g.Seats[winner]
	case winner >= 0 && res.Final[winner] < res.Final[1-winner]:
		return nil, "the game was decided by a challenge against the player ahead on points; enter its result by hand"
	}
	return r, ""
}

// tableResult is the result of a finished table of three or four (every
// seat's final score) or team game (the two teams' finals).
func tableResult(g *Game, res scoring.Result) *Result {
	scores := slices.Clone(res.Final)
	if g.Teams {
		if len(res.TeamFinal) != 2 {
			return nil
		}
		scores = slices.Clone(res.TeamFinal)
	}
	if len(g.Seats) < 3 && !g.Teams || !g.Teams && len(scores) != len(g.Seats) {
		return nil
	}
	return &Result{TournamentID: g.TournamentID, Round: g.Round, GameID: &g.ID, Kind: ResultGame,
		Player1: g.Seats[0], Player2: ptr(g.Seats[1]), Score1: scores[0], Score2: scores[1], First: ptr(g.Seats[0]),
		Table: g.Table, Source: SourceRecorded, Group: slices.Clone(g.Seats), GroupScores: scores, Teams: g.Teams}
}
