package publish

import (
	"context"
	"path/filepath"
	"testing"

	"tourney/service"
	"tourney/store"
)

// director acts for the tests' setup.
var director = service.Actor{Kind: service.CredDirector, Label: "director"}

// event is a tournament of two divisions: A with rounds 1 and 2 complete
// (round 2's table 1 recorded turn by turn), B with round 1 complete and
// round 2 paired with one result to come.
type event struct {
	svc        *service.Service
	st         *store.Store
	id         int64
	divA, divB int64
	game       int64 // the recorded game (A, round 2)
}

func ptr[T any](v T) *T { return &v }

// openStore opens a new database for a test, closed when it ends.
func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "tourney.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func newEvent(t *testing.T) *event {
	t.Helper()
	ctx := context.Background()
	st := openStore(t)
	e := &event{svc: service.New(st), st: st}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	tour, err := e.svc.CreateTournament(ctx, director, service.TournamentInput{Name: ptr("Spring <Open> & Co"), StartDate: ptr("2026-04-01")})
	must(err)
	e.id = tour.ID
	a, err := e.svc.CreateDivision(ctx, director, e.id, service.DivisionInput{Name: "A"})
	must(err)
	b, err := e.svc.CreateDivision(ctx, director, e.id, service.DivisionInput{Name: "B"})
	must(err)
	e.divA, e.divB = a.ID, b.ID
	names := map[int64][]string{a.ID: {"Ann <b>", "Bö Öberg", "Cy", "Dee"}, b.ID: {"Eve", "Fay", "Gus", "Hal \"H\""}}
	for _, div := range []int64{a.ID, b.ID} {
		for i, n := range names[div] {
			_, err := e.svc.CreatePlayer(ctx, director, e.id, service.PlayerInput{Name: ptr(n), Rating: ptr(1800 - 100*i), DivisionID: ptr(div)})
			must(err)
		}
	}
	for _, div := range []int64{a.ID, b.ID} {
		e.pairAndKey(t, div, 1, -1)
		e.pairAndKey(t, div, 2, map[int64]int{a.ID: 0, b.ID: 1}[div])
	}
	prizes := service.PrizesInput{Prizes: []service.PrizeInput{
		{Prize: service.Prize{Type: service.PrizeRank, Place: 1, DivisionID: ptr(a.ID)}},
		{Prize: service.Prize{Type: service.PrizeHighWin, DivisionID: ptr(a.ID), Label: "Best <game>"}}}}
	if _, err := e.svc.SetPrizes(ctx, director, e.id, prizes); err != nil {
		t.Fatal(err)
	}
	return e
}

// pairAndKey pairs a round by KOTH and enters its results, except at
// the pairing at index skip: division A's is recorded turn by turn; B's
// stays to come.
func (e *event) pairAndKey(t *testing.T, div int64, round, skip int) {
	t.Helper()
	ctx := context.Background()
	rp, err := e.svc.PairRound(ctx, director, e.id, round, service.PairInput{DivisionID: ptr(div), System: "koth"})
	if err != nil {
		t.Fatalf("pair round %d: %v", round, err)
	}
	for i, pv := range rp.Pairings {
		if i == skip {
			e.record(t, pv, round, div, div == e.divA)
			continue
		}
		in := service.ResultInput{Round: round, Players: []int64{pv.Players[0].ID, pv.Players[1].ID}, Scores: []int{400 + 10*i + round, 350 - 5*i}}
		if _, err := e.svc.EnterResult(ctx, director, e.id, in); err != nil {
			t.Fatalf("result round %d table %d: %v", round, pv.Table, err)
		}
	}
}

// record plays a few turns of a pairing's game and, when end says so,
// ends it there (else it stays in play).
func (e *event) record(t *testing.T, pv service.PairingView, round int, div int64, end bool) {
	t.Helper()
	ctx := context.Background()
	if _, err := e.svc.UpdateTournament(ctx, director, e.id, service.TournamentInput{CurrentRound: ptr(round)}); err != nil {
		t.Fatal(err)
	}
	if pv.GameID == nil {
		g, err := e.svc.CreateGame(ctx, director, e.id, service.GameInput{Round: round, Table: pv.Table,
			Players: []int64{pv.Players[0].ID, pv.Players[1].ID}, DivisionID: ptr(div)})
		if err != nil {
			t.Fatal(err)
		}
		pv.GameID = &g.ID
	}
	moves := []string{"8D WINDY", "7C GALE", "E3 JAVE..N"}
	if !end {
		moves = []string{"8D RESETS"} // in play: never published
	}
	for i, mv := range moves {
		if _, err := e.svc.EnterTurn(ctx, director, *pv.GameID, service.TurnInput{Player: i%2 + 1, Move: mv, Rack: rack(end)}); err != nil {
			t.Fatalf("turn %q: %v", mv, err)
		}
	}
	if !end {
		return
	}
	e.game = *pv.GameID
	if _, err := e.svc.EndGame(ctx, director, e.game, service.EndGameInput{How: "time", Reason: "round over"}); err != nil {
		t.Fatal(err)
	}
}

// rack is the rack entered with each turn: the game in play's only.
func rack(end bool) string {
	if end {
		return ""
	}
	return "SECRETS"
}
