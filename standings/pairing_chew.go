package standings

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// PairChew pairs a round as tsh's ChewPair (its `cp` command,
// TSH::Command::ChewPair) does, on the standings after basedOn:
//
//  1. a clinched leader (Gibson) and the bye are set aside first
//     (setAside; ChewPair always Gibsonizes);
//  2. then, band by band of the prize bands (bands: the last place of
//     each, best first; none given: one band of Config.Gibson.PrizePlaces
//     places), the players who can still finish in the band of the best
//     player left form a flight, capped by rounds left as tsh's default
//     flight cap (2 with one round left, 4 with two, 8 with three, 12
//     with more), rounded up to an even number;
//  3. the flight's leaders (the fewest at the top, at least four, that can
//     be paired among themselves as well as the rest of the flight can)
//     meet each other: each preferably the lowest-ranked player who can
//     still catch them, with the fewest repeats, not last round's
//     opponent; the rest of the flight is paired Swiss;
//  4. below the last band, the players with a faint hope (in the last four
//     rounds, those within a win of the last paid place; earlier, down to
//     the flight cap of one round fewer) form a last flight, paired the
//     same way;
//  5. everyone else is paired Swiss (swissMatch).
//
// "Can still catch" is canCatch (gibson.go): the chaser winning every game
// left by the Gibson spread and the other losing every one by it. Where
// tsh searches greedily (PairGRT), the leaders are a minimum-cost perfect
// matching whose tiers keep tsh's priorities: team-mates apart (with
// Config.Exagony), an opponent who can catch up, no more repeats than the
// flight needs, fewer repeats, not last round's opponent, the top player
// against the lowest.
func PairChew(d *Division, round, basedOn int, bands []int) ([]Pairing, error) {
	c, err := newRoundContext(d, round, basedOn)
	if err != nil {
		return nil, err
	}
	if d.cfg.Rounds == 0 {
		return nil, errorf(CodeBadConfig, "ChewPair needs the number of rounds: contention depends on the rounds left")
	}
	if len(c.eligible) == 0 {
		return nil, errorf(CodeNoPlayers, "nobody is left to pair in round %d", round)
	}
	bands, err = chewBands(bands, d.cfg.Gibson.PrizePlaces)
	if err != nil {
		return nil, err
	}
	c.seedByRating()
	ch := newChewRound(c, bands)
	c.paidTo = bands[len(bands)-1] // Gibsons are found down to the last band
	drafts, rest := c.setAside(c.eligible, true)
	for i := range drafts {
		drafts[i].reason = "Chew: " + drafts[i].reason
	}
	if len(rest) > 0 {
		ch.faint = ch.faintHope(rest)
	}
	for len(rest) > 0 {
		n := ch.flight(rest)
		drafts = append(drafts, ch.pairFlight(rest[:n], n == len(rest))...)
		rest = rest[n:]
	}
	return c.finish(drafts), nil
}

// chewBands checks the prize bands (each band's last place, increasing)
// or makes the default: one band of the prize places.
func chewBands(bands []int, places int) ([]int, error) {
	if len(bands) == 0 {
		return []int{max(places, 1)}, nil
	}
	for i, b := range bands {
		if b < 1 || i > 0 && b <= bands[i-1] {
			return nil, errorf(CodeBadConfig, "prize bands are the last place of each band, best first, each after the one before (%v)", bands)
		}
	}
	return bands, nil
}

// chewRound is one ChewPair round: the context and what contention needs.
type chewRound struct {
	c         *roundContext
	bands     []int
	left      int // rounds left, this one counted
	catchLeft int // games left after the standings paired on
	spread    int // the most spread a game is assumed to move
	faint     int // rank down to which players have a faint hope (0: none)
	best      map[int]int
}

func newChewRound(c *roundContext, bands []int) *chewRound {
	left := max(0, c.d.cfg.Rounds-c.basedOn)
	return &chewRound{c: c, bands: bands, left: c.d.cfg.Rounds - c.round + 1,
		catchLeft: left, spread: c.d.gibsonSpread(left, c.basedOn+1), best: map[int]int{}}
}

// flightCap is tsh's default flight cap (FlightCapDefault) for a number
// of rounds left.
func flightCap(left int) int {
	switch {
	case left <= 1:
		return 2
	case left >= 4:
		return 12
	}
	return (left - 1) * 4
}

// bestRank is the best rank a player can still finish in (tsh's MaxRank).
func (ch *chewRound) bestRank(id int) int {
	if r, ok := ch.best[id]; ok {
		return r
	}
	c := ch.c
	r := c.d.bestRank(c.rows[c.pos[id]], c.rows, ch.catchLeft, ch.spread)
	ch.best[id] = r
	return r
}

// canCatch: can the lower-ranked of a and b still finish level with or
// above the other's current rank?
func (ch *chewRound) canCatch(a, b int) bool {
	hi, lo := a, b
	if ch.c.rank[lo] < ch.c.rank[hi] {
		hi, lo = lo, hi
	}
	return ch.bestRank(lo) <= ch.c.rank[hi]
}

// lastPrize is the last paid place: the end of the last band.
func (ch *chewRound) lastPrize() int { return ch.bands[len(ch.bands)-1] }

// faintHope is the rank down to which players below the prize bands
// still have a faint hope, as tsh works it out: the flight cap of one
// round fewer; in the last four rounds, the players (of those to pair,
// best first) with at most a win fewer than the one at the last paid
// place, and one more.
func (ch *chewRound) faintHope(rest []int) int {
	faint := flightCap(ch.left - 1)
	if ch.left > 4 {
		return faint
	}
	lpr := ch.lastPrize()
	if lpr > len(rest) {
		return len(rest)
	}
	wins := func(id int) int { return ch.c.rows[ch.c.pos[id]].winsHalf }
	hope := wins(rest[lpr-1]) - 2
	faint = lpr
	for faint+1 < len(rest) && wins(rest[faint+1]) >= hope {
		faint++
	}
	return min(faint+1, len(rest))
}

// band returns the prize band holding a rank: its first and last place,
// and whether it is the bottom band (below every prize band).
func (ch *chewRound) band(rank, lastRank int) (lo, hi int, bottom bool) {
	prev := 0
	for _, b := range ch.bands {
		if rank <= b {
			return prev + 1, b, false
		}
		prev = b
	}
	return prev + 1, lastRank, true
}

// flight is how many of the players left (best first, an even number)
// are paired as the next flight, as tsh's PairContenders counts them.
func (ch *chewRound) flight(rest []int) int {
	c := ch.c
	first, lastRank := rest[0], c.rank[rest[len(rest)-1]]
	_, hi, bottom := ch.band(c.rank[first], lastRank)
	cp := flightCap(ch.left)
	var n int
	if bottom {
		if ch.faint > 0 {
			n = max(ch.faint-c.rank[first], 0)
			n = min(n+n%2, cp)
		}
		if n == 0 {
			n = len(rest)
		}
	} else {
		top := 0
		for i := 0; i < len(rest) && i < cp; i++ {
			if ch.bestRank(rest[i]) <= hi {
				top = i
			}
		}
		n = top + 1
		n += n % 2
	}
	n = min(n, len(rest))
	// A few players left below who cannot be paired without repeats
	// join the flight.
	if non := len(rest) - n; non > 0 && n > 2*non && non <= 6 && !ch.pairable(rest[n:], 0, false) {
		n = len(rest)
	}
	// With exagony, both sides must be pairable without team-mates.
	for ch.c.d.cfg.Exagony && n < len(rest) && !(ch.pairable(rest[:n], MaxRounds, false) && ch.pairable(rest[n:], MaxRounds, false)) {
		n += 2
	}
	return min(n, len(rest))
}

// pairFlight pairs one flight (best first). all: the flight is everyone
// left, who are then paired Swiss.
func (ch *chewRound) pairFlight(flight []int, all bool) []draft {
	c := ch.c
	lo, hi, bottom := ch.band(c.rank[flight[0]], c.rank[flight[len(flight)-1]])
	var what string
	switch {
	case bottom && (all || ch.faint == 0):
		return ch.swiss(flight, "Swiss among those out of contention")
	case bottom:
		what = "faint hope for " + ordinal(ch.lastPrize())
	case lo == hi:
		what = "contenders for " + ordinal(lo)
	default:
		what = fmt.Sprintf("contenders for %s-%s", ordinal(lo), ordinal(hi))
	}
	if all {
		return ch.swiss(flight, "Swiss, as everyone left "+strings.Replace(what, "contenders", "contends", 1))
	}
	catch := !bottom
	rep := ch.minRepeats(flight, catch)
	split := ch.split(flight, rep)
	drafts := ch.leaders(flight[:split], rep, what, bottom)
	if split < len(flight) {
		group := "the " + what
		if bottom {
			group = "those with a " + what
		}
		drafts = append(drafts, ch.swiss(flight[split:], "Swiss among "+group+" below the flight's leaders")...)
	}
	return drafts
}

// swiss pairs players Swiss, the reason saying why.
func (ch *chewRound) swiss(players []int, why string) []draft {
	return ch.c.swissLabelled(players, "Chew", why)
}

// seatsRe finds the two players of a Swiss reason: "3rd (2-1) vs 5th
// (2-1)", "3rd vs 7th by rating".
var seatsRe = regexp.MustCompile(`\d+(?:st|nd|rd|th)(?: \([^)]*\))? vs \d+(?:st|nd|rd|th)(?: \([^)]*\))?(?: by rating)?`)

// swissLabelled pairs players (best first, an even number) Swiss as part
// of another system, each reason naming the two players first and then
// why these players are paired Swiss: "Chew: 14th (3-5) vs 20th (3-5),
// Swiss among those out of contention". The Swiss notes follow, speaking
// of these players rather than the field.
func (c *roundContext) swissLabelled(players []int, system, label string) []draft {
	drafts := c.swissMatch(players)
	for i := range drafts {
		swiss := drafts[i].why
		drafts[i].why = func(first, second int) string {
			why := strings.TrimPrefix(swiss(first, second), "Swiss: ")
			why = strings.Replace(why, "no pairing of the field", "no pairing of these players", 1)
			if at := seatsRe.FindStringIndex(why); at != nil {
				return system + ": " + why[:at[1]] + ", " + label + why[at[1]:]
			}
			return system + ": " + label + ": " + why
		}
	}
	return drafts
}

// minRepeats is the fewest repeats a pairing of the flight needs, its
// players meeting only those who can catch them when catch is set (and
// when that cannot be done, without it), as tsh's minrep.
func (ch *chewRound) minRepeats(flight []int, catch bool) int {
	for _, k := range []bool{catch, false} {
		for rep := 0; rep < ch.c.round; rep++ {
			if ch.pairable(flight, rep, k) {
				return rep
			}
		}
	}
	return ch.c.round
}

// split is how many of the flight's top players are its leaders: the
// fewest (four at least, or the whole flight) such that they and the
// rest can each be paired within rep repeats against players who can
// catch them (tsh's SplitContenders).
func (ch *chewRound) split(flight []int, rep int) int {
	split := 0
	if len(flight) >= 4 {
		split = 2
	}
	for split += 2; split < len(flight); split += 2 {
		if ch.pairable(flight[:split], rep, true) && ch.pairable(flight[split:], rep, true) {
			return split
		}
	}
	return len(flight)
}

// pairable: can the players be paired among themselves with at most rep
// meetings before, team-mates apart (exagony), and, with catch, each
// game's lower-ranked player able to catch the other (tsh's CanBePaired)?
func (ch *chewRound) pairable(players []int, rep int, catch bool) bool {
	if len(players)%2 == 1 {
		return false
	}
	var edges []wedge
	for i, a := range players {
		for j := i + 1; j < len(players); j++ {
			b := players[j]
			if ch.c.met[pairKey(a, b)] > rep || ch.c.sameTeam(a, b) || catch && !ch.canCatch(a, b) {
				continue
			}
			edges = append(edges, wedge{i, j, 1})
		}
	}
	for _, m := range maxWeightMatching(len(players), edges, true) {
		if m < 0 {
			return false
		}
	}
	return true
}

// sortByRank orders ids best first.
func (c *roundContext) sortByRank(ids []int) {
	slices.SortFunc(ids, func(a, b int) int { return c.pos[a] - c.pos[b] })
}
