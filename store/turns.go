package store

import (
	"context"
	"fmt"

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
	row.ID = 0
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap(fmt.Sprintf("append turn %d to game %d", e.Seq, e.GameID), err)
	}
	e.ID = row.ID
	return nil
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
	var rows []turnRow
	if err := s.reader(ctx).Where("game_id = ?", gameID).Order("seq").Find(&rows).Error; err != nil {
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
