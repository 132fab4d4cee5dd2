package service

// Ranking a prize's candidates: a table asks for the first few places
// of a kind (1st, 2nd, 3rd, and the next for an exclusive prize whose
// place-th holds one), out of as many candidates as a division has
// games, so they are ranked a run of equal keys at a time, as far as the
// prizes ask, not sorted whole.

// rankedCands are one kind of prize's candidates: their keys as listed,
// cand the i-th as listed, and top, the best of them best first, in
// whole runs of equal keys, each run in the list's order (which settles
// equal keys).
type rankedCands struct {
	keys [][2]int64
	cand func(i int) prizeCand
	top  []prizeCand
}

// listed ranks a list of candidates.
func listed(cs []prizeCand) *rankedCands {
	keys := make([][2]int64, len(cs))
	for i := range cs {
		keys[i] = cs[i].key
	}
	return &rankedCands{keys: keys, cand: func(i int) prizeCand { return cs[i] }}
}

// ranked reports whether the i-th best candidate (from 0) exists,
// ranking more of the list as needed; it is then top[i], with all of its
// run of equal keys in top.
func (rc *rankedCands) ranked(i int) bool {
	for len(rc.top) <= i {
		if !rc.more() {
			return false
		}
	}
	return true
}

// more adds the next run to top: the candidates with the best key below
// top's last; false when there are none.
func (rc *rankedCands) more() bool {
	var bound, best [2]int64
	bounded, found := len(rc.top) > 0, false
	if bounded {
		bound = rc.top[len(rc.top)-1].key
	}
	for _, k := range rc.keys {
		if bounded && !keyAbove(bound, k) {
			continue
		}
		if !found || keyAbove(k, best) {
			best, found = k, true
		}
	}
	if !found {
		return false
	}
	for i, k := range rc.keys {
		if k == best {
			rc.top = append(rc.top, rc.cand(i))
		}
	}
	return true
}

// placeAt finds the place-th best eligible candidate from the from-th
// best on, counting every candidate: with two tied first, the second is
// tied first too. It returns the rank (in top) of the first eligible
// candidate with that key; false when there are fewer.
func placeAt(rc *rankedCands, from, place int, eligible func(*prizeCand) bool) (int, bool) {
	if place < 1 {
		return 0, false
	}
	passed := 0
	for i := from; rc.ranked(i); {
		key := rc.top[i].key
		first, n := -1, 0
		j := i
		for ; j < len(rc.top) && rc.top[j].key == key; j++ {
			if eligible(&rc.top[j]) {
				if n == 0 {
					first = j
				}
				n++
			}
		}
		if n > 0 && passed+n >= place {
			return first, true
		}
		passed, i = passed+n, j
	}
	return 0, false
}

// keyAbove reports a key better than another.
func keyAbove(a, b [2]int64) bool { return a[0] > b[0] || a[0] == b[0] && a[1] > b[1] }
