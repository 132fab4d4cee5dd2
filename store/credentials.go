package store

import (
	"context"

	"tourney/service"
)

// CreateCredential inserts c and fills in its ID, and CreatedAt if zero;
// ErrDuplicate if a credential has the same token hash.
func (s *Store) CreateCredential(ctx context.Context, c *service.Credential) error {
	if c.CreatedAt.IsZero() {
		c.CreatedAt = now()
	}
	row := toCredentialRow(c)
	row.ID = 0
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap("create credential", err)
	}
	c.ID = row.ID
	return nil
}

// CredentialByHash returns the credential with that token hash, revoked
// or not (the caller decides what a revoked one means), or ErrNotFound.
func (s *Store) CredentialByHash(ctx context.Context, hash string) (*service.Credential, error) {
	var row credentialRow
	if err := s.reader(ctx).Where("token_hash = ?", hash).Take(&row).Error; err != nil {
		return nil, wrap("credential by hash", err)
	}
	c := row.toService()
	return &c, nil
}

// CountCredentials counts the credentials of a kind, revoked ones
// included: the service creates a first director token only when none was
// ever made, and revoking every director must not reopen that door.
func (s *Store) CountCredentials(ctx context.Context, kind string) (int, error) {
	var n int64
	if err := s.reader(ctx).Model(&credentialRow{}).Where("kind = ?", kind).Count(&n).Error; err != nil {
		return 0, wrap("count credentials", err)
	}
	return int(n), nil
}
