package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"tourney/service"
)

// CreatePlayer inserts p and fills in its ID.
func (s *Store) CreatePlayer(ctx context.Context, p *service.Player) error {
	row := toPlayerRow(p)
	row.ID = 0
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap("create player", err)
	}
	p.ID = row.ID
	return nil
}

// GetPlayer returns the player with that id, or ErrNotFound.
func (s *Store) GetPlayer(ctx context.Context, id int64) (*service.Player, error) {
	var row playerRow
	c, err := s.conn(s.reader(ctx))
	if err == nil {
		err = scanPlayer(c.queryRow(ctx, getPlayerSQL, id), &row)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(fmt.Sprintf("player %d", id))
	}
	if err != nil {
		return nil, wrap(fmt.Sprintf("player %d", id), err)
	}
	p, err := row.toService()
	if err != nil {
		return nil, wrap(fmt.Sprintf("player %d: tsh fields", id), err)
	}
	return &p, nil
}

// ListPlayers returns a tournament's players, by id.
func (s *Store) ListPlayers(ctx context.Context, tournamentID int64) ([]service.Player, error) {
	c, err := s.conn(s.reader(ctx))
	if err != nil {
		return nil, wrap("list players", err)
	}
	ps, err := queryAll(ctx, c, listPlayersSQL, func(rows *sql.Rows) (service.Player, error) {
		var row playerRow
		if err := scanPlayer(rows, &row); err != nil {
			return service.Player{}, err
		}
		p, err := row.toService()
		if err != nil {
			return p, fmt.Errorf("player %d: tsh fields: %w", row.ID, err)
		}
		return p, nil
	}, tournamentID)
	if err != nil {
		return nil, wrap("list players", err)
	}
	return ps, nil
}

// HasUndividedPlayers reports whether some player of a tournament is in no
// division.
func (s *Store) HasUndividedPlayers(ctx context.Context, tournamentID int64) (bool, error) {
	var some bool
	c, err := s.conn(s.reader(ctx))
	if err == nil {
		err = c.queryRow(ctx, undividedSQL, tournamentID).Scan(&some)
	}
	if err != nil {
		return false, wrap("undivided players", err)
	}
	return some, nil
}

// UpdatePlayer writes every field of p but ID.
func (s *Store) UpdatePlayer(ctx context.Context, p *service.Player) error {
	row := toPlayerRow(p)
	return update(s.writer(ctx), fmt.Sprintf("update player %d", p.ID), &row, p.ID)
}
