package service

import (
	"context"
	"fmt"
	"testing"

	"tourney/standings"
)

// benchDivision is a division of players in memory after rounds of a
// round robin (the circle method): what loadDivision makes of the store.
func benchDivision(b *testing.B, players, rounds int) *divState {
	d, err := standings.NewDivision("A", standings.DefaultConfig(standings.RealmNASPA))
	if err != nil {
		b.Fatal(err)
	}
	st := &divState{t: &Tournament{ID: 1, Name: "Bench", Variant: "naspa"}, div: &Division{ID: 1, Name: "A"}, d: d, line: map[int64]int{}}
	for i := range players {
		p := Player{ID: int64(100 + i), Name: fmt.Sprintf("Player #%d", i+1), Rating: 1200 + i%700}
		line, err := d.AddPlayer(standings.Player{Name: p.Name, Rating: p.Rating})
		if err != nil {
			b.Fatal(err)
		}
		st.players, st.line[p.ID] = append(st.players, p), line
	}
	ring := make([]int, players)
	for r := 1; r <= rounds; r++ {
		ring[0] = 1
		for i := 1; i < players; i++ {
			ring[i] = 2 + (i-1+r)%(players-1)
		}
		var ps []standings.Pairing
		for i := range players / 2 {
			a, o := ring[i], ring[players-1-i]
			first := a
			if r%2 == 0 {
				first = o
			}
			ps = append(ps, standings.Pairing{Player: a, Opponent: o, First: first, Table: i + 1})
		}
		if _, err := d.ApplyPairings(r, ps); err != nil {
			b.Fatal(err)
		}
		for _, p := range ps {
			sa, so := 300+(p.Player*7919+r*104729)%220, 300+(p.Opponent*31+r*17)%220
			if _, err := d.Enter(standings.Entry{Kind: standings.EntryGame, Round: r, Player: p.Player, Opponent: p.Opponent, Score: sa, OppScore: so}); err != nil {
				b.Fatal(err)
			}
		}
	}
	return st
}

// BenchmarkStats500x31 is the statistics of a division of 500 players
// after 31 rounds (7,750 games) once its record is loaded: the one pass
// over it, and the recorded games (none here). Goal: under 20 ms. The
// api package's BenchmarkStatsRequest500x31 adds reading the division
// from SQLite.
//
//	go test -run '^$' -bench Stats500x31 ./service/
func BenchmarkStats500x31(b *testing.B) {
	st := benchDivision(b, 500, 31)
	s := New(nil)
	ds := st.stats(st.d.Rounds())
	if ds.Games != 500*31/2 || ds.FirstPlayerGames != ds.Games || len(ds.HighWins) != topCount || ds.Complete != 31 {
		b.Fatalf("games %d first-player games %d complete %d", ds.Games, ds.FirstPlayerGames, ds.Complete)
	}
	b.ResetTimer()
	for range b.N {
		ds := st.stats(st.d.Rounds())
		var err error
		if ds.TurnStats, err = s.turnStats(context.Background(), st); err != nil {
			b.Fatal(err)
		}
	}
}
