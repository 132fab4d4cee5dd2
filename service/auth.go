package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
)

// Actor is who is asking: the director, a table, or the public.
type Actor struct {
	Kind         string // CredDirector, CredTable, or "" for the public
	CredentialID int64
	TournamentID int64 // tables only
	Table        int   // tables only
	Label        string
	SessionOf    int64 // a tablet's session: the code it signed in with
}

// Public is the actor with no credentials.
var Public = Actor{Label: "public"}

// Holder is the credential the actor's rights come from: a tablet
// session's table code, else its own. Limits and idempotency keys count
// by it, so that a tablet signing in again is the same caller.
func (a Actor) Holder() int64 {
	if a.SessionOf != 0 {
		return a.SessionOf
	}
	return a.CredentialID
}

// IsDirector reports whether the actor may do everything.
func (a Actor) IsDirector() bool { return a.Kind == CredDirector }

// Name is how the actor appears in the audit log.
func (a Actor) Name() string {
	if a.Label != "" {
		return a.Label
	}
	return "public"
}

// HashToken is how tokens are stored: never in the clear.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

func newToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Authenticate finds the actor behind a bearer token; an empty token is
// the public, a wrong or revoked one is refused.
func (s *Service) Authenticate(ctx context.Context, token string) (Actor, error) {
	if token == "" {
		return Public, nil
	}
	hash, now := HashToken(token), s.Now()
	c, ok := s.creds.get(hash, now)
	if !ok {
		mark := s.creds.mark()
		found, err := s.Store.CredentialByHash(ctx, hash)
		if code := canonicalCode(token); errors.Is(err, ErrNotFound) && code != "" && code != token {
			found, err = s.Store.CredentialByHash(ctx, HashToken(code)) // a table code as typed
		}
		if err == nil && found.RevokedAt != nil {
			e := Errorf(KindUnauthorized, "bad-credentials", "that token is not valid")
			e.Err = errRevoked // not a guess: the guard does not count it
			return Actor{}, e
		}
		if errors.Is(err, ErrNotFound) {
			return Actor{}, Errorf(KindUnauthorized, "bad-credentials", "that token is not valid")
		}
		if err != nil {
			return Actor{}, err
		}
		c = *found
		s.creds.put(hash, c, now, mark)
	}
	if err := s.sessionEnded(&c, now); err != nil {
		return Actor{}, err
	}
	s.touch(ctx, hash, &c, now)
	return Actor{Kind: c.Kind, CredentialID: c.ID, TournamentID: c.TournamentID, Table: c.Table, Label: c.Label, SessionOf: c.ParentID}, nil
}

// EnsureDirector makes sure a director credential exists. With a token
// given (TOURNEY_DIRECTOR_TOKEN), that token is registered if new. With
// none, a token is created on the very first start and returned, so that
// it can be printed once; later starts return "".
func (s *Service) EnsureDirector(ctx context.Context, token string) (created string, err error) {
	if token != "" {
		_, err := s.Store.CredentialByHash(ctx, HashToken(token))
		if err == nil {
			return "", nil
		}
		if !errors.Is(err, ErrNotFound) {
			return "", err
		}
		err = s.Store.CreateCredential(ctx, &Credential{Kind: CredDirector, Label: "director", TokenHash: HashToken(token), CreatedAt: s.now()})
		if errors.Is(err, ErrDuplicate) {
			return "", nil // another server on the same database made it at the same moment
		}
		return "", err
	}
	n, err := s.Store.CountCredentials(ctx, CredDirector)
	if err != nil || n > 0 {
		return "", err
	}
	tok, err := newToken()
	if err != nil {
		return "", err
	}
	if err := s.Store.CreateCredential(ctx, &Credential{Kind: CredDirector, Label: "director", TokenHash: HashToken(tok), CreatedAt: s.now()}); err != nil {
		return "", err
	}
	return tok, nil
}

func requireDirector(a Actor) error {
	switch {
	case a.IsDirector():
		return nil
	case a.Kind == "":
		return Errorf(KindUnauthorized, "credentials-required", "sign in as the director to do this")
	}
	return Errorf(KindForbidden, "director-only", "only the director can do this")
}

// notFound turns a store's ErrNotFound into a message naming the object.
func notFound(err error, format string, args ...any) error {
	if errors.Is(err, ErrNotFound) {
		return &Error{Kind: KindNotFound, Type: "not-found", Msg: fmt.Sprintf(format, args...) + " does not exist", Err: err}
	}
	return err
}
