package service

import (
	"context"
	"errors"
	"fmt"
)

// GameInput creates a game: round, table and the players' ids in seat
// order (the first moves first).
type GameInput struct {
	Round      int     `json:"round"`
	Table      int     `json:"table"`
	Players    []int64 `json:"players"`
	DivisionID *int64  `json:"division_id"`
	Teams      bool    `json:"teams"`
}

// CreateGame sets up a game at a table.
func (s *Service) CreateGame(ctx context.Context, a Actor, tournamentID int64, in GameInput) (*Game, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var g *Game
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		if err := s.checkGame(ctx, tournamentID, in, 0); err != nil {
			return err
		}
		g = &Game{TournamentID: tournamentID, DivisionID: in.DivisionID, Round: in.Round, Table: in.Table, Seats: in.Players, Teams: in.Teams, CreatedAt: s.now()}
		return s.Store.CreateGame(ctx, g)
	})
	return g, err
}

// ListGames lists a tournament's games (public: pairings are public).
func (s *Service) ListGames(ctx context.Context, tournamentID int64) ([]Game, error) {
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	return s.Store.ListGames(ctx, tournamentID)
}

// loaded is a game with everything needed to replay and show it.
type loaded struct {
	t      *Tournament
	g      *Game
	names  map[int64]string
	events []TurnEvent
	r      *replayed
	// official is the game's stored result, where a view needs it (see
	// withOfficial); nil otherwise.
	official *Result
}

// withOfficial reads the game's stored result into l.
func (s *Service) withOfficial(ctx context.Context, l *loaded) error {
	row, err := s.Store.ResultForGame(ctx, l.g.ID)
	switch {
	case errors.Is(err, ErrNotFound):
		l.official = nil
	case err != nil:
		return err
	default:
		l.official = row
	}
	return nil
}

func (s *Service) load(ctx context.Context, gameID int64) (*loaded, error) {
	g, err := s.Store.GetGame(ctx, gameID)
	if err != nil {
		return nil, notFound(err, "game %d", gameID)
	}
	t, err := s.Store.GetTournament(ctx, g.TournamentID)
	if err != nil {
		return nil, err
	}
	// Only the seated players: a turn must not cost a read of the whole
	// tournament's roster.
	names := map[int64]string{}
	for _, id := range g.Seats {
		p, err := s.Store.GetPlayer(ctx, id)
		if err != nil {
			return nil, err
		}
		names[p.ID] = p.Name
	}
	events, err := s.gameEvents(ctx, g)
	if err != nil {
		return nil, err
	}
	v, err := s.variantFor(t)
	if err != nil {
		return nil, err
	}
	r, bad, err := replay(v, g, events, t.ChallengeRule)
	if err != nil {
		// Stored events always replayed when they were accepted; failing
		// now means the rules changed under the game.
		return nil, &Error{Kind: KindConflict, Type: "replay-failed", Msg: fmt.Sprintf("turn %d no longer fits the tournament's rules: %v", turnNumberOf(events, bad), err), Err: err}
	}
	return &loaded{t: t, g: g, names: names, events: events, r: r}, nil
}

// loadToEnter loads a game for an entry by a: refused unless a may enter
// turns for it (see canEnter).
func (s *Service) loadToEnter(ctx context.Context, a Actor, gameID int64) (*loaded, error) {
	l, err := s.load(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if err := canEnter(a, l); err != nil {
		return nil, err
	}
	return l, nil
}

// decided reports whether a loaded game is decided: finished, its record
// set aside, or its result in (l.official, once read).
func (l *loaded) decided() bool {
	return l.r.status == StatusFinished || l.r.status == StatusVoided || l.official != nil
}

// canRead: the director and the game's table always; the public once the
// game is finished. So the public game view never shows a game in play,
// and the broadcast delay (live.go) has nothing to hold back here: the
// public follows a game in play only on the live boards, behind it.
func canRead(a Actor, l *loaded) error {
	switch {
	case a.IsDirector():
		return nil
	case a.Kind == CredTable && a.TournamentID == l.g.TournamentID && a.Table == l.g.Table:
		return nil
	case l.decided():
		return nil // public, like the standings that count it
	case a.Kind == "":
		return Errorf(KindUnauthorized, "credentials-required", "this game is still being played; sign in to see it")
	}
	return Errorf(KindForbidden, "not-your-table", "this game is at another table")
}

// canEnter: the director always; a table credential for the games at its
// table in the tournament's current round.
func canEnter(a Actor, l *loaded) error {
	switch {
	case a.IsDirector():
		return nil
	case a.Kind == "":
		return Errorf(KindUnauthorized, "credentials-required", "sign in with the table's credential to enter turns")
	case a.Kind != CredTable || a.TournamentID != l.g.TournamentID || a.Table != l.g.Table:
		return Errorf(KindForbidden, "not-your-table", "this credential is for another table")
	case l.g.Round != l.t.CurrentRound:
		return Errorf(KindForbidden, "not-current-round", "this game is in round %d; the current round is %d", l.g.Round, l.t.CurrentRound)
	}
	return nil
}

// loadToRead loads a game with its official result for a reader who may
// read it (canRead).
func (s *Service) loadToRead(ctx context.Context, a Actor, gameID int64) (*loaded, error) {
	l, err := s.load(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if err := s.withOfficial(ctx, l); err != nil {
		return nil, err
	}
	return l, canRead(a, l)
}

// GetGame is the game as everyone sees it: players, turns with claimed and
// computed scores, board, unseen tiles, totals, status and result.
func (s *Service) GetGame(ctx context.Context, a Actor, gameID int64) (*GameView, error) {
	l, err := s.loadToRead(ctx, a, gameID)
	if err != nil {
		return nil, err
	}
	v := s.view(l.t, l.g, l.names, l.events, l.r).withResult(l.g, l.official)
	if err := s.withCorrections(ctx, a, v); err != nil {
		return nil, err
	}
	return hideFromTables(v, a), nil
}

// GameUpdate changes a game's round, table or players; nil fields are
// kept. Players and round can change only before the first turn.
type GameUpdate struct {
	Round   *int    `json:"round"`
	Table   *int    `json:"table"`
	Players []int64 `json:"players"`
}

// UpdateGame lets the director move a game to another table, or fix its
// pairing before play starts.
func (s *Service) UpdateGame(ctx context.Context, a Actor, gameID int64, in GameUpdate) (*Game, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var g *Game
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if g, err = s.Store.GetGame(ctx, gameID); err != nil {
			return notFound(err, "game %d", gameID)
		}
		turns, err := s.Store.ListTurns(ctx, gameID)
		if err != nil {
			return err
		}
		if (in.Round != nil && *in.Round != g.Round || in.Players != nil) && len(turns) > 0 {
			return Errorf(KindConflict, "game-started", "game %d already has turns: only its table can change", gameID)
		}
		if _, err := s.Store.ResultForGame(ctx, gameID); err == nil && (in.Round != nil && *in.Round != g.Round || in.Players != nil) {
			return Errorf(KindConflict, "game-has-result", "game %d has a result: only its table can change", gameID)
		}
		next := GameInput{Round: g.Round, Table: g.Table, Players: g.Seats, DivisionID: g.DivisionID, Teams: g.Teams}
		if in.Round != nil {
			next.Round = *in.Round
		}
		if in.Table != nil {
			next.Table = *in.Table
		}
		if in.Players != nil {
			next.Players = in.Players
		}
		if err := s.checkGame(ctx, g.TournamentID, next, g.ID); err != nil {
			return err
		}
		g.Round, g.Table, g.Seats = next.Round, next.Table, next.Players
		return s.Store.UpdateGame(ctx, g)
	})
	return g, err
}

// checkGame validates a game's round, table and players against the
// variant and the round's other games (except the game being changed).
func (s *Service) checkGame(ctx context.Context, tournamentID int64, in GameInput, except int64) error {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return notFound(err, "tournament %d", tournamentID)
	}
	v, err := s.variantFor(t)
	if err != nil {
		return err
	}
	switch {
	case in.Round < 1:
		return Errorf(KindInvalid, "bad-round", "rounds start at 1")
	case in.Table < 1:
		return Errorf(KindInvalid, "bad-table", "table numbers start at 1")
	case len(in.Players) < v.MinPlayers || len(in.Players) > v.MaxPlayers:
		return Errorf(KindInvalid, "bad-players", "%s is played by %d to %d players; %d given", v.Name, v.MinPlayers, v.MaxPlayers, len(in.Players))
	case in.Teams && (!v.Teams || len(in.Players) != 4):
		return Errorf(KindInvalid, "bad-teams", "team play needs a variant with teams and four players")
	}
	if err := s.checkDivision(ctx, tournamentID, in.DivisionID); err != nil {
		return err
	}
	games, err := s.Store.ListGames(ctx, tournamentID)
	if err != nil {
		return err
	}
	busy := map[int64]bool{}
	for _, other := range games {
		if other.Round != in.Round || other.ID == except {
			continue
		}
		if other.Table == in.Table {
			return Errorf(KindConflict, "table-taken", "table %d already has a game in round %d", in.Table, in.Round)
		}
		for _, id := range other.Seats {
			busy[id] = true
		}
	}
	results, err := s.Store.ListResults(ctx, tournamentID)
	if err != nil {
		return err
	}
	for _, r := range results {
		if r.Round == in.Round && (r.GameID == nil || *r.GameID != except) {
			for _, id := range r.playerIDs() {
				busy[id] = true
			}
		}
	}
	seen := map[int64]bool{}
	for _, id := range in.Players {
		p, err := s.Store.GetPlayer(ctx, id)
		if err != nil || p.TournamentID != tournamentID {
			return Errorf(KindInvalid, "unknown-player", "player %d is not in this tournament", id)
		}
		if seen[id] {
			return Errorf(KindInvalid, "bad-players", "player %d is listed twice", id)
		}
		if busy[id] {
			return Errorf(KindConflict, "player-busy", "%s already has a game or a result in round %d", p.Name, in.Round)
		}
		seen[id] = true
	}
	return nil
}
