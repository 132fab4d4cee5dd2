package standings

import (
	"runtime"
	"slices"
	"sync"
)

// COP's simulations play the rest of the event many times over with
// random results: each game a coin toss, its margin drawn from
// copSpreads and capped at the Gibson spread. The pairings of each
// simulated round are places in the standings as they then stand (rank
// i plays rank i+k), so every round re-sorts the field.
//
// A player's standing is one number: wins (in halves), spread and the
// player's place before the simulation, packed so that a smaller key
// ranks higher (ties on wins and spread keep the earlier order), which
// lets a plain integer sort re-rank the field.
const (
	simWinShift    = 40
	simSpreadShift = 16
	simSpreadBias  = 1 << 23
	simWinBias     = 1 << 12
	simPlaceMask   = 1<<16 - 1
)

// simKey packs a standing; place is the player's place before the runs.
func simKey(winsHalf, spread, place int) uint64 {
	v := uint64(winsHalf+simWinBias)<<simWinShift | uint64(spread+simSpreadBias)<<simSpreadShift | uint64(simPlaceMask-place)
	return ^v
}

func simPlace(k uint64) int { return simPlaceMask - int(^k&simPlaceMask) }

// copField is the field a simulation starts from: keys in standings
// order (index = place), one more (the "bye", last forever) when the
// field is odd, and the margins of one game capped.
type copField struct {
	players int // real players; len(start) may be one more
	start   []uint64
	margins [len(copSpreads)]uint64 // spread part of a key, capped
	nonTie  int                     // first margin that is not a tie
}

func newCOPField(winsHalf, spread []int, roundsLeft, gibsonSpread int) *copField {
	n := len(winsHalf)
	f := &copField{players: n}
	for i := range winsHalf {
		f.start = append(f.start, simKey(winsHalf[i], spread[i], i))
	}
	if n%2 == 1 {
		low := winsHalf[n-1] - 2*(roundsLeft+1)
		f.start = append(f.start, simKey(low, 0, n))
	}
	for i, m := range copSpreads {
		f.margins[i] = uint64(min(int(m), gibsonSpread)) << simSpreadShift
		if m == 0 {
			f.nonTie = i + 1
		}
	}
	return f
}

// simRun is one worker's state.
type simRun struct {
	f      *copField
	cur    []uint64
	rng    splitMix64
	tmp    []uint64 // scratch for sort
	bucket []int
}

func newSimRun(f *copField, rng splitMix64) *simRun {
	return &simRun{f: f, cur: make([]uint64, len(f.start)), tmp: make([]uint64, len(f.start)), rng: rng}
}

// sort re-ranks the field: a counting sort on wins (few values, and the
// order before the round kept within each), then an insertion sort of
// each wins group on spread, which the round has only stirred.
func (s *simRun) sort() {
	cur := s.cur
	if len(cur) <= 64 {
		insertionSort(cur)
		return
	}
	lo, hi := cur[0]>>simWinShift, cur[0]>>simWinShift
	for _, k := range cur {
		w := k >> simWinShift
		lo, hi = min(lo, w), max(hi, w)
	}
	span := int(hi-lo) + 2
	if span > 4*len(cur) {
		slices.Sort(cur)
		return
	}
	if cap(s.bucket) < span {
		s.bucket = make([]int, span)
	}
	b := s.bucket[:span]
	clear(b)
	for _, k := range cur {
		b[int(k>>simWinShift-lo)+1]++
	}
	for i := 1; i < span; i++ {
		b[i] += b[i-1]
	}
	for _, k := range cur {
		w := int(k>>simWinShift - lo)
		s.tmp[b[w]] = k
		b[w]++
	}
	copy(cur, s.tmp)
	start := 0
	for w := 0; w < span-1; w++ {
		end := b[w]
		insertionSort(cur[start:end])
		start = end
	}
}

// play plays one simulated round: pairs are places, two by two. forced,
// when not -1, is a player (by starting place) who wins every game
// without a tie.
func (s *simRun) play(pairs []int, forced int) {
	cur := s.cur
	for k := 0; k+1 < len(pairs); k += 2 {
		a, b := pairs[k], pairs[k+1]
		r := s.rng.next()
		var m uint64
		switch {
		case forced >= 0 && (simPlace(cur[a]) == forced || simPlace(cur[b]) == forced):
			if simPlace(cur[b]) == forced {
				a, b = b, a
			}
			nt := len(s.f.margins) - s.f.nonTie
			m = s.f.margins[s.f.nonTie+int((r>>8)%uint64(nt))]
		default:
			m = s.f.margins[(r>>8)&0xff]
			if r&1 == 1 {
				a, b = b, a
			}
		}
		if m == 0 { // a tie: half a win each
			cur[a] -= 1 << simWinShift
			cur[b] -= 1 << simWinShift
			continue
		}
		cur[a] -= 2<<simWinShift | m
		cur[b] += m
	}
	s.sort()
}

// simChunks splits the runs into a fixed number of chunks, each with its
// own random stream drawn from the seed in order, so that the counts do
// not depend on how many processors run them.
const simChunks = 16

// forChunks runs work over the chunks on the machine's processors and
// returns each chunk's answer in chunk order.
func forChunks[T any](runs int, seed uint64, work func(runs int, rng splitMix64) T) []T {
	out := make([]T, simChunks)
	master := splitMix64{state: seed}
	seeds := make([]uint64, simChunks)
	for i := range seeds {
		seeds[i] = master.next()
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	for i := 0; i < simChunks; i++ {
		n := runs / simChunks
		if i < runs%simChunks {
			n++
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(i, n int) {
			defer wg.Done()
			out[i] = work(n, splitMix64{state: seeds[i]})
			<-sem
		}(i, n)
	}
	wg.Wait()
	return out
}

// finalPlaces simulates runs and counts, for each player (starting
// place), how often they finish in each place: counts[i*n+p].
func (f *copField) finalPlaces(runs int, seed uint64, rounds [][]int) []int32 {
	n := len(f.start)
	parts := forChunks(runs, seed, func(runs int, rng splitMix64) []int32 {
		counts := make([]int32, n*n)
		s := newSimRun(f, rng)
		for range runs {
			copy(s.cur, f.start)
			for _, pairs := range rounds {
				s.play(pairs, -1)
			}
			for p, k := range s.cur {
				counts[simPlace(k)*n+p]++
			}
		}
		return counts
	})
	total := parts[0]
	for _, c := range parts[1:] {
		for i := range total {
			total[i] += c[i]
		}
	}
	// Drop the bye's row and column.
	m := f.players
	if m == n {
		return total
	}
	out := make([]int32, m*m)
	for i := 0; i < m; i++ {
		copy(out[i*m:(i+1)*m], total[i*n:i*n+m])
	}
	return out
}

// firstPlaces simulates runs in which player forced (starting place)
// wins every game, and counts the runs they finish first. With vsFirst
// they meet whoever is first in every round but the last; without, they
// play as the pairings say, but never the leader before the last round
// (the leader then meets 2nd, or 3rd when forced is 2nd).
func (f *copField) firstPlaces(runs int, seed uint64, rounds [][]int, forced int, vsFirst bool) int {
	parts := forChunks(runs, seed, func(runs int, rng splitMix64) int {
		s := newSimRun(f, rng)
		pairs := make([]int, len(f.start))
		won := 0
		for range runs {
			copy(s.cur, f.start)
			for r, plan := range rounds {
				copy(pairs, plan)
				if r < len(rounds)-1 {
					f.steer(s.cur, pairs, forced, vsFirst)
				}
				s.play(pairs, forced)
			}
			if simPlace(s.cur[0]) == forced {
				won++
			}
		}
		return won
	})
	won := 0
	for _, w := range parts {
		won += w
	}
	return won
}

// steer swaps places in a round's pairs so that the forced player meets
// the leader (vsFirst) or, without, does not.
func (f *copField) steer(cur []uint64, pairs []int, forced int, vsFirst bool) {
	at := -1
	where := 0
	for p, k := range cur {
		if simPlace(k) == forced {
			at = p
		}
	}
	for i, p := range pairs {
		if p == at {
			where = i
		}
	}
	switch {
	case vsFirst:
		pairs[1], pairs[where] = pairs[where], pairs[1]
	case where == 1:
		target := 1
		if at == 1 {
			target = 2
		}
		for i, p := range pairs {
			if p == target {
				pairs[1], pairs[i] = pairs[i], pairs[1]
				break
			}
		}
	}
}

func insertionSort(g []uint64) {
	for i := 1; i < len(g); i++ {
		k := g[i]
		j := i
		for ; j > 0 && k < g[j-1]; j-- {
			g[j] = g[j-1]
		}
		g[j] = k
	}
}
