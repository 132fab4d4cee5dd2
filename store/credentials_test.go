package store

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"tourney/service"
)

func TestCredentialCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)

	dir := &service.Credential{Kind: service.CredDirector, Label: "director", TokenHash: "hash-d"}
	revoked := time.Date(2025, 3, 2, 0, 0, 0, 0, time.UTC)
	old := &service.Credential{Kind: service.CredDirector, Label: "old", TokenHash: "hash-old", RevokedAt: &revoked}
	tab := &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, Table: 7, Label: "table 7", TokenHash: "hash-t"}
	for _, c := range []*service.Credential{dir, old, tab} {
		ok(t, s.CreateCredential(ctx, c))
		if c.ID == 0 || c.CreatedAt.IsZero() {
			t.Fatalf("CreateCredential left %+v", c)
		}
	}
	for _, c := range []*service.Credential{dir, old, tab} {
		got, err := s.CredentialByHash(ctx, c.TokenHash)
		ok(t, err)
		if !reflect.DeepEqual(got, c) {
			t.Fatalf("got  %+v\nwant %+v", got, c)
		}
	}
	if _, err := s.CredentialByHash(ctx, "nope"); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("unknown hash: %v", err)
	}
	if err := s.CreateCredential(ctx, &service.Credential{Kind: service.CredTable, TournamentID: tr.ID, TokenHash: "hash-t"}); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("same hash twice: %v", err)
	}
	if err := s.CreateCredential(ctx, &service.Credential{Kind: service.CredTable, TournamentID: 999, TokenHash: "hash-x"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("credential of a missing tournament: %v", err)
	}

	// Revoked ones count: a first director token is made only once.
	for kind, want := range map[string]int{service.CredDirector: 2, service.CredTable: 1, "other": 0} {
		n, err := s.CountCredentials(ctx, kind)
		ok(t, err)
		if n != want {
			t.Errorf("CountCredentials(%s) = %d, want %d", kind, n, want)
		}
	}
}

func TestIdempotentResponses(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	r := &service.IdempotentResponse{Scope: "cred 3 POST /api/games/1/turns", Key: "k-1", Status: 201,
		ContentType: "application/json", Body: []byte(`{"turn":1}`)}
	ok(t, s.SaveIdempotent(ctx, r))
	if r.CreatedAt.IsZero() {
		t.Fatal("CreatedAt not filled in")
	}
	got, err := s.GetIdempotent(ctx, r.Scope, r.Key)
	ok(t, err)
	if got.Scope != r.Scope || got.Key != r.Key || got.Status != 201 || got.ContentType != r.ContentType ||
		!bytes.Equal(got.Body, r.Body) || !got.CreatedAt.Equal(r.CreatedAt) {
		t.Fatalf("got %+v\nwant %+v", got, r)
	}
	// The same key in another scope is another request.
	ok(t, s.SaveIdempotent(ctx, &service.IdempotentResponse{Scope: "cred 4 POST /api/games/1/turns", Key: "k-1", Status: 409}))
	if err := s.SaveIdempotent(ctx, &service.IdempotentResponse{Scope: r.Scope, Key: r.Key, Status: 500}); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("same scope and key: %v, want ErrDuplicate", err)
	}
	if _, err := s.GetIdempotent(ctx, r.Scope, "k-2"); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("unknown key: %v", err)
	}
	got, err = s.GetIdempotent(ctx, r.Scope, r.Key)
	ok(t, err)
	if got.Status != 201 {
		t.Fatalf("the first response was replaced: %+v", got)
	}
}

func TestRevokeAndListTableCredentials(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr, other := mustTournament(t, s), mustTournament(t, s)
	var tabs []*service.Credential
	for i, tid := range []int64{tr.ID, tr.ID, other.ID} {
		c := &service.Credential{Kind: service.CredTable, TournamentID: tid, Table: i + 1, TokenHash: "h" + string(rune('a'+i))}
		ok(t, s.CreateCredential(ctx, c))
		tabs = append(tabs, c)
	}
	ok(t, s.CreateCredential(ctx, &service.Credential{Kind: service.CredDirector, TokenHash: "hd"}))
	list, err := s.ListTableCredentials(ctx, tr.ID)
	ok(t, err)
	if len(list) != 2 || list[0].ID != tabs[0].ID || list[1].ID != tabs[1].ID {
		t.Fatalf("listed %+v", list)
	}

	first := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	ok(t, s.RevokeCredential(ctx, tabs[0].ID, first))
	ok(t, s.RevokeCredential(ctx, tabs[0].ID, first.Add(time.Hour))) // changes nothing
	got, err := s.CredentialByID(ctx, tabs[0].ID)
	ok(t, err)
	if got.RevokedAt == nil || !got.RevokedAt.Equal(first) {
		t.Fatalf("revoked at %v, want %v", got.RevokedAt, first)
	}
	if err := s.RevokeCredential(ctx, 999, first); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("revoking a missing credential: %v", err)
	}
	if _, err := s.CredentialByID(ctx, 999); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("a missing credential: %v", err)
	}
}
