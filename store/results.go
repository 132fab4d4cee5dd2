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
	err := s.InTx(ctx, func(ctx context.Context) error {
		db, err := s.moveResults(ctx, &row, moveResultsSQL, r.TournamentID)
		if err != nil {
			return err
		}
		return db.Create(&row).Error
	})
	if err != nil {
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
	op := fmt.Sprintf("update result %d", r.ID)
	return s.InTx(ctx, func(ctx context.Context) error {
		db, err := s.moveResults(ctx, &row, moveResultsOfSQL, r.ID)
		if err != nil {
			return wrap(op, err)
		}
		omit := []string{"tournament_id", "created_at"}
		if !s.revs {
			omit = append(omit, "rev")
		}
		return update(db, op, &row, r.ID, omit...)
	})
}

// DeleteResult removes a result; ErrNotFound if there is none with that id.
func (s *Store) DeleteResult(ctx context.Context, id int64) error {
	op := fmt.Sprintf("delete result %d", id)
	return s.InTx(ctx, func(ctx context.Context) error {
		db, err := s.moveResults(ctx, nil, dropResultsOfSQL, id)
		if err != nil {
			return wrap(op, err)
		}
		res := db.Where("id = ?", id).Delete(&resultRow{})
		if res.Error != nil {
			return wrap(op, res.Error)
		}
		if res.RowsAffected == 0 {
			return notFound(op)
		}
		return nil
	})
}

// ListResults returns a tournament's results, by id: from the rows held
// since the last read, brought up to the tournament's results revision
// (results_cache.go), or read whole inside a transaction that has written.
func (s *Store) ListResults(ctx context.Context, tournamentID int64) ([]service.Result, error) {
	if st := s.tx(ctx); !s.revs || st != nil && st.root.db != nil {
		c, err := s.conn(s.reader(ctx))
		if err != nil {
			return nil, wrap("list results", err)
		}
		rs, err := readResults(ctx, c, listResultsSQL, tournamentID)
		if err != nil {
			return nil, wrap("list results", err)
		}
		return rs, nil
	}
	return s.results.list(ctx, s, tournamentID)
}

// readResults runs a statement that selects resultColumns.
func readResults(ctx context.Context, c sqlConn, q string, args ...any) ([]service.Result, error) {
	return queryAll(ctx, c, q, func(rows *sql.Rows) (service.Result, error) {
		var row resultRow
		err := scanResult(rows, &row)
		return row.toService(), err
	}, args...)
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
