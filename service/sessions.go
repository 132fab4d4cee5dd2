package service

import "context"

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
// Wrong tokens count against the sign-in limiter of the client's address,
// like wrong passwords.
func (s *Service) SignInWithToken(ctx context.Context, token, from string) (string, error) {
	a, err := s.Authenticate(ctx, token)
	if err != nil || !a.IsDirector() || token == "" {
		if !s.signIns.allow(from, s.now(), false) {
			return "", Errorf(KindRateLimited, "too-many-sign-ins", "too many sign-in attempts from here; wait a minute and try again")
		}
		return "", Errorf(KindUnauthorized, "bad-credentials", "that is not the director's token")
	}
	tok, err := newToken()
	if err != nil {
		return "", err
	}
	return tok, s.Store.CreateCredential(ctx, &Credential{Kind: CredDirector, Label: tokenSessionLabel, TokenHash: HashToken(tok), CreatedAt: s.now()})
}
