package service

import (
	"context"
	"crypto/rand"
	"strings"
)

// Table codes. A table's credential is a short code that a player can
// type on the tablet when the table card's QR code will not scan: ten
// characters of Crockford's base32 (50 random bits), printed as two
// groups of five, "K7QMX-4TPA9". Read back in any case, with or without
// the dash, and with O for 0 and I or L for 1, as people copy them.
// Guessing one over the network is hopeless: 2^50 codes, each tried by a
// request.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

const tableCodeLen = 10

func newTableCode() (string, error) {
	b := make([]byte, tableCodeLen)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	for i := range b {
		b[i] = codeAlphabet[b[i]%32] // 256 is a multiple of 32: no bias
	}
	return string(b[:5]) + "-" + string(b[5:]), nil
}

// canonicalCode returns s as it was issued if it reads as a table code,
// and "" if it does not.
func canonicalCode(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == '-' || r == ' ':
			continue
		case r == 'O':
			r = '0'
		case r == 'I' || r == 'L':
			r = '1'
		case r > 127 || strings.IndexByte(codeAlphabet, byte(r)) < 0:
			return ""
		}
		b.WriteRune(r)
	}
	code := b.String()
	if len(code) != tableCodeLen {
		return ""
	}
	return code[:5] + "-" + code[5:]
}

// How a tablet's credential stopped working (RevokedTableCode).
const (
	CodeReplaced  = "replaced"   // the director gave the table a new code
	CodeWithdrawn = "withdrawn"  // the director revoked the code
	TabletEnded   = "signed-out" // the director signed this tablet out; the code still works
	// TabletCrowdedOut: newer tablets signed in at the table, more than
	// MaxTabletsPerTable, and this, the oldest, was signed out.
	TabletCrowdedOut = "crowded-out"
)

// RevokedTableCode says what became of a table credential that stopped
// working, for the tablet still holding it (a code, or a tablet's
// session): how is "" unless token is a revoked one, else CodeReplaced,
// CodeWithdrawn or, for a session ended while its code still works,
// TabletEnded (TabletCrowdedOut: ended by newer sign-ins, which it names
// as ReplacedBy). A session ended and its code since replaced or
// withdrawn says what became of the code: the tablet needs that one.
func (s *Service) RevokedTableCode(ctx context.Context, token string) (table int, how string) {
	if token == "" {
		return 0, ""
	}
	c, err := s.Store.CredentialByHash(ctx, HashToken(token))
	if code := canonicalCode(token); err != nil && code != "" && code != token {
		c, err = s.Store.CredentialByHash(ctx, HashToken(code))
	}
	if err != nil || c.Kind != CredTable || c.RevokedAt == nil {
		return 0, ""
	}
	if c.ParentID != 0 {
		code, err := s.Store.CredentialByID(ctx, c.ParentID)
		if err != nil {
			return 0, ""
		}
		switch {
		case code.RevokedAt == nil && c.ReplacedBy != 0:
			return c.Table, TabletCrowdedOut
		case code.RevokedAt == nil:
			return c.Table, TabletEnded
		}
		c = code
	}
	if c.ReplacedBy != 0 {
		return c.Table, CodeReplaced
	}
	return c.Table, CodeWithdrawn
}
