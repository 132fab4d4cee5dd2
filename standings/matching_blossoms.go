package standings

// This file is the blossom algorithm's blossoms: labelling vertices,
// finding and making a blossom where two S-trees meet, expanding one, and
// flipping an augmenting path through them (matching.go has the state and
// the main loop).

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
