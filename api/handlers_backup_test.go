package api

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/service"
	"tourney/store"
	"tourney/store/pgtest"
)

// backupTable is one table's stream: its games, one a round, entered one
// after another (by the director, who may enter any round's), and the
// turns the server acknowledged (201) in each.
type backupTable struct {
	games []int64
	acked map[int64]map[int]service.TurnResult // game → turn → answer
}

// TestBackupWhileTablesEnterTurns takes backups of the whole database
// while 16 tables enter turns at once, each through the HTTP API into its
// own games: one through GET /api/v1/backup, one through the store. Each
// backup is then served by a fresh store and server of its own, which
// must have every turn acknowledged before that backup began, with the
// score and totals it was answered with, and games that are exactly the
// moves entered, in order (a turn committed later may be there or not,
// but whole). Each backup passes integrity_check.
func TestBackupWhileTablesEnterTurns(t *testing.T) {
	sqliteOnly(t)
	const tables, gamesPerTable = 16, 4
	ts := newTestServer(t)
	t.Setenv("TMPDIR", t.TempDir()) // where the download's copy is taken
	dir := t.TempDir()
	script := benchScript()
	client := &benchClient{base: ts.URL, token: ts.Director,
		http: &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 2 * tables}}}
	defer client.http.CloseIdleConnections()

	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Backup Open", "variant": "naspa"}), http.StatusCreated)
	tpath := fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
	tbs := make([]*backupTable, tables)
	for i := range tbs {
		var seats []int64
		for _, side := range []string{"a", "b"} {
			p := must[service.Player](t, ts.post(tpath+"/players", ts.Director, map[string]any{"name": fmt.Sprintf("T%d%s", i+1, side)}), http.StatusCreated)
			seats = append(seats, p.ID)
		}
		tb := &backupTable{acked: map[int64]map[int]service.TurnResult{}}
		for r := 1; r <= gamesPerTable; r++ {
			g := must[service.Game](t, ts.post(tpath+"/games", ts.Director, map[string]any{"round": r, "table": i + 1, "players": seats}), http.StatusCreated)
			tb.games = append(tb.games, g.ID)
			tb.acked[g.ID] = map[int]service.TurnResult{}
		}
		tbs[i] = tb
	}

	if h := must[healthDoc](t, ts.get("/healthz", ""), http.StatusOK); h.LastBackup != nil {
		t.Errorf("last backup %+v before any", h.LastBackup)
	}

	var (
		mu    sync.Mutex
		total int
		wg    sync.WaitGroup
	)
	all := tables * gamesPerTable * len(script)
	quarter, half := make(chan struct{}), make(chan struct{})
	var onceQ, onceH sync.Once
	for _, tb := range tbs {
		wg.Go(func() {
			for _, game := range tb.games {
				for turn := 1; turn <= len(script); turn++ {
					in := service.TurnInput{Turn: turn, Player: 2 - turn%2, Kind: service.EventMove, Move: script[turn-1]}
					status, body, err := client.send("POST", gpath(game, "/turns"), in)
					if err != nil || status != http.StatusCreated {
						t.Errorf("game %d turn %d: %d %v %s", game, turn, status, err, body)
						return
					}
					var res service.TurnResult
					if err := json.Unmarshal(body, &res); err != nil || res.Turn != turn {
						t.Errorf("game %d turn %d: answer %s (%v)", game, turn, body, err)
						return
					}
					mu.Lock()
					tb.acked[game][turn] = res
					total++
					if total >= all/4 {
						onceQ.Do(func() { close(quarter) })
					}
					if total >= all/2 {
						onceH.Do(func() { close(half) })
					}
					mu.Unlock()
				}
			}
		})
	}
	// snapshot copies what was acknowledged so far; a backup begun after
	// it must hold all of it.
	snapshot := func() (map[int64]map[int]service.TurnResult, int) {
		mu.Lock()
		defer mu.Unlock()
		acked := map[int64]map[int]service.TurnResult{}
		for _, tb := range tbs {
			for g, turns := range tb.acked {
				acked[g] = maps.Clone(turns)
			}
		}
		return acked, total
	}
	streamsDone := make(chan struct{})
	go func() { wg.Wait(); close(streamsDone) }()
	waitFor := func(ch chan struct{}) {
		select {
		case <-ch:
		case <-streamsDone:
			t.Fatal("the streams stopped early")
		case <-time.After(2 * time.Minute):
			t.Fatal("the tables did not get far enough")
		}
	}

	waitFor(quarter)
	before1, n1 := snapshot()
	start := time.Now()
	res := ts.get("/api/v1/backup", ts.Director)
	took1 := time.Since(start)
	_, after1 := snapshot()
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/v1/backup: %d %s", res.Status, res.Body)
	}
	if ct := res.Header.Get("Content-Type"); ct != mediaSQLite {
		t.Errorf("Content-Type %q", ct)
	}
	cd := regexp.MustCompile(`^attachment; filename="(tourney-[0-9]{8}-[0-9]{6}\.db)"$`).FindStringSubmatch(res.Header.Get("Content-Disposition"))
	if cd == nil {
		t.Errorf("Content-Disposition %q", res.Header.Get("Content-Disposition"))
	}
	viaAPI := filepath.Join(dir, "via-api.db")
	if err := os.WriteFile(viaAPI, res.Body, 0o600); err != nil {
		t.Fatal(err)
	}
	// The handler records the download and removes its copy once the last
	// byte is written, which may be just after the client has read it.
	var h healthDoc
	var left []os.DirEntry
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		h = must[healthDoc](t, ts.get("/healthz", ""), http.StatusOK)
		left, _ = os.ReadDir(os.Getenv("TMPDIR"))
		if h.LastBackup != nil && len(left) == 0 {
			break
		}
	}
	if len(left) > 0 {
		t.Errorf("the download's temporary copy was left: %v", left[0].Name())
	}
	if h.LastBackup == nil || cd == nil || h.LastBackup.File != cd[1] || h.LastBackup.At.Before(start.Add(-time.Second)) {
		t.Errorf("health after the download: last backup %+v, want %v", h.LastBackup, cd)
	}

	waitFor(half)
	before2, n2 := snapshot()
	viaStore := filepath.Join(dir, "via-store.db")
	if err := ts.Svc.Store.(*store.Store).Backup(context.Background(), viaStore); err != nil {
		t.Fatal(err)
	}
	_, after2 := snapshot()
	<-streamsDone
	t.Logf("download: %d turns acknowledged before it began, %d more while it was taken (%v); store backup: %d before, %d during; %d in all",
		n1, after1-n1, took1.Round(time.Millisecond), n2, after2-n2, total)
	if total != all {
		t.Fatalf("%d turns acknowledged of %d", total, all)
	}

	for _, c := range []struct {
		name   string
		path   string
		before map[int64]map[int]service.TurnResult
	}{{"download", viaAPI, before1}, {"store backup", viaStore, before2}} {
		if v, err := store.Verify(context.Background(), c.path); err != nil || v == 0 {
			t.Errorf("%s: Verify = %d, %v", c.name, v, err)
			continue
		}
		restored := serveFile(t, c.path)
		for game, acked := range c.before {
			checkRestoredGame(t, c.name, restored, ts.Director, game, acked, script)
		}
	}
}

// serveFile is a server over the database at path, opened as serve opens
// it: the restored backup.
func serveFile(t *testing.T, path string) *testServer {
	t.Helper()
	st, err := store.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	t.Cleanup(func() { st.Close() })
	svc := service.New(st)
	srv := httptest.NewServer(New(svc, slog.New(slog.DiscardHandler)))
	t.Cleanup(srv.Close)
	return &testServer{t: t, URL: srv.URL, Svc: svc}
}

// checkRestoredGame: every acknowledged turn is in the restored game with
// its score and totals, and the game is the script's first moves.
func checkRestoredGame(t *testing.T, name string, ts *testServer, director string, game int64, acked map[int]service.TurnResult, script []string) {
	t.Helper()
	r := ts.get(gpath(game, ""), director)
	if r.Status != http.StatusOK {
		t.Errorf("%s: game %d: %d %s", name, game, r.Status, r.Body)
		return
	}
	var v service.GameView
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Fatal(err)
	}
	for i, tv := range v.Turns {
		if tv.Seq != i+1 || tv.Move != script[i] || tv.Undone {
			t.Errorf("%s: game %d turn %d is %+v, want the script's %q", name, game, i+1, tv.TurnEvent, script[i])
		}
	}
	for _, turn := range slices.Sorted(maps.Keys(acked)) {
		a := acked[turn]
		if turn > len(v.Turns) {
			t.Errorf("%s: game %d: turn %d was acknowledged before the backup began and is not in it (%d turns)", name, game, turn, len(v.Turns))
			return
		}
		if tv := v.Turns[turn-1]; tv.Score != a.Score || !slices.Equal(tv.Totals, a.Totals) {
			t.Errorf("%s: game %d turn %d: score %d totals %v, acknowledged as %d %v", name, game, turn, tv.Score, tv.Totals, a.Score, a.Totals)
		}
	}
}

// Only the director may download the database: it holds every
// tournament and the hashes of every credential.
func TestBackupDownloadIsTheDirectors(t *testing.T) {
	f := newFixture(t)
	wantProblem(t, f.get("/api/v1/backup", ""), http.StatusUnauthorized, "credentials-required")
	wantProblem(t, f.get("/api/v1/backup", f.table), http.StatusForbidden, "director-only")
	if h := must[healthDoc](t, f.get("/healthz", ""), http.StatusOK); h.LastBackup != nil {
		t.Errorf("refused downloads made a last backup: %+v", h.LastBackup)
	}
}

// A server whose store cannot take backups says so, as a fault of ours.
func TestBackupDownloadWithoutBackups(t *testing.T) {
	ts := newTestServerWith(t, func(s service.Store) service.Store { return struct{ service.Store }{s} })
	wantProblem(t, ts.get("/api/v1/backup", ts.Director), http.StatusInternalServerError, "internal")
}

// TestBackupOnPostgres: a server on PostgreSQL has no file to copy; the
// console's backup button gets a plain refusal naming pg_dump, never a 500.
func TestBackupOnPostgres(t *testing.T) {
	if !pgtest.Enabled() {
		t.Skip("the suite's PostgreSQL run only")
	}
	ts := newTestServer(t)
	p := wantProblem(t, ts.get("/api/v1/backup", ts.Director), http.StatusConflict, "backup-not-here")
	if !strings.Contains(p.Detail, "pg_dump") {
		t.Errorf("detail %q does not say how to back up", p.Detail)
	}
}
