package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"tourney/service"
)

// TestPruneIdempotent: the answers saved before the time go, the later
// ones stay; on both databases.
func TestPruneIdempotent(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	for i, at := range []time.Time{t0.Add(-25 * time.Hour), t0.Add(-24*time.Hour - time.Nanosecond), t0.Add(-time.Hour), t0} {
		ok(t, s.SaveIdempotent(ctx, &service.IdempotentResponse{Scope: "credential:1 POST /x", Key: fmt.Sprint(i), Status: 201, CreatedAt: at}))
	}
	n, err := s.PruneIdempotent(ctx, t0.Add(-24*time.Hour))
	if n != 2 || err != nil {
		t.Fatalf("pruned %d, %v; want 2", n, err)
	}
	for i, want := range []bool{false, false, true, true} {
		_, err := s.GetIdempotent(ctx, "credential:1 POST /x", fmt.Sprint(i))
		if got := err == nil; got != want || (err != nil && !errors.Is(err, service.ErrNotFound)) {
			t.Errorf("answer %d kept %v (%v), want %v", i, got, err, want)
		}
	}
}

// TestPruneShrinksTheLog: on SQLite the write-ahead log that many saved
// answers grew is cut back once they are pruned.
func TestPruneShrinksTheLog(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/tourney.db"
	s := mustOpenPath(t, path)
	ctx := context.Background()
	old := time.Now().Add(-48 * time.Hour)
	body := bytes.Repeat([]byte("x"), 60_000)
	// One transaction, as a burst of writes would leave it: the whole
	// burst in the log at once.
	ok(t, s.InTx(ctx, func(ctx context.Context) error {
		for i := range 200 {
			if err := s.SaveIdempotent(ctx, &service.IdempotentResponse{Scope: "public POST /x", Key: fmt.Sprint(i), Status: 401, Body: body, CreatedAt: old}); err != nil {
				return err
			}
		}
		return nil
	}))
	walSize := func() int64 {
		st, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	if w := walSize(); w < 10<<20 {
		t.Fatalf("the log holds %d bytes before the prune; the test wants a long one", w)
	}
	n, err := s.PruneIdempotent(ctx, time.Now().Add(-24*time.Hour))
	if n != 200 || err != nil {
		t.Fatalf("pruned %d, %v", n, err)
	}
	if w := walSize(); w > walSizeLimit {
		t.Fatalf("the log holds %d bytes after the prune, over %d", w, walSizeLimit)
	}
}
