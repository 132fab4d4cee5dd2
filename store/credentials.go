package store

import (
	"context"
	"time"

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

// ActiveCredentials returns the unrevoked credentials of a kind, oldest
// first.
func (s *Store) ActiveCredentials(ctx context.Context, kind string) ([]service.Credential, error) {
	return s.credentialsWhere(ctx, "kind = ? AND revoked_at IS NULL", kind)
}

// ListTableCredentials returns a tournament's table credentials (its
// codes, not the tablets' sessions), revoked ones included, oldest first.
func (s *Store) ListTableCredentials(ctx context.Context, tournamentID int64) ([]service.Credential, error) {
	return s.credentialsWhere(ctx, "kind = ? AND tournament_id = ? AND parent_id IS NULL", service.CredTable, tournamentID)
}

// TabletSessions returns a tournament's live tablet sessions: table
// credentials made from a code, not revoked, oldest first.
func (s *Store) TabletSessions(ctx context.Context, tournamentID int64) ([]service.Credential, error) {
	return s.credentialsWhere(ctx, "kind = ? AND tournament_id = ? AND parent_id IS NOT NULL AND revoked_at IS NULL", service.CredTable, tournamentID)
}

// TableSessions returns the live tablet sessions of one table of a
// tournament, oldest first.
func (s *Store) TableSessions(ctx context.Context, tournamentID int64, table int) ([]service.Credential, error) {
	return s.credentialsWhere(ctx, "kind = ? AND tournament_id = ? AND table_number = ? AND parent_id IS NOT NULL AND revoked_at IS NULL",
		service.CredTable, tournamentID, table)
}

// TouchCredential records when a credential was last used.
func (s *Store) TouchCredential(ctx context.Context, id int64, at time.Time) error {
	err := s.writer(ctx).Model(&credentialRow{}).Where("id = ?", id).Update("last_used_at", at.UTC()).Error
	return wrap("touch credential", err)
}

func (s *Store) credentialsWhere(ctx context.Context, query string, args ...any) ([]service.Credential, error) {
	var rows []credentialRow
	if err := s.reader(ctx).Where(query, args...).Order("id").Find(&rows).Error; err != nil {
		return nil, wrap("list credentials", err)
	}
	out := make([]service.Credential, len(rows))
	for i := range rows {
		out[i] = rows[i].toService()
	}
	return out, nil
}

// RevokeCredential marks a credential revoked at the given time, unless it
// already is (the first revocation's time stands), and forgets its code,
// with the sessions made from it (a tablet signed in with a table code);
// ErrNotFound if there is no such credential.
func (s *Store) RevokeCredential(ctx context.Context, id int64, at time.Time) error {
	return s.revokeCredential(ctx, id, at, nil)
}

// ReplaceCredential is RevokeCredential keeping which credential replaced
// the revoked one.
func (s *Store) ReplaceCredential(ctx context.Context, id, replacedBy int64, at time.Time) error {
	return s.revokeCredential(ctx, id, at, &replacedBy)
}

func (s *Store) revokeCredential(ctx context.Context, id int64, at time.Time, replacedBy *int64) error {
	db := s.writer(ctx)
	set := map[string]any{"revoked_at": at.UTC(), "code": nil}
	if replacedBy != nil {
		set["replaced_by"] = *replacedBy
	}
	res := db.Model(&credentialRow{}).Where("(id = ? OR parent_id = ?) AND revoked_at IS NULL", id, id).Updates(set)
	if res.Error != nil {
		return wrap("revoke credential", res.Error)
	}
	if res.RowsAffected >= 1 {
		return nil
	}
	var n int64
	if err := db.Model(&credentialRow{}).Where("id = ?", id).Count(&n).Error; err != nil {
		return wrap("revoke credential", err)
	}
	if n == 0 {
		return notFound("revoke credential")
	}
	return nil
}

// CredentialByID returns a credential, or ErrNotFound.
func (s *Store) CredentialByID(ctx context.Context, id int64) (*service.Credential, error) {
	var row credentialRow
	if err := s.reader(ctx).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, wrap("credential", err)
	}
	c := row.toService()
	return &c, nil
}
