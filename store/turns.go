package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"tourney/service"
)

// AppendTurn inserts e and fills in its ID, and CreatedAt if zero.
// ErrDuplicate if the game already has an event with e.Seq: of two
// tablets entering the same turn, the second learns it was too late.
// ErrNotFound if the game does not exist.
func (s *Store) AppendTurn(ctx context.Context, e *service.TurnEvent) error {
	if e.CreatedAt.IsZero() {
		e.CreatedAt = now()
	}
	row, err := toTurnRow(e)
	if err != nil {
		return wrap("append turn: words", err)
	}
	id, err := s.insertTurn(ctx, s.writer(ctx), &row)
	if err != nil {
		return wrap(fmt.Sprintf("append turn %d to game %d", e.Seq, e.GameID), err)
	}
	e.ID = id
	return nil
}

// insertTurn inserts row but its ID, as gorm's Create would (every column
// but a zero primary key, the same Go values bound), and returns the ID.
func (s *Store) insertTurn(ctx context.Context, db *gorm.DB, r *turnRow) (int64, error) {
	c, err := s.conn(db)
	if err != nil {
		return 0, err
	}
	var id int64
	err = c.queryRow(ctx, insertTurnSQL,
		r.GameID, r.Seq, r.Kind, r.Seat, r.Move, r.Rack, r.ClaimedScore, r.Points, r.Score, r.Agrees, r.Flag,
		r.Breakdown, r.ChallengedTurn, r.Verdict, r.Words, r.InvalidWords, r.Lexicon, r.DecidedBy,
		r.Undone, r.EnteredBy, r.CreatedAt, r.Note).Scan(&id)
	return id, err
}

// UpdateTurn writes every field of e but ID, GameID and CreatedAt: an
// event stays in its game, and keeps the time it was entered.
func (s *Store) UpdateTurn(ctx context.Context, e *service.TurnEvent) error {
	row, err := toTurnRow(e)
	if err != nil {
		return wrap("update turn: words", err)
	}
	return update(s.writer(ctx), fmt.Sprintf("update turn event %d", e.ID), &row, e.ID, "game_id", "created_at")
}

// ListTurns returns all of a game's events, undone ones included, by Seq.
func (s *Store) ListTurns(ctx context.Context, gameID int64) ([]service.TurnEvent, error) {
	rows, err := s.listTurnRows(ctx, s.reader(ctx), gameID)
	if err != nil {
		return nil, wrap(fmt.Sprintf("list turns of game %d", gameID), err)
	}
	es := make([]service.TurnEvent, len(rows))
	for i := range rows {
		var err error
		if es[i], err = rows[i].toService(); err != nil {
			return nil, wrap(fmt.Sprintf("turn event %d: words", rows[i].ID), err)
		}
	}
	return es, nil
}

func (s *Store) listTurnRows(ctx context.Context, db *gorm.DB, gameID int64) ([]turnRow, error) {
	c, err := s.conn(db)
	if err != nil {
		return nil, err
	}
	rows, err := c.query(ctx, listTurnsSQL, gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []turnRow
	for rows.Next() {
		out = append(out, turnRow{})
		if err := scanTurn(rows, &out[len(out)-1]); err != nil {
			return nil, err
		}
	}
	return out, rows.Err()
}
