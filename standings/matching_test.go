package standings

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching is the best matching found by trying them all:
// (cardinality, weight) compared lexicographically when maxCard, weight
// alone otherwise.
func bruteMatching(n int, edges []wedge, maxCard bool) (card int, weight int64) {
	adj := make([][]int64, n)
	has := make([][]bool, n)
	for i := range adj {
		adj[i] = make([]int64, n)
		has[i] = make([]bool, n)
	}
	for _, e := range edges {
		if !has[e.i][e.j] || e.w > adj[e.i][e.j] {
			adj[e.i][e.j], adj[e.j][e.i] = e.w, e.w
			has[e.i][e.j], has[e.j][e.i] = true, true
		}
	}
	used := make([]bool, n)
	bestCard, bestW := 0, int64(0)
	var rec func(v, c int, w int64)
	rec = func(v, c int, w int64) {
		for v < n && used[v] {
			v++
		}
		if v == n {
			if maxCard {
				if c > bestCard || (c == bestCard && w > bestW) {
					bestCard, bestW = c, w
				}
			} else if w > bestW {
				bestCard, bestW = c, w
			}
			return
		}
		used[v] = true
		rec(v+1, c, w) // v stays single
		for u := v + 1; u < n; u++ {
			if !used[u] && has[v][u] {
				used[u] = true
				rec(v+1, c+1, w+adj[v][u])
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, 0)
	return bestCard, bestW
}

func TestMaxWeightMatchingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(10)
		var edges []wedge
		density := rng.Float64()
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					w := int64(rng.IntN(20))
					if trial%3 == 0 {
						w = int64(rng.IntN(1_000_000_000_000)) // large, like Swiss costs
					}
					edges = append(edges, wedge{i, j, w})
				}
			}
		}
		maxCard := trial%2 == 0
		mate := maxWeightMatching(n, edges, maxCard)
		// The answer must be a matching made of the graph's edges.
		weight := map[[2]int]int64{}
		for _, e := range edges {
			weight[[2]int{e.i, e.j}] = e.w
			weight[[2]int{e.j, e.i}] = e.w
		}
		card, total := 0, int64(0)
		for v, u := range mate {
			if u < 0 {
				continue
			}
			if mate[u] != v {
				t.Fatalf("trial %d: mate not symmetric: %v", trial, mate)
			}
			w, ok := weight[[2]int{v, u}]
			if !ok {
				t.Fatalf("trial %d: %d-%d is not an edge", trial, v, u)
			}
			if v < u {
				card++
				total += w
			}
		}
		wantCard, wantW := bruteMatching(n, edges, maxCard)
		if (maxCard && card != wantCard) || total != wantW {
			t.Fatalf("trial %d (n=%d maxCard=%v): got %d edges weight %d, want %d edges weight %d\nedges %v",
				trial, n, maxCard, card, total, wantCard, wantW, edges)
		}
	}
}

// TestSparseMatchingIsOptimal: solving on a few candidate pairs and
// adding the pairs the duals flag gives the same total cost as solving on
// every pair.
func TestSparseMatchingIsOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 40; trial++ {
		n := 2 * (5 + rng.IntN(40))
		costs := make([]int64, n*n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				// Costs grow with distance, with random big "repeat" spikes.
				c := int64((j-i)*(j-i)) + int64(rng.IntN(50))
				if rng.IntN(5) == 0 {
					c += 1_000_000
				}
				costs[i*n+j] = c
			}
		}
		cost := func(i, j int) int64 { return costs[i*n+j] }
		window := 1 + rng.IntN(3)
		sparse := minCostPerfectMatching(n, 2_000_000, cost, func(i int, add func(int)) {
			for j := i + 1; j <= i+window; j++ {
				add(j)
			}
		})
		full := minCostPerfectMatching(n, 2_000_000, cost, allPairs(n))
		total := func(mate []int) int64 {
			var s int64
			for i, j := range mate {
				if j < 0 {
					t.Fatalf("trial %d: vertex %d unmatched", trial, i)
				}
				if i < j {
					s += cost(i, j)
				}
			}
			return s
		}
		if a, b := total(sparse), total(full); a != b {
			t.Fatalf("trial %d (n=%d, window %d): sparse cost %d, full cost %d", trial, n, window, a, b)
		}
	}
}
