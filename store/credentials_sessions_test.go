package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"tourney/service"
)

// A session credential (a tablet's) names its code: it reads back with
// where it signed in and when it was last used, is listed apart from the
// codes, and is revoked with its code.
func TestCredentialSessions(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	code := &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, Table: 3, Label: "table 3", TokenHash: "hash-code", CreatedAt: at}
	ok(t, s.CreateCredential(ctx, code))
	var sessions []*service.Credential
	for _, h := range []string{"hash-s1", "hash-s2"} {
		c := &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, Table: 3, Label: "table 3", TokenHash: h,
			CreatedAt: at, ParentID: code.ID, ClientAddr: "192.0.2.7", LastUsedAt: &at}
		ok(t, s.CreateCredential(ctx, c))
		sessions = append(sessions, c)
	}
	got, err := s.CredentialByHash(ctx, "hash-s1")
	ok(t, err)
	if !reflect.DeepEqual(got, sessions[0]) {
		t.Fatalf("got  %+v\nwant %+v", got, sessions[0])
	}
	later := at.Add(3 * time.Minute)
	ok(t, s.TouchCredential(ctx, sessions[0].ID, later))
	if got, _ := s.CredentialByID(ctx, sessions[0].ID); got.LastUsedAt == nil || !got.LastUsedAt.Equal(later) {
		t.Errorf("touched: last used %v, want %v", got.LastUsedAt, later)
	}
	codes, err := s.ListTableCredentials(ctx, tr.ID)
	ok(t, err)
	if len(codes) != 1 || codes[0].ID != code.ID {
		t.Errorf("codes %+v, want the code alone", codes)
	}
	live, err := s.TabletSessions(ctx, tr.ID)
	ok(t, err)
	if len(live) != 2 {
		t.Errorf("sessions %+v, want 2", live)
	}
	// One table's sessions: not another table's.
	other := &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, Table: 4, Label: "table 4", TokenHash: "hash-s4",
		CreatedAt: at, ParentID: code.ID, ClientAddr: "192.0.2.8", LastUsedAt: &at}
	ok(t, s.CreateCredential(ctx, other))
	three, err := s.TableSessions(ctx, tr.ID, 3)
	ok(t, err)
	if len(three) != 2 || three[0].ID != sessions[0].ID || three[1].ID != sessions[1].ID {
		t.Errorf("table 3's sessions %+v, want its two, oldest first", three)
	}
	if four, _ := s.TableSessions(ctx, tr.ID, 4); len(four) != 1 || four[0].ID != other.ID {
		t.Errorf("table 4's sessions %+v", four)
	}
	ok(t, s.RevokeCredential(ctx, other.ID, later))
	// Ending one session leaves the code and the other.
	ok(t, s.RevokeCredential(ctx, sessions[0].ID, later))
	if live, _ := s.TabletSessions(ctx, tr.ID); len(live) != 1 || live[0].ID != sessions[1].ID {
		t.Errorf("after ending one: %+v", live)
	}
	if c, _ := s.CredentialByID(ctx, code.ID); c.RevokedAt != nil {
		t.Error("ending a session revoked its code")
	}
	// Revoking the code ends the rest.
	ok(t, s.RevokeCredential(ctx, code.ID, later.Add(time.Minute)))
	if live, _ := s.TabletSessions(ctx, tr.ID); len(live) != 0 {
		t.Errorf("after revoking the code: %+v", live)
	}
	if c, _ := s.CredentialByID(ctx, sessions[0].ID); c.RevokedAt == nil || !c.RevokedAt.Equal(later) {
		t.Errorf("the first session's end moved: %v", c.RevokedAt)
	}
}
