package api

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

func withKey(key string) map[string]string { return map[string]string{"Idempotency-Key": key} }

func TestIdempotentTurn(t *testing.T) {
	f := newFixture(t)
	windy := turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(32)}
	send := func(key string, in turn) response {
		return f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: f.table, body: in, header: withKey(key)})
	}

	first := send("tablet-7-turn-1", windy)
	must[service.TurnResult](t, first, http.StatusCreated)
	again := send("tablet-7-turn-1", windy)
	if again.Status != first.Status || !bytes.Equal(again.Body, first.Body) || again.Header.Get("Content-Type") != first.Header.Get("Content-Type") {
		t.Fatalf("repeat answered %d %s, first %d %s", again.Status, again.Body, first.Status, first.Body)
	}
	if again.Header.Get("Idempotent-Replayed") != "true" || first.Header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("Idempotent-Replayed: first %q, repeat %q", first.Header.Get("Idempotent-Replayed"), again.Header.Get("Idempotent-Replayed"))
	}
	if g := f.view(f.game); len(g.Turns) != 1 || g.NextTurn != 2 {
		t.Fatalf("%d turns stored after a repeat, want 1", len(g.Turns))
	}

	// The same key for another entry is a client bug, not a repeat.
	other := windy
	other.ClaimedScore = claim(30)
	wantProblem(t, send("tablet-7-turn-1", other), http.StatusUnprocessableEntity, "idempotency-key-reused")

	// A refusal is not kept: the retry runs again, against the game as
	// it is by then (turn 2 is taken, so it is stale now), and is not a
	// replay.
	gale := turn{Turn: 2, Player: 2, Move: "1A GALE"}
	refused := send("tablet-7-turn-2", gale)
	wantProblem(t, refused, http.StatusUnprocessableEntity, "not-connected")
	must[service.TurnResult](t, send("tablet-7-turn-2b", turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	r := send("tablet-7-turn-2", gale)
	wantProblem(t, r, http.StatusConflict, "stale-turn")
	if r.Header.Get("Idempotent-Replayed") != "" {
		t.Fatal("a refusal was replayed")
	}

	// Keys are per credential: the director's key does not see the table's.
	dir := f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: f.Director, body: windy, header: withKey("tablet-7-turn-1")})
	wantProblem(t, dir, http.StatusConflict, "stale-turn")
	if g := f.view(f.game); len(g.Turns) != 2 {
		t.Fatalf("%d turns, want 2", len(g.Turns))
	}
}

func TestIdempotentCreate(t *testing.T) {
	ts := newTestServer(t)
	create := func(key, name string) response {
		return ts.send(req{method: "POST", path: "/api/v1/tournaments", token: ts.Director, body: map[string]any{"name": name}, header: withKey(key)})
	}
	a := must[service.Tournament](t, create("k1", "Spring Open"), http.StatusCreated)
	b := must[service.Tournament](t, create("k1", "Spring Open"), http.StatusCreated)
	if a.ID != b.ID || a.ID == 0 {
		t.Fatalf("ids %d and %d", a.ID, b.ID)
	}
	list := must[[]service.Tournament](t, ts.get("/api/v1/tournaments", ""), http.StatusOK)
	if len(list) != 1 {
		t.Fatalf("%d tournaments after a repeat, want 1", len(list))
	}
	wantProblem(t, create("k1", "Autumn Open"), http.StatusUnprocessableEntity, "idempotency-key-reused")
	wantProblem(t, create(strings.Repeat("k", 300), "X"), http.StatusBadRequest, "bad-idempotency-key")
	wantProblem(t, create("has space", "X"), http.StatusBadRequest, "bad-idempotency-key")
	// A GET ignores the header.
	must[[]service.Tournament](t, ts.send(req{method: "GET", path: "/api/v1/tournaments", header: withKey("k1")}), http.StatusOK)
}

// Two tablets send the same entry with the same key at the same moment:
// one turn is recorded and both get the same answer.
func TestIdempotentConcurrentRepeats(t *testing.T) {
	f := newFixture(t)
	const n = 6
	answers := make([]response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: f.table,
				body: turn{Player: 1, Move: "8D WINDY"}, header: withKey("same")})
		}()
	}
	wg.Wait()
	for _, a := range answers {
		if a.Status != http.StatusCreated || !bytes.Equal(a.Body, answers[0].Body) {
			t.Fatalf("answers differ: %d %s / %d %s", a.Status, a.Body, answers[0].Status, answers[0].Body)
		}
	}
	if g := f.view(f.game); len(g.Turns) != 1 {
		t.Fatalf("%d turns recorded, want 1", len(g.Turns))
	}
}

// blindStore misses saved responses while blind is set, as a lookup does
// when a request with the same key is saved just after it looked.
type blindStore struct {
	service.Store
	blind atomic.Bool
}

func (s *blindStore) GetIdempotent(ctx context.Context, scope, key string) (*service.IdempotentResponse, error) {
	if s.blind.Load() {
		s.blind.Store(false)
		return nil, service.ErrNotFound
	}
	return s.Store.GetIdempotent(ctx, scope, key)
}

// A repeat that slips past the lookup runs, finds the key taken when it
// saves, and is rolled back and answered with the first answer.
func TestIdempotentRepeatThatMissedTheLookup(t *testing.T) {
	var bs *blindStore
	ts := newTestServerWith(t, func(s service.Store) service.Store {
		bs = &blindStore{Store: s}
		return bs
	})
	f := bareFixture(t, ts)

	// The repeat's work succeeds (a second player would be entered) but
	// cannot be saved under the taken key, so it is undone.
	add := req{method: "POST", path: f.tpath("/players"), token: f.Director, body: map[string]any{"name": "C"}, header: withKey("k")}
	first := f.send(add)
	must[service.Player](t, first, http.StatusCreated)
	bs.blind.Store(true)
	if r := f.send(add); r.Status != first.Status || !bytes.Equal(r.Body, first.Body) {
		t.Fatalf("repeat answered %d %s", r.Status, r.Body)
	}
	if ps := must[[]service.Player](t, f.get(f.tpath("/players"), ""), http.StatusOK); len(ps) != 3 {
		t.Fatalf("%d players, want 3", len(ps))
	}
	must[service.TurnResult](t, f.enter(f.game, f.Director, turn{Player: 1, Move: "8D WINDY"}), http.StatusCreated)

	// A repeat whose work is refused (turn 1 is stale by now) is refused
	// again: a refusal is not kept, so there is nothing to replay.
	stale := turn{Turn: 1, Player: 2, Move: "7C GALE"}
	r1 := f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: f.Director, body: stale, header: withKey("k2")})
	wantProblem(t, r1, http.StatusConflict, "stale-turn")
	bs.blind.Store(true)
	r2 := f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: f.Director, body: stale, header: withKey("k2")})
	if r2.Status != r1.Status || !bytes.Equal(r2.Body, r1.Body) || r2.Header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("repeat answered %d %s (replayed %q)", r2.Status, r2.Body, r2.Header.Get("Idempotent-Replayed"))
	}
}

// A fault of ours rolls back the work and saves no answer, so a retry
// with the same key runs again; a panic is a logged 500 too.
func TestIdempotentServerErrorRollsBack(t *testing.T) {
	ts := newTestServer(t)
	logs := &syncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, nil))
	r := newRouter(ts.Svc, log)
	s := &Server{svc: ts.Svc, log: log}
	var calls atomic.Int32
	work := func(c *gin.Context) {
		calls.Add(1)
		name := "should not stay"
		if _, err := s.svc.CreateTournament(c.Request.Context(), actorOf(c), service.TournamentInput{Name: &name}); err != nil {
			t.Errorf("create: %v", err)
		}
	}
	r.POST("/test/fail", s.authenticate, s.idempotency, func(c *gin.Context) {
		work(c)
		writeProblem(c, s.log, errors.New("disk on fire"))
	})
	r.POST("/test/panic", s.authenticate, s.idempotency, func(c *gin.Context) {
		work(c)
		panic("boom")
	})

	for _, path := range []string{"/test/fail", "/test/panic"} {
		for range 2 {
			rec := httptest.NewRecorder()
			hr := httptest.NewRequest("POST", path, strings.NewReader("{}"))
			hr.Header.Set("Authorization", "Bearer "+ts.Director)
			hr.Header.Set("Idempotency-Key", "retry-me")
			r.ServeHTTP(rec, hr)
			p := wantProblem(t, response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}, http.StatusInternalServerError, "internal")
			if strings.Contains(p.Detail, "disk") || strings.Contains(p.Detail, "boom") {
				t.Fatalf("the cause leaked: %q", p.Detail)
			}
		}
	}
	if n := calls.Load(); n != 4 {
		t.Fatalf("handlers ran %d times, want 4: a 5xx answer must not be replayed", n)
	}
	ts2, err := ts.Svc.ListTournaments(context.Background())
	if err != nil || len(ts2) != 0 {
		t.Fatalf("tournaments %+v, %v: the failed work must be rolled back", ts2, err)
	}
	// Without a key there is no transaction around the handler, but a
	// panic is still a logged 500, and the server goes on.
	rec := httptest.NewRecorder()
	hr := httptest.NewRequest("POST", "/test/panic", strings.NewReader("{}"))
	hr.Header.Set("Authorization", "Bearer "+ts.Director)
	r.ServeHTTP(rec, hr)
	wantProblem(t, response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}, http.StatusInternalServerError, "internal")

	out := logs.String()
	for _, want := range []string{"disk on fire", `"panic":"boom"`, "goroutine", `"status":500`} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}
