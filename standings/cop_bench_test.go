package standings

import "testing"

// copField47 is a division of n players after played of rounds, with
// records spread as a real event's are (reproducible).
func copBenchDivision(b *testing.B, n, rounds, played int) *Division {
	rng := splitMix64{state: 11}
	recs := make([][2]int, n)
	for i := range recs {
		w := played - (i*played)/n
		if rng.next()%3 == 0 && w > 0 {
			w--
		}
		recs[i] = [2]int{w, 0}
	}
	// Records must run best first: sort by wins, then give falling spreads.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && recs[j][0] > recs[j-1][0]; j-- {
			recs[j], recs[j-1] = recs[j-1], recs[j]
		}
	}
	for i := range recs {
		recs[i][1] = 2000 - 4000*i/n
	}
	return copRecords(b, rounds, played, recs...)
}

// BenchmarkCOPSimulations: 100,000 runs of the last 15 rounds of a
// 47-player division.
func BenchmarkCOPSimulations(b *testing.B) { benchCOPSimulations(b, 47, 100000) }

// benchCOPSimulations times runs of the last 15 of 31 rounds of a field
// of n.
func benchCOPSimulations(b *testing.B, n, runs int) {
	d := copBenchDivision(b, n, 31, 16)
	var wins, spread []int
	for _, r := range d.Standings(16) {
		wins, spread = append(wins, r.winsHalf), append(spread, r.Spread)
	}
	f := newCOPField(wins, spread, 15, 200)
	segs, _ := copGroups(make([]bool, n), len(f.start))
	rounds, _ := copSimRounds(segs, len(f.start), 15, 15, false, nil)
	b.ResetTimer()
	for range b.N {
		f.finalPlaces(runs, 1, rounds)
	}
}

func benchCOPPair(b *testing.B, n int) {
	d := copBenchDivision(b, n, 31, 16)
	b.ResetTimer()
	for range b.N {
		if _, err := Pair(d, PairRequest{System: SystemCOP, Round: 17, COP: COPSettings{PlacePrizes: 9}, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCOPPair47 and BenchmarkCOPPair500: a whole COP pairing of
// round 17 of 31 with the default settings (100,000 simulations).
func BenchmarkCOPPair47(b *testing.B)  { benchCOPPair(b, 47) }
func BenchmarkCOPPair500(b *testing.B) { benchCOPPair(b, 500) }

// BenchmarkCOPSimulations500: 10,000 runs of the last 15 rounds of a
// 500-player division.
func BenchmarkCOPSimulations500(b *testing.B) { benchCOPSimulations(b, 500, 10000) }
