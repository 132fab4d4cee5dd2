package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tourney/challenges"
	"tourney/service"
	"tourney/store"
	"tourney/store/pgtest"
)

// testServer is the API over a real SQLite file in a temp dir.
type testServer struct {
	t        *testing.T
	URL      string
	Handler  http.Handler
	Director string // the director's bearer token
	Svc      *service.Service
	Logs     *syncBuffer // the server's JSON log lines
	Srv      *Server     // behind Handler
}

func newTestServer(t *testing.T) *testServer {
	t.Helper()
	return newTestServerWith(t, nil)
}

// sqliteOnly skips a test of what only a SQLite file has (its backups)
// when the suite runs on PostgreSQL.
func sqliteOnly(t *testing.T) {
	if pgtest.Enabled() {
		t.Skip("a SQLite file's backups: not in the suite's PostgreSQL run")
	}
}

// newTestServerWith lets a test put a wrapper around the store.
func newTestServerWith(t *testing.T, wrap func(service.Store) service.Store) *testServer {
	t.Helper()
	db := filepath.Join(t.TempDir(), "tourney.db")
	if pgtest.Enabled() { // the suite again, on PostgreSQL
		db = pgtest.URL(t)
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	var s service.Store = st
	if wrap != nil {
		s = wrap(st)
	}
	svc := service.New(s)
	lib, err := challenges.OpenFolder(filepath.Join("testdata", "lexicons")) // the folder alone, no built-in lists
	if err != nil {
		t.Fatalf("lexicons: %v", err)
	}
	svc.Lexicons = lib
	token, err := svc.EnsureDirector(context.Background(), "")
	if err != nil || token == "" {
		t.Fatalf("EnsureDirector = %q, %v", token, err)
	}
	logs := &syncBuffer{}
	h, server := newServer(svc, slog.New(slog.NewJSONHandler(logs, nil)))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close) // runs before the store closes
	return &testServer{t: t, URL: srv.URL, Handler: h, Director: token, Svc: svc, Logs: logs, Srv: server}
}

// syncBuffer is a log destination safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// response is an answer read in full.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

// req describes a request: a body that is a string or []byte is sent as
// is, anything else as JSON.
type req struct {
	method, path, token string
	body                any
	header              map[string]string
}

func (ts *testServer) send(r req) response {
	ts.t.Helper()
	var body io.Reader
	switch b := r.body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			ts.t.Fatal(err)
		}
		body = bytes.NewReader(j)
	}
	hr, err := http.NewRequest(r.method, ts.URL+r.path, body)
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != nil {
		hr.Header.Set("Content-Type", "application/json")
	}
	if r.token != "" {
		hr.Header.Set("Authorization", "Bearer "+r.token)
	}
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		ts.t.Fatalf("%s %s: %v", r.method, r.path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		ts.t.Fatal(err)
	}
	return response{Status: res.StatusCode, Header: res.Header, Body: b}
}

func (ts *testServer) get(path, token string) response {
	ts.t.Helper()
	return ts.send(req{method: "GET", path: path, token: token})
}

func (ts *testServer) post(path, token string, body any) response {
	ts.t.Helper()
	return ts.send(req{method: "POST", path: path, token: token, body: body})
}

func (ts *testServer) patch(path, token string, body any) response {
	ts.t.Helper()
	return ts.send(req{method: "PATCH", path: path, token: token, body: body})
}

// must decodes a successful answer with the expected status into v.
func must[T any](t *testing.T, r response, status int) T {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want application/json", ct)
	}
	var v T
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
	return v
}

// problemDoc is a problem+json answer with the state kept raw.
type problemDoc struct {
	Type   string          `json:"type"`
	Title  string          `json:"title"`
	Status int             `json:"status"`
	Detail string          `json:"detail"`
	Code   string          `json:"code"`
	State  json.RawMessage `json:"state"`
}

// wantProblem checks an error answer: status, media type, every RFC 9457
// member, and the code.
func wantProblem(t *testing.T, r response, status int, code string) problemDoc {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("Content-Type %q, want application/problem+json (body %s)", ct, r.Body)
	}
	var p problemDoc
	if err := json.Unmarshal(r.Body, &p); err != nil {
		t.Fatalf("decode problem %s: %v", r.Body, err)
	}
	if p.Code != code || p.Type != "/problems/"+code || p.Status != status || p.Title == "" || p.Detail == "" {
		t.Fatalf("problem %s, want code %q status %d with title and detail", r.Body, code, status)
	}
	return p
}

// fixture is a tournament with two players paired at table 1 in round 1,
// and table 1's credential.
type fixture struct {
	*testServer
	tournament int64
	players    []int64
	game       int64
	table      string // table 1's token
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Test Open", "variant": "naspa"}), http.StatusCreated)
	f.tournament = tour.ID
	for _, name := range []string{"Doug", "Emely"} {
		f.players = append(f.players, f.addPlayer(name))
	}
	must[service.Round](t, ts.post(f.tpath("/rounds"), ts.Director, map[string]any{"number": 1}), http.StatusCreated)
	f.game = f.addGame(1, 1, f.players...)
	f.table = f.credential(1)
	return f
}

// bareFixture is a tournament on ts with players A and B paired at table
// 1 in round 1, and no table credential: for servers a test built itself.
func bareFixture(t *testing.T, ts *testServer) *fixture {
	t.Helper()
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "T"}), http.StatusCreated).ID
	f.players = []int64{f.addPlayer("A"), f.addPlayer("B")}
	f.game = f.addGame(1, 1, f.players...)
	return f
}

func (f *fixture) tpath(suffix string) string {
	return fmt.Sprintf("/api/v1/tournaments/%d%s", f.tournament, suffix)
}

func gpath(game int64, suffix string) string {
	return fmt.Sprintf("/api/v1/games/%d%s", game, suffix)
}

func (f *fixture) addPlayer(name string) int64 {
	f.t.Helper()
	p := must[service.Player](f.t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1500}), http.StatusCreated)
	return p.ID
}

func (f *fixture) addGame(round, table int, players ...int64) int64 {
	f.t.Helper()
	g := must[service.Game](f.t, f.post(f.tpath("/games"), f.Director,
		map[string]any{"round": round, "table": table, "players": players}), http.StatusCreated)
	return g.ID
}

func (f *fixture) credential(table int) string {
	f.t.Helper()
	c := must[service.IssuedCredential](f.t, f.post(f.tpath(fmt.Sprintf("/tables/%d/credentials", table)), f.Director, nil), http.StatusCreated)
	return c.Token
}

// turn is one entry as a table sends it.
type turn struct {
	Turn         int    `json:"turn,omitempty"`
	Player       int    `json:"player"`
	Kind         string `json:"kind,omitempty"`
	Move         string `json:"move,omitempty"`
	Rack         string `json:"rack,omitempty"`
	ClaimedScore *int   `json:"claimed_score,omitempty"`
}

func claim(n int) *int { return &n }

func (f *fixture) enter(game int64, token string, in turn) response {
	f.t.Helper()
	return f.post(gpath(game, "/turns"), token, in)
}

// game reads a game as the director sees it.
func (f *fixture) view(id int64) service.GameView {
	f.t.Helper()
	return must[service.GameView](f.t, f.get(gpath(id, ""), f.Director), http.StatusOK)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
