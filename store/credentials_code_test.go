package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"tourney/service"
)

// A live table code is kept as issued, to print again; a director's
// token never is. Revoking forgets the code; replacing keeps which code
// replaced it, and a second revocation changes neither.
func TestCredentialCodeKeptWhileLive(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)
	dir := &service.Credential{Kind: service.CredDirector, Label: "director", TokenHash: "hash-d", Code: "not kept"}
	a := &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, Table: 1, Label: "table 1", TokenHash: "hash-a", Code: "AAAAA-AAAAA"}
	b := &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, Table: 1, Label: "table 1", TokenHash: "hash-b", Code: "BBBBB-BBBBB"}
	c := &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, Table: 2, Label: "table 2", TokenHash: "hash-c", Code: "CCCCC-CCCCC"}
	for _, cr := range []*service.Credential{dir, a, b, c} {
		ok(t, s.CreateCredential(ctx, cr))
	}
	if got, err := s.CredentialByID(ctx, dir.ID); err != nil || got.Code != "" {
		t.Fatalf("director's token kept in the clear: %+v, %v", got, err)
	}
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	ok(t, s.ReplaceCredential(ctx, a.ID, b.ID, at))
	ok(t, s.RevokeCredential(ctx, c.ID, at))
	ok(t, s.ReplaceCredential(ctx, c.ID, b.ID, at.Add(time.Hour))) // already revoked: nothing changes
	for _, tc := range []struct {
		id         int64
		code       string
		replacedBy int64
		revoked    bool
	}{{a.ID, "", b.ID, true}, {b.ID, "BBBBB-BBBBB", 0, false}, {c.ID, "", 0, true}} {
		got, err := s.CredentialByID(ctx, tc.id)
		ok(t, err)
		if got.Code != tc.code || got.ReplacedBy != tc.replacedBy || (got.RevokedAt != nil) != tc.revoked {
			t.Errorf("credential %d: %+v, want code %q replaced by %d revoked %v", tc.id, got, tc.code, tc.replacedBy, tc.revoked)
		}
		if tc.revoked && !got.RevokedAt.Equal(at) {
			t.Errorf("credential %d revoked at %v, want %v", tc.id, got.RevokedAt, at)
		}
	}
	if err := s.ReplaceCredential(ctx, 999, b.ID, at); !errors.Is(err, service.ErrNotFound) {
		t.Errorf("replacing no credential: %v", err)
	}
}
