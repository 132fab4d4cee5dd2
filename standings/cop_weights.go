package standings

import (
	"fmt"
	"math"
	"slices"
)

// COP's weight tiers: a major penalty for what must not happen while
// anything else can (a hopeful against a player who cannot catch them,
// a Gibson against a possible casher, a repeat bye, team-mates under
// exagony); a minor one for back-to-back rematches; forbidden pairs
// cost more than every weight of a field together.
const (
	copMajor     = int64(1e9)
	copMinor     = copMajor / 1000
	copForbidden = int64(1e14)
)

// weight is the cost of pairing places a < b (b = n: the bye).
func (m *copMatch) weight(a, b int) int64 {
	return m.rankWeight(a, b) + m.pullWeight(a, b) + m.gibsonWeight(a, b) +
		m.repeatWeight(a, b) + m.backToBackWeight(a, b) + m.byeWeight(a, b) + m.teamWeight(a, b)
}

// lastQuarter: the round being paired is in the event's last quarter.
func (m *copMatch) lastQuarter() bool { return m.left*4 <= m.c.d.cfg.Rounds }

func (m *copMatch) gibsonized(i int) bool { return i < m.p.n && m.p.gibsonized[i] }

// rankWeight: the distance in places, cubed among the players in the
// paid places (squared for a Gibson, and below them); none in the last
// quarter for a hopeful, whom pullWeight places instead.
func (m *copMatch) rankWeight(a, b int) int64 {
	d := int64(b - a)
	switch {
	case m.lastQuarter() && !m.gibsonized(a) && a <= m.lastPaidHope:
		return 0
	case m.gibsonized(a) || m.gibsonized(b) || a >= m.p.set.PlacePrizes:
		return d * d
	}
	return d * d * d
}

// pullWeight: a hopeful of a paid place meets a player who can still
// catch them (down to the lowest player hopeful of their place); any
// other opponent costs a major penalty. In the last quarter the nearer
// the opponent is to that lowest player, the better.
func (m *copMatch) pullWeight(a, b int) int64 {
	if m.gibsonized(a) || m.gibsonized(b) || a > m.lastPaidHope {
		return 0
	}
	low := m.lowestHopeOf(a)
	if b <= low || (low == a && b == a+1) {
		if !m.lastQuarter() {
			return 0
		}
		d := float64(abs(low - b))
		return int64(math.Pow(d, 3) * 2)
	}
	return copMajor
}

// gibsonWeight: a Gibson outside a Gibson group does not meet a player
// who can still cash.
func (m *copMatch) gibsonWeight(a, b int) int64 {
	ga, gb := m.p.group[a], 0
	if b < m.p.n {
		gb = m.p.group[b]
	}
	if ga != 0 || gb != 0 || (m.gibsonized(a) && m.gibsonized(b)) {
		return 0
	}
	if m.gibsonized(a) && b <= m.lastCasher || m.gibsonized(b) && a <= m.lastCasher {
		return copMajor
	}
	return 0
}

// repeatWeight: each earlier meeting doubles the weight and adds one
// unit (1, 3, 7, 15 ...), a unit of 4(n/3)^3; byes count as meetings
// with the bye.
func (m *copMatch) repeatWeight(a, b int) int64 {
	t := m.meetings(a, b)
	if t == 0 {
		return 0
	}
	unit := int64(4 * int(math.Pow(float64(m.p.n)/3, 3)))
	return int64(1<<min(t, 30)-1) * unit
}

func (m *copMatch) meetings(a, b int) int {
	if b >= m.p.n {
		return m.c.d.byes(m.ids[a], m.c.round)
	}
	return m.c.met[pairKey(m.ids[a], m.ids[b])]
}

// backToBackWeight: below the hopefuls, not the opponent of the round
// just played.
func (m *copMatch) backToBackWeight(a, b int) int64 {
	if a <= m.lastPaidHope || b >= m.p.n || m.complete < 1 {
		return 0
	}
	if m.c.lastMet(m.ids[a], m.ids[b]) == m.complete {
		return copMinor
	}
	return 0
}

// byeWeight: with disallow_repeat_byes, a major penalty for each bye had.
func (m *copMatch) byeWeight(a, b int) int64 {
	if !m.p.set.DisallowRepeatByes || b < m.p.n {
		return 0
	}
	return copMajor * int64(m.meetings(a, b))
}

// teamWeight: under exagony, team-mates meet only when nothing else
// pairs.
func (m *copMatch) teamWeight(a, b int) int64 {
	if b >= m.p.n {
		return 0
	}
	if m.c.sameTeam(m.ids[a], m.ids[b]) {
		return copMajor
	}
	return 0
}

// constrain sets the hard rules: pairs fixed (and every other pair of
// their players forbidden) and pairs forbidden.
func (m *copMatch) constrain() {
	p := m.p
	if m.left == 1 && p.roundsLeft == 1 {
		m.lastRoundKOTH()
	}
	if p.challenger >= 0 && len(p.factor3) == 0 && !m.paidByHand(0) {
		keep := []int{p.challenger}
		if m.left > 4 && m.complete != p.set.ControlLossActivationRound-1 {
			keep = append(keep, p.challenger-1)
		}
		for _, j := range m.nodes {
			if j != 0 && !slices.Contains(keep, j) {
				m.forbidden[pairKey(0, j)] = true
			}
		}
		if slices.Contains(m.nodes, 0) && slices.Contains(m.nodes, p.challenger) && len(keep) == 1 {
			m.force(0, p.challenger, fmt.Sprintf("COP, control loss: 1st meets %s, who could otherwise lose control of their fate", ordinal(p.challenger+1)))
		}
	}
	for x, a := range m.nodes {
		for _, b := range m.nodes[x+1:] {
			if b < p.n && p.group[a] != p.group[b] {
				m.forbidden[pairKey(a, b)] = true
			}
		}
	}
	switch {
	case !m.bye:
	case m.gibsonBye:
		for _, a := range m.nodes {
			if a < p.n && !p.gibsonized[a] {
				m.forbidden[pairKey(a, p.n)] = true
			}
		}
	case p.set.TopDownByes:
		best, fewest := -1, 0
		for _, a := range m.nodes[:len(m.nodes)-1] {
			if _, fixed := m.forced[a]; fixed || m.forbidden[pairKey(a, p.n)] {
				continue // a stronger rule has placed them
			}
			if b := m.meetings(a, p.n); best < 0 || b < fewest {
				best, fewest = a, b
			}
		}
		if best >= 0 {
			m.force(best, p.n, fmt.Sprintf("bye: COP, byes top down: the highest-ranked player with the fewest byes (%d so far)", fewest))
		}
	}
	for _, f := range p.factor3 {
		why := "COP, second-to-last round: 1st vs 4th, 2nd vs 5th, 3rd vs 6th"
		if len(p.factor3) == 1 {
			why = fmt.Sprintf("COP, second-to-last round: 1st meets %s, who could otherwise lose control of their fate", ordinal(f[1]+1))
		}
		m.force(f[0], f[1], why)
	}
}

// force fixes a pair: every other pair of either player is forbidden.
func (m *copMatch) force(a, b int, reason string) {
	_, doneA := m.forced[a]
	_, doneB := m.forced[b]
	if doneA || doneB {
		return // a stronger rule placed one of them already
	}
	m.forced[a] = copForce{a: a, b: b, reason: reason}
	m.forced[b] = copForce{a: a, b: b, reason: reason}
	for _, x := range m.nodes {
		for _, y := range []int{a, b} {
			if x != a && x != b {
				m.forbidden[pairKey(x, y)] = true
			}
		}
	}
}
