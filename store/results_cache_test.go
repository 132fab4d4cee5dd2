package store

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"tourney/service"
	"tourney/store/pgtest"
)

// TestResultsHeldAgreeWithTheTable: after every kind of write, by this
// store or by another one on the same database (another server on the
// same PostgreSQL database, or a second process on the file), ListResults
// answers exactly what reading the table afresh does, for each
// tournament; and a caller changing what it got changes nothing held.
func TestResultsHeldAgreeWithTheTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tourney.db")
	if pgtest.Enabled() {
		path = pgtest.URL(t)
	}
	s, other := mustOpenPath(t, path), mustOpenPath(t, path)
	ctx := context.Background()

	type fixture struct {
		tid     int64
		players []int64
	}
	var tours []fixture
	for range 2 {
		tr := mustTournament(t, s)
		f := fixture{tid: tr.ID}
		for _, name := range []string{"Ann", "Bob", "Cy", "Di"} {
			f.players = append(f.players, mustPlayer(t, s, tr.ID, name).ID)
		}
		tours = append(tours, f)
	}
	game := func(f fixture, round, a, b, sa, sb int) *service.Result {
		p2 := f.players[b]
		return &service.Result{TournamentID: f.tid, Round: round, Kind: service.ResultGame, Player1: f.players[a],
			Player2: &p2, Score1: sa, Score2: sb, First: &f.players[a], Source: service.SourceEntered}
	}
	// fresh is the table as it is, read past any rows held.
	fresh := func(tid int64) []service.Result {
		t.Helper()
		c, err := s.conn(s.reader(ctx))
		ok(t, err)
		rs, err := readResults(ctx, c, listResultsSQL, tid)
		ok(t, err)
		return rs
	}
	agree := func(step string) {
		t.Helper()
		for _, f := range tours {
			for _, st := range []*Store{s, other} {
				got, err := st.ListResults(ctx, f.tid)
				ok(t, err)
				if want := fresh(f.tid); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: tournament %d: held\n%+v\nthe table\n%+v", step, f.tid, got, want)
				}
			}
		}
	}

	a, b := tours[0], tours[1]
	agree("empty")
	r1, r2 := game(a, 1, 0, 1, 400, 350), game(a, 1, 2, 3, 380, 390)
	ok(t, s.CreateResult(ctx, r1))
	ok(t, s.CreateResult(ctx, r2))
	agree("two results")
	ok(t, s.CreateResult(ctx, game(b, 1, 0, 1, 300, 300)))
	agree("another tournament's")

	r1.Score1 = 444
	ok(t, other.UpdateResult(ctx, r1))
	agree("updated by the other store")

	// What a caller does to its copy stays with it.
	got, err := s.ListResults(ctx, a.tid)
	ok(t, err)
	got[0].Score1, *got[0].Player2, *got[0].First = -1, -1, -1
	agree("after a caller changed its copy")

	ok(t, other.DeleteResult(ctx, r2.ID))
	agree("deleted by the other store")
	ok(t, s.CreateResult(ctx, game(a, 2, 0, 2, 410, 300)))
	ok(t, other.CreateResult(ctx, game(a, 2, 1, 3, 333, 222)))
	agree("after a delete, new ones from both")

	// Inside a transaction, its own writes; outside it, none until commit.
	ok(t, s.InTx(ctx, func(ctx context.Context) error {
		r := game(a, 3, 0, 3, 500, 100)
		ok(t, s.CreateResult(ctx, r))
		in, err := s.ListResults(ctx, a.tid)
		ok(t, err)
		if in[len(in)-1].ID != r.ID {
			t.Errorf("inside the transaction: %+v", in)
		}
		out, err := other.ListResults(context.Background(), a.tid)
		ok(t, err)
		if len(out) != len(in)-1 {
			t.Errorf("outside the transaction: %d results, want %d", len(out), len(in)-1)
		}
		return nil
	}))
	agree("committed")

	// A rolled-back write leaves nothing held.
	_ = s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.CreateResult(ctx, game(a, 4, 0, 1, 1, 2)))
		return context.Canceled
	})
	agree("rolled back")
}

// TestResultsHeldBounded: the rows of at most resultsHeld tournaments are
// kept, the least recently read going first.
func TestResultsHeldBounded(t *testing.T) {
	var c resultsCache
	for id := int64(1); id <= resultsHeld+3; id++ {
		c.entry(id)
		c.entry(1) // read again each time: never the least recent
	}
	if len(c.by) != resultsHeld || c.by[1] == nil || c.by[2] != nil {
		t.Fatalf("held %d tournaments (1 held: %v, 2 held: %v)", len(c.by), c.by[1] != nil, c.by[2] != nil)
	}
}
