package store

import (
	"context"
	"fmt"
	"runtime/metrics"
	"testing"

	"tourney/service"
)

// TestSQLiteStatementsRunToTheirEnd: outside a transaction, a SQLite
// statement runs under its request's values but not its cancellation, so
// that the driver reads its rows without a goroutine each (it starts one
// per row to interrupt a statement whose context can be canceled), and a
// request whose client hung up still reads what it began.
func TestSQLiteStatementsRunToTheirEnd(t *testing.T) {
	s := mustOpenSQLite(t)
	const players = 100
	tour := &service.Tournament{Name: "rows"}
	ok(t, s.InTx(context.Background(), func(ctx context.Context) error {
		ok(t, s.CreateTournament(ctx, tour))
		for i := range players {
			ok(t, s.CreatePlayer(ctx, &service.Player{TournamentID: tour.ID, Name: fmt.Sprintf("P%d", i)}))
		}
		return nil
	}))
	created := func() uint64 {
		m := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
		metrics.Read(m)
		return m[0].Value.Uint64()
	}
	ctx, cancel := context.WithCancel(context.Background())
	before := created()
	for range 5 {
		ps, err := s.ListPlayers(ctx, tour.ID) // hand-written SQL
		ok(t, err)
		if len(ps) != players {
			t.Fatalf("%d players, want %d", len(ps), players)
		}
		ts, err := s.ListTournaments(ctx) // gorm
		ok(t, err)
		if len(ts) != 1 {
			t.Fatalf("%d tournaments, want 1", len(ts))
		}
	}
	if n := created() - before; n > players/2 {
		t.Errorf("%d goroutines started to read %d rows five times", n, players+1)
	}
	cancel()
	if _, err := s.ListPlayers(ctx, tour.ID); err != nil {
		t.Errorf("a read after its request was canceled: %v", err)
	}
}
