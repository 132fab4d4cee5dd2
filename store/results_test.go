package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"tourney/service"
)

func TestResultCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)
	c := mustPlayer(t, s, g.TournamentID, "Cat")
	a, b := g.Seats[0], g.Seats[1]

	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	game := &service.Result{TournamentID: g.TournamentID, Round: 1, GameID: &g.ID, Kind: service.ResultGame,
		Player1: a, Player2: &b, Score1: 400, Score2: 400, First: &a, TieBreakWinner: &b, Table: 1,
		Source: service.SourceRecorded, CreatedAt: at, UpdatedAt: at}
	bye := &service.Result{TournamentID: g.TournamentID, Round: 1, Kind: service.ResultBye, Player1: c.ID, Score1: 50,
		Source: service.SourcePairing, Reason: "bye: lowest-ranked"}
	for _, r := range []*service.Result{game, bye} {
		ok(t, s.CreateResult(ctx, r))
		if r.ID == 0 || r.CreatedAt.IsZero() || !r.UpdatedAt.Equal(r.CreatedAt) {
			t.Fatalf("CreateResult left %+v", r)
		}
	}
	rs, err := s.ListResults(ctx, g.TournamentID)
	ok(t, err)
	if len(rs) != 2 || !reflect.DeepEqual(rs[0], *game) || rs[1].Player2 != nil || rs[1].Reason != bye.Reason {
		t.Fatalf("results %+v", rs)
	}
	got, err := s.ResultForGame(ctx, g.ID)
	ok(t, err)
	if !reflect.DeepEqual(got, game) {
		t.Fatalf("ResultForGame %+v", got)
	}

	// Update writes zero values (no tie-break now) and keeps CreatedAt.
	game.Score1, game.TieBreakWinner, game.Source, game.UpdatedAt = 420, nil, service.SourceEntered, time.Time{}
	ok(t, s.UpdateResult(ctx, game))
	got, err = s.ResultForGame(ctx, g.ID)
	ok(t, err)
	if got.Score1 != 420 || got.TieBreakWinner != nil || got.Source != service.SourceEntered || !got.CreatedAt.Equal(at) || got.UpdatedAt.IsZero() {
		t.Fatalf("after update %+v", got)
	}

	// One result per game, and per player and round.
	dup := *game
	dup.ID = 0
	if err := s.CreateResult(ctx, &dup); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("second result of a game: %v", err)
	}
	again := *bye
	again.ID = 0
	if err := s.CreateResult(ctx, &again); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("second result of a player in a round: %v", err)
	}
	// A game needs two players; a bye has one.
	bad := service.Result{TournamentID: g.TournamentID, Round: 2, Kind: service.ResultGame, Player1: a, Source: "x"}
	if err := s.CreateResult(ctx, &bad); err == nil {
		t.Fatal("a game with one player was stored")
	}

	ok(t, s.DeleteResult(ctx, bye.ID))
	if err := s.DeleteResult(ctx, bye.ID); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
	ok(t, s.DeleteResult(ctx, game.ID))
	if _, err := s.ResultForGame(ctx, g.ID); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("ResultForGame after delete: %v", err)
	}
	if err := s.UpdateResult(ctx, game); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("UpdateResult of a deleted result: %v", err)
	}
}

func TestDeleteGame(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)
	ok(t, s.DeleteGame(ctx, g.ID))
	if _, err := s.GetGame(ctx, g.ID); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("GetGame after delete: %v", err)
	}
	if err := s.DeleteGame(ctx, g.ID); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
	// A game with turns stays, seats and all.
	g = mustGame(t, s)
	ok(t, s.AppendTurn(ctx, turn(g.ID, 1)))
	if err := s.DeleteGame(ctx, g.ID); err == nil {
		t.Fatal("a game with turns was deleted")
	}
	got, err := s.GetGame(ctx, g.ID)
	ok(t, err)
	if len(got.Seats) != 2 {
		t.Fatalf("seats after a refused delete: %v", got.Seats)
	}
}

// The columns of migration 6 read back as written, zero values included.
func TestStandingsColumns(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)
	d := &service.Division{TournamentID: tr.ID, Name: "A", Settings: service.DivisionSettings{
		Realm: "wespa", Rounds: 7, Chain: []string{"wins", "spread"}, ByeSpread: new(int),
		Gibson: &service.GibsonSettings{Enabled: true, PrizePlaces: 3},
	}}
	ok(t, s.CreateDivision(ctx, d))
	ds, err := s.ListDivisions(ctx, tr.ID)
	ok(t, err)
	if !reflect.DeepEqual(ds[0], *d) {
		t.Fatalf("division %+v\nwant %+v", ds[0], *d)
	}
	p := &service.Player{TournamentID: tr.ID, DivisionID: &d.ID, Name: "Nowak, Łukasz", Withdrawn: "forfeit",
		FixedTable: 4, TSHFields: map[string][]string{"xtid": {"18352"}}}
	ok(t, s.CreatePlayer(ctx, p))
	got, err := s.GetPlayer(ctx, p.ID)
	ok(t, err)
	if !reflect.DeepEqual(got, p) {
		t.Fatalf("player %+v\nwant %+v", got, p)
	}
	p.Withdrawn, p.FixedTable, p.TSHFields = "", 0, nil
	ok(t, s.UpdatePlayer(ctx, p))
	got, err = s.GetPlayer(ctx, p.ID)
	ok(t, err)
	if !reflect.DeepEqual(got, p) {
		t.Fatalf("player after update %+v", got)
	}
	g := &service.Game{TournamentID: tr.ID, Round: 1, Table: 1, Seats: []int64{p.ID}, Reason: "Swiss: 1st vs 5th"}
	ok(t, s.CreateGame(ctx, g))
	gg, err := s.GetGame(ctx, g.ID)
	ok(t, err)
	if gg.Reason != g.Reason {
		t.Fatalf("game reason %q", gg.Reason)
	}
}
