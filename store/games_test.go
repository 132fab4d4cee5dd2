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

// GameRounds names each (division, round) that has games once, and
// ListGamesInRounds reads the games of the rounds asked for, seats and
// all, as ListGames does.
func TestGameRoundsAndGamesInRounds(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)
	other := mustTournament(t, s)
	d := &service.Division{TournamentID: tr.ID, Name: "A"}
	ok(t, s.CreateDivision(ctx, d))
	a, b := mustPlayer(t, s, tr.ID, "Ann"), mustPlayer(t, s, tr.ID, "Bob")
	for _, g := range []*service.Game{
		{TournamentID: tr.ID, DivisionID: &d.ID, Round: 1, Table: 1, Seats: []int64{a.ID, b.ID}},
		{TournamentID: tr.ID, DivisionID: &d.ID, Round: 1, Table: 2},
		{TournamentID: tr.ID, DivisionID: &d.ID, Round: 3, Table: 1, Seats: []int64{b.ID, a.ID}},
		{TournamentID: tr.ID, Round: 2, Table: 1},
		{TournamentID: other.ID, Round: 7, Table: 1},
	} {
		ok(t, s.CreateGame(ctx, g))
	}
	rs, err := s.GameRounds(ctx, tr.ID)
	ok(t, err)
	got := map[[2]int64]int{}
	for _, r := range rs {
		var div int64
		if r.DivisionID != nil {
			div = *r.DivisionID
		}
		got[[2]int64{div, int64(r.Number)}]++
		if r.ID != 0 || r.TournamentID != tr.ID {
			t.Errorf("round %+v", r)
		}
	}
	want := map[[2]int64]int{{d.ID, 1}: 1, {d.ID, 3}: 1, {0, 2}: 1}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("game rounds %v, want %v", got, want)
	}
	all, err := s.ListGames(ctx, tr.ID)
	ok(t, err)
	for _, c := range []struct {
		rounds []int
		want   []int // indexes into all
	}{
		{nil, nil},
		{[]int{1}, []int{0, 1}},
		{[]int{3, 2}, []int{2, 3}},
		{[]int{1, 2, 3, 7}, []int{0, 1, 2, 3}},
		{[]int{5}, nil},
	} {
		gs, err := s.ListGamesInRounds(ctx, tr.ID, c.rounds)
		ok(t, err)
		wantGames := []service.Game{}
		for _, i := range c.want {
			wantGames = append(wantGames, all[i])
		}
		if !reflect.DeepEqual(gs, wantGames) {
			t.Errorf("rounds %v: %+v, want %+v", c.rounds, gs, wantGames)
		}
	}
}
