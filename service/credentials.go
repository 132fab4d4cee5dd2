package service

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Table codes and how many a table has. A table has one live code in a
// tournament: replacing it revokes the old, unless the director asks for
// another (a second tablet at the table). A live code is kept as issued,
// so that printing the table cards again prints the same codes: printing
// never changes a code, and a tablet signed in stays signed in. Only a
// table without a live code gets a new one when its card is printed.
// Every revocation is in the audit log, with why, and a revoked code
// knows the code that replaced it, so the tablet still holding it can say
// so.

// ReasonCodeRequested is why a table's live codes were revoked when the
// director issued it a new one without saying why (the issue route; the
// replace route asks for a reason).
const ReasonCodeRequested = "new code requested"

// TableCodeInput asks for a table code. Another issues one more live code
// and keeps the table's others working; without it, the new code replaces
// them.
type TableCodeInput struct {
	Another bool `json:"another"`
}

// IssuedCredential is a new table credential with its token, and the ids
// of the table's codes it replaced (revoked).
type IssuedCredential struct {
	Credential
	Token    string  `json:"token"`
	Replaced []int64 `json:"replaced,omitempty"`
}

// IssueTableCredential gives a table a token, a short code (see
// newTableCode), that can enter turns for the games at that table in the
// tournament's current round. The table's live codes are revoked, unless
// in.Another.
func (s *Service) IssueTableCredential(ctx context.Context, a Actor, tournamentID int64, table int, in TableCodeInput) (*IssuedCredential, error) {
	if err := s.checkTables(ctx, a, tournamentID, []int{table}); err != nil {
		return nil, err
	}
	var out *IssuedCredential
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		var err error
		out, err = s.issueTableCode(ctx, a, tournamentID, table, in.Another, ReasonCodeRequested)
		return err
	})
	return out, err
}

// ReplaceTableCode gives a table a new code and revokes the codes it had,
// for the reason the director gives (a card left on the wrong table, a
// code seen by someone else): the tablet signed in with an old code is
// told its code was replaced.
func (s *Service) ReplaceTableCode(ctx context.Context, a Actor, tournamentID int64, table int, in RevokeInput) (*IssuedCredential, error) {
	if err := s.checkTables(ctx, a, tournamentID, []int{table}); err != nil {
		return nil, err
	}
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		return nil, Errorf(KindInvalid, "missing-reason", "say why table %d's code is replaced", table)
	}
	if err := checkLength("the reason", reason, MaxShortField); err != nil {
		return nil, err
	}
	var out *IssuedCredential
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		var err error
		out, err = s.issueTableCode(ctx, a, tournamentID, table, false, reason)
		return err
	})
	return out, err
}

// TableCardCodes are the codes to print on the tables' cards: each
// table's live code (its oldest, if it has several), and a new one only
// for a table that has none it can print. Nothing is revoked: printing
// the cards again prints the same codes.
func (s *Service) TableCardCodes(ctx context.Context, a Actor, tournamentID int64, tables []int) (map[int]string, error) {
	if err := s.checkTables(ctx, a, tournamentID, tables); err != nil {
		return nil, err
	}
	out := map[int]string{}
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		all, err := s.Store.ListTableCredentials(ctx, tournamentID)
		if err != nil {
			return err
		}
		for _, c := range all { // oldest first
			if c.RevokedAt == nil && c.Code != "" && out[c.Table] == "" {
				out[c.Table] = c.Code
			}
		}
		for _, table := range tables {
			if out[table] != "" {
				continue
			}
			c, err := s.issueTableCode(ctx, a, tournamentID, table, true, "")
			if err != nil {
				return err
			}
			out[table] = c.Token
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Service) checkTables(ctx context.Context, a Actor, tournamentID int64, tables []int) error {
	if err := requireDirector(a); err != nil {
		return err
	}
	if slices.ContainsFunc(tables, func(t int) bool { return t < 1 }) {
		return Errorf(KindInvalid, "bad-table", "table numbers start at 1")
	}
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return notFound(err, "tournament %d", tournamentID)
	}
	return nil
}

// issueTableCode stores a new code for the table and, unless keep,
// revokes the table's other live codes, with reason in the audit log. It
// runs in a transaction.
func (s *Service) issueTableCode(ctx context.Context, a Actor, tournamentID int64, table int, keep bool, reason string) (*IssuedCredential, error) {
	tok, err := newTableCode()
	if err != nil {
		return nil, err
	}
	c := Credential{Kind: CredTable, TournamentID: tournamentID, Table: table, Label: fmt.Sprintf("table %d", table),
		TokenHash: HashToken(tok), Code: tok, CreatedAt: s.now()}
	// The insert comes first: a transaction's first write takes the write
	// lock, so the codes read next are all there are, those of a request
	// for the same table a moment earlier included. Two requests cannot
	// both leave their code live.
	if err := s.Store.CreateCredential(ctx, &c); err != nil {
		return nil, err
	}
	out := &IssuedCredential{Credential: c, Token: tok}
	if keep {
		return out, nil
	}
	all, err := s.Store.ListTableCredentials(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	for i := range all {
		old := &all[i]
		if old.Table != table || old.ID == c.ID || old.RevokedAt != nil {
			continue
		}
		if _, err := s.revokeTableCode(ctx, a, old, reason, c.ID); err != nil {
			return nil, err
		}
		out.Replaced = append(out.Replaced, old.ID)
	}
	return out, nil
}

// revokeTableCode revokes a live code in a transaction, with an audit
// entry; replacedBy is the code that replaces it, if any (0: none).
func (s *Service) revokeTableCode(ctx context.Context, a Actor, c *Credential, reason string, replacedBy int64) (*Credential, error) {
	return s.endCredential(ctx, a.Name(), c, "revoke-credential", reason, replacedBy, func(c *Credential) any { return *c })
}

// endCredential revokes a live credential in a transaction, forgets it,
// and audits the end as action by who, the credential before and after
// as show gives it; replacedBy is the credential that replaces it, if
// any (0: none). It returns the credential ended.
func (s *Service) endCredential(ctx context.Context, who string, c *Credential, action, reason string, replacedBy int64, show func(*Credential) any) (*Credential, error) {
	revoke := func() error { return s.Store.RevokeCredential(ctx, c.ID, s.now()) }
	if replacedBy != 0 {
		revoke = func() error { return s.Store.ReplaceCredential(ctx, c.ID, replacedBy, s.now()) }
	}
	if err := revoke(); err != nil {
		return nil, err
	}
	if err := s.forgetCredential(ctx, c.ID); err != nil {
		return nil, err
	}
	out, err := s.Store.CredentialByID(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	return out, s.Store.AddAudit(ctx, &AuditEntry{TournamentID: c.TournamentID, Who: who, Action: action,
		Reason: reason, Before: mustJSON(show(c)), After: mustJSON(show(out)), At: s.now()})
}

// ListTableCredentials lists a tournament's table credentials, revoked
// ones included (director), each live code with its code to print or
// read out.
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
		out, err = s.revokeTableCode(ctx, a, c, reason, 0)
		return err
	})
	return out, err
}
