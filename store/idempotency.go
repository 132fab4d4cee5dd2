package store

import (
	"context"
	"fmt"

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
