package standings

// copGroups splits the ranked field at its Gibsonized players into the
// segments the simulations pair within: a run of players between two
// Gibsons is a group of its own, joined by the Gibson below it when the
// run is odd; the field below the last group, with every Gibson left
// over, is group 0. group[i] is player i's group.
type copSegment struct {
	from, to  int   // places, inclusive
	leftovers []int // Gibsons paired at the segment's tail (group 0)
}

func copGroups(gibsonized []bool, size int) (segs []copSegment, group []int) {
	group = make([]int, size)
	next, start := 1, 0
	var leftovers []int
	for end := 0; end < size; end++ {
		if end >= len(gibsonized) || !gibsonized[end] {
			continue
		}
		left := true
		if run := end - start; run > 0 {
			last := end - 1
			if run%2 == 1 { // an odd run takes the Gibson below it
				last, left = end, false
			}
			segs = append(segs, copSegment{from: start, to: last})
			for p := start; p <= last; p++ {
				group[p] = next
			}
			next++
		}
		if left {
			leftovers = append(leftovers, end)
		}
		start = end + 1
	}
	segs = append(segs, copSegment{from: start, to: size - 1, leftovers: leftovers})
	return segs, group
}

// copSimRounds writes the pairings of the simulated rounds (places,
// two by two), roundsLeft of them, for a field of size places (even):
// within each segment, rank i plays rank i+k with k the rounds to go
// (at most maxFactor and half the segment) for the top k pairs, the rest
// top half against bottom half; the last round King of the Hill. With
// controlLoss, one factor pair at the top and the rest drawn at random,
// no two more than half the field apart where a draw allows (rng).
// factors lists the k of every segment and round, to tell two plans
// apart.
func copSimRounds(segs []copSegment, size, roundsLeft, maxFactor int, controlLoss bool, rng *splitMix64) (rounds [][]int, factors []int) {
	rounds = make([][]int, roundsLeft)
	for r := range rounds {
		rounds[r] = make([]int, 0, size)
	}
	for _, sg := range segs {
		m := sg.to - sg.from + 1
		for r := range rounds {
			togo := roundsLeft - r
			k := min(togo, maxFactor, m/2)
			factors = append(factors, k)
			out := rounds[r]
			switch {
			case togo == 1:
				for p := sg.from; p <= sg.to; p++ {
					out = append(out, p)
				}
			case controlLoss && k > 0:
				out = append(out, sg.from, sg.from+k)
				var rest []int
				for p := sg.from + 1; p <= sg.to; p++ {
					if p != sg.from+k {
						rest = append(rest, p)
					}
				}
				out = append(out, drawNear(rest, size/2, rng)...)
			default:
				for i := 0; i < k; i++ {
					out = append(out, sg.from+i, sg.from+i+k)
				}
				rest := m - 2*k
				half := rest / 2
				base := sg.from + 2*k
				for i := 0; i < half; i++ {
					out = append(out, base+i, base+i+half)
				}
				if rest%2 == 1 {
					out = append(out, base+rest-1)
				}
			}
			rounds[r] = append(out, sg.leftovers...)
		}
	}
	return rounds, factors
}

// drawNear shuffles players into pairs (two by two) and keeps, of ten
// draws, the one with the fewest pairs more than far places apart.
func drawNear(players []int, far int, rng *splitMix64) []int {
	apart := func(ps []int) int {
		n := 0
		for i := 0; i+1 < len(ps); i += 2 {
			if abs(ps[i]-ps[i+1]) > far {
				n++
			}
		}
		return n
	}
	best := append([]int(nil), players...)
	worst := apart(best)
	try := append([]int(nil), players...)
	for a := 0; a < 10 && worst > 0; a++ {
		for i := len(try) - 1; i > 0; i-- {
			j := int(rng.next() % uint64(i+1))
			try[i], try[j] = try[j], try[i]
		}
		if v := apart(try); v < worst {
			copy(best, try)
			worst = v
		}
	}
	return best
}

// copFactor3Rounds are the last two rounds as the penultimate-round
// rule would pair them: 1st v 4th, 2nd v 5th, 3rd v 6th, the rest top
// half against bottom half, then King of the Hill.
func copFactor3Rounds(size int) [][]int {
	first := []int{0, 3, 1, 4, 2, 5}
	half := (size - 6) / 2
	for i := 0; i < half; i++ {
		first = append(first, 6+i, 6+i+half)
	}
	last := make([]int, size)
	for i := range last {
		last[i] = i
	}
	return [][]int{first, last}
}
