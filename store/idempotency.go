package store

import (
	"context"
	"fmt"
	"time"

	"tourney/service"
)

// SaveIdempotent records the first response to a request that carried an
// Idempotency-Key, filling in CreatedAt if zero; ErrDuplicate if that
// scope and key already have one. Saved in the transaction of the work it
// answers, it is there exactly when that work was committed.
func (s *Store) SaveIdempotent(ctx context.Context, r *service.IdempotentResponse) error {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = now()
	}
	row := toIdempotentRow(r)
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap("save idempotent response", err)
	}
	return nil
}

// GetIdempotent returns the response saved for scope and key, or
// ErrNotFound.
func (s *Store) GetIdempotent(ctx context.Context, scope, key string) (*service.IdempotentResponse, error) {
	var row idempotentRow
	if err := s.reader(ctx).Where("scope = ? AND key = ?", scope, key).Take(&row).Error; err != nil {
		return nil, wrap(fmt.Sprintf("idempotent response %q", key), err)
	}
	r := row.toService()
	return &r, nil
}

// PruneIdempotent deletes the responses saved before before and returns
// how many it deleted. On SQLite a prune that deleted some then
// checkpoints the write-ahead log and truncates it, so that the log file
// shrinks back (the rows' pages in the database file are reused).
func (s *Store) PruneIdempotent(ctx context.Context, before time.Time) (int64, error) {
	res := s.writer(ctx).Where("created_at < ?", before.UTC()).Delete(&idempotentRow{})
	if res.Error != nil {
		return 0, wrap("prune idempotent responses", res.Error)
	}
	if res.RowsAffected > 0 && s.tx(ctx) == nil {
		s.ckpt.truncate(ctx)
	}
	return res.RowsAffected, nil
}
