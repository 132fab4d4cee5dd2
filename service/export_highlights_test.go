package service

import "context"

// TellHighlights publishes the highlights a turn of game gameID made
// (what happens in the background after each turn while anyone watches)
// and returns them, with whether the game was replayed for them (it
// held a play that might be one, not told of yet).
func TellHighlights(ctx context.Context, s *Service, tournamentID, gameID int64) (told []Highlight, replayed bool) {
	no := Notice{Kind: NoticeGame, TournamentID: tournamentID, GameID: gameID, Status: StatusInProgress}
	if g, err := s.Store.GetGame(ctx, gameID); err == nil {
		replayed = s.playsToTell(ctx, tournamentID, g)
	}
	return s.tellHighlights(ctx, no), replayed
}

// MayBeBingo exposes mayBeBingo.
var MayBeBingo = mayBeBingo
