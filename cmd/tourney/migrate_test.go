package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/api"
	"tourney/service"
	"tourney/store"
	"tourney/store/pgtest"
)

// TestMigrateRoundTrip moves a tournament played on SQLite to PostgreSQL
// and back to a new SQLite file with `tourney migrate`, and checks that
// each copy exports exactly what the original does: the .t file, the GCG
// of every game, the standings and the audit log. A second copy into the
// same database is refused.
func TestMigrateRoundTrip(t *testing.T) {
	pg := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	orig, back := filepath.Join(dir, "orig.db"), filepath.Join(dir, "back.db")
	const token = "migrate-test-director"

	srv := migrateServer(t, orig, token)
	c := &killClient{base: srv.URL, token: token}
	tour, tables := killSetup(ctx, t, c, 2)
	script := killScript(6)
	for n := 1; n <= len(script); n++ {
		for _, tb := range tables {
			killDo[service.TurnResult](ctx, t, c, "POST", fmt.Sprintf("/api/v1/games/%d/turns", tb.game), tb.token,
				service.TurnInput{Turn: n, Player: 2 - n%2, Kind: service.EventMove, Move: script[n-1]}, http.StatusCreated)
		}
	}
	killDo[service.GameView](ctx, t, c, "POST", fmt.Sprintf("/api/v1/games/%d/undo", tables[0].game), token,
		map[string]any{"turn": len(script), "reason": "misentered"}, http.StatusOK)
	killDo[service.Credential](ctx, t, c, "POST", fmt.Sprintf("/api/v1/tournaments/%d/credentials/%d/revoke", tour.ID, tables[1].cred), token,
		map[string]any{"reason": "tablet lost"}, http.StatusOK)
	players := killDo[[]service.Player](ctx, t, c, "GET", fmt.Sprintf("/api/v1/tournaments/%d/players", tour.ID), token, nil, http.StatusOK)
	killDo[service.Result](ctx, t, c, "POST", fmt.Sprintf("/api/v1/tournaments/%d/results", tour.ID), token,
		map[string]any{"round": 2, "kind": "bye", "player": players[0].ID}, http.StatusCreated)
	want := migrateExports(ctx, t, c, tour.ID, tables)
	srv.Close()

	steps := []struct{ from, to string }{{orig, pg}, {pg, back}}
	for _, s := range steps {
		var out, errOut bytes.Buffer
		if code := run([]string{"migrate", "--from", s.from, "--to", s.to}, nil, &out, &errOut); code != 0 {
			t.Fatalf("migrate %s -> %s: exit %d: %s", s.from, s.to, code, errOut.String())
		}
		t.Log(strings.TrimSpace(out.String()))
	}
	for _, db := range []string{pg, back} {
		srv := migrateServer(t, db, token)
		got := migrateExports(ctx, t, &killClient{base: srv.URL, token: token}, tour.ID, tables)
		for name, w := range want {
			if got[name] != w {
				t.Errorf("%s on the copy differs:\n got %s\nwant %s", name, got[name], w)
			}
		}
		srv.Close()
	}

	var errOut bytes.Buffer
	if code := run([]string{"migrate", "--from", orig, "--to", pg}, nil, &bytes.Buffer{}, &errOut); code != 1 || !strings.Contains(errOut.String(), "already has a tournament") {
		t.Errorf("a second copy into the same database: exit %d: %s", code, errOut.String())
	}
}

// migrateServer serves the database at db with the director's token.
func migrateServer(t *testing.T, db, token string) *httptest.Server {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc := service.New(st)
	if _, err := svc.EnsureDirector(context.Background(), token); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api.New(svc, slog.New(slog.DiscardHandler)))
	t.Cleanup(srv.Close)
	return srv
}

// migrateExports is what a tournament exports, by name.
func migrateExports(ctx context.Context, t *testing.T, c *killClient, id int64, tables []*killTable) map[string]string {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	paths := []string{
		fmt.Sprintf("/api/v1/tournaments/%d/export.t", id),
		fmt.Sprintf("/api/v1/tournaments/%d/standings", id),
		fmt.Sprintf("/api/v1/tournaments/%d/audit", id),
		fmt.Sprintf("/api/v1/tournaments/%d/credentials", id),
	}
	for _, tb := range tables {
		paths = append(paths, fmt.Sprintf("/api/v1/games/%d/export.gcg", tb.game), fmt.Sprintf("/api/v1/games/%d", tb.game))
	}
	out := map[string]string{}
	for _, p := range paths {
		status, body, err := killRequest(ctx, client, "GET", c.base+p, c.token, nil)
		if err != nil || status != http.StatusOK {
			t.Fatalf("GET %s: %d %v: %s", p, status, err, body)
		}
		out[p] = string(body)
	}
	return out
}
