package service

import "context"

// Change is what one process tells the others that share its database
// (several servers on one PostgreSQL database), so that what each keeps in
// memory or streams stays true: a notice for their watchers, a credential
// to forget. A store for one process carries none.
type Change struct {
	Notice       *Notice `json:"notice,omitempty"`
	CredentialID int64   `json:"credential_id,omitempty"` // revoked or changed: forget it
	// Resync: the store may have missed changes (its connection to the
	// others was lost): forget everything cached that a change would drop.
	Resync bool `json:"resync,omitempty"`
}

// changed applies a change another process made.
func (s *Service) changed(c Change) {
	if c.Notice != nil {
		s.fanOut(*c.Notice)
	}
	if c.CredentialID != 0 {
		s.creds.drop(c.CredentialID)
	}
	if c.Resync {
		s.creds.clear()
		s.marks.resync()
		s.feeds.clear()
		s.lives.clear()
		s.highlights.clear()
	}
}

// forgetCredential drops a credential from this process's cache once the
// change to it (a revocation, a new password) is committed, and from the
// other processes' with the same commit.
func (s *Service) forgetCredential(ctx context.Context, id int64) error {
	s.Store.AfterCommit(ctx, func() { s.creds.drop(id) })
	return s.Store.Broadcast(ctx, Change{CredentialID: id})
}
