package store

import (
	"context"
	"errors"
	"testing"

	"tourney/service"
)

// TestClaimGame: a claim moves a game past the version it names; a second
// claim of the same version is stale, and the version survives updates of
// the game's row.
func TestClaimGame(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)
	got, err := s.GetGame(ctx, g.ID)
	ok(t, err)
	if got.Version != 0 {
		t.Fatalf("a new game is at version %d", got.Version)
	}
	ok(t, s.ClaimGame(ctx, g.ID, 0))
	if err := s.ClaimGame(ctx, g.ID, 0); !errors.Is(err, service.ErrStale) {
		t.Fatalf("a second claim of version 0: %v, want ErrStale", err)
	}
	if err := s.ClaimGame(ctx, g.ID+99, 0); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("claiming a missing game: %v, want ErrNotFound", err)
	}
	got.Table = 7
	ok(t, s.UpdateGame(ctx, got)) // holds the stale version 0: must not write it back
	got, err = s.GetGame(ctx, g.ID)
	ok(t, err)
	if got.Version != 1 || got.Table != 7 {
		t.Fatalf("after an update: version %d table %d, want 1 and 7", got.Version, got.Table)
	}
	// A claim inside a transaction that rolls back leaves the version.
	boom := errors.New("boom")
	err = s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.ClaimGame(ctx, g.ID, 1))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	ok(t, s.ClaimGame(ctx, g.ID, 1))
}
