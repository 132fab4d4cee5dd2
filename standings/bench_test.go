package standings

import (
	"fmt"
	"testing"
)

// benchDivision builds a division of n players after rounds rounds of
// Swiss pairings with scores from a seeded generator: the shape of an NSC
// division late in the event, where top and bottom players have met
// everyone near them.
func benchDivision(tb testing.TB, n, rounds int, seed uint64) *Division {
	tb.Helper()
	d, rng := benchPlayers(tb, n, rounds, seed)
	for r := 1; r <= rounds; r++ {
		ps, err := PairSwiss(d, r, 0)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := d.ApplyPairings(r, ps); err != nil {
			tb.Fatal(err)
		}
		for _, p := range ps {
			if p.Opponent == 0 {
				continue
			}
			// Stronger players (by rating) score a little more.
			a := 300 + int(rng.next()%200) + d.players[p.Player-1].Rating/20
			b := 300 + int(rng.next()%200) + d.players[p.Opponent-1].Rating/20
			if _, err := d.Enter(game(r, p.Player, p.Opponent, a, b)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return d
}

// benchPlayers is a division of n rated players (ratings from a seeded
// generator, which it returns to go on scoring) planned for rounds+1.
func benchPlayers(tb testing.TB, n, rounds int, seed uint64) (*Division, *splitMix64) {
	tb.Helper()
	cfg := DefaultConfig(RealmNASPA)
	cfg.Rounds = rounds + 1
	d, err := NewDivision("bench", cfg)
	if err != nil {
		tb.Fatal(err)
	}
	rng := &splitMix64{state: seed}
	for i := 1; i <= n; i++ {
		if _, err := d.AddPlayer(Player{Name: fmt.Sprintf("Player, Number%d", i), Rating: 1000 + int(rng.next()%1200)}); err != nil {
			tb.Fatal(err)
		}
	}
	return d, rng
}

func BenchmarkStandings500x31(b *testing.B) {
	d := benchDivision(b, 500, 31, 42)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = d.Standings(31)
	}
}

func BenchmarkSwiss500After31(b *testing.B) {
	d := benchDivision(b, 500, 31, 42)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := PairSwiss(d, 32, 0); err != nil {
			b.Fatal(err)
		}
	}
}
