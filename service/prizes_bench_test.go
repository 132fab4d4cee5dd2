package service_test

import (
	"context"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
	"tourney/store"
)

// BenchmarkPrizes500x31 computes a prize table of every type (1st, 2nd
// and 3rd of each) for a division of 500 players after 31 rounds (goal:
// under 20 ms): "compute" is the winners from the division as loaded
// (standings, ratings, games, seeds), "read" the whole GET, the division
// loaded from the store as every standings read loads it.
//
//	go test -run '^$' -bench Prizes500x31 ./service/
func BenchmarkPrizes500x31(b *testing.B) {
	svc, tournamentID, n := benchPrizeEvent(b)
	check := func(v *service.PrizesView, err error) {
		if err != nil || len(v.Prizes) != n || len(v.Prizes[0].Winners) == 0 {
			b.Fatalf("prizes: %v %+v", err, v)
		}
	}
	b.Run("compute", func(b *testing.B) {
		compute, err := service.PrizeComputation(context.Background(), svc, tournamentID)
		if err != nil {
			b.Fatal(err)
		}
		for range b.N {
			check(compute())
		}
	})
	b.Run("read", func(b *testing.B) {
		for range b.N {
			check(svc.Prizes(context.Background(), tournamentID))
		}
	})
}

// benchPrizeEvent imports the event and sets the table; it returns the
// tournament and the number of prizes.
func benchPrizeEvent(b *testing.B) (*service.Service, int64, int) {
	const players, rounds = 500, 31
	ctx := context.Background()
	st, err := store.Open(filepath.Join(b.TempDir(), "tourney.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := service.New(st)
	dir := service.Actor{Kind: service.CredDirector, Label: "director"}
	name := "Bench Open"
	tour, err := svc.CreateTournament(ctx, dir, service.TournamentInput{Name: &name})
	if err != nil {
		b.Fatal(err)
	}
	config := fmt.Sprintf("#tourney division A {\"rounds\":%d,\"class_floors\":[1800,1500,1200]}\n", rounds)
	if _, err := svc.ImportT(ctx, dir, tour.ID, service.ImportInput{Text: benchTFile(players, rounds), Config: config, Division: "A"}); err != nil {
		b.Fatal(err)
	}
	var prizes []service.PrizeInput
	for _, typ := range []string{"rank", "class-rank", "high-win", "high-loss", "low-win", "low-loss", "high-combined", "upset",
		"brlh", "overseed", "high-rating-change", "round-record", "high-play", "best-bingo", "most-bingos"} {
		for place := 1; place <= 3; place++ {
			p := service.PrizeInput{Prize: service.Prize{Type: typ, Place: place}}
			switch typ {
			case "class-rank":
				p.Class = "B"
			case "round-record":
				p.First, p.Last = 1, 8
			}
			prizes = append(prizes, p)
		}
	}
	if _, err := svc.SetPrizes(ctx, dir, tour.ID, service.PrizesInput{Prizes: prizes}); err != nil {
		b.Fatal(err)
	}
	return svc, tour.ID, len(prizes)
}

// benchTFile is a random event as a .t file: every round a random
// pairing, scores 250 to 549.
func benchTFile(n, rounds int) string {
	rng := rand.New(rand.NewSource(31))
	opp := make([][]int, n)
	score := make([][]int, n)
	for i := range n {
		opp[i], score[i] = make([]int, rounds), make([]int, rounds)
	}
	for r := range rounds {
		perm := rng.Perm(n)
		for k := 0; k+1 < n; k += 2 {
			a, c := perm[k], perm[k+1]
			opp[a][r], opp[c][r] = c+1, a+1
			score[a][r], score[c][r] = 250+rng.Intn(300), 250+rng.Intn(300)
		}
	}
	var b strings.Builder
	for i := range n {
		var os, ss, p12 []string
		for r := range rounds {
			os = append(os, fmt.Sprint(opp[i][r]))
			ss = append(ss, fmt.Sprint(score[i][r]))
			if i+1 < opp[i][r] {
				p12 = append(p12, "1")
			} else {
				p12 = append(p12, "2")
			}
		}
		fmt.Fprintf(&b, "Player%03d, Pat %d %s; %s; p12 %s\n", i+1, 800+rng.Intn(1400), strings.Join(os, " "), strings.Join(ss, " "), strings.Join(p12, " "))
	}
	return b.String()
}
