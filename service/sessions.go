package service

import (
	"context"
	"strings"
	"time"
)

// A page session is a director credential of its own, opened by signing
// in with the director token or the password and revoked by signing out,
// so that a cookie copied from a browser is worth nothing once its owner
// has signed out, and the director's own token never sits in a cookie.
// It also ends by itself: unused for SessionIdle (default 8 hours: a
// lunch break, an afternoon away, not a night), or SessionMax after the
// sign-in (default 48 hours: a weekend event signs in once a day).

// Default session limits (Service.SessionIdle, SessionMax).
const (
	DefaultSessionIdle = 8 * time.Hour
	DefaultSessionMax  = 48 * time.Hour
	// touchEvery: a session's last use is written at most this often,
	// or a quarter of the idle limit when that is less; this process
	// keeps it to the second (credCache.used), which the limit reads.
	touchEvery = time.Minute
)

// tokenSessionLabel marks the director credentials a token sign-in
// opened (passwordSessionLabel those a password sign-in opened).
const tokenSessionLabel = "director (token sign-in)"

// isPageSession reports whether a director credential is a page session.
func isPageSession(a Actor) bool {
	return a.Kind == CredDirector && (a.Label == passwordSessionLabel || a.Label == tokenSessionLabel)
}

// sessionEnded refuses a page session past its idle or absolute limit.
func (s *Service) sessionEnded(c *Credential, now time.Time) error {
	if !isPageSession(Actor{Kind: c.Kind, Label: c.Label}) {
		return nil
	}
	idle, most := s.sessionLimits()
	last := c.CreatedAt
	if c.LastUsedAt != nil && c.LastUsedAt.After(last) {
		last = *c.LastUsedAt
	}
	if used, ok := s.creds.usedAt(c.ID); ok && used.After(last) {
		last = used
	}
	if now.Sub(c.CreatedAt) < most && now.Sub(last) < idle {
		return nil
	}
	e := Errorf(KindUnauthorized, "session-ended", "your session ended; sign in again")
	e.Err = errRevoked // not a guess: the guard does not count it
	return e
}

// sessionLimits are the idle and absolute limits of a page session.
func (s *Service) sessionLimits() (idle, most time.Duration) {
	idle, most = s.SessionIdle, s.SessionMax
	if idle <= 0 {
		idle = DefaultSessionIdle
	}
	if most <= 0 {
		most = DefaultSessionMax
	}
	return idle, most
}

// touch records a session's use: to the second in this process, and in
// the store at most once every touchEvery (or a quarter of the idle
// limit, if less), so that a session used every 20 seconds lives on
// under a one-minute limit and one used elsewhere (another process on
// the same database) is not ended here. A failed write is not the
// request's failure: the next use tries again.
func (s *Service) touch(ctx context.Context, hash string, c *Credential, now time.Time) {
	if c.ParentID == 0 && !isPageSession(Actor{Kind: c.Kind, Label: c.Label}) {
		return // a token or code of its own: not a session
	}
	s.creds.use(c.ID, now)
	idle, _ := s.sessionLimits()
	if c.LastUsedAt != nil && now.Sub(*c.LastUsedAt) < min(touchEvery, idle/4) {
		return
	}
	at := now.UTC()
	if s.Store.TouchCredential(ctx, c.ID, at) == nil {
		c.LastUsedAt = &at
		s.creds.touched(hash, at)
	}
}

// SignInWithToken checks the director's token (or a director session's)
// and, if it is the director's, opens a session of its own for the page.
// Wrong tokens count in the guard (guard.go) against the client's address.
func (s *Service) SignInWithToken(ctx context.Context, token, from string) (string, error) {
	a, err := s.CheckCredential(ctx, GuardToken, token, from)
	if err != nil && AsError(err).Kind == KindRateLimited {
		return "", err
	}
	if err != nil || !a.IsDirector() || token == "" {
		return "", Errorf(KindUnauthorized, "bad-credentials", "that is not the director's token")
	}
	return s.openSession(ctx, tokenSessionLabel)
}

// SignInDirector signs the console in with what the director typed: the
// director's token (or a session's), else the password. One attempt, as
// the guard counts it: a wrong entry is one failure, not two.
//
// The director's own token is high-entropy: it is checked first, and
// works even from an address the guard keeps waiting; a password is not.
func (s *Service) SignInDirector(ctx context.Context, typed, from string) (string, error) {
	token := strings.TrimSpace(typed)
	if strongSecret(token) {
		if a, err := s.Authenticate(ctx, token); err == nil && a.IsDirector() {
			return s.openSession(ctx, tokenSessionLabel)
		}
	}
	return s.signIn(ctx, from, "that is neither the director's token nor the director's password", func() (string, error) {
		if a, err := s.Authenticate(ctx, token); err == nil && a.IsDirector() && token != "" {
			return tokenSessionLabel, nil
		}
		if ok, err := s.passwordIs(ctx, typed); !ok || err != nil {
			return "", err
		}
		return passwordSessionLabel, nil
	})
}
