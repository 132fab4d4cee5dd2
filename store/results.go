package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"tourney/service"
)

// CreateResult inserts r and fills in its ID, and CreatedAt and UpdatedAt
// if they are zero. ErrDuplicate for a second result of a game, or of a
// player in a round; ErrNotFound for a game or player that does not
// exist.
func (s *Store) CreateResult(ctx context.Context, r *service.Result) error {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = now()
	}
	if r.UpdatedAt.IsZero() {
		r.UpdatedAt = r.CreatedAt
	}
	row := toResultRow(r)
	row.ID = 0
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap("create result", err)
	}
	r.ID = row.ID
	return nil
}

// UpdateResult writes every field of r but ID, TournamentID and
// CreatedAt, and sets UpdatedAt to now if it is zero.
func (s *Store) UpdateResult(ctx context.Context, r *service.Result) error {
	if r.UpdatedAt.IsZero() {
		r.UpdatedAt = now()
	}
	row := toResultRow(r)
	return update(s.writer(ctx), fmt.Sprintf("update result %d", r.ID), &row, r.ID, "tournament_id", "created_at")
}

// DeleteResult removes a result; ErrNotFound if there is none with that id.
func (s *Store) DeleteResult(ctx context.Context, id int64) error {
	res := s.writer(ctx).Where("id = ?", id).Delete(&resultRow{})
	if res.Error != nil {
		return wrap(fmt.Sprintf("delete result %d", id), res.Error)
	}
	if res.RowsAffected == 0 {
		return notFound(fmt.Sprintf("delete result %d", id))
	}
	return nil
}

// ListResults returns a tournament's results, by id.
func (s *Store) ListResults(ctx context.Context, tournamentID int64) ([]service.Result, error) {
	c, err := s.conn(s.reader(ctx))
	if err != nil {
		return nil, wrap("list results", err)
	}
	rows, err := c.query(ctx, listResultsSQL, tournamentID)
	if err != nil {
		return nil, wrap("list results", err)
	}
	defer rows.Close()
	rs := []service.Result{}
	for rows.Next() {
		var row resultRow
		if err := scanResult(rows, &row); err != nil {
			return nil, wrap("list results", err)
		}
		rs = append(rs, row.toService())
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("list results", err)
	}
	return rs, nil
}

// ResultForGame returns a game's result, or ErrNotFound.
func (s *Store) ResultForGame(ctx context.Context, gameID int64) (*service.Result, error) {
	var row resultRow
	c, err := s.conn(s.reader(ctx))
	if err == nil {
		err = scanResult(c.queryRow(ctx, resultForGameSQL, gameID), &row)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(fmt.Sprintf("result of game %d", gameID))
	}
	if err != nil {
		return nil, wrap(fmt.Sprintf("result of game %d", gameID), err)
	}
	r := row.toService()
	return &r, nil
}
