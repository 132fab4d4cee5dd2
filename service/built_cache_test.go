package service

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBuiltCache: a build is answered again until a change the public
// hear of (and that counts) or until it is no longer fresh; after a
// change, requests made together share one build; a build that fails
// keeps nothing; and builds of one tournament are at least as far apart
// as the last one took.
func TestBuiltCache(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	c := builtCache[int]{fresh: 10 * time.Second, counts: func(pub Notice) bool { return pub.Kind != NoticeHighlight }}
	var builds atomic.Int32
	slow := time.Duration(0)
	build := func(_ context.Context, prev int, ok bool) (int, error) {
		time.Sleep(slow)
		return int(builds.Add(1)), nil
	}
	get := func() int {
		t.Helper()
		v, err := c.get(context.Background(), 1, clock, build)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	steps := []struct {
		name   string
		before func()
		want   int
	}{
		{"first", func() {}, 1},
		{"again", func() {}, 1},
		{"a highlight changes nothing", func() { c.noticed(Notice{Kind: NoticeHighlight, TournamentID: 1}) }, 1},
		{"another tournament's result", func() { c.noticed(Notice{Kind: NoticeResult, TournamentID: 2}) }, 1},
		{"a result", func() { c.noticed(Notice{Kind: NoticeResult, TournamentID: 1}) }, 2},
		{"no longer fresh", func() { now = now.Add(11 * time.Second) }, 3},
		{"forgotten", func() { c.clear() }, 4},
	}
	for _, s := range steps {
		s.before()
		if got := get(); got != s.want {
			t.Fatalf("%s: build %d, want %d", s.name, got, s.want)
		}
	}

	// Requests made together after a change share one build.
	slow = 30 * time.Millisecond
	c.noticed(Notice{Kind: NoticeResult, TournamentID: 1})
	var wg sync.WaitGroup
	got := make([]int, 8)
	for i := range got {
		wg.Go(func() { got[i] = get() })
	}
	wg.Wait()
	for _, v := range got {
		if v != 5 {
			t.Fatalf("builds answered %v, want build 5 for all", got)
		}
	}

	// The last build took 30 ms: the next waits for the rest of it.
	slow = 0
	c.noticed(Notice{Kind: NoticeResult, TournamentID: 1})
	start := time.Now()
	if v := get(); v != 6 {
		t.Fatalf("build %d, want 6", v)
	}
	if waited := time.Since(start); waited < 20*time.Millisecond {
		t.Errorf("built again %v after a 30 ms build", waited)
	}

	// A failed build (no such tournament) keeps nothing.
	fail := errors.New("no tournament")
	if _, err := c.get(context.Background(), 99, clock, func(context.Context, int, bool) (int, error) { return 0, fail }); !errors.Is(err, fail) {
		t.Fatalf("error %v", err)
	}
	if _, kept := c.built[99]; kept {
		t.Error("an entry kept for a tournament that failed to build")
	}

	// A build is shared: it runs under a context the request that started
	// it cannot cancel, and which has no Done channel at all (the SQLite
	// driver then reads each row without a goroutine of its own).
	type key struct{}
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "request"))
	cancel()
	if _, err := c.get(ctx, 98, clock, func(ctx context.Context, _ int, _ bool) (int, error) {
		if ctx.Done() != nil || ctx.Err() != nil || ctx.Value(key{}) != "request" {
			t.Errorf("build's context: done %v, err %v, value %v", ctx.Done(), ctx.Err(), ctx.Value(key{}))
		}
		return 1, nil
	}); err != nil {
		t.Fatalf("a build failed with the request that started it: %v", err)
	}
}
