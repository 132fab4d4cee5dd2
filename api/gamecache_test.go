package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"

	"tourney/service"
)

// sameAsStored checks that the game the server shows (from its cache of
// games in play) is the game as stored: what a service that has cached
// nothing reads back from the database.
func sameAsStored(t *testing.T, ts *testServer, game int64, when string) {
	t.Helper()
	ctx := context.Background()
	director := service.Actor{Kind: service.CredDirector}
	cached, err := ts.Svc.GetGame(ctx, director, game)
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	stored, err := service.New(ts.Svc.Store).GetGame(ctx, director, game)
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	a, _ := json.Marshal(cached)
	b, _ := json.Marshal(stored)
	if string(a) != string(b) {
		t.Fatalf("%s: the server shows\n%s\nbut the database holds\n%s", when, a, b)
	}
}

// Every kind of change a game goes through leaves the served game equal to
// the stored one: entries (some repeated under an Idempotency-Key), a
// refused entry, an undo, a director's correction, a challenge ruling.
func TestCachedGameMatchesStored(t *testing.T) {
	f := newFixture(t)
	sameAsStored(t, f.testServer, f.game, "before any turn")
	seq := 0 // the next turn number, which an undo moves on by one
	for i, tc := range dougVEmely {
		seq++
		token := f.table
		if tc.byDirector {
			token = f.Director
		}
		// Every other claim is one off, so that half the turns are flagged.
		in := turn{Turn: seq, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack, ClaimedScore: claim(tc.score + i%2)}
		r := req{method: "POST", path: gpath(f.game, "/turns"), token: token, body: in, header: withKey("turn-" + itoa(int64(seq)))}
		must[service.TurnResult](t, f.send(r), http.StatusCreated)
		if i%5 == 4 {
			must[service.TurnResult](t, f.send(r), http.StatusCreated) // a repeat
			wantProblem(t, f.enter(f.game, token, turn{Turn: seq, Player: tc.seat, Move: "-"}), http.StatusConflict, "stale-turn")
		}
		sameAsStored(t, f.testServer, f.game, "after turn "+itoa(int64(seq)))
		switch i {
		case 2:
			must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": seq, "reason": "wrong game"}), http.StatusOK)
			sameAsStored(t, f.testServer, f.game, "after the undo")
			seq++
			in.Turn = seq
			must[service.TurnResult](t, f.enter(f.game, token, in), http.StatusCreated)
			sameAsStored(t, f.testServer, f.game, "after the undone turn again")
		case 5:
			must[service.GameView](t, f.patch(gpath(f.game, "/turns/2"), f.Director, map[string]any{"claimed_score": 16, "reason": "misread"}), http.StatusOK)
			sameAsStored(t, f.testServer, f.game, "after the correction")
		}
	}
	g := f.view(f.game)
	if g.Status != service.StatusAwaitingAcceptance || g.Players[0].Score != 451 || g.Players[1].Score != 345 {
		t.Fatalf("status %q, scores %d-%d; want awaiting acceptance at 451-345", g.Status, g.Players[0].Score, g.Players[1].Score)
	}
}

// failingSaveStore fails the saving of an Idempotency-Key answer when
// told to: the request's work is then rolled back after the service's own
// transaction has returned.
type failingSaveStore struct {
	service.Store
	fail atomic.Bool
}

func (s *failingSaveStore) SaveIdempotent(ctx context.Context, r *service.IdempotentResponse) error {
	if s.fail.Load() {
		return errors.New("disk gone")
	}
	return s.Store.SaveIdempotent(ctx, r)
}

// A turn whose request is rolled back after the turn was entered is not
// remembered: the change that next takes the game's version (here an undo,
// which leaves no cache entry of its own) is the one served.
func TestRolledBackTurnIsNotCached(t *testing.T) {
	var fs *failingSaveStore
	ts := newTestServerWith(t, func(s service.Store) service.Store {
		fs = &failingSaveStore{Store: s}
		return fs
	})
	f := bareFixture(t, ts)
	must[service.TurnResult](t, f.enter(f.game, f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)

	fs.fail.Store(true)
	r := f.send(req{method: "POST", path: gpath(f.game, "/turns"), token: f.Director,
		body: turn{Turn: 2, Player: 2, Move: "7C GALE"}, header: withKey("lost")})
	if r.Status != http.StatusInternalServerError {
		t.Fatalf("entry whose answer could not be saved: %d %s", r.Status, r.Body)
	}
	fs.fail.Store(false)
	sameAsStored(t, ts, f.game, "after the rolled-back entry")
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.Director, map[string]any{"turn": 1, "reason": "wrong game"}), http.StatusOK)
	sameAsStored(t, ts, f.game, "after the undo")
	if g := f.view(f.game); len(g.Turns) != 0 || g.NextTurn != 2 {
		t.Fatalf("turns %+v (next %d), want none shown: WINDY is undone, GALE never was", g.Turns, g.NextTurn)
	}
}
