package standings

import (
	"fmt"
	"testing"
)

// benchTables builds a division of n players after rounds rounds of
// Swiss tables of size (3 or 4), scored from a seeded generator.
func benchTables(tb testing.TB, n, rounds, size int, seed uint64) *Division {
	tb.Helper()
	d, rng := benchPlayers(tb, n, rounds, seed)
	for r := 1; r <= rounds; r++ {
		ps, err := PairGroups(d, GroupRequest{System: SystemSwiss, Round: r, Size: size})
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := d.ApplyPairings(r, ps); err != nil {
			tb.Fatal(err)
		}
		for _, p := range ps {
			if p.IsBye() {
				continue
			}
			var scores []int
			for _, id := range p.Players() {
				scores = append(scores, 300+int(rng.next()%200)+d.players[id-1].Rating/20)
			}
			e := Entry{Kind: EntryGroup, Round: r, Group: p.Group, Scores: scores}
			if p.Group == nil {
				e = game(r, p.Player, p.Opponent, scores[0], scores[1])
			}
			if _, err := d.Enter(e); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return d
}

// benchBySize is the 500-player division after 31 rounds of pairs
// (size 2) or of tables of size.
func benchBySize(b *testing.B, size int) *Division {
	if size == 2 {
		return benchDivision(b, 500, 31, 42)
	}
	return benchTables(b, 500, 31, size, 42)
}

// BenchmarkStandingsTables: standings of 500 players after 31 rounds,
// two-player games against tables of four (three pairwise results a
// round each), side by side.
func BenchmarkStandingsTables(b *testing.B) {
	for _, size := range []int{2, 4} {
		b.Run(fmt.Sprintf("size%d", size), func(b *testing.B) {
			d := benchBySize(b, size)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = d.Standings(31)
			}
		})
	}
}

// BenchmarkPairTables: pairing round 32 of a 500-player division, pairs
// (Swiss, blossom matching) against tables of four (greedy), side by side.
func BenchmarkPairTables(b *testing.B) {
	for _, size := range []int{2, 4} {
		b.Run(fmt.Sprintf("size%d", size), func(b *testing.B) {
			d := benchBySize(b, size)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var err error
				if size == 2 {
					_, err = PairSwiss(d, 32, 0)
				} else {
					_, err = PairGroups(d, GroupRequest{System: SystemSwiss, Round: 32, Size: size})
				}
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
