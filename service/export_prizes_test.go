package service

import "context"

// PrizeComputation loads a tournament's prize table and divisions once
// and returns the computation of the winners alone, for
// BenchmarkPrizes500x31.
func PrizeComputation(ctx context.Context, s *Service, tournamentID int64) (func() (*PrizesView, error), error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	prizes, err := storedPrizes(t)
	if err != nil {
		return nil, err
	}
	states, err := s.prizeDivisions(ctx, t, prizes)
	if err != nil {
		return nil, err
	}
	return func() (*PrizesView, error) { return s.awardPrizes(ctx, prizes, states) }, nil
}
