package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"tourney/service"
)

// CreateGame inserts g with its seats and fills in its ID, and CreatedAt
// if zero. A seat for an unknown player is ErrNotFound; a player seated
// twice, or a second game at the same table in a round, ErrDuplicate.
func (s *Store) CreateGame(ctx context.Context, g *service.Game) error {
	if g.CreatedAt.IsZero() {
		g.CreatedAt = now()
	}
	// The game and its seats are two tables: one transaction, so that no
	// reader ever sees a game without its players.
	return s.InTx(ctx, func(ctx context.Context) error {
		row := toGameRow(g)
		row.ID = 0
		db := s.writer(ctx)
		if err := db.Create(&row).Error; err != nil {
			return wrap("create game", err)
		}
		if err := insertSeats(db, row.ID, g.Seats); err != nil {
			return wrap("create game: seats", err)
		}
		g.ID = row.ID
		return nil
	})
}

func insertSeats(db *gorm.DB, gameID int64, seats []int64) error {
	if len(seats) == 0 {
		return nil // gorm refuses to insert an empty batch
	}
	rows := make([]gameSeatRow, len(seats))
	for i, id := range seats {
		rows[i] = gameSeatRow{GameID: gameID, Seat: i + 1, PlayerID: id}
	}
	return db.Create(&rows).Error
}

// GetGame returns the game with that id and its seats, or ErrNotFound.
func (s *Store) GetGame(ctx context.Context, id int64) (*service.Game, error) {
	games, err := s.loadGames(ctx, s.reader(ctx), "games.id = ?", id)
	if err != nil {
		return nil, wrap(fmt.Sprintf("game %d", id), err)
	}
	if len(games) == 0 {
		return nil, notFound(fmt.Sprintf("game %d", id))
	}
	return &games[0], nil
}

// ListGames returns a tournament's games with their seats, by id.
func (s *Store) ListGames(ctx context.Context, tournamentID int64) ([]service.Game, error) {
	games, err := s.loadGames(ctx, s.reader(ctx), "games.tournament_id = ?", tournamentID)
	if err != nil {
		return nil, wrap("list games", err)
	}
	return games, nil
}

// GameRounds returns the rounds a tournament has games in, each with its
// division (Round.ID is 0), in no set order: what the live
// boards look at to pick the round each division shows, without reading
// every game of the event.
func (s *Store) GameRounds(ctx context.Context, tournamentID int64) ([]service.Round, error) {
	c, err := s.conn(s.reader(ctx))
	if err != nil {
		return nil, wrap("game rounds", err)
	}
	rs, err := queryAll(ctx, c, `SELECT DISTINCT division_id, round FROM games WHERE tournament_id = ?`, func(rows *sql.Rows) (service.Round, error) {
		var division nullInt
		r := service.Round{TournamentID: tournamentID}
		err := rows.Scan(&division, &r.Number)
		r.DivisionID = division.int64Ptr()
		return r, err
	}, tournamentID)
	if err != nil {
		return nil, wrap("game rounds", err)
	}
	return rs, nil
}

// ListGamesInRounds is ListGames for the games of some rounds only.
func (s *Store) ListGamesInRounds(ctx context.Context, tournamentID int64, rounds []int) ([]service.Game, error) {
	if len(rounds) == 0 {
		return []service.Game{}, nil
	}
	args := []any{tournamentID}
	for _, r := range rounds {
		args = append(args, r)
	}
	in := strings.Repeat("?, ", len(rounds)-1) + "?"
	games, err := s.loadGames(ctx, s.reader(ctx), "games.tournament_id = ? AND games.round IN ("+in+")", args...)
	if err != nil {
		return nil, wrap("list games", err)
	}
	return games, nil
}

// loadGames reads games and seats in one statement (games LEFT JOIN
// game_seats: a game once per seat, or once with no seat), so that outside
// a transaction too the seats are those of the games as read.
func (s *Store) loadGames(ctx context.Context, db *gorm.DB, where string, args ...any) ([]service.Game, error) {
	c, err := s.conn(db)
	if err != nil {
		return nil, err
	}
	rows, err := c.query(ctx, gamesSQL(where), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []service.Game
	for rows.Next() {
		var (
			r            gameRow
			division     nullInt
			round, table int64
			player       nullInt
		)
		if err := rows.Scan(&r.ID, &r.TournamentID, &division, &round, &table, &r.Teams, &r.Reason,
			&r.CreatedAt, &r.Version, &player); err != nil {
			return nil, err
		}
		if len(games) == 0 || games[len(games)-1].ID != r.ID {
			r.DivisionID, r.Round, r.TableNumber = division.int64Ptr(), int(round), int(table)
			games = append(games, r.toService(nil))
		}
		if player.Valid {
			g := &games[len(games)-1]
			g.Seats = append(g.Seats, player.Int64)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if games == nil {
		games = []service.Game{}
	}
	return games, nil
}

// UpdateGame writes every field of g but ID and CreatedAt, and replaces
// its seats with g.Seats.
func (s *Store) UpdateGame(ctx context.Context, g *service.Game) error {
	op := fmt.Sprintf("update game %d", g.ID)
	return s.InTx(ctx, func(ctx context.Context) error {
		db := s.writer(ctx)
		row := toGameRow(g)
		if err := update(db, op, &row, g.ID, "created_at"); err != nil {
			return err
		}
		if err := db.Where("game_id = ?", g.ID).Delete(&gameSeatRow{}).Error; err != nil {
			return wrap(op+": seats", err)
		}
		if err := insertSeats(db, g.ID, g.Seats); err != nil {
			return wrap(op+": seats", err)
		}
		return nil
	})
}

// DeleteGame removes a game and its seats; ErrNotFound if there is none
// with that id. A game that has turns, a result or audit entries cannot
// go: the foreign keys refuse, and nothing is deleted.
func (s *Store) DeleteGame(ctx context.Context, id int64) error {
	op := fmt.Sprintf("delete game %d", id)
	return s.InTx(ctx, func(ctx context.Context) error {
		db := s.writer(ctx)
		if err := db.Where("game_id = ?", id).Delete(&gameSeatRow{}).Error; err != nil {
			return wrap(op+": seats", err)
		}
		res := db.Where("id = ?", id).Delete(&gameRow{})
		if res.Error != nil {
			return wrap(op, res.Error)
		}
		if res.RowsAffected == 0 {
			return notFound(op)
		}
		return nil
	})
}

// ClaimGame takes the next version of a game's turn events, if the game
// is still at the version the caller read; service.ErrStale if another
// change got there first. It is the first write of a change to a game's
// events, so it also takes the write lock.
func (s *Store) ClaimGame(ctx context.Context, gameID, version int64) error {
	op := fmt.Sprintf("claim game %d", gameID)
	c, err := s.conn(s.writer(ctx))
	if err != nil {
		return wrap(op, err)
	}
	res, err := c.exec(ctx, claimGameSQL, gameID, version)
	if err != nil {
		return wrap(op, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return wrap(op, err)
	}
	var n int64
	if err := c.queryRow(ctx, `SELECT count(*) FROM games WHERE id = ?`, gameID).Scan(&n); err != nil {
		return wrap(op, err)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w", op, service.ErrNotFound)
	}
	return fmt.Errorf("%s: %w", op, service.ErrStale)
}
