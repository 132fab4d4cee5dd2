package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tourney/service"
)

// Benchmarks of durable writes. Every commit here fsyncs the WAL
// (synchronous=FULL), so the figures are mostly the disk's fsync rate:
// compare them on one machine, not across machines.
//
//	go test -run '^$' -bench . -benchtime 2s ./store/

// BenchmarkRawInsert is the floor: the rate at which SQLite itself commits
// one small row per durable transaction, through database/sql with the
// store's own DSN (WAL, synchronous=FULL, BEGIN IMMEDIATE) but none of the
// store, on a table of its own. The HTTP benchmark is compared with it.
func BenchmarkRawInsert(b *testing.B) {
	path, err := filepath.Abs(filepath.Join(b.TempDir(), "raw.db"))
	if err != nil {
		b.Fatal(err)
	}
	db, err := sql.Open(SQLDriver, dsn(path, false))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var syncMode int
	if err := db.QueryRow("PRAGMA synchronous").Scan(&syncMode); err != nil || syncMode != 2 {
		b.Fatalf("synchronous = %d (%v), want 2 (FULL)", syncMode, err)
	}
	if _, err := db.Exec(`CREATE TABLE raw_inserts (
		id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL, seq INTEGER NOT NULL, move TEXT NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	stmt, err := db.Prepare(`INSERT INTO raw_inserts (game_id, seq, move) VALUES (?, ?, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	defer stmt.Close()
	for i := 0; b.Loop(); i++ {
		tx, err := db.Begin()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Stmt(stmt).Exec(1, i+1, "8D ZAX"); err != nil {
			b.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
	reportRate(b)
}

// BenchmarkAppendTurn is what entering a turn costs the store: one
// transaction holding a turn event and its audit entry. "parallel" runs 16
// goroutines, each entering turns into a game of its own, as 16 tables
// would; "parallel-4-writers" is the same with a pool of four writer
// connections instead of one, the alternative the single writer was
// measured against, and "parallel-no-group-commit" commits every
// transaction on its own (see batch in tx.go).
func BenchmarkAppendTurn(b *testing.B) {
	b.Run("sequential", func(b *testing.B) {
		s, games := benchStore(b, options{}, 1)
		g := games[0]
		ctx := context.Background()
		var lat latencies
		for seq := 1; b.Loop(); seq++ {
			start := time.Now()
			if err := appendWithAudit(ctx, s, g, seq); err != nil {
				b.Fatal(err)
			}
			lat.add(start)
		}
		reportRate(b)
		lat.report(b)
	})
	for name, o := range map[string]options{
		"parallel": {}, "parallel-4-writers": {writers: 4}, "parallel-no-group-commit": {batchMembers: 1},
	} {
		b.Run(name, func(b *testing.B) {
			benchParallelAppend(b, o)
		})
	}
}

func benchParallelAppend(b *testing.B, o options) {
	const goroutines = 16
	s, games := benchStore(b, o, goroutines*4)
	var next atomic.Int64
	ctx := context.Background()
	procs := runtime.GOMAXPROCS(0)
	b.SetParallelism((goroutines + procs - 1) / procs) // RunParallel starts parallelism×GOMAXPROCS goroutines
	commits := s.commits.Load()
	b.ResetTimer()
	var (
		mu  sync.Mutex
		all latencies
	)
	b.RunParallel(func(pb *testing.PB) {
		g := games[next.Add(1)-1]
		var lat latencies
		defer func() {
			mu.Lock()
			all = append(all, lat...)
			mu.Unlock()
		}()
		for seq := 1; pb.Next(); seq++ {
			start := time.Now()
			if err := appendWithAudit(ctx, s, g, seq); err != nil {
				b.Error(err)
				return
			}
			lat.add(start)
		}
	})
	reportRate(b)
	all.report(b)
	if n := s.commits.Load() - commits; n > 0 {
		b.ReportMetric(float64(b.N)/float64(n), "turns/commit")
	}
}

// latencies are the durations of single transactions, for the tail that
// an average hides: a writer that sleeps in SQLite's busy handler shows
// there first.
type latencies []time.Duration

func (l *latencies) add(start time.Time) { *l = append(*l, time.Since(start)) }

func (l latencies) report(b *testing.B) {
	if len(l) == 0 {
		return
	}
	slices.Sort(l)
	b.ReportMetric(float64(l[len(l)*99/100])/1e6, "p99-ms")
	b.ReportMetric(float64(l[len(l)-1])/1e6, "max-ms")
}

// BenchmarkReadWhileWriting is a page load (a game and its turns) while
// turns are being committed beside it: from the reader pool, and from the
// writer connection as if there were no readers. A read on the writer
// waits behind each commit's fsync.
func BenchmarkReadWhileWriting(b *testing.B) {
	for name, o := range map[string]options{"readers": {}, "no-readers": {readOnWriter: true}} {
		b.Run(name, func(b *testing.B) {
			s, games := benchStore(b, o, 2)
			ctx, cancel := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			wg.Go(func() {
				for seq := 1; ctx.Err() == nil; seq++ {
					if err := appendWithAudit(ctx, s, games[1], seq); err != nil && ctx.Err() == nil {
						b.Error(err)
						return
					}
				}
			})
			g := games[0]
			ok(b, appendWithAudit(ctx, s, g, 1))
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := s.GetGame(ctx, g.ID); err != nil {
						b.Error(err)
						return
					}
					if _, err := s.ListTurns(ctx, g.ID); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.StopTimer()
			cancel()
			wg.Wait()
		})
	}
}

// benchStore opens a store with n games, each with two players.
func benchStore(b *testing.B, o options, n int) (*Store, []*service.Game) {
	b.Helper()
	s, err := open(filepath.Join(b.TempDir(), "bench.db"), o)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	ctx := context.Background()
	tr := mustTournament(b, s)
	games := make([]*service.Game, n)
	ok(b, s.InTx(ctx, func(ctx context.Context) error {
		for i := range games {
			p := &service.Player{TournamentID: tr.ID, Name: fmt.Sprintf("P%da", i)}
			q := &service.Player{TournamentID: tr.ID, Name: fmt.Sprintf("P%db", i)}
			ok(b, s.CreatePlayer(ctx, p))
			ok(b, s.CreatePlayer(ctx, q))
			games[i] = &service.Game{TournamentID: tr.ID, Round: 1, Table: i + 1, Seats: []int64{p.ID, q.ID}}
			ok(b, s.CreateGame(ctx, games[i]))
		}
		return nil
	}))
	return s, games
}

func appendWithAudit(ctx context.Context, s *Store, g *service.Game, seq int) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		e := turn(g.ID, seq)
		e.Breakdown = []byte(`{"words":[{"word":"ZAX","score":50}]}`)
		if err := s.AppendTurn(ctx, e); err != nil {
			return err
		}
		return s.AddAudit(ctx, &service.AuditEntry{TournamentID: g.TournamentID, GameID: &g.ID,
			Who: "table 1", Action: "enter-turn", After: []byte(`{"turn":1}`)})
	})
}

// reportRate adds committed transactions per second beside ns/op.
func reportRate(b *testing.B) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "inserts/s")
}
