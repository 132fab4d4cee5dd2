package standings

import (
	"hash/fnv"
	"slices"
	"sort"
)

// PairCOP pairs a round with COP (Castellano-O'Connor pairings), as
// published by its authors and run for tsh's COP module: simulations of
// the rest of the event tell who can still cash and who is hopeful of
// which place; hard rules (pairs made by hand stand, King of the Hill in
// the last round among the players who can still cash and among each
// class's prize contenders, no game across a Gibson group, control loss,
// the penultimate round's 1v4 2v5 3v6, the bye to a Gibson or top down)
// fix or forbid pairs; weights in tiers (a hopeful against a player who
// cannot catch them, a Gibson against a possible casher, a repeat bye;
// repeats; rank distance; in the last quarter a hopeful's pull toward
// the lowest player who can still catch them; back-to-back rematches)
// choose among the rest by a minimum-weight perfect matching.
//
// Players are placed by the standings after basedOn (round-1 unless
// told); the lists of COPSettings are read for the rounds left counting
// the round being paired. The same seed gives the same pairings.
func PairCOP(d *Division, req PairRequest) ([]Pairing, error) {
	c, err := newRoundContext(d, req.Round, req.BasedOn)
	if err != nil {
		return nil, err
	}
	if d.cfg.Rounds == 0 {
		return nil, errorf(CodeRoundsNotSet, "COP looks ahead to the last round: set the division's number of rounds first")
	}
	if req.Round > d.cfg.Rounds {
		return nil, errorf(CodeRoundOutOfRange, "round %d is past the division's last round (%d)", req.Round, d.cfg.Rounds)
	}
	if len(c.eligible) == 0 {
		return nil, errorf(CodeNoPlayers, "nobody is left to pair in round %d", req.Round)
	}
	set := req.COP.WithDefaults(d.cfg.Rounds)
	if err := set.Validate(); err != nil {
		return nil, err
	}
	m := newCOPMatch(c, set, req.Seed)
	drafts, err := m.pair()
	if err != nil {
		return nil, err
	}
	return c.finish(drafts), nil
}

// copWorkBudget caps the simulations of a very large field: at most
// this many player-rounds a batch of runs (a 500-player division with 15
// rounds left runs 20,000, its always-wins tests 5,000 each), where
// tsh's COP service stops its runs after six seconds. Fields of up to a
// hundred players or so run every simulation asked for.
const copWorkBudget = 150_000_000

// copMatch is one COP pairing in the making.
type copMatch struct {
	c     *roundContext
	p     *copPosition
	ids   []int // by place
	place map[int]int
	// nodes are the places to pair (not paired by hand), with the bye,
	// place n, last when their number is odd.
	nodes    []int
	bye      bool
	complete int // rounds fully paired before this one
	left     int // rounds left counting this one
	// lastPaidHope is the lowest player hopeful of the last paid place;
	// lastCasher the lowest who reaches a paid place in any run.
	lastPaidHope, lastCasher int
	override                 map[int]int // lowestHope, widened on retry
	gibsonBye                bool
	forced                   map[int]copForce // place -> its forced pair
	forbidden                map[[2]int]bool
	kothCash                 int // players in the last round's King of the Hill for cash
}

// copForce is a pair a hard rule fixed, with the rule's reason.
type copForce struct {
	a, b   int // places; b may be the bye
	reason string
}

func newCOPMatch(c *roundContext, set COPSettings, seed uint64) *copMatch {
	m := &copMatch{c: c, place: map[int]int{}, complete: c.round - 1, left: c.d.cfg.Rounds - c.round + 1,
		override: map[int]int{}, forced: map[int]copForce{}, forbidden: map[[2]int]bool{}}
	var wins, spread []int
	for _, r := range c.rows {
		if c.d.players[r.Player-1].Withdrawn {
			continue
		}
		m.place[r.Player] = len(m.ids)
		m.ids = append(m.ids, r.Player)
		wins = append(wins, r.winsHalf)
		spread = append(spread, r.Spread)
	}
	n := len(m.ids)
	if seed == 0 {
		seed = copSeed(c.d, c.round)
	}
	left := max(1, c.d.cfg.Rounds-c.basedOn)
	p := &copPosition{set: set, n: n, winsHalf: wins, spread: spread, roundsLeft: left,
		gibson: byRoundsLeft(set.GibsonSpread, m.left), hope: byRoundsLeft(set.Hopefulness, m.left),
		threshold: byRoundsLeft(set.ControlLossThresholds, m.left), seed: splitMix64{state: seed}}
	p.set.PlacePrizes = min(max(1, set.PlacePrizes), n)
	work := (n + n%2) * left
	p.set.Simulations = min(set.Simulations, max(1000, copWorkBudget/work))
	p.set.AlwaysWinsSimulations = min(set.AlwaysWinsSimulations, max(1000, copWorkBudget/(4*work)))
	m.p = p
	for _, id := range c.eligible {
		m.nodes = append(m.nodes, m.place[id])
	}
	slices.Sort(m.nodes)
	if len(m.nodes)%2 == 1 {
		m.nodes = append(m.nodes, n)
		m.bye = true
	}
	return m
}

// copSeed is the seed of a pairing asked for without one: the players'
// names and the round, as tsh's COP service derives it.
func copSeed(d *Division, round int) uint64 {
	h := fnv.New64()
	for _, p := range d.players {
		_, _ = h.Write([]byte(p.Name))
	}
	return h.Sum64() + uint64(round)
}

// pair runs the simulations, sets the hard rules and matches.
func (m *copMatch) pair() ([]draft, error) {
	p := m.p
	p.gibsonize()
	p.simulate()
	p.contention()
	p.controlLoss(m.complete)
	p.penultimate(func(i int) bool { return m.paidByHand(i) || p.gibsonized[i] })
	P := p.set.PlacePrizes
	m.lastPaidHope = p.lowestHope[P-1]
	for i, b := range p.bestPlace {
		if b < P {
			m.lastCasher = i
		}
	}
	if m.bye {
		for i := 0; i < p.n; i++ {
			if p.gibsonized[i] && p.group[i] == 0 && !m.paidByHand(i) {
				m.gibsonBye = true
				break
			}
		}
	}
	m.constrain()
	mate, err := m.match()
	if err != nil {
		return nil, err
	}
	// A hopeful left with a player who cannot catch them: widen whom
	// they may meet by one place and match once more.
	widened := false
	for i, j := range mate {
		if a, b := m.nodes[i], m.nodes[j]; a < b && m.pullWeight(a, b) >= copMajor {
			if cur := m.lowestHopeOf(a); cur+1 < p.n {
				m.override[a] = cur + 1
				widened = true
			}
		}
	}
	if widened {
		if mate, err = m.match(); err != nil {
			return nil, err
		}
	}
	var drafts []draft
	for i, j := range mate {
		a, b := m.nodes[i], m.nodes[j]
		if a > b {
			continue
		}
		dr := draft{a: m.ids[a], reason: m.reason(a, b, false)}
		if b < p.n {
			dr.b = m.ids[b]
			a, b := a, b
			dr.why = func(first, _ int) string { return m.reason(a, b, first == m.ids[b]) }
		}
		drafts = append(drafts, dr)
	}
	sort.SliceStable(drafts, func(i, j int) bool { return m.place[drafts[i].a] < m.place[drafts[j].a] })
	return drafts, nil
}

// paidByHand: the player in place i is already paired in the round.
func (m *copMatch) paidByHand(i int) bool {
	return i < m.p.n && m.c.d.slotAt(m.ids[i], m.c.round).state != slotEmpty
}

func (m *copMatch) lowestHopeOf(i int) int {
	if o, ok := m.override[i]; ok {
		return o
	}
	return m.p.lowestHope[i]
}

// match finds the pairing of least weight that breaks no hard rule.
func (m *copMatch) match() ([]int, error) {
	k := len(m.nodes)
	cost := func(i, j int) int64 {
		a, b := m.nodes[i], m.nodes[j]
		if m.forbidden[pairKey(a, b)] {
			return copForbidden
		}
		return m.weight(a, b)
	}
	cands := allPairs(k)
	if k > 120 {
		cands = func(i int, add func(j int)) {
			for j := i + 1; j < k && j <= i+24; j++ {
				add(j)
			}
			if m.bye {
				add(k - 1)
			}
		}
	}
	mate := minCostPerfectMatching(k, copForbidden, cost, cands)
	var stuck []string
	for i, j := range mate {
		if j < 0 || (i < j && cost(i, j) >= copForbidden) {
			stuck = append(stuck, m.c.d.players[m.ids[m.nodes[i]]-1].Name)
		}
	}
	if len(stuck) > 0 {
		return nil, errorf(CodeOverconstrained, "COP's rules leave no pairing for %d player(s) (%s ...): pair some by hand, or pair this round with another system",
			len(stuck), stuck[0])
	}
	return mate, nil
}
