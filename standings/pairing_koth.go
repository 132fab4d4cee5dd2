package standings

import "fmt"

// PairKOTH pairs King of the Hill on the standings after basedOn: 1st v
// 2nd, 3rd v 4th, ... after the bye and any Gibson pairing are set aside.
// Round 1, with no standings yet, is seeded by rating (seedByRating):
// 1st v 2nd by rating, unrated players last.
// With avoidRepeats, a pairing slides down a place (or more) when that
// avoids a repeat, at the least total displacement; under exagony,
// team-mates slide apart the same way.
func PairKOTH(d *Division, round, basedOn int, avoidRepeats bool) ([]Pairing, error) {
	c, err := newRoundContext(d, round, basedOn)
	if err != nil {
		return nil, err
	}
	if len(c.eligible) == 0 {
		return nil, errorf(CodeNoPlayers, "nobody is left to pair in round %d", round)
	}
	c.seedByRating()
	drafts, rest := c.setAside(c.eligible, d.cfg.Gibson.Enabled)
	last := ""
	if d.cfg.Rounds > 0 && round == d.cfg.Rounds {
		last = ", last round"
	}
	// reason names the two in seat order (draft.why).
	reason := func(a, b int) string {
		if c.seeded {
			return c.seedReason("King of the Hill", a, b, last) + c.exagonyNote(a, b)
		}
		why := fmt.Sprintf("%s vs %s, King of the Hill%s", c.place(a), c.place(b), last)
		if c.met[pairKey(a, b)] > 0 {
			why += fmt.Sprintf("; rematch of round %d", c.lastMet(a, b))
		}
		return why + c.exagonyNote(a, b)
	}
	if !avoidRepeats && !d.cfg.Exagony {
		for i := 0; i+1 < len(rest); i += 2 {
			drafts = append(drafts, draft{a: rest[i], b: rest[i+1], why: reason})
		}
		return c.finish(drafts), nil
	}
	m := len(rest)
	met := c.metMatrix(rest)
	pairs := int64(m/2 + 1)
	repeat := pairs*int64(m*m) + 1
	bound := repeat*maxRepeatsCosted*maxRepeatsCosted + int64(m*m)
	mate := minCostPerfectMatching(m, bound, func(i, j int) int64 {
		r := int64(min(int(met[i*m+j]), maxRepeatsCosted))
		if !avoidRepeats {
			r = 0 // exagony alone: King of the Hill slides only for team-mates
		}
		if c.sameTeam(rest[i], rest[j]) {
			r = maxRepeatsCosted
		}
		return r*r*repeat + int64((j-i-1)*(j-i-1))
	}, func(i int, add func(j int)) {
		for j := i + 1; j < m && j <= i+8; j++ {
			add(j)
		}
	})
	for i, j := range mate {
		if i < j {
			drafts = append(drafts, draft{a: rest[i], b: rest[j], why: reason})
		}
	}
	return c.finish(drafts), nil
}
