package standings

// This file is a maximum-weight matching on general graphs: Edmonds'
// blossom algorithm with dual variables (Galil's O(n^3) formulation, as
// popularised by Joris van Rantwijk's well-known reference version),
// written here for integer weights. Swiss and KOTH pairings are
// minimum-cost perfect matchings; a greedy pairer gets stuck where this
// one finds the optimum. Here: the matcher's state and its main loop;
// matching_blossoms.go has the blossoms, matching_mincost.go the
// minimum-cost use that pairing calls.

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

// solve runs the stages: grow alternating trees from the free vertices,
// augment when a path is found, else change the duals and go on.
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
