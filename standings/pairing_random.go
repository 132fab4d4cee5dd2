package standings

import "fmt"

// PairRandom draws a round at random from a seed: the same seed and
// division give the same pairings on every machine and Go version (the
// generator is SplitMix64, written out here, not math/rand's, whose
// streams may change). The bye still goes by the rule.
func PairRandom(d *Division, round int, seed uint64) ([]Pairing, error) {
	c, err := newRoundContext(d, round, 0)
	if err != nil {
		return nil, err
	}
	if len(c.eligible) == 0 {
		return nil, errorf(CodeNoPlayers, "nobody is left to pair in round %d", round)
	}
	drafts, rest := c.setAside(c.eligible, false)
	shuffled := append([]int(nil), rest...)
	rng := splitMix64{state: seed ^ uint64(round)*0x9e3779b97f4a7c15}
	for i := len(shuffled) - 1; i > 0; i-- {
		j := int(rng.next() % uint64(i+1))
		shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
	}
	c.separateTeamMates(shuffled)
	why := fmt.Sprintf("random draw (seed %d)", seed)
	for i := 0; i+1 < len(shuffled); i += 2 {
		drafts = append(drafts, draft{a: shuffled[i], b: shuffled[i+1], reason: why + c.exagonyNote(shuffled[i], shuffled[i+1])})
	}
	return c.finish(drafts), nil
}

// splitMix64 is Steele, Lea and Flood's generator: tiny, fast, and fixed.
type splitMix64 struct{ state uint64 }

func (s *splitMix64) next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
