package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"tourney/service"
)

func TestTournamentCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	created := time.Date(2025, 3, 1, 9, 30, 0, 123456789, time.FixedZone("EST", -5*3600))
	tr := &service.Tournament{
		Name: "Spring Open", StartDate: "2025-03-01", EndDate: "2025-03-02",
		Variant: "naspa", Lexicon: "NWL2023", ChallengeRule: "double", CurrentRound: 2,
		Board: "board text", Tiles: "tiles text",
		Settings:  service.Settings{"rounds": float64(7), "pairing": "koth", "late": []any{"x"}},
		CreatedAt: created,
	}
	ok(t, s.CreateTournament(ctx, tr))
	if tr.ID == 0 {
		t.Fatal("CreateTournament left ID 0")
	}
	if !tr.UpdatedAt.Equal(created) {
		t.Fatalf("UpdatedAt %v, want CreatedAt %v", tr.UpdatedAt, created)
	}
	got, err := s.GetTournament(ctx, tr.ID)
	ok(t, err)
	if !got.CreatedAt.Equal(created) || !got.UpdatedAt.Equal(created) {
		t.Fatalf("times %v %v, want %v", got.CreatedAt, got.UpdatedAt, created)
	}
	want := *tr
	want.CreatedAt, want.UpdatedAt = got.CreatedAt, got.UpdatedAt
	if !reflect.DeepEqual(*got, want) {
		t.Fatalf("got  %+v\nwant %+v", *got, want)
	}

	// Zero times are filled in; nil settings round-trip as nil.
	t2 := &service.Tournament{Name: "Club night", Variant: "wespa"}
	before := time.Now()
	ok(t, s.CreateTournament(ctx, t2))
	if t2.CreatedAt.Before(before.Add(-time.Second)) || !t2.UpdatedAt.Equal(t2.CreatedAt) {
		t.Fatalf("filled times %v %v", t2.CreatedAt, t2.UpdatedAt)
	}
	got2, err := s.GetTournament(ctx, t2.ID)
	ok(t, err)
	if got2.Settings != nil || !got2.CreatedAt.Equal(t2.CreatedAt) {
		t.Fatalf("got %+v", got2)
	}

	list, err := s.ListTournaments(ctx)
	ok(t, err)
	if len(list) != 2 || list[0].ID != tr.ID || list[1].ID != t2.ID {
		t.Fatalf("list %+v", list)
	}

	// Update writes every field, zero values included, and stamps
	// UpdatedAt; CreatedAt stays.
	got.Name, got.CurrentRound, got.Lexicon, got.Settings = "Spring Open 2025", 3, "", nil
	got.CreatedAt = time.Time{}
	ok(t, s.UpdateTournament(ctx, got))
	if !got.UpdatedAt.After(created) {
		t.Fatalf("UpdatedAt %v not stamped", got.UpdatedAt)
	}
	again, err := s.GetTournament(ctx, tr.ID)
	ok(t, err)
	if again.Name != "Spring Open 2025" || again.CurrentRound != 3 || again.Lexicon != "" || again.Settings != nil ||
		!again.CreatedAt.Equal(created) || !again.UpdatedAt.Equal(got.UpdatedAt) {
		t.Fatalf("after update %+v", again)
	}

	if _, err := s.GetTournament(ctx, 999); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("GetTournament(999): %v", err)
	}
	if err := s.UpdateTournament(ctx, &service.Tournament{ID: 999, Name: "x"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("UpdateTournament(999): %v", err)
	}
}

func TestListsOfNothingAreEmpty(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	ts, err := s.ListTournaments(ctx)
	ok(t, err)
	ds, err := s.ListDivisions(ctx, 1)
	ok(t, err)
	ps, err := s.ListPlayers(ctx, 1)
	ok(t, err)
	rs, err := s.ListRounds(ctx, 1)
	ok(t, err)
	gs, err := s.ListGames(ctx, 1)
	ok(t, err)
	es, err := s.ListTurns(ctx, 1)
	ok(t, err)
	as, err := s.ListAudit(ctx, 1, nil)
	ok(t, err)
	if len(ts)+len(ds)+len(ps)+len(rs)+len(gs)+len(es)+len(as) != 0 {
		t.Fatal("a list of an empty database is not empty")
	}
	// Empty, not nil: they encode as [] in JSON.
	for name, v := range map[string]any{"tournaments": ts, "divisions": ds, "players": ps, "rounds": rs, "games": gs, "turns": es, "audit": as} {
		if reflect.ValueOf(v).IsNil() {
			t.Errorf("%s: nil list", name)
		}
	}
}

func TestDivisionCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr, other := mustTournament(t, s), mustTournament(t, s)
	a := &service.Division{TournamentID: tr.ID, Name: "A"}
	b := &service.Division{TournamentID: tr.ID, Name: "B"}
	ok(t, s.CreateDivision(ctx, a))
	ok(t, s.CreateDivision(ctx, b))
	ok(t, s.CreateDivision(ctx, &service.Division{TournamentID: other.ID, Name: "A"}))
	if a.ID == 0 || b.ID == 0 {
		t.Fatal("IDs not filled in")
	}
	ds, err := s.ListDivisions(ctx, tr.ID)
	ok(t, err)
	if !reflect.DeepEqual(ds, []service.Division{*a, *b}) {
		t.Fatalf("divisions %+v", ds)
	}

	b.Name = "Premier"
	ok(t, s.UpdateDivision(ctx, b))
	ds, err = s.ListDivisions(ctx, tr.ID)
	ok(t, err)
	if ds[1].Name != "Premier" {
		t.Fatalf("after update %+v", ds)
	}

	if err := s.CreateDivision(ctx, &service.Division{TournamentID: tr.ID, Name: "A"}); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("second division A: %v, want ErrDuplicate", err)
	}
	b.Name = "A"
	if err := s.UpdateDivision(ctx, b); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("rename to A: %v, want ErrDuplicate", err)
	}
	if err := s.UpdateDivision(ctx, &service.Division{ID: 999, TournamentID: tr.ID, Name: "Z"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("UpdateDivision(999): %v", err)
	}
	if err := s.CreateDivision(ctx, &service.Division{TournamentID: 999, Name: "A"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("division of a missing tournament: %v", err)
	}
}

func TestPlayerCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)
	d := &service.Division{TournamentID: tr.ID, Name: "A"}
	ok(t, s.CreateDivision(ctx, d))

	p := &service.Player{TournamentID: tr.ID, DivisionID: &d.ID, Name: "Ann", Rating: 1850, MemberID: "NA123"}
	q := &service.Player{TournamentID: tr.ID, Name: "Bob"}
	ok(t, s.CreatePlayer(ctx, p))
	ok(t, s.CreatePlayer(ctx, q))
	got, err := s.GetPlayer(ctx, p.ID)
	ok(t, err)
	if !reflect.DeepEqual(got, p) {
		t.Fatalf("got %+v, want %+v", got, p)
	}
	ps, err := s.ListPlayers(ctx, tr.ID)
	ok(t, err)
	if !reflect.DeepEqual(ps, []service.Player{*p, *q}) {
		t.Fatalf("players %+v", ps)
	}

	// Zero values and a nil division are written too.
	p.DivisionID, p.Rating, p.MemberID, p.Name = nil, 0, "", "Ann B."
	ok(t, s.UpdatePlayer(ctx, p))
	got, err = s.GetPlayer(ctx, p.ID)
	ok(t, err)
	if !reflect.DeepEqual(got, p) {
		t.Fatalf("after update %+v, want %+v", got, p)
	}

	if _, err := s.GetPlayer(ctx, 999); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("GetPlayer(999): %v", err)
	}
	if err := s.UpdatePlayer(ctx, &service.Player{ID: 999, TournamentID: tr.ID, Name: "x"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("UpdatePlayer(999): %v", err)
	}
	missing := int64(999)
	if err := s.CreatePlayer(ctx, &service.Player{TournamentID: tr.ID, DivisionID: &missing, Name: "x"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("player in a missing division: %v", err)
	}
}

func TestRoundCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	tr := mustTournament(t, s)
	d := &service.Division{TournamentID: tr.ID, Name: "A"}
	ok(t, s.CreateDivision(ctx, d))

	r1 := &service.Round{TournamentID: tr.ID, Number: 1}
	r2 := &service.Round{TournamentID: tr.ID, DivisionID: &d.ID, Number: 1}
	r3 := &service.Round{TournamentID: tr.ID, Number: 2}
	for _, r := range []*service.Round{r1, r2, r3} {
		ok(t, s.CreateRound(ctx, r))
	}
	rs, err := s.ListRounds(ctx, tr.ID)
	ok(t, err)
	if !reflect.DeepEqual(rs, []service.Round{*r1, *r2, *r3}) {
		t.Fatalf("rounds %+v", rs)
	}
	for _, dup := range []*service.Round{
		{TournamentID: tr.ID, Number: 1},
		{TournamentID: tr.ID, DivisionID: &d.ID, Number: 1},
	} {
		if err := s.CreateRound(ctx, dup); !errors.Is(err, service.ErrDuplicate) {
			t.Fatalf("second round %d: %v, want ErrDuplicate", dup.Number, err)
		}
	}
}
