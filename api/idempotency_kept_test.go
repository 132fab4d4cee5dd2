package api

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"tourney/service"
)

// countingStore counts the answers saved under an Idempotency-Key, and
// misses saved ones while blind is set (like blindStore).
type countingStore struct {
	service.Store
	saves atomic.Int32
	blind atomic.Bool
}

func (s *countingStore) SaveIdempotent(ctx context.Context, r *service.IdempotentResponse) error {
	s.saves.Add(1)
	return s.Store.SaveIdempotent(ctx, r)
}

func (s *countingStore) GetIdempotent(ctx context.Context, scope, key string) (*service.IdempotentResponse, error) {
	if s.blind.Swap(false) {
		return nil, service.ErrNotFound
	}
	return s.Store.GetIdempotent(ctx, scope, key)
}

// TestIdempotentRefusalNotKept: a refused request keeps nothing, whoever
// sent it (nobody signed in, a table), so the retry with the same key runs
// again: refused again while what refused it holds, answered afresh once
// it is put right.
func TestIdempotentRefusalNotKept(t *testing.T) {
	var cs *countingStore
	ts := newTestServerWith(t, func(s service.Store) service.Store {
		cs = &countingStore{Store: s}
		return cs
	})
	f := bareFixture(t, ts)
	table := f.credential(1)
	windy := turn{Player: 1, Move: "8D WINDY"}
	tests := []struct {
		name               string
		refused, retry     req
		status, retryAfter int
		code               string
	}{
		{"nobody signed in", req{method: "POST", path: gpath(f.game, "/turns"), body: windy},
			req{method: "POST", path: gpath(f.game, "/turns"), token: table, body: windy}, http.StatusUnauthorized, http.StatusCreated, "credentials-required"},
		{"no such route", req{method: "POST", path: "/api/v1/nowhere/" + strings.Repeat("x", 5000)},
			req{method: "POST", path: "/api/v1/nowhere/" + strings.Repeat("x", 5000)}, http.StatusNotFound, http.StatusNotFound, "no-such-route"},
		{"a table's move refused", req{method: "POST", path: gpath(f.game, "/turns"), token: table, body: turn{Player: 2, Move: "1A GALE"}},
			req{method: "POST", path: gpath(f.game, "/turns"), token: table, body: turn{Player: 2, Move: "1A GALE"}}, http.StatusUnprocessableEntity, http.StatusUnprocessableEntity, "not-connected"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key := withKey("refused-" + string(rune('a'+i)))
			tt.refused.header, tt.retry.header = key, key
			before := cs.saves.Load()
			wantProblem(t, f.send(tt.refused), tt.status, tt.code)
			if n := cs.saves.Load() - before; n != 0 {
				t.Fatalf("a refusal saved %d rows", n)
			}
			r := f.send(tt.retry)
			if r.Status != tt.retryAfter || r.Header.Get("Idempotent-Replayed") != "" {
				t.Fatalf("retry answered %d (replayed %q) %s, want %d run again", r.Status, r.Header.Get("Idempotent-Replayed"), r.Body, tt.retryAfter)
			}
		})
	}
	if g := f.view(f.game); len(g.Turns) != 1 {
		t.Fatalf("%d turns, want 1", len(g.Turns))
	}

	// A repeat that missed the saved success of its key, and is refused
	// (the turn is stale now), is answered with that success.
	first := f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: table, body: turn{Player: 2, Move: "7C GALE"}, header: withKey("gale")})
	must[service.TurnResult](t, first, http.StatusCreated)
	cs.blind.Store(true)
	again := f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: table, body: turn{Player: 2, Move: "7C GALE"}, header: withKey("gale")})
	if again.Status != first.Status || !bytes.Equal(again.Body, first.Body) || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("refused repeat answered %d %s", again.Status, again.Body)
	}
}

// TestKeptPath: what the server keeps of a long path (a key's scope, a
// log line, a not-found detail) is bounded, valid text, and tells two
// long paths apart.
func TestKeptPath(t *testing.T) {
	long := "/api/v1/" + strings.Repeat("é", 30000)
	tests := []struct {
		name, path string
		whole      bool
	}{
		{"short path kept whole", "/api/v1/games/7/turns", true},
		{"at the limit", "/" + strings.Repeat("a", maxPathKept-1), true},
		{"long, cut between characters", long, false},
		{"long, differing only at the end", long[:len(long)-2] + "e", false},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		got := keptPath(tt.path)
		if tt.whole != (got == tt.path) || len(got) > maxPathKept+80 || !utf8.ValidString(got) || seen[got] {
			t.Errorf("%s: keptPath = %q (%d bytes)", tt.name, got, len(got))
		}
		seen[got] = true
	}

	// The request's log line and the refusal carry the bounded path.
	ts := newTestServer(t)
	for _, tc := range []struct {
		method, path string
		status       int
		code         string
	}{
		{"POST", "/api/v1/" + strings.Repeat("x", 60000), http.StatusNotFound, "no-such-route"},
		{"GET", "/api/v1/games/" + strings.Repeat("9", 60000), http.StatusBadRequest, "bad-id"},
		{"PATCH", "/api/v1/games/" + strings.Repeat("9", 60000), http.StatusBadRequest, "bad-id"},
	} {
		r := ts.send(req{method: tc.method, path: tc.path, header: withKey("k")})
		wantProblem(t, r, tc.status, tc.code)
		if len(r.Body) > 1000 {
			t.Errorf("the %s refusal is %d bytes", tc.code, len(r.Body))
		}
	}
	for _, line := range strings.Split(ts.Logs.String(), "\n") {
		if len(line) > 1000 {
			t.Errorf("a log line of %d bytes: %.200s", len(line), line)
		}
	}
}

// TestIdempotentAnswerExpires: a signed-in request's answer is replayed
// for a day; then it is pruned (PruneAnswers, which a server runs every
// few minutes), or, met before the prune, counts as none: the request
// runs again and its new answer is kept.
func TestIdempotentAnswerExpires(t *testing.T) {
	ts := newTestServer(t)
	t0 := time.Now()
	var hours atomic.Int64
	ts.Svc.Now = func() time.Time { return t0.Add(time.Duration(hours.Load()) * time.Hour) }
	create := func(key, name string) response {
		return ts.send(req{method: "POST", path: "/api/v1/tournaments", token: ts.Director, body: map[string]any{"name": name}, header: withKey(key)})
	}
	prune := func(want int64) {
		t.Helper()
		if n, err := ts.Svc.PruneAnswers(context.Background()); n != want || err != nil {
			t.Fatalf("at +%dh pruned %d rows, %v; want %d", hours.Load(), n, err, want)
		}
	}
	replayed := func(r response) bool {
		must[service.Tournament](t, r, http.StatusCreated)
		return r.Header.Get("Idempotent-Replayed") == "true"
	}

	first := create("k1", "Spring Open")
	replayed(first)
	hours.Store(23)
	prune(0)
	if r := create("k1", "Spring Open"); !replayed(r) || !bytes.Equal(r.Body, first.Body) {
		t.Fatalf("a repeat within the day answered %s", r.Body)
	}
	hours.Store(25)
	prune(2) // the answer and its request's fingerprint
	if replayed(create("k1", "Spring Open")) {
		t.Fatal("an answer older than a day was replayed after the prune")
	}

	create("k2", "Autumn Open")
	hours.Store(50) // not pruned yet: met first by the repeat
	if replayed(create("k2", "Autumn Open")) {
		t.Fatal("an answer older than a day was replayed before the prune")
	}
	if r := create("k2", "Autumn Open"); !replayed(r) {
		t.Fatal("the new answer was not kept")
	}
	list := must[[]service.Tournament](t, ts.get("/api/v1/tournaments", ""), http.StatusOK)
	if len(list) != 4 {
		t.Fatalf("%d tournaments, want 4 (each key ran twice, a day apart)", len(list))
	}
}
