package service

import (
	"context"
	"strings"
)

// A page session is a director credential of its own, opened by signing
// in with the director token or the password and revoked by signing out,
// so that a cookie copied from a browser is worth nothing once its owner
// has signed out, and the director's own token never sits in a cookie.

// tokenSessionLabel marks the director credentials a token sign-in
// opened (passwordSessionLabel those a password sign-in opened).
const tokenSessionLabel = "director (token sign-in)"

// isPageSession reports whether a director credential is a page session.
func isPageSession(a Actor) bool {
	return a.Kind == CredDirector && (a.Label == passwordSessionLabel || a.Label == tokenSessionLabel)
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
func (s *Service) SignInDirector(ctx context.Context, typed, from string) (string, error) {
	token := strings.TrimSpace(typed)
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
