package standings

// This file is a maximum-weight matching on general graphs: Edmonds'
// blossom algorithm with dual variables (Galil's O(n^3) formulation, as
// popularised by Joris van Rantwijk's well-known reference version),
// written here for integer weights. Swiss and KOTH pairings are
// minimum-cost perfect matchings; a greedy pairer gets stuck where this
// one finds the optimum.

// wedge is an undirected edge with an integer weight.
type wedge struct {
	i, j int
	w    int64
}

// matcher holds the algorithm's state. Vertices are 0..n-1; blossoms
// n..2n-1. Edge k has endpoints 2k (vertex i) and 2k+1 (vertex j).
type matcher struct {
	n       int
	edges   []wedge
	maxCard bool

	endpoint  []int
	neighbend [][]int // per vertex, the remote endpoints of its edges

	mate          []int // per vertex, the remote endpoint of its matched edge, or -1
	label         []int // 0 free, 1 S, 2 T (bit 4: breadcrumb in scanBlossom)
	labelend      []int
	inblossom     []int
	blossomparent []int
	blossomchilds [][]int
	blossombase   []int
	blossomendps  [][]int
	bestedge      []int
	// blossombestedges[b] lists least-slack edges to other S-blossoms;
	// hasBestEdges tells an empty list from none computed.
	blossombestedges [][]int
	hasBestEdges     []bool
	unusedblossoms   []int
	dualvar          []int64
	allowedge        []bool
	queue            []int
	leafBuf          []int
}

// maxWeightMatching returns mate[v] (the vertex matched to v, or -1).
// With maxCardinality it finds, among the matchings of maximum size, one
// of maximum weight.
func maxWeightMatching(n int, edges []wedge, maxCardinality bool) []int {
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	if len(edges) == 0 || n == 0 {
		return mate
	}
	m := newMatcher(n, edges, maxCardinality)
	m.solve()
	for v := 0; v < n; v++ {
		if m.mate[v] >= 0 {
			mate[v] = m.endpoint[m.mate[v]]
		}
	}
	return mate
}

func newMatcher(n int, edges []wedge, maxCard bool) *matcher {
	m := &matcher{n: n, edges: edges, maxCard: maxCard}
	var maxWeight int64
	for _, e := range edges {
		maxWeight = max(maxWeight, e.w)
	}
	m.endpoint = make([]int, 2*len(edges))
	m.neighbend = make([][]int, n)
	for k, e := range edges {
		m.endpoint[2*k], m.endpoint[2*k+1] = e.i, e.j
		m.neighbend[e.i] = append(m.neighbend[e.i], 2*k+1)
		m.neighbend[e.j] = append(m.neighbend[e.j], 2*k)
	}
	m.mate = fill(n, -1)
	m.label = make([]int, 2*n)
	m.labelend = fill(2*n, -1)
	m.inblossom = make([]int, n)
	for i := range m.inblossom {
		m.inblossom[i] = i
	}
	m.blossomparent = fill(2*n, -1)
	m.blossomchilds = make([][]int, 2*n)
	m.blossombase = fill(2*n, -1)
	for i := 0; i < n; i++ {
		m.blossombase[i] = i
	}
	m.blossomendps = make([][]int, 2*n)
	m.bestedge = fill(2*n, -1)
	m.blossombestedges = make([][]int, 2*n)
	m.hasBestEdges = make([]bool, 2*n)
	for b := 2*n - 1; b >= n; b-- {
		m.unusedblossoms = append(m.unusedblossoms, b)
	}
	m.dualvar = make([]int64, 2*n)
	for i := 0; i < n; i++ {
		m.dualvar[i] = maxWeight
	}
	m.allowedge = make([]bool, len(edges))
	return m
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// slack of edge k, times two (as are all duals here).
func (m *matcher) slack(k int) int64 {
	e := m.edges[k]
	return m.dualvar[e.i] + m.dualvar[e.j] - 2*e.w
}

// leaves appends the vertices inside blossom b.
func (m *matcher) leaves(b int, out []int) []int {
	if b < m.n {
		return append(out, b)
	}
	for _, t := range m.blossomchilds[b] {
		out = m.leaves(t, out)
	}
	return out
}

// assignLabel labels w's top-level blossom t (1 = S, 2 = T), reached
// through endpoint p; a T-blossom's mate becomes S in turn.
func (m *matcher) assignLabel(w, t, p int) {
	for {
		b := m.inblossom[w]
		m.label[w], m.label[b] = t, t
		m.labelend[w], m.labelend[b] = p, p
		m.bestedge[w], m.bestedge[b] = -1, -1
		if t == 1 {
			m.leafBuf = m.leaves(b, m.leafBuf[:0])
			m.queue = append(m.queue, m.leafBuf...)
			return
		}
		base := m.blossombase[b]
		w, t, p = m.endpoint[m.mate[base]], 1, m.mate[base]^1
	}
}

// scanBlossom traces back from v and w to find a new blossom's base, or
// -1 when the paths reach two different single vertices (an augmenting
// path).
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&4 != 0 {
			base = m.blossombase[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelend[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelend[b]]
			b = m.inblossom[v]
			v = m.endpoint[m.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

// addBlossom makes a new S-blossom with the given base, closed by edge k.
func (m *matcher) addBlossom(base, k int) {
	v, w := m.edges[k].i, m.edges[k].j
	bb := m.inblossom[base]
	bv := m.inblossom[v]
	bw := m.inblossom[w]
	b := m.unusedblossoms[len(m.unusedblossoms)-1]
	m.unusedblossoms = m.unusedblossoms[:len(m.unusedblossoms)-1]
	m.blossombase[b] = base
	m.blossomparent[b] = -1
	m.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		m.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint[m.labelend[bv]]
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint[m.labelend[bw]]
		bw = m.inblossom[w]
	}
	m.blossomchilds[b] = path
	m.blossomendps[b] = endps
	m.label[b] = 1
	m.labelend[b] = m.labelend[bb]
	m.dualvar[b] = 0
	m.leafBuf = m.leaves(b, m.leafBuf[:0])
	for _, v := range m.leafBuf {
		if m.label[m.inblossom[v]] == 2 {
			// A T-vertex turns S by joining an S-blossom: scan it.
			m.queue = append(m.queue, v)
		}
		m.inblossom[v] = b
	}
	// The new blossom's least-slack edges to each other S-blossom.
	bestedgeto := fill(2*m.n, -1)
	for _, sub := range path {
		var lists [][]int
		if !m.hasBestEdges[sub] {
			for _, v := range m.leaves(sub, nil) {
				ks := make([]int, len(m.neighbend[v]))
				for i, p := range m.neighbend[v] {
					ks[i] = p / 2
				}
				lists = append(lists, ks)
			}
		} else {
			lists = [][]int{m.blossombestedges[sub]}
		}
		for _, list := range lists {
			for _, k := range list {
				i, j := m.edges[k].i, m.edges[k].j
				if m.inblossom[j] == b {
					i, j = j, i
				}
				_ = i
				bj := m.inblossom[j]
				if bj != b && m.label[bj] == 1 && (bestedgeto[bj] == -1 || m.slack(k) < m.slack(bestedgeto[bj])) {
					bestedgeto[bj] = k
				}
			}
		}
		m.blossombestedges[sub] = nil
		m.hasBestEdges[sub] = false
		m.bestedge[sub] = -1
	}
	best := []int{}
	for _, k := range bestedgeto {
		if k != -1 {
			best = append(best, k)
		}
	}
	m.blossombestedges[b] = best
	m.hasBestEdges[b] = true
	m.bestedge[b] = -1
	for _, k := range best {
		if m.bestedge[b] == -1 || m.slack(k) < m.slack(m.bestedge[b]) {
			m.bestedge[b] = k
		}
	}
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func indexOf(s []int, x int) int {
	for i, v := range s {
		if v == x {
			return i
		}
	}
	return -1
}

// at indexes a blossom's child list the way the reference does, where a
// negative index counts from the end.
func at(s []int, i int) int {
	if i < 0 {
		i += len(s)
	}
	return s[i]
}

// expandBlossom dissolves blossom b into its children.
func (m *matcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		switch {
		case s < m.n:
			m.inblossom[s] = s
		case endstage && m.dualvar[s] == 0:
			m.expandBlossom(s, endstage)
		default:
			for _, v := range m.leaves(s, nil) {
				m.inblossom[v] = s
			}
		}
	}
	if !endstage && m.label[b] == 2 {
		// Relabel the sub-blossoms of an expanding T-blossom.
		childs, endps := m.blossomchilds[b], m.blossomendps[b]
		entrychild := m.inblossom[m.endpoint[m.labelend[b]^1]]
		j := indexOf(childs, entrychild)
		var jstep, endptrick int
		if j&1 != 0 {
			j -= len(childs)
			jstep, endptrick = 1, 0
		} else {
			jstep, endptrick = -1, 1
		}
		p := m.labelend[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = 0
			m.label[m.endpoint[at(endps, j-endptrick)^endptrick^1]] = 0
			m.assignLabel(m.endpoint[p^1], 2, p)
			m.allowedge[at(endps, j-endptrick)/2] = true
			j += jstep
			p = at(endps, j-endptrick) ^ endptrick
			m.allowedge[p/2] = true
			j += jstep
		}
		bv := at(childs, j)
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.labelend[m.endpoint[p^1]], m.labelend[bv] = p, p
		m.bestedge[bv] = -1
		j += jstep
		for at(childs, j) != entrychild {
			bv := at(childs, j)
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			reached := -1
			for _, v := range m.leaves(bv, nil) {
				if m.label[v] != 0 {
					reached = v
					break
				}
			}
			if reached >= 0 {
				v := reached
				m.label[v] = 0
				m.label[m.endpoint[m.mate[m.blossombase[bv]]]] = 0
				m.assignLabel(v, 2, m.labelend[v])
			}
			j += jstep
		}
	}
	m.label[b], m.labelend[b] = -1, -1
	m.blossomchilds[b], m.blossomendps[b] = nil, nil
	m.blossombase[b] = -1
	m.blossombestedges[b], m.hasBestEdges[b] = nil, false
	m.bestedge[b] = -1
	m.unusedblossoms = append(m.unusedblossoms, b)
}

// augmentBlossom swaps matched and unmatched edges inside blossom b so
// that vertex v becomes its base.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.blossomparent[t] != b {
		t = m.blossomparent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	childs, endps := m.blossomchilds[b], m.blossomendps[b]
	i := indexOf(childs, t)
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= len(childs)
		jstep, endptrick = 1, 0
	} else {
		jstep, endptrick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-endptrick) ^ endptrick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.blossomchilds[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	m.blossomendps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	m.blossombase[b] = m.blossombase[m.blossomchilds[b][0]]
}

// augmentMatching flips the augmenting path through edge k.
func (m *matcher) augmentMatching(k int) {
	v, w := m.edges[k].i, m.edges[k].j
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inblossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelend[bs] == -1 {
				break
			}
			t := m.endpoint[m.labelend[bs]]
			bt := m.inblossom[t]
			s = m.endpoint[m.labelend[bt]]
			j := m.endpoint[m.labelend[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelend[bt]
			p = m.labelend[bt] ^ 1
		}
	}
}

func (m *matcher) solve() {
	n := m.n
	for stage := 0; stage < n; stage++ {
		for i := range m.label {
			m.label[i] = 0
			m.bestedge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			m.blossombestedges[b], m.hasBestEdges[b] = nil, false
		}
		for i := range m.allowedge {
			m.allowedge[i] = false
		}
		m.queue = m.queue[:0]
		for v := 0; v < n; v++ {
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == 0 {
				m.assignLabel(v, 1, -1)
			}
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for _, p := range m.neighbend[v] {
					k := p / 2
					w := m.endpoint[p]
					if m.inblossom[v] == m.inblossom[w] {
						continue
					}
					var kslack int64
					if !m.allowedge[k] {
						kslack = m.slack(k)
						if kslack <= 0 {
							m.allowedge[k] = true
						}
					}
					switch {
					case m.allowedge[k]:
						switch {
						case m.label[m.inblossom[w]] == 0:
							m.assignLabel(w, 2, p^1)
						case m.label[m.inblossom[w]] == 1:
							if base := m.scanBlossom(v, w); base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augmentMatching(k)
								augmented = true
							}
						case m.label[w] == 0:
							m.label[w] = 2
							m.labelend[w] = p ^ 1
						}
					case m.label[m.inblossom[w]] == 1:
						b := m.inblossom[v]
						if m.bestedge[b] == -1 || kslack < m.slack(m.bestedge[b]) {
							m.bestedge[b] = k
						}
					case m.label[w] == 0:
						if m.bestedge[w] == -1 || kslack < m.slack(m.bestedge[w]) {
							m.bestedge[w] = k
						}
					}
					if augmented {
						break
					}
				}
			}
			if augmented {
				break
			}
			// No augmenting path under the current duals: change them.
			deltatype := -1
			var delta int64
			deltaedge, deltablossom := -1, -1
			if !m.maxCard {
				deltatype = 1
				delta = m.dualvar[0]
				for v := 1; v < n; v++ {
					delta = min(delta, m.dualvar[v])
				}
			}
			for v := 0; v < n; v++ {
				if m.label[m.inblossom[v]] == 0 && m.bestedge[v] != -1 {
					d := m.slack(m.bestedge[v])
					if deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 2, m.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if m.blossomparent[b] == -1 && m.label[b] == 1 && m.bestedge[b] != -1 {
					d := m.slack(m.bestedge[b]) / 2
					if deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 3, m.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == 2 &&
					(deltatype == -1 || m.dualvar[b] < delta) {
					delta, deltatype, deltablossom = m.dualvar[b], 4, b
				}
			}
			if deltatype == -1 {
				// Max-cardinality optimum reached; a last update keeps the
				// duals feasible.
				deltatype = 1
				delta = m.dualvar[0]
				for v := 1; v < n; v++ {
					delta = min(delta, m.dualvar[v])
				}
				delta = max(0, delta)
			}
			for v := 0; v < n; v++ {
				switch m.label[m.inblossom[v]] {
				case 1:
					m.dualvar[v] -= delta
				case 2:
					m.dualvar[v] += delta
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dualvar[b] += delta
					case 2:
						m.dualvar[b] -= delta
					}
				}
			}
			if deltatype == 1 {
				break
			}
			switch deltatype {
			case 2:
				m.allowedge[deltaedge] = true
				i, j := m.edges[deltaedge].i, m.edges[deltaedge].j
				if m.label[m.inblossom[i]] == 0 {
					i, j = j, i
				}
				_ = j
				m.queue = append(m.queue, i)
			case 3:
				m.allowedge[deltaedge] = true
				m.queue = append(m.queue, m.edges[deltaedge].i)
			case 4:
				m.expandBlossom(deltablossom, false)
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dualvar[b] == 0 {
				m.expandBlossom(b, true)
			}
		}
	}
}

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
