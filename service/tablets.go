package service

import (
	"context"
	"fmt"
	"time"
)

// A tablet signed in with its table's code gets a session of its own: a
// table credential with a 192-bit token (newToken), made from the code
// (ParentID) and with its rights (the table, the tournament). The
// tablet's cookie holds the session, never the code, so the director can
// sign one tablet out without replacing the code, and revoking or
// replacing the code ends every session made from it (the store revokes
// them together).

// MaxTabletsPerTable bounds a table's live tablet sessions: a table has
// a tablet or two, and a code read out or copied could otherwise sign in
// without end. The sign-in past the bound ends the table's oldest
// session (audited), so the newest tablets, the ones in use, stay.
const MaxTabletsPerTable = 20

// TabletSession is a signed-in tablet, as the director's list shows it.
type TabletSession struct {
	ID         int64      `json:"id"`
	Table      int        `json:"table"`
	CodeID     int64      `json:"code_id"` // the table credential it signed in with
	SignedInAt time.Time  `json:"signed_in_at"`
	LastSeenAt *time.Time `json:"last_seen_at,omitempty"` // to the minute
	From       string     `json:"client_address"`
	RevokedAt  *time.Time `json:"revoked_at,omitempty"`
}

func tabletSession(c *Credential) TabletSession {
	return TabletSession{ID: c.ID, Table: c.Table, CodeID: c.ParentID, SignedInAt: c.CreatedAt,
		LastSeenAt: c.LastUsedAt, From: c.ClientAddr, RevokedAt: c.RevokedAt}
}

// SignInTable signs a tablet in at a table with the table's code and
// returns the session's token, for the tablet's cookie. The code goes
// through the guard (a low-entropy secret, counted per address).
// crossSite: the browser marked the request cross-site; such a request
// never signs a tablet in, and a wrong code in it is not counted.
func (s *Service) SignInTable(ctx context.Context, table int, code, from string, crossSite bool) (string, error) {
	wrong := Errorf(KindUnauthorized, "bad-credentials", "that code is not table %d's", table)
	if code == "" {
		return "", wrong
	}
	a, err := s.checkCredential(ctx, GuardTableCode, code, from, crossSite)
	if e := AsError(err); err != nil && e.Kind != KindUnauthorized {
		return "", err
	}
	if err != nil || crossSite || a.Kind != CredTable || a.Table != table || a.SessionOf != 0 {
		return "", wrong
	}
	tok, err := newToken()
	if err != nil {
		return "", err
	}
	now := s.now()
	c := Credential{Kind: CredTable, TournamentID: a.TournamentID, Table: table, Label: fmt.Sprintf("table %d", table), // as its code: turns say "entered by table 3"
		TokenHash: HashToken(tok), CreatedAt: now, ParentID: a.CredentialID, ClientAddr: from, LastUsedAt: &now}
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		// The insert first takes the write lock: a revocation of the
		// code either came before (seen here) or comes after (and ends
		// this session with the code).
		if err := s.Store.CreateCredential(ctx, &c); err != nil {
			return err
		}
		code, err := s.Store.CredentialByID(ctx, a.CredentialID)
		if err != nil {
			return err
		}
		if code.RevokedAt != nil {
			return wrong
		}
		return s.crowdOut(ctx, &c)
	})
	if err != nil {
		return "", err
	}
	return tok, nil
}

// TabletSessions lists a tournament's signed-in tablets (director).
func (s *Service) TabletSessions(ctx context.Context, a Actor, tournamentID int64) ([]TabletSession, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	cs, err := s.Store.TabletSessions(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	out := make([]TabletSession, len(cs))
	for i := range cs {
		out[i] = tabletSession(&cs[i])
	}
	return out, nil
}

// EndTabletSession signs a tablet out (director): its session stops
// working at once; the table's code still works. Ending one already
// ended changes nothing.
func (s *Service) EndTabletSession(ctx context.Context, a Actor, tournamentID, sessionID int64) (*TabletSession, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var out TabletSession
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		c, err := s.Store.CredentialByID(ctx, sessionID)
		if err == nil && (c.Kind != CredTable || c.ParentID == 0 || c.TournamentID != tournamentID) {
			err = ErrNotFound
		}
		if err != nil {
			return notFound(err, "tablet session %d of tournament %d", sessionID, tournamentID)
		}
		if c.RevokedAt == nil {
			if c, err = s.endTablet(ctx, a.Name(), c, "", 0); err != nil {
				return err
			}
		}
		out = tabletSession(c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// crowdOut ends the oldest of the table's live tablet sessions past
// MaxTabletsPerTable, in the transaction that signed fresh in: each is
// marked replaced by fresh (so the tablet holding it is told why, see
// RevokedTableCode) and audited as the table's.
func (s *Service) crowdOut(ctx context.Context, fresh *Credential) error {
	live, err := s.Store.TableSessions(ctx, fresh.TournamentID, fresh.Table)
	if err != nil {
		return err
	}
	reason := fmt.Sprintf("more than %d tablets signed in at table %d: the oldest signed out", MaxTabletsPerTable, fresh.Table)
	for i := 0; i < len(live)-MaxTabletsPerTable; i++ {
		if live[i].ID == fresh.ID {
			continue
		}
		if _, err := s.endTablet(ctx, fresh.Label, &live[i], reason, fresh.ID); err != nil {
			return err
		}
	}
	return nil
}

// endTablet ends a live tablet session in a transaction, with an audit
// entry by who, and returns it ended; replacedBy is the session that
// crowded it out (0: none).
func (s *Service) endTablet(ctx context.Context, who string, c *Credential, reason string, replacedBy int64) (*Credential, error) {
	return s.endCredential(ctx, who, c, "end-tablet-session", reason, replacedBy, func(c *Credential) any { return tabletSession(c) })
}
