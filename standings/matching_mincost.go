package standings

// This file is how pairing uses the matcher: a minimum-cost perfect
// matching solved on candidate pairs first, then checked against the
// final duals for every pair left out (matching.go has the algorithm).

// blossomChains records, for each vertex, the blossoms holding it from
// the outermost in, and the running sum of their duals, so that
// reducedSlack costs a comparison of two short lists.
type blossomChains struct {
	chain [][]int
	cum   [][]int64
}

func (m *matcher) chains() blossomChains {
	c := blossomChains{chain: make([][]int, m.n), cum: make([][]int64, m.n)}
	for v := 0; v < m.n; v++ {
		var ch []int
		for b := m.blossomparent[v]; b != -1; b = m.blossomparent[b] {
			ch = append(ch, b)
		}
		reverse(ch)
		cum := make([]int64, len(ch))
		var sum int64
		for k, b := range ch {
			sum += m.dualvar[b]
			cum[k] = sum
		}
		c.chain[v], c.cum[v] = ch, cum
	}
	return c
}

// reducedSlack is an edge's slack under the final duals, the duals of
// every blossom holding both ends included (all times two). An edge left
// out of the graph with a negative reduced slack could improve the
// matching; when none has, the matching is optimal on the full graph
// (the duals are feasible for every edge and tight on the matched ones).
func (m *matcher) reducedSlack(c *blossomChains, i, j int, w int64) int64 {
	s := m.dualvar[i] + m.dualvar[j] - 2*w
	ci, cj := c.chain[i], c.chain[j]
	k := 0
	for k < len(ci) && k < len(cj) && ci[k] == cj[k] {
		k++
	}
	if k > 0 {
		s += 2 * c.cum[i][k-1]
	}
	return s
}

// minCostPerfectMatching pairs vertices 0..n-1 (n even) at the least
// total cost, where cost(i, j) (i < j) is at most bound. It solves on the
// candidate pairs first (which must include i with i+1, so that a perfect
// matching exists), then checks every pair left out against the final
// duals and adds those that could do better, until none can: the result
// is optimal over all pairs, at the price of a sparse solve or two.
func minCostPerfectMatching(n int, bound int64, cost func(i, j int) int64, candidates func(i int, add func(j int))) []int {
	in := make([]bool, n*n)
	var edges []wedge
	add := func(i, j int) {
		if i > j {
			i, j = j, i
		}
		if i == j || j >= n || i < 0 || in[i*n+j] {
			return
		}
		in[i*n+j] = true
		edges = append(edges, wedge{i: i, j: j, w: bound + 1 - cost(i, j)})
	}
	for i := 0; i < n; i++ {
		add(i, i+1)
		candidates(i, func(j int) { add(i, j) })
	}
	for {
		if len(edges) == 0 {
			return fill(n, -1)
		}
		m := newMatcher(n, edges, true)
		m.solve()
		added := false
		chains := m.chains()
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if !in[i*n+j] && m.reducedSlack(&chains, i, j, bound+1-cost(i, j)) < 0 {
					add(i, j)
					added = true
				}
			}
		}
		if !added {
			mate := fill(n, -1)
			for v := 0; v < n; v++ {
				if m.mate[v] >= 0 {
					mate[v] = m.endpoint[m.mate[v]]
				}
			}
			return mate
		}
	}
}

// allPairs is the candidate list of a small field: everyone.
func allPairs(n int) func(i int, add func(j int)) {
	return func(i int, add func(j int)) {
		for j := i + 1; j < n; j++ {
			add(j)
		}
	}
}
