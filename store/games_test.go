package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"tourney/service"
)

func TestGameCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)
	d := &service.Division{TournamentID: tr.ID, Name: "A"}
	ok(t, s.CreateDivision(ctx, d))
	var ps []int64
	for _, name := range []string{"Ann", "Bob", "Cat", "Dan"} {
		ps = append(ps, mustPlayer(t, s, tr.ID, name).ID)
	}

	// Seats in an order that is not the players' id order: it must come
	// back as given.
	created := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	g1 := &service.Game{TournamentID: tr.ID, DivisionID: &d.ID, Round: 1, Table: 3,
		Seats: []int64{ps[3], ps[0], ps[2], ps[1]}, Teams: true, CreatedAt: created}
	g2 := &service.Game{TournamentID: tr.ID, Round: 1, Table: 4, Seats: []int64{ps[1], ps[0]}}
	g3 := &service.Game{TournamentID: tr.ID, Round: 2, Table: 1} // no seats yet
	for _, g := range []*service.Game{g1, g2, g3} {
		ok(t, s.CreateGame(ctx, g))
		if g.ID == 0 || g.CreatedAt.IsZero() {
			t.Fatalf("CreateGame left %+v", g)
		}
	}
	got, err := s.GetGame(ctx, g1.ID)
	ok(t, err)
	if !reflect.DeepEqual(got, g1) {
		t.Fatalf("got  %+v\nwant %+v", got, g1)
	}
	gs, err := s.ListGames(ctx, tr.ID)
	ok(t, err)
	if len(gs) != 3 || !reflect.DeepEqual(gs[0], *g1) || !reflect.DeepEqual(gs[1].Seats, g2.Seats) || gs[2].ID != g3.ID || gs[2].Seats != nil {
		t.Fatalf("games %+v", gs)
	}
	if !gs[1].CreatedAt.Equal(g2.CreatedAt) {
		t.Fatalf("filled CreatedAt %v stored as %v", g2.CreatedAt, gs[1].CreatedAt)
	}

	// Update replaces the seats and every field but CreatedAt.
	g1.Seats = []int64{ps[2], ps[3]}
	g1.Teams, g1.DivisionID, g1.Table = false, nil, 5
	g1.CreatedAt = time.Time{}
	ok(t, s.UpdateGame(ctx, g1))
	got, err = s.GetGame(ctx, g1.ID)
	ok(t, err)
	g1.CreatedAt = created
	if !reflect.DeepEqual(got, g1) {
		t.Fatalf("after update %+v\nwant %+v", got, g1)
	}

	if _, err := s.GetGame(ctx, 999); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("GetGame(999): %v", err)
	}
	if err := s.UpdateGame(ctx, &service.Game{ID: 999, TournamentID: tr.ID, Round: 9, Table: 9}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("UpdateGame(999): %v", err)
	}
}

func TestGameConstraints(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)
	count := func() int {
		gs, err := s.ListGames(ctx, g.TournamentID)
		ok(t, err)
		return len(gs)
	}
	for name, c := range map[string]struct {
		game service.Game
		want error
	}{
		"unknown player":       {service.Game{TournamentID: g.TournamentID, Round: 2, Table: 1, Seats: []int64{g.Seats[0], 999}}, service.ErrNotFound},
		"player seated twice":  {service.Game{TournamentID: g.TournamentID, Round: 2, Table: 1, Seats: []int64{g.Seats[0], g.Seats[0]}}, service.ErrDuplicate},
		"table taken in round": {service.Game{TournamentID: g.TournamentID, Round: 1, Table: 1, Seats: g.Seats}, service.ErrDuplicate},
		"unknown tournament":   {service.Game{TournamentID: 999, Round: 1, Table: 1}, service.ErrNotFound},
	} {
		if err := s.CreateGame(ctx, &c.game); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	// A failed CreateGame leaves no game without its seats behind.
	if n := count(); n != 1 {
		t.Fatalf("%d games, want 1", n)
	}
	// Nor does a failed UpdateGame change the game.
	bad := *g
	bad.Round, bad.Seats = 7, []int64{g.Seats[0], 999}
	if err := s.UpdateGame(ctx, &bad); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("update with an unknown player: %v", err)
	}
	got, err := s.GetGame(ctx, g.ID)
	ok(t, err)
	if got.Round != 1 || !reflect.DeepEqual(got.Seats, g.Seats) {
		t.Fatalf("a failed update changed the game: %+v", got)
	}
}
