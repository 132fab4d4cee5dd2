package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"tourney/service"
)

// openBatching opens a store whose batches never close for age, so that a
// test decides who joins them.
func openBatching(t *testing.T) *Store {
	t.Helper()
	s, err := open(filepath.Join(t.TempDir(), "tourney.db"), options{batchAge: time.Hour})
	ok(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// holdBatch runs an InTx that writes a tournament named first and then
// keeps the batch open until want other writers queue behind it. It
// returns once that write is made, with a channel for its InTx's error.
func holdBatch(s *Store, first string, want int32) <-chan error {
	errc := make(chan error, 1)
	written := make(chan struct{})
	go func() {
		errc <- s.InTx(context.Background(), func(ctx context.Context) error {
			err := s.CreateTournament(ctx, &service.Tournament{Name: first})
			close(written)
			if err != nil {
				return err
			}
			for s.waiting.Load() < want {
				runtime.Gosched()
			}
			return nil
		})
	}()
	<-written
	return errc
}

func tournamentNames(t *testing.T, s *Store) map[string]bool {
	t.Helper()
	ts, err := s.ListTournaments(context.Background())
	ok(t, err)
	names := map[string]bool{}
	for _, tr := range ts {
		names[tr.Name] = true
	}
	return names
}

// Writers queued while a batch is open join it and share its one commit,
// and each is answered only after that commit.
func TestGroupCommitSharesOneCommit(t *testing.T) {
	s := openBatching(t)
	const others = 12
	before := s.commits.Load()
	first := holdBatch(s, "first", others)
	var wg sync.WaitGroup
	errs := make([]error, others)
	for i := range others {
		wg.Go(func() {
			errs[i] = s.InTx(context.Background(), func(ctx context.Context) error {
				return s.CreateTournament(ctx, &service.Tournament{Name: fmt.Sprintf("t%d", i)})
			})
		})
	}
	wg.Wait()
	ok(t, <-first)
	for i, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	if got := s.commits.Load() - before; got != 1 {
		t.Errorf("%d commits for %d writers queued together, want 1", got, others+1)
	}
	if got := len(tournamentNames(t, s)); got != others+1 {
		t.Errorf("%d tournaments stored, want %d", got, others+1)
	}
}

// A member that fails takes only its own writes with it; the members
// before and after it in the batch commit.
func TestGroupCommitFailedMemberUndoesOnlyItsWrites(t *testing.T) {
	s := openBatching(t)
	first := holdBatch(s, "first", 2)
	boom := errors.New("boom")
	var wg sync.WaitGroup
	var failedErr, laterErr error
	wg.Go(func() {
		failedErr = s.InTx(context.Background(), func(ctx context.Context) error {
			ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "failed"}))
			return boom
		})
	})
	wg.Go(func() {
		laterErr = s.InTx(context.Background(), func(ctx context.Context) error {
			return s.CreateTournament(ctx, &service.Tournament{Name: "later"})
		})
	})
	wg.Wait()
	ok(t, <-first)
	if !errors.Is(failedErr, boom) {
		t.Errorf("failed member got %v, want boom", failedErr)
	}
	ok(t, laterErr)
	names := tournamentNames(t, s)
	if !names["first"] || !names["later"] || names["failed"] {
		t.Errorf("stored %v, want first and later only", names)
	}
}

// A member that panics is undone like one that fails, the panic goes on
// up, and the batch it was in still commits the others.
func TestGroupCommitPanickingMember(t *testing.T) {
	s := openBatching(t)
	first := holdBatch(s, "first", 1)
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic did not go on up")
			}
		}()
		s.InTx(context.Background(), func(ctx context.Context) error {
			ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "panicked"}))
			panic("boom")
		})
	}()
	ok(t, <-first)
	names := tournamentNames(t, s)
	if !names["first"] || names["panicked"] {
		t.Errorf("stored %v, want first only", names)
	}
	mustTournament(t, s) // and the writer is free again
}

// A member whose request is canceled before it returns is undone, without
// touching the batch it shares.
func TestGroupCommitCanceledMember(t *testing.T) {
	s := openBatching(t)
	first := holdBatch(s, "first", 1)
	ctx, cancel := context.WithCancel(context.Background())
	err := s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "canceled"}))
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled member got %v, want context.Canceled", err)
	}
	ok(t, <-first)
	names := tournamentNames(t, s)
	if !names["first"] || names["canceled"] {
		t.Errorf("stored %v, want first only", names)
	}
}

// With batchMembers 1 every transaction commits on its own.
func TestGroupCommitOff(t *testing.T) {
	s, err := open(filepath.Join(t.TempDir(), "tourney.db"), options{batchMembers: 1})
	ok(t, err)
	defer s.Close()
	before := s.commits.Load()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			ok(t, s.InTx(context.Background(), func(ctx context.Context) error {
				return s.CreateTournament(ctx, &service.Tournament{Name: fmt.Sprintf("t%d", i)})
			}))
		})
	}
	wg.Wait()
	if got := s.commits.Load() - before; got != 8 {
		t.Errorf("%d commits, want 8", got)
	}
}

// AfterCommit's functions run after the commit of the writes they follow,
// in order, and not at all for writes that are undone, a failed nested
// InTx's included.
func TestAfterCommit(t *testing.T) {
	s := openBatching(t)
	ctx := context.Background()
	var ran []string
	note := func(name string) func() { return func() { ran = append(ran, name) } }

	s.AfterCommit(ctx, note("outside"))
	ok(t, s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "kept"}))
		s.AfterCommit(ctx, note("kept"))
		err := s.InTx(ctx, func(ctx context.Context) error {
			ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "undone"}))
			s.AfterCommit(ctx, note("nested undone"))
			return errors.New("no")
		})
		if err == nil {
			t.Error("nested InTx did not fail")
		}
		s.AfterCommit(ctx, note("after nested"))
		if len(ran) != 1 {
			t.Errorf("ran %v before the commit", ran)
		}
		return nil
	}))
	s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "rolled back"}))
		s.AfterCommit(ctx, note("rolled back"))
		return errors.New("no")
	})
	// A nested InTx that joins the batch itself and fails.
	ok(t, s.InTx(ctx, func(ctx context.Context) error {
		s.InTx(ctx, func(ctx context.Context) error {
			ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "joined and undone"}))
			s.AfterCommit(ctx, note("joined and undone"))
			return errors.New("no")
		})
		return nil
	}))
	want := []string{"outside", "kept", "after nested"}
	if fmt.Sprint(ran) != fmt.Sprint(want) {
		t.Errorf("ran %v, want %v", ran, want)
	}
	if names := tournamentNames(t, s); len(names) != 1 || !names["kept"] {
		t.Errorf("stored %v, want kept only", names)
	}
}

// A member refused after reading the batch's earlier writes (as a stale
// turn is) is told when the batch's commit fails: what it saw is gone,
// so its refusal must not stand. With the commit made, it keeps its own
// error (TestGroupCommitFailedMemberUndoesOnlyItsWrites).
func TestGroupCommitFailedCommitReachesRefusedMember(t *testing.T) {
	full := errors.New("disk full")
	s, err := open(filepath.Join(t.TempDir(), "tourney.db"), options{batchAge: time.Hour, commitFault: func() error { return full }})
	ok(t, err)
	t.Cleanup(func() { s.Close() })
	first := holdBatch(s, "first", 1)
	stale := errors.New("stale: the game moved on")
	var seen map[string]bool
	refused := s.InTx(context.Background(), func(ctx context.Context) error {
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "second"}))
		ts, err := s.ListTournaments(ctx)
		ok(t, err)
		seen = map[string]bool{}
		for _, tr := range ts {
			seen[tr.Name] = true
		}
		return stale
	})
	if !seen["first"] {
		t.Fatalf("the refused member read %v, want the batch's first write", seen)
	}
	if errors.Is(refused, stale) || !errors.Is(refused, full) {
		t.Errorf("refused member got %v, want the failed commit", refused)
	}
	if err := <-first; !errors.Is(err, full) {
		t.Errorf("first member got %v, want the failed commit", err)
	}
	if names := tournamentNames(t, s); len(names) != 0 {
		t.Errorf("stored %v after a failed commit, want nothing", names)
	}
}
