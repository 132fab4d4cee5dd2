package service

import (
	"context"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The director may sign in to the pages with a password set from the
// command line (tourney password) instead of the token. The password is
// kept as a PBKDF2-HMAC-SHA256 hash in a credential of its own kind,
// which can never be used as a bearer token; signing in with it issues a
// fresh director token for the session, revoked again at sign-out.
const (
	CredDirectorPassword = "director-password"
	// passwordSessionLabel marks the director credentials that password
	// sign-ins issue, so that sign-out and a new password revoke them.
	passwordSessionLabel = "director (password sign-in)"
	// MinPasswordLength is in characters: a password is typed on a
	// laptop at the event, so length is what makes it hard to guess.
	MinPasswordLength = 10
	// defaultPasswordIterations is OWASP's 2023 figure for PBKDF2-SHA256.
	defaultPasswordIterations = 600_000
)

func (s *Service) passwordIterations() int {
	if s.PasswordIterations > 0 {
		return s.PasswordIterations
	}
	return defaultPasswordIterations
}

// hashPassword gives "pbkdf2-sha256$ITER$SALT$KEY" (base64, no padding).
func hashPassword(password string, iter int) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key, err := pbkdf2.Key(sha256.New, password, salt, iter, 32)
	if err != nil {
		return "", err
	}
	enc := base64.RawStdEncoding
	return fmt.Sprintf("pbkdf2-sha256$%d$%s$%s", iter, enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// passwordMatches checks a password against a stored hash in constant
// time; a hash it cannot read matches nothing.
func passwordMatches(stored, password string) bool {
	parts := strings.Split(stored, "$")
	if len(parts) != 4 || parts[0] != "pbkdf2-sha256" {
		return false
	}
	iter, err := strconv.Atoi(parts[1])
	if err != nil || iter < 1 || iter > 10_000_000 {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[2])
	want, err2 := enc.DecodeString(parts[3])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got, err := pbkdf2.Key(sha256.New, password, salt, iter, len(want))
	return err == nil && subtle.ConstantTimeCompare(got, want) == 1
}

// SetDirectorPassword sets the director's password (from the command
// line, which is trusted: whoever runs it holds the database file). The
// old password stops working, and so do the sessions it opened.
func (s *Service) SetDirectorPassword(ctx context.Context, password string) error {
	if n := utf8.RuneCountInString(password); n < MinPasswordLength {
		return Errorf(KindInvalid, "weak-password", "a director password needs at least %d characters (this one has %d)", MinPasswordLength, n)
	}
	// Nobody types a control character at a sign-in form, and HMAC would
	// make "pw" and "pw\x00" the same password.
	if !utf8.ValidString(password) || strings.IndexFunc(password, unicode.IsControl) >= 0 {
		return Errorf(KindInvalid, "bad-password", "a director password is plain text: no control characters or invalid UTF-8")
	}
	hash, err := hashPassword(password, s.passwordIterations())
	if err != nil {
		return err
	}
	return s.Store.InTx(ctx, func(ctx context.Context) error {
		if err := s.revokePasswordCredentials(ctx); err != nil {
			return err
		}
		return s.Store.CreateCredential(ctx, &Credential{Kind: CredDirectorPassword, Label: "director password", TokenHash: hash, CreatedAt: s.now()})
	})
}

// revokePasswordCredentials revokes the password and its sessions.
func (s *Service) revokePasswordCredentials(ctx context.Context) error {
	for _, kind := range []string{CredDirectorPassword, CredDirector} {
		cs, err := s.Store.ActiveCredentials(ctx, kind)
		if err != nil {
			return err
		}
		for _, c := range cs {
			if kind == CredDirector && c.Label != passwordSessionLabel {
				continue // the director's own token stays
			}
			if err := s.Store.RevokeCredential(ctx, c.ID, s.now()); err != nil {
				return err
			}
			if err := s.forgetCredential(ctx, c.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// SignInWithPassword checks the director's password and, if it is right,
// returns a new director token for the session. from (the client's
// address) limits how often anyone can guess.
func (s *Service) SignInWithPassword(ctx context.Context, password, from string) (string, error) {
	return s.signIn(ctx, from, "that is not the director's password", func() (string, error) {
		if ok, err := s.passwordIs(ctx, password); !ok || err != nil {
			return "", err
		}
		return passwordSessionLabel, nil
	})
}

// signIn is one sign-in attempt through the guard, with a password (a
// low-entropy secret: refused unchecked while the address waits): try
// says which session to open ("" for a wrong credential, refused with
// wrong).
func (s *Service) signIn(ctx context.Context, from, wrong string, try func() (string, error)) (string, error) {
	var label string
	var err error
	gerr := s.guarded(GuardPassword, from, false, false, func() bool {
		label, err = try()
		return label == "" && err == nil
	})
	switch {
	case gerr != nil:
		return "", gerr
	case err != nil:
		return "", err
	case label == "":
		return "", Errorf(KindUnauthorized, "bad-credentials", "%s", wrong)
	}
	return s.openSession(ctx, label)
}

// passwordIs reports whether a password is the director's.
func (s *Service) passwordIs(ctx context.Context, password string) (bool, error) {
	cs, err := s.Store.ActiveCredentials(ctx, CredDirectorPassword)
	if err != nil {
		return false, err
	}
	for _, c := range cs {
		if passwordMatches(c.TokenHash, password) {
			return true, nil
		}
	}
	return false, nil
}

// openSession makes a page session: a director credential of its own.
func (s *Service) openSession(ctx context.Context, label string) (string, error) {
	tok, err := newToken()
	if err != nil {
		return "", err
	}
	return tok, s.Store.CreateCredential(ctx, &Credential{Kind: CredDirector, Label: label, TokenHash: HashToken(tok), CreatedAt: s.now()})
}

// SignOut ends a page session: the session a token or password sign-in
// opened is revoked, so its token is worth nothing even if it was copied.
// Other tokens (the director's own, a table code) stay valid.
func (s *Service) SignOut(ctx context.Context, token string) error {
	a, err := s.Authenticate(ctx, token)
	if err != nil || !isPageSession(a) {
		return nil
	}
	if err := s.Store.RevokeCredential(ctx, a.CredentialID, s.now()); err != nil {
		return err
	}
	return s.forgetCredential(ctx, a.CredentialID)
}
