package standings

import "fmt"

// reason says, in words a player can read, the rule that decided the
// pair of places a < b (b = n: the bye); bFirst: b starts, and is named
// first.
func (m *copMatch) reason(a, b int, bFirst bool) string {
	p := m.p
	if f, ok := m.forced[a]; ok && (f.a == b || f.b == b) {
		return f.reason
	}
	pa := ordinal(a + 1)
	if b >= p.n {
		switch {
		case m.gibsonBye:
			return fmt.Sprintf("bye: COP: a Gibson takes the bye (%s has clinched their place)", pa)
		case m.meetings(a, b) > 0:
			return fmt.Sprintf("bye: COP: the pairing of least weight, though %s has had %d", pa, m.meetings(a, b))
		}
		return fmt.Sprintf("bye: COP: %s, the pairing of least weight", pa)
	}
	pb := ordinal(b + 1)
	vs := pa + " vs " + pb
	if bFirst {
		vs = pb + " vs " + pa
	}
	why := ""
	switch {
	case a == 0 && b == p.challenger:
		why = fmt.Sprintf("COP, control loss: 1st meets %s, who could otherwise lose control of their fate", pb)
	case p.group[a] != 0:
		why = fmt.Sprintf("COP: %s, within a Gibson group (their places are settled against everyone outside it)", vs)
	case p.gibsonized[a] || p.gibsonized[b]:
		g := a
		if !p.gibsonized[a] {
			g = b
		}
		why = fmt.Sprintf("COP: %s; %s has clinched their place (Gibson) and meets a player who cannot cash", vs, ordinal(g+1))
	case a <= m.lastPaidHope && b == m.lowestHopeOf(a) && m.lastQuarter():
		why = fmt.Sprintf("COP: %s, %s being the lowest-ranked player who can still catch %s", vs, pb, pa)
	case a <= m.lastPaidHope && b <= m.lowestHopeOf(a):
		why = fmt.Sprintf("COP: %s, %s being a contender who can still catch %s", vs, pb, pa)
	default:
		why = fmt.Sprintf("COP: %s, the pairing of least weight", vs)
	}
	if t := m.meetings(a, b); t > 0 {
		why += fmt.Sprintf("; rematch (meeting %d)", t+1)
	}
	return why
}
