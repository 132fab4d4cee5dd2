package service

import (
	"context"
	"sync"
	"time"
)

// A builtCache keeps one thing built per tournament for the public (the
// tsh feed, the live boards): what every overlay, broadcast and
// spectator's page asks for again and again, built once per change
// rather than once per request.
//
// Each tournament has a change count, moved by every notice the public
// hear of that changes the thing (counts says which), from this process
// or another sharing the database (Change). A build is kept with the
// count it was made at, and answered again while the count has not moved
// and it is younger than fresh: then a request touches neither the
// database nor the engine. fresh bounds how long a change that tells no
// watcher (a tournament renamed, a setting changed) takes to show.
//
// After a change, one request builds while the others wait for its
// build. Between two builds of one tournament there is at least as much
// time as the last build took: a request that comes sooner waits for the
// rest of it. So a change every few milliseconds (a hall of tables
// entering turns) keeps a build from taking more than half of one
// processor, and every request still gets a build made after the change
// that brought it. gap, where set, is a floor on that time (the live
// boards: a spectator's page needs no more than a few builds a second).
//
// What a builtCache hands out is shared by every request: read it, never
// change it.
type builtCache[T any] struct {
	counts func(pub Notice) bool // the public notices that change it
	fresh  time.Duration
	gap    time.Duration

	mu      sync.Mutex
	changes map[int64]uint64         // notices heard, by tournament
	built   map[int64]*builtEntry[T] // by tournament
	cleared time.Time                // when the builds were last forgotten (clear)
}

type builtEntry[T any] struct {
	build sync.Mutex // held while one request builds; the others wait for it
	// Under builtCache.mu:
	val     T
	ok      bool          // val holds a build
	changes uint64        // the count it was built at
	at      time.Time     // when (the service's clock)
	done    time.Time     // when it was done (the machine's clock)
	cost    time.Duration // how long it took
}

// noticed counts a change to a tournament, if the public hear of it and
// it changes what this cache holds.
func (c *builtCache[T]) noticed(no Notice) {
	pub, ok := publicView(no)
	if !ok || !c.counts(pub) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.changes == nil {
		c.changes = map[int64]uint64{}
	}
	c.changes[no.TournamentID]++
}

// clear forgets every build (changes may have been missed).
func (c *builtCache[T]) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.built = nil
	c.cleared = time.Now()
}

// since is when the builds were last forgotten (zero: never): a build
// with none before it may, within that second, replace one made before.
func (c *builtCache[T]) since() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cleared
}

// current is the tournament's build if it is still good, and otherwise
// the entry to build into with the change count to build at.
func (c *builtCache[T]) current(id int64, now time.Time) (T, bool, *builtEntry[T], uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.built == nil {
		c.built = map[int64]*builtEntry[T]{}
	}
	e := c.built[id]
	if e == nil {
		e = &builtEntry[T]{}
		c.built[id] = e
	}
	changes := c.changes[id]
	if e.ok && e.changes == changes && now.Sub(e.at) < c.fresh {
		return e.val, true, e, changes
	}
	var zero T
	return zero, false, e, changes
}

// get answers the tournament's build, building it if it is not good:
// build is given the build it replaces (ok false for none).
//
// A build is shared by every request waiting for it, so it runs under a
// context that the request which happens to start it cannot cancel (its
// reader hanging up would fail them all). That context has no Done
// channel, which also spares the database: the SQLite driver reads each
// row under a cancellable context in a goroutine of its own, and a build
// reads thousands (every turn of every game in play), which then queued
// ahead of the tables' turns.
func (c *builtCache[T]) get(ctx context.Context, id int64, now func() time.Time, build func(ctx context.Context, prev T, ok bool) (T, error)) (T, error) {
	v, ok, e, _ := c.current(id, now())
	if ok {
		return v, nil
	}
	e.build.Lock()
	defer e.build.Unlock()
	// Another request may have built it while this one waited.
	if v, ok, _, _ := c.current(id, now()); ok {
		return v, nil
	}
	c.mu.Lock()
	prev, had, done, cost := e.val, e.ok, e.done, e.cost
	c.mu.Unlock()
	if wait := max(cost, c.gap) - time.Since(done); had && wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			var zero T
			return zero, ctx.Err()
		}
	}
	// The count is read before the build, so that a change during it
	// moves past it.
	_, _, _, changes := c.current(id, now())
	at, start := now(), time.Now()
	v, err := build(context.WithoutCancel(ctx), prev, had)
	end := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		if !e.ok && c.built[id] == e {
			delete(c.built, id) // no such tournament: asking for made-up ids keeps nothing
		}
		var zero T
		return zero, err
	}
	if !e.ok || changes >= e.changes {
		e.val, e.ok, e.changes, e.at, e.done, e.cost = v, true, changes, at, end, end.Sub(start)
	}
	return v, nil
}
