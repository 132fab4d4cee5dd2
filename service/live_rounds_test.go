package service_test

import (
	"fmt"
	"testing"

	"tourney/service"
)

// TestLiveBoardsRoundByDivision: each division shows the current round
// where it has games in it (over a later round paired ahead), else its
// latest round with games; the games of other rounds are not shown.
func TestLiveBoardsRoundByDivision(t *testing.T) {
	e := newImportEnv(t)
	ctx := e.ctx
	tid := e.tournament("naspa", "double", "")
	div := func(name string) *int64 {
		d, err := e.svc.CreateDivision(ctx, director, tid, service.DivisionInput{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		return &d.ID
	}
	a, b := div("A"), div("B")
	seats := func(d *int64, n int) []int64 {
		var ids []int64
		for i := range n {
			name := fmt.Sprintf("P%d-%d", *d, len(ids)+i)
			p, err := e.svc.CreatePlayer(ctx, director, tid, service.PlayerInput{Name: &name, DivisionID: d})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p.ID)
		}
		return ids
	}
	pa, pb := seats(a, 2), seats(b, 2)
	table := 0
	game := func(d *int64, round int, players []int64) int64 {
		table++
		g, err := e.svc.CreateGame(ctx, director, tid, service.GameInput{Round: round, Table: table, Players: players, DivisionID: d})
		if err != nil {
			t.Fatalf("game in round %d: %v", round, err)
		}
		return g.ID
	}
	a1, a2 := game(a, 1, pa), game(a, 2, pa)
	b1 := game(b, 1, pb)
	var b3 int64
	for _, c := range []struct {
		current int
		then    func()
		want    map[int64][2]int64 // division: round shown, its game
	}{
		{1, nil, map[int64][2]int64{*a: {1, a1}, *b: {1, b1}}},
		{2, nil, map[int64][2]int64{*a: {2, a2}, *b: {1, b1}}},
		{2, func() { b3 = game(b, 3, pb) }, nil}, // B paired ahead, with nothing in round 2
		{1, nil, map[int64][2]int64{*a: {1, a1}, *b: {1, b1}}},
	} {
		if c.then != nil {
			c.then()
			c.want = map[int64][2]int64{*a: {2, a2}, *b: {3, b3}}
		}
		current := c.current
		if _, err := e.svc.UpdateTournament(ctx, director, tid, service.TournamentInput{CurrentRound: &current, Force: true, Reason: "test"}); err != nil {
			t.Fatal(err)
		}
		live, err := e.svc.LiveBoards(ctx, tid)
		if err != nil {
			t.Fatal(err)
		}
		shown := map[int64][2]int64{}
		for _, d := range live.Divisions {
			if len(d.Tables) != 1 {
				t.Fatalf("current round %d, division %s: %d tables, want 1", current, d.Division, len(d.Tables))
			}
			shown[*d.DivisionID] = [2]int64{int64(d.Round), d.Tables[0].GameID}
		}
		if fmt.Sprint(shown) != fmt.Sprint(c.want) {
			t.Errorf("current round %d: shown %v, want %v", current, shown, c.want)
		}
	}
}
