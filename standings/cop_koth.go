package standings

import (
	"fmt"
	"slices"
	"sort"
)

// lastRoundKOTH fixes the last round's King of the Hill: down the
// standings while players can still cash, 1st v 2nd, 3rd v 4th (a Gibson,
// or a player paired by hand, is passed over and the next two meet);
// then, for each class with prizes still open, its contenders meet each
// other in order, as long as the lower of two can catch the player they
// must pass. Under exagony two team-mates are not made to meet: the
// weights pair them elsewhere where they can.
func (m *copMatch) lastRoundKOTH() {
	p := m.p
	size := p.n
	if m.bye {
		size++
	}
	below := 0 // the first place below the cash King of the Hill
	for i := 0; i < size-1; i++ {
		if m.lastCasher < i {
			below = i
			break
		}
		a, b := i, i+1
		if b >= p.n || p.gibsonized[a] || p.gibsonized[b] || m.paidByHand(a) || m.paidByHand(b) ||
			m.c.sameTeam(m.ids[a], m.ids[b]) { // exagony: team-mates are left to the weights
			continue
		}
		m.kothCash = m.lastCasher + 1
		m.force(a, b, fmt.Sprintf("COP, last round: King of the Hill among the %d who can still cash", m.kothCash))
		i++
	}
	classes := make([]string, 0, len(p.set.ClassPrizes))
	for cl := range p.set.ClassPrizes {
		classes = append(classes, cl)
	}
	sort.Strings(classes)
	for _, cl := range classes {
		m.classKOTH(cl, p.set.ClassPrizes[cl], below)
	}
}

// classKOTH pairs a class's prize contenders in the last round, from
// the first place below the cash contenders down.
func (m *copMatch) classKOTH(class string, prizes, below int) {
	p := m.p
	in := func(i int) bool {
		return i < p.n && m.c.d.players[m.ids[i]-1].Class == class && !m.paidByHand(i)
	}
	open := prizes
	for i := 0; i < below; i++ {
		if in(i) && p.worstPlace[i] >= p.set.PlacePrizes {
			open--
		}
	}
	if open < 1 {
		return
	}
	var members []int
	for i := below; i < p.n; i++ {
		if in(i) {
			members = append(members, i)
		}
	}
	var pairs [][2]int
	ahead, toCatch := 0, -1
	for k := 0; k+1 < len(members); {
		a, b := members[k], members[k+1]
		if !p.canCatch(a, b, 1, p.gibson) {
			k++
			ahead++
			if ahead == open {
				break
			}
			continue
		}
		switch open - ahead {
		case 2:
			toCatch = b
		case 1:
			toCatch = a
		default:
			if toCatch >= 0 && !p.canCatch(toCatch, b, 1, p.gibson) {
				k = len(members)
				continue
			}
		}
		pairs = append(pairs, [2]int{a, b})
		ahead += 2
		k += 2
	}
	for _, pr := range pairs {
		if m.c.sameTeam(m.ids[pr[0]], m.ids[pr[1]]) {
			continue
		}
		_, doneA := m.forced[pr[0]]
		_, doneB := m.forced[pr[1]]
		if doneA || doneB || !slices.Contains(m.nodes, pr[0]) || !slices.Contains(m.nodes, pr[1]) {
			continue
		}
		m.force(pr[0], pr[1], fmt.Sprintf("COP, last round: King of the Hill among the %d in class %s who can still win its prizes", 2*len(pairs), class))
	}
}
