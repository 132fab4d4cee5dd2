package api

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
	"tourney/store"
)

// statsT is a .t file of players in a round robin by the circle method,
// rounds long: scores and starts vary, a tie now and then.
func statsT(players, rounds int) string {
	opp := make([][]int, players)
	for r := 0; r < rounds; r++ {
		// Player 0 stays; the others turn one place a round.
		ring := make([]int, players)
		ring[0] = 0
		for i := 1; i < players; i++ {
			ring[i] = 1 + (i-1+r)%(players-1)
		}
		for i := 0; i < players/2; i++ {
			a, b := ring[i], ring[players-1-i]
			opp[a] = append(opp[a], b)
			opp[b] = append(opp[b], a)
		}
	}
	score := func(p, r, o int) int { return 300 + (p*7919+r*104729+o*31)%220 }
	var sb strings.Builder
	for p := 0; p < players; p++ {
		var opps, scores, starts []string
		for r, o := range opp[p] {
			opps = append(opps, fmt.Sprint(o+1))
			s := score(min(p, o), r, max(p, o))
			if p > o {
				s = score(max(p, o), r, min(p, o))
			}
			scores = append(scores, fmt.Sprint(s))
			if (p < o) == (r%2 == 0) {
				starts = append(starts, "1")
			} else {
				starts = append(starts, "2")
			}
		}
		fmt.Fprintf(&sb, "Player %s %d %s; %s; p12 %s\n", letters(p), 1200+p, strings.Join(opps, " "), strings.Join(scores, " "), strings.Join(starts, " "))
	}
	return sb.String()
}

// letters names a player without digits: a, b, ..., z, ba, bb, ...
func letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		if n /= 26; n == 0 {
			return strings.ToUpper(s[:1]) + s[1:]
		}
	}
}

// BenchmarkStatsRequest500x31 is the whole of a statistics request for
// a division of 500 players after 31 rounds (7,750 games), imported from
// a .t file: the division read from SQLite, as the standings read it
// ("standings", for comparison), then counted (service's
// BenchmarkStats500x31 is the count alone).
//
//	go test -run '^$' -bench StatsRequest500x31 ./api/
func BenchmarkStatsRequest500x31(b *testing.B) {
	st, err := store.Open(filepath.Join(b.TempDir(), "tourney.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	svc := service.New(st)
	ctx, director := context.Background(), service.Actor{Kind: service.CredDirector, Label: "director"}
	name, variant := "Stats Bench", "naspa"
	tour, err := svc.CreateTournament(ctx, director, service.TournamentInput{Name: &name, Variant: &variant})
	if err != nil {
		b.Fatal(err)
	}
	imp, err := svc.ImportT(ctx, director, tour.ID, service.ImportInput{Text: statsT(500, 31), Division: "A"})
	if err != nil {
		b.Fatal(err)
	}
	div := imp.Division.ID
	v, err := svc.Stats(ctx, tour.ID, &div)
	if err != nil {
		b.Fatal(err)
	}
	if d := v.Divisions[0]; d.Players != 500 || d.Games != 500*31/2 || len(d.HighWins) != 10 || d.FirstPlayerGames != d.Games {
		b.Fatalf("players %d games %d first-player games %d", d.Players, d.Games, d.FirstPlayerGames)
	}
	b.Run("stats", func(b *testing.B) {
		for range b.N {
			if _, err := svc.Stats(ctx, tour.ID, &div); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("standings", func(b *testing.B) {
		for range b.N {
			if _, err := svc.Standings(ctx, tour.ID, service.StandingsQuery{DivisionID: &div}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
