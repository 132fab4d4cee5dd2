package service

import (
	"context"
	"errors"
	"strings"
)

// ListTableCredentials lists a tournament's table credentials, revoked
// ones included (director). Tokens are never stored, so never shown again.
func (s *Service) ListTableCredentials(ctx context.Context, a Actor, tournamentID int64) ([]Credential, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	return s.Store.ListTableCredentials(ctx, tournamentID)
}

// RevokeInput says why a credential is revoked (a lost tablet, a card
// left on the wrong table); the reason goes to the audit log.
type RevokeInput struct {
	Reason string `json:"reason"`
}

// RevokeTableCredential stops a table credential from working at once, a
// session signed in with it included (director). Revoking one already
// revoked changes nothing.
func (s *Service) RevokeTableCredential(ctx context.Context, a Actor, tournamentID, credentialID int64, in RevokeInput) (*Credential, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		return nil, Errorf(KindInvalid, "missing-reason", "say why the table code is revoked")
	}
	var out *Credential
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		c, err := s.Store.CredentialByID(ctx, credentialID)
		if errors.Is(err, ErrNotFound) || (err == nil && (c.Kind != CredTable || c.TournamentID != tournamentID)) {
			return Errorf(KindNotFound, "not-found", "tournament %d has no table credential %d", tournamentID, credentialID)
		}
		if err != nil {
			return err
		}
		if c.RevokedAt != nil {
			out = c
			return nil
		}
		before := *c
		if err := s.Store.RevokeCredential(ctx, c.ID, s.now()); err != nil {
			return err
		}
		id := c.ID
		s.Store.AfterCommit(ctx, func() { s.creds.drop(id) })
		if out, err = s.Store.CredentialByID(ctx, c.ID); err != nil {
			return err
		}
		return s.Store.AddAudit(ctx, &AuditEntry{TournamentID: tournamentID, Who: a.Name(), Action: "revoke-credential",
			Reason: reason, Before: mustJSON(before), After: mustJSON(*out), At: s.now()})
	})
	return out, err
}
