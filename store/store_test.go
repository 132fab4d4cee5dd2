package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"tourney/service"
	"tourney/store/pgtest"
)

// mustOpen opens a store on a fresh file in a temporary directory, closed
// when the test ends; with TOURNEY_TEST_POSTGRES set, on a fresh schema of
// that PostgreSQL server instead.
func mustOpen(t testing.TB) *Store {
	t.Helper()
	if pgtest.Enabled() {
		return mustOpenPath(t, pgtest.URL(t))
	}
	return mustOpenSQLite(t)
}

// mustOpenSQLite is mustOpen on SQLite always: for what only SQLite has
// (pragmas, the file).
func mustOpenSQLite(t testing.TB) *Store {
	t.Helper()
	return mustOpenPath(t, filepath.Join(t.TempDir(), "tourney.db"))
}

// mustOpenPath opens (or reopens) the store at path, closed when the test
// ends; closing it earlier is fine.
func mustOpenPath(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// ok fails the test at once on an error: fixtures and setup steps.
func ok(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// mustTournament, mustPlayer and mustGame create rows for a test to hang
// others on.
func mustTournament(t testing.TB, s *Store) *service.Tournament {
	t.Helper()
	tr := &service.Tournament{Name: "Club night", Variant: "naspa", Lexicon: "NWL2023", ChallengeRule: "double"}
	ok(t, s.CreateTournament(context.Background(), tr))
	return tr
}

func mustPlayer(t testing.TB, s *Store, tournamentID int64, name string) *service.Player {
	t.Helper()
	p := &service.Player{TournamentID: tournamentID, Name: name, Rating: 1500}
	ok(t, s.CreatePlayer(context.Background(), p))
	return p
}

// mustGame creates a tournament, two players and a game between them.
func mustGame(t testing.TB, s *Store) *service.Game {
	t.Helper()
	tr := mustTournament(t, s)
	a, b := mustPlayer(t, s, tr.ID, "Ann"), mustPlayer(t, s, tr.ID, "Bob")
	g := &service.Game{TournamentID: tr.ID, Round: 1, Table: 1, Seats: []int64{a.ID, b.ID}}
	ok(t, s.CreateGame(context.Background(), g))
	return g
}

func turn(gameID int64, seq int) *service.TurnEvent {
	return &service.TurnEvent{GameID: gameID, Seq: seq, Kind: service.EventMove, Seat: 1 + (seq+1)%2,
		Move: "8D ZAX", Rack: "AXZ", Score: 50, Agrees: true, EnteredBy: "table 1"}
}

func TestOpenCreatesFileAtLatestVersion(t *testing.T) {
	s := mustOpenSQLite(t)
	v := schemaVersion(t, s)
	if v != len(migrations) {
		t.Fatalf("schema version %d, want %d", v, len(migrations))
	}
}

func TestOpenEmptyPath(t *testing.T) {
	if _, err := Open(""); err == nil {
		t.Fatal("Open(\"\") succeeded")
	}
}

func TestOpenPathNeedingEscapes(t *testing.T) {
	// A path with characters that mean something in a URI still names
	// the file it says.
	dir := filepath.Join(t.TempDir(), "a dir?x=1#y%20")
	path := filepath.Join(dir, "my db.sqlite")
	ok(t, mkdirAll(dir))
	s := mustOpenPath(t, path)
	mustTournament(t, s)
	ok(t, s.Close())
	if !fileExists(path) {
		t.Fatalf("no file at %q", path)
	}
}

// TestPragmasOnEveryConnection holds every connection of both pools at
// once, so that each one's settings are checked, not just the first's.
func TestPragmasOnEveryConnection(t *testing.T) {
	s := mustOpenSQLite(t)
	ctx := context.Background()
	check := func(name string, db *sql.DB, readOnly bool) {
		n := db.Stats().MaxOpenConnections
		conns := make([]*sql.Conn, n)
		for i := range conns {
			c, err := db.Conn(ctx)
			ok(t, err)
			defer c.Close()
			conns[i] = c
		}
		if got := db.Stats().OpenConnections; got != n {
			t.Fatalf("%s: %d connections open, want %d", name, got, n)
		}
		want := map[string]string{
			"journal_mode": "wal",
			"synchronous":  "2", // FULL
			"foreign_keys": "1",
			"busy_timeout": fmt.Sprint(busyTimeout.Milliseconds()),
			"query_only":   map[bool]string{false: "0", true: "1"}[readOnly],
		}
		for i, c := range conns {
			for pragma, w := range want {
				var got string
				ok(t, c.QueryRowContext(ctx, "PRAGMA "+pragma).Scan(&got))
				if got != w {
					t.Errorf("%s connection %d: %s = %s, want %s", name, i, pragma, got, w)
				}
			}
		}
	}
	check("writer", s.sqlDB(s.w), false)
	check("reader", s.sqlDB(s.r), true)
	if n := s.sqlDB(s.w).Stats().MaxOpenConnections; n != 1 {
		t.Errorf("writer pool has %d connections, want 1", n)
	}
}

// TestTransactionTakesWriteLockAtFirstWrite: an InTx that has only read
// leaves the database to other writers; from its first write it holds the
// write lock (BEGIN IMMEDIATE) until it ends.
func TestTransactionTakesWriteLockAtFirstWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tourney.db")
	s := mustOpenPath(t, path)
	other, err := sql.Open(SQLDriver, sqliteDSN(path, connSettings{pragmas: []pragma{busyPragma(0)}}))
	ok(t, err)
	defer other.Close()
	ok(t, s.InTx(context.Background(), func(ctx context.Context) error {
		if _, err := s.ListTournaments(ctx); err != nil {
			return err
		}
		if _, err := other.Exec("BEGIN IMMEDIATE"); err != nil {
			t.Errorf("reading in InTx took the write lock: %v", err)
		} else {
			other.Exec("ROLLBACK")
		}
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "first write"}))
		if _, err := other.Exec("BEGIN IMMEDIATE"); err == nil {
			other.Exec("ROLLBACK")
			t.Error("another connection took the write lock after InTx wrote")
		}
		return nil
	}))
}

func TestReaderRefusesWrites(t *testing.T) {
	s := mustOpen(t)
	err := s.r.Exec("INSERT INTO tournaments (name, created_at, updated_at) VALUES ('x', 0, 0)").Error
	if err == nil {
		t.Fatal("a reader connection wrote a row")
	}
}

func TestInTxCommits(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	var id int64
	ok(t, s.InTx(ctx, func(ctx context.Context) error {
		tr := &service.Tournament{Name: "In a tx"}
		if err := s.CreateTournament(ctx, tr); err != nil {
			return err
		}
		id = tr.ID
		// Inside the transaction, reads see its writes.
		_, err := s.GetTournament(ctx, id)
		return err
	}))
	if _, err := s.GetTournament(ctx, id); err != nil {
		t.Fatal(err)
	}
}

func TestInTxRollsBackOnError(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	boom := errors.New("boom")
	tr := mustTournament(t, s) // before the tx: stays
	err := s.InTx(ctx, func(ctx context.Context) error {
		g := &service.Game{TournamentID: tr.ID, Round: 1, Table: 1}
		if err := s.CreateGame(ctx, g); err != nil {
			return err
		}
		if err := s.CreateTournament(ctx, &service.Tournament{Name: "rolled back"}); err != nil {
			return err
		}
		if err := s.AddAudit(ctx, &service.AuditEntry{TournamentID: tr.ID, Who: "d", Action: "a"}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx returned %v, want fn's error", err)
	}
	ts, err := s.ListTournaments(ctx)
	ok(t, err)
	if len(ts) != 1 || ts[0].Name != "Club night" {
		t.Fatalf("after rollback tournaments are %+v, want only the one made outside", ts)
	}
	games, err := s.ListGames(ctx, ts[0].ID)
	ok(t, err)
	audit, err := s.ListAudit(ctx, ts[0].ID, nil)
	ok(t, err)
	if len(games) != 0 || len(audit) != 0 {
		t.Fatalf("after rollback: %d games, %d audit entries, want none", len(games), len(audit))
	}
}

func TestInTxRollsBackAndRepanics(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Fatalf("recovered %v, want the panic of fn", r)
			}
		}()
		s.InTx(ctx, func(ctx context.Context) error {
			ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "rolled back"}))
			panic("boom")
		})
	}()
	ts, err := s.ListTournaments(ctx)
	ok(t, err)
	if len(ts) != 0 {
		t.Fatalf("after panic tournaments are %+v, want none", ts)
	}
	// The writer connection was given back: the store still writes.
	mustTournament(t, s)
}

func TestInTxCommittedWriteSurvivesReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tourney.db")
	s := mustOpenPath(t, path)
	g := mustGame(t, s)
	ok(t, s.InTx(context.Background(), func(ctx context.Context) error {
		if err := s.AppendTurn(ctx, turn(g.ID, 1)); err != nil {
			return err
		}
		return s.AddAudit(ctx, &service.AuditEntry{TournamentID: g.TournamentID, GameID: &g.ID, Who: "director", Action: "test"})
	}))
	ok(t, s.Close())

	s = mustOpenPath(t, path)
	es, err := s.ListTurns(context.Background(), g.ID)
	ok(t, err)
	as, err := s.ListAudit(context.Background(), g.TournamentID, &g.ID)
	ok(t, err)
	if len(es) != 1 || len(as) != 1 {
		t.Fatalf("after reopening: %d turns, %d audit entries, want 1 and 1", len(es), len(as))
	}
}

func TestNestedInTxReusesOuterTx(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	boom := errors.New("boom")
	err := s.InTx(ctx, func(ctx context.Context) error {
		outer := s.tx(ctx)
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "outer"}))
		ok(t, s.InTx(ctx, func(ctx context.Context) error {
			if s.tx(ctx).root != outer.root {
				t.Error("nested InTx began a new transaction")
			}
			return s.CreateTournament(ctx, &service.Tournament{Name: "inner kept"})
		}))
		// An inner failure undoes the inner writes only; the outer fn
		// chooses to go on.
		err := s.InTx(ctx, func(ctx context.Context) error {
			ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "inner undone"}))
			return boom
		})
		if !errors.Is(err, boom) {
			t.Errorf("nested InTx returned %v, want fn's error", err)
		}
		return nil
	})
	ok(t, err)
	ts, err := s.ListTournaments(ctx)
	ok(t, err)
	var names []string
	for _, tr := range ts {
		names = append(names, tr.Name)
	}
	if fmt.Sprint(names) != "[outer inner kept]" {
		t.Fatalf("tournaments %v, want [outer inner kept]", names)
	}

	// And an outer failure undoes everything, nested writes included.
	err = s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.InTx(ctx, func(ctx context.Context) error {
			return s.CreateTournament(ctx, &service.Tournament{Name: "gone"})
		}))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("InTx returned %v", err)
	}
	ts, err = s.ListTournaments(ctx)
	ok(t, err)
	if len(ts) != 2 {
		t.Fatalf("%d tournaments after the outer rollback, want 2", len(ts))
	}
}

func TestInTxOfAnotherStoreIsNotShared(t *testing.T) {
	a, b := mustOpen(t), mustOpen(t)
	ok(t, a.InTx(context.Background(), func(ctx context.Context) error {
		// b does not pick up a's transaction from ctx.
		return b.CreateTournament(ctx, &service.Tournament{Name: "in b"})
	}))
	ts, err := a.ListTournaments(context.Background())
	ok(t, err)
	if len(ts) != 0 {
		t.Fatalf("a has %d tournaments, want 0", len(ts))
	}
}

func TestInTxCanceledContext(t *testing.T) {
	s := mustOpen(t)
	ctx, cancel := context.WithCancel(context.Background())
	err := s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "canceled"}))
		cancel()
		return nil
	})
	if err == nil {
		t.Fatal("InTx committed after its context was canceled")
	}
	ts, err := s.ListTournaments(context.Background())
	ok(t, err)
	if len(ts) != 0 {
		t.Fatalf("%d tournaments, want 0", len(ts))
	}
	mustTournament(t, s) // and the writer is free again
}

// TestConcurrentAppendTurn has 16 goroutines enter turns, each with its
// audit entry in one transaction, into 16 games at once: every one
// succeeds (no SQLITE_BUSY) and every turn is there.
func TestConcurrentAppendTurn(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	const workers, turns = 16, 20
	games := make([]*service.Game, workers)
	tr := mustTournament(t, s)
	for i := range games {
		a := mustPlayer(t, s, tr.ID, fmt.Sprintf("A%d", i))
		b := mustPlayer(t, s, tr.ID, fmt.Sprintf("B%d", i))
		games[i] = &service.Game{TournamentID: tr.ID, Round: 1, Table: i + 1, Seats: []int64{a.ID, b.ID}}
		ok(t, s.CreateGame(ctx, games[i]))
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers*turns)
	for _, g := range games {
		wg.Go(func() {
			for seq := 1; seq <= turns; seq++ {
				errs <- s.InTx(ctx, func(ctx context.Context) error {
					// Read, then write: the shape of EnterTurn.
					if _, err := s.ListTurns(ctx, g.ID); err != nil {
						return err
					}
					if err := s.AppendTurn(ctx, turn(g.ID, seq)); err != nil {
						return err
					}
					return s.AddAudit(ctx, &service.AuditEntry{TournamentID: tr.ID, GameID: &g.ID, Who: "t", Action: "enter-turn"})
				})
				// Readers run beside the writers.
				if _, err := s.GetGame(ctx, g.ID); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, g := range games {
		es, err := s.ListTurns(ctx, g.ID)
		ok(t, err)
		if len(es) != turns {
			t.Fatalf("game %d has %d turns, want %d", g.ID, len(es), turns)
		}
	}
}

// TestTwoStoresOnOneFile is two processes (the server and an import
// command, say) writing one file: each one's transactions wait for the
// other's through busy_timeout and BEGIN IMMEDIATE, and none fails.
func TestTwoStoresOnOneFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tourney.db")
	a, b := mustOpenPath(t, path), mustOpenPath(t, path)
	ctx := context.Background()
	ga, gb := mustGame(t, a), mustGame(t, b)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for _, w := range []struct {
		s *Store
		g *service.Game
	}{{a, ga}, {b, gb}} {
		wg.Go(func() {
			for seq := 1; seq <= 20; seq++ {
				errs <- w.s.InTx(ctx, func(ctx context.Context) error {
					if _, err := w.s.ListTurns(ctx, w.g.ID); err != nil {
						return err
					}
					return w.s.AppendTurn(ctx, turn(w.g.ID, seq))
				})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		ok(t, err)
	}
	for _, g := range []*service.Game{ga, gb} {
		es, err := a.ListTurns(ctx, g.ID)
		ok(t, err)
		if len(es) != 20 {
			t.Fatalf("game %d has %d turns, want 20", g.ID, len(es))
		}
	}
}

// TestErrorsMapToSentinels: the errors callers branch on.
func TestErrorsMapToSentinels(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)

	_, err := s.GetTournament(ctx, 999)
	if !errors.Is(err, service.ErrNotFound) {
		t.Errorf("missing row: %v, want ErrNotFound", err)
	}
	ok(t, s.AppendTurn(ctx, turn(g.ID, 1)))
	err = s.AppendTurn(ctx, turn(g.ID, 1))
	if !errors.Is(err, service.ErrDuplicate) {
		t.Errorf("duplicate seq: %v, want ErrDuplicate", err)
	}
	// A foreign key violation is an error (ErrNotFound: what it refers to
	// is missing), and the row is not written.
	err = s.AppendTurn(ctx, turn(999, 1))
	if !errors.Is(err, service.ErrNotFound) {
		t.Errorf("turn of a missing game: %v, want ErrNotFound", err)
	}
	err = s.CreatePlayer(ctx, &service.Player{TournamentID: 999, Name: "Nobody"})
	if !errors.Is(err, service.ErrNotFound) {
		t.Errorf("player of a missing tournament: %v, want ErrNotFound", err)
	}
	// A CHECK failure is neither: an internal error.
	err = s.AppendTurn(ctx, &service.TurnEvent{GameID: g.ID, Seq: 2, Kind: "move", Breakdown: []byte("{not json")})
	if err == nil || errors.Is(err, service.ErrNotFound) || errors.Is(err, service.ErrDuplicate) {
		t.Errorf("invalid JSON: %v, want an error of no sentinel", err)
	}
}

// schemaVersion is the latest migration recorded in s's database.
func schemaVersion(t testing.TB, s *Store) int {
	t.Helper()
	var v int
	ok(t, s.sqlDB(s.w).QueryRow(`SELECT ifnull(max(version), 0) FROM schema_migrations`).Scan(&v))
	return v
}

func mkdirAll(dir string) error { return os.MkdirAll(dir, 0o755) }

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
