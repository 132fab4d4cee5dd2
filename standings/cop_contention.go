package standings

import (
	"math"
	"slices"
)

// copPosition is the standings COP pairs on and what its simulations
// make of them. Places are 0-based ranks among the players still in.
type copPosition struct {
	set        COPSettings
	n          int
	winsHalf   []int
	spread     []int
	roundsLeft int // counting the round being paired
	gibson     int // Gibson spread of one game, for the rounds left
	hope       float64
	threshold  float64 // control loss
	seed       splitMix64

	gibsonized []bool
	group      []int
	segs       []copSegment
	maxFactor  int
	field      *copField
	runs       int     // simulations counted
	places     []int32 // places[i*n+p]: runs player i finished in place p

	hopefulPlace []int // best place reached in hope of the runs
	bestPlace    []int // best place reached at all
	worstPlace   []int // worst place reached at all
	// lowestHope[p] is the lowest-ranked player hopeful of place p.
	lowestHope []int
	// challenger is the player the leader must meet under control loss
	// (-1: none).
	challenger int
	// factor3 are the penultimate-round pairs forced (places).
	factor3 [][2]int
}

// canCatch: can the player in place j finish level with or ahead of the
// player in place i (i < j) in rounds games, each worth at most the
// Gibson spread g, as tsh's COP counts it?
func (p *copPosition) canCatch(i, j, rounds, g int) bool {
	d := p.winsHalf[i] - p.winsHalf[j]
	if d != 2*rounds {
		return d < 2*rounds
	}
	return p.spread[j] >= p.spread[i] || p.spread[i]-p.spread[j] <= 2*g*rounds
}

// gibsonize marks the players of the paid places whose place is
// settled: nobody below can catch them and they cannot catch the one
// above.
func (p *copPosition) gibsonize() {
	p.gibsonized = make([]bool, p.n)
	for i := 0; i < min(p.set.PlacePrizes, p.n); i++ {
		up := i > 0 && p.canCatch(i-1, i, p.roundsLeft, p.gibson)
		down := i < p.n-1 && p.canCatch(i, i+1, p.roundsLeft, p.gibson)
		p.gibsonized[i] = !up && !down
	}
}

// simulate runs the simulations: once with pairings of up to as many
// places apart as rounds are left, then, when the runs show the
// leader's pursuers come from fewer places than that, again with the
// tighter plan; then more runs while a player's chance of the last paid
// place (or of first) is too close to the hopefulness to call, up to
// twice the runs asked for.
func (p *copPosition) simulate() {
	field := newCOPField(p.winsHalf, p.spread, p.roundsLeft, p.gibson)
	size := len(field.start)
	p.segs, p.group = copGroups(p.gibsonized, size)
	p.group = p.group[:p.n]
	p.field = field
	rounds, factors := copSimRounds(p.segs, size, p.roundsLeft, p.roundsLeft, false, nil)
	p.runs = p.set.Simulations
	p.places = field.finalPlaces(p.runs, p.seed.next(), rounds)

	top := 0
	for top < p.n-1 && p.gibsonized[top] {
		top++
	}
	if p.gibsonized[top] {
		top = 0
	}
	p.maxFactor = 0
	for i := top + 1; i < p.n && p.places[i*p.n+top] > 0; i++ {
		p.maxFactor++
	}
	groupSize := 0
	for i := top; i < p.n && p.group[i] == p.group[top]; i++ {
		groupSize++
	}
	if p.maxFactor*2 < groupSize {
		tighter, f2 := copSimRounds(p.segs, size, p.roundsLeft, p.maxFactor, false, nil)
		if !slices.Equal(f2, factors) {
			rounds = tighter
			p.places = field.finalPlaces(p.runs, p.seed.next(), rounds)
		}
	}

	check := []int{min(p.set.PlacePrizes, p.n) - 1}
	if !p.gibsonized[0] {
		check = append(check, 0)
	}
	for p.runs < 2*p.set.Simulations && !p.conclusive(check) {
		more := min(10000, 2*p.set.Simulations-p.runs)
		extra := field.finalPlaces(more, p.seed.next(), rounds)
		for i := range extra {
			p.places[i] += extra[i]
		}
		p.runs += more
	}
}

// conclusive: for every player, the share of runs finishing in or above
// each checked place is clearly above or below the hopefulness (a
// Wilson interval at 99% over all the players and places checked).
func (p *copPosition) conclusive(places []int) bool {
	alpha := 0.01 / float64(p.n*len(places))
	z := math.Sqrt2 * math.Erfinv(1-alpha)
	n := float64(p.runs)
	for _, place := range places {
		for i := 0; i < p.n; i++ {
			phat := float64(p.places[i*p.n+place]) / n
			den := 1 + z*z/n
			mid := (phat + z*z/(2*n)) / den
			half := z / den * math.Sqrt(phat*(1-phat)/n+z*z/(4*n*n))
			if p.hope >= mid-half && p.hope <= mid+half {
				return false
			}
		}
	}
	return true
}

// contention reads the runs: each player's best place reached in at
// least hope of them (cumulatively), best and worst place reached at
// all, and for each place the lowest-ranked player hopeful of it.
func (p *copPosition) contention() {
	need := int64(math.Round(float64(p.runs) * p.hope))
	p.hopefulPlace = make([]int, p.n)
	p.bestPlace = make([]int, p.n)
	p.worstPlace = make([]int, p.n)
	for i := 0; i < p.n; i++ {
		row := p.places[i*p.n : (i+1)*p.n]
		p.hopefulPlace[i], p.bestPlace[i] = p.n-1, p.n-1
		var sum int64
		for place, c := range row {
			if sum == 0 && c > 0 {
				p.bestPlace[i] = place
			}
			sum += int64(c)
			if sum >= need {
				p.hopefulPlace[i] = place
				break
			}
		}
		for place := p.n - 1; place >= 0; place-- {
			if row[place] > 0 {
				p.worstPlace[i] = place
				break
			}
		}
	}
	// The lowest player hopeful of each place; a place no one is hopeful
	// of takes the player just above the next hopeful one.
	p.lowestHope = make([]int, p.n)
	prev := 0
	for i, place := range p.hopefulPlace {
		if i > p.lowestHope[place] {
			p.lowestHope[place] = i
		}
		for q := prev + 1; q < place; q++ {
			p.lowestHope[q] = i - 1
		}
		prev = place
	}
	for q := prev + 1; q < p.n; q++ {
		p.lowestHope[q] = p.n - 1
	}
}
