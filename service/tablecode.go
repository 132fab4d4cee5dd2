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

// RevokedTableCode says what became of a table code that stopped
// working, for the tablet still holding it: revoked is false unless token
// is a revoked table code; replaced, whether the director gave the table
// a new code in its place (rather than withdrawing it).
func (s *Service) RevokedTableCode(ctx context.Context, token string) (table int, replaced, revoked bool) {
	if token == "" {
		return 0, false, false
	}
	c, err := s.Store.CredentialByHash(ctx, HashToken(token))
	if code := canonicalCode(token); err != nil && code != "" && code != token {
		c, err = s.Store.CredentialByHash(ctx, HashToken(code))
	}
	if err != nil || c.Kind != CredTable || c.RevokedAt == nil {
		return 0, false, false
	}
	return c.Table, c.ReplacedBy != 0, true
}
