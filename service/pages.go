package service

import (
	"context"
	"slices"

	"tourney/scoring"
)

// CodeNoGameAtTable: a table has no game in the current round (its
// tablet says so and waits for one).
const CodeNoGameAtTable = "no-game-at-table"

// TableGame is the game at a table in the tournament's current round, as
// the actor may read it.
func (s *Service) TableGame(ctx context.Context, a Actor, tournamentID int64, table int) (*GameView, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	games, err := s.Store.ListGames(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if g.Round == t.CurrentRound && g.Table == table {
			return s.GetGame(ctx, a, g.ID)
		}
	}
	return nil, Errorf(KindNotFound, CodeNoGameAtTable, "table %d has no game in round %d yet", table, t.CurrentRound)
}

// RoundGames are the games of the tournament's current round in table
// order, for the director's console.
func (s *Service) RoundGames(ctx context.Context, a Actor, tournamentID int64) ([]*GameView, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	games, err := s.Store.ListGames(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	var out []*GameView
	for _, g := range games {
		if g.Round != t.CurrentRound {
			continue
		}
		v, err := s.GetGame(ctx, a, g.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	slices.SortFunc(out, func(x, y *GameView) int { return x.Table - y.Table })
	return out, nil
}

// BoardLayout is the board the tournament plays on: its board file, or
// its variant's standard board.
func (s *Service) BoardLayout(ctx context.Context, tournamentID int64) (*scoring.Layout, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	v, err := s.variantFor(t)
	if err != nil {
		return nil, err
	}
	return v.Layout, nil
}
