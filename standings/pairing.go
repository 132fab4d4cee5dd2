package standings

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
)

// Pairing is one game (or bye) of a round, ready to post.
type Pairing struct {
	Round int
	// Table is 1.. (top pairings on low tables); 0 for a bye.
	Table int
	// Player is the higher-ranked of the two; Opponent is 0 for a bye.
	Player, Opponent int
	// First is the id of the player who starts; 0 for a bye.
	First int
	// Reason is a line a director can read to a player.
	Reason string
	// Group, for a table of three or four or a team game: every player in
	// seat order (seat 1 starts; Player is Group[0], Opponent 0, First
	// Group[0]). Teams: Group[0] and Group[2] against Group[1] and
	// Group[3].
	Group []int
	Teams bool
}

// IsBye reports a bye: one player, no table.
func (p Pairing) IsBye() bool { return p.Opponent == 0 && p.Group == nil }

// Players are everyone in the pairing, in seat order (the first starts).
func (p Pairing) Players() []int {
	switch {
	case p.Group != nil:
		return slices.Clone(p.Group)
	case p.Opponent == 0:
		return []int{p.Player}
	case p.First == p.Opponent:
		return []int{p.Opponent, p.Player}
	}
	return []int{p.Player, p.Opponent}
}

// System names a pairing method.
type System string

const (
	SystemSwiss      System = "swiss"  // by record, avoiding repeats
	SystemKOTH       System = "koth"   // King of the Hill: 1v2, 3v4, ...
	SystemRoundRobin System = "rr"     // Berger round robin, single or double
	SystemRandom     System = "random" // random draw from a seed
	SystemManual     System = "manual" // the director's pairings, checked
	// Championship systems (tsh's cop, cp and if commands).
	SystemCOP    System = "cop"    // Castellano-O'Connor pairings
	SystemChew   System = "chew"   // tsh's ChewPair
	SystemFontes System = "fontes" // tsh's InitFontes: quartile groups of four
)

// PairRequest asks for one round's pairings.
type PairRequest struct {
	System System
	Round  int
	// BasedOn: Swiss and KOTH pair on the standings after this round;
	// 0 means Round-1 (tsh lets a director pair on an earlier round while
	// the last one is still being played).
	BasedOn int
	// Seed makes a random draw reproducible.
	Seed uint64
	// Round robin: the round it started in (0 means 1), and whether each
	// pair meets twice.
	FirstRound int
	Double     bool
	// KOTH: avoid repeats when a pairing one place further down avoids one.
	AvoidRepeats bool
	// Manual: the director's pairings; First and Table may be left 0 to be
	// decided here.
	Manual []Pairing
	// COP: the division's COP settings (cop_settings.go), with the paid
	// places and class prizes resolved; Seed seeds its simulations.
	COP COPSettings
	// Snaked (InitFontes): deal the groups by rating, as tsh's
	// initial_snaked, rather than draw them.
	Snaked bool
	// PrizeBands (ChewPair): the last place of each prize band, best
	// first, as tsh's prize_bands ([3, 6, 10]: 1st-3rd, 4th-6th,
	// 7th-10th).
	PrizeBands []int
}

// Pair computes a round's pairings without changing the division; record
// them with ApplyPairings. Players already paired in the round (by hand,
// say) are left alone; withdrawn players are not paired.
func Pair(d *Division, req PairRequest) ([]Pairing, error) {
	switch req.System {
	case SystemSwiss:
		return PairSwiss(d, req.Round, req.BasedOn)
	case SystemKOTH:
		return PairKOTH(d, req.Round, req.BasedOn, req.AvoidRepeats)
	case SystemRoundRobin:
		return PairRoundRobin(d, req.Round, req.FirstRound, req.Double)
	case SystemRandom:
		return PairRandom(d, req.Round, req.Seed)
	case SystemManual:
		return PairManual(d, req.Round, req.Manual)
	case SystemCOP:
		return PairCOP(d, req)
	case SystemFontes:
		return PairFontes(d, req.Round, req.FirstRound, req.Seed, req.Snaked)
	case SystemChew:
		return PairChew(d, req.Round, req.BasedOn, req.PrizeBands)
	}
	return nil, errorf(CodeUnknownSystem, "unknown pairing system %q (swiss, koth, rr, random, manual, cop, chew, fontes)", req.System)
}

// ApplyPairings records a round's pairings. Byes are scored at once with
// the bye spread, and withdrawn players not paired get their unplayed
// result, as tsh does; the Change lists those results. Nothing is
// recorded if any pairing is refused.
func (d *Division) ApplyPairings(round int, ps []Pairing) (Change, error) {
	var ch Change
	if err := d.checkRound(round); err != nil {
		return ch, err
	}
	seen := make([]bool, len(d.players)+1)
	tables := d.tablesInUse(round)
	var pair [2]int
	for _, p := range ps {
		if p.Round != 0 && p.Round != round {
			return ch, errorf(CodeBadEntry, "a pairing for round %d among round %d's", p.Round, round)
		}
		pair[0] = p.Player
		ids := pair[:1]
		if p.Opponent != 0 {
			ids = append(ids, p.Opponent)
		}
		if p.Group != nil || p.Teams {
			if err := d.checkGroup(p.Group, p.Teams); err != nil {
				return ch, err
			}
			if p.Opponent != 0 || p.Player != 0 && p.Player != p.Group[0] || p.First != 0 && p.First != p.Group[0] {
				return ch, errorf(CodeBadGroup, "a table's pairing names its players in Group, seat order (seat 1 starts)")
			}
			ids = p.Group
		}
		for _, id := range ids {
			if err := d.checkPlayer(id); err != nil {
				return ch, err
			}
			if seen[id] {
				e := errorf(CodeDuplicateInRound, "%s is paired twice in round %d", d.players[id-1].Name, round)
				e.Round, e.Player = round, id
				return ch, e
			}
			seen[id] = true
			if s := d.slotAt(id, round); s.state != slotEmpty {
				e := errorf(CodeAlreadyPaired, "%s is already paired in round %d", d.players[id-1].Name, round)
				e.Round, e.Player = round, id
				return ch, e
			}
			if d.players[id-1].Withdrawn {
				e := errorf(CodeWithdrawn, "%s has withdrawn and cannot be paired", d.players[id-1].Name)
				e.Round, e.Player = round, id
				return ch, e
			}
		}
		if p.Group == nil && p.Player == p.Opponent {
			return ch, errorf(CodeSelfPairing, "%s cannot play themself", d.players[p.Player-1].Name)
		}
		if p.Group == nil && p.First != 0 && (p.Opponent == 0 || (p.First != p.Player && p.First != p.Opponent)) {
			return ch, errorf(CodeBadStart, "player %d, said to go first, is not in the game %d-%d", p.First, p.Player, p.Opponent)
		}
		if p.Table < 0 {
			return ch, errorf(CodeBadEntry, "a table number cannot be negative (%d)", p.Table)
		}
		if p.Table > 0 {
			if tables[p.Table] {
				return ch, errorf(CodeDuplicateTable, "two games at table %d in round %d", p.Table, round)
			}
			tables[p.Table] = true
		}
	}
	for _, p := range ps {
		if p.Group != nil {
			d.groupSlots(round, p.Table, p.Group, nil, p.Teams, nil)
			continue
		}
		if p.Opponent == 0 {
			d.setSlot(p.Player, round, unplayedSlot(d.cfg.ByeSpread, p.Table))
			d.changed(&ch, round, p.Player, nil, d.resultPtr(p.Player, round))
			continue
		}
		start := StartUnknown
		switch p.First {
		case p.Player:
			start = StartFirst
		case p.Opponent:
			start = StartSecond
		}
		d.setSlot(p.Player, round, slot{state: slotPaired, opp: p.Opponent, table: p.Table, start: start})
		d.setSlot(p.Opponent, round, slot{state: slotPaired, opp: p.Player, table: p.Table, start: start.opposite()})
	}
	for i, pl := range d.players {
		if pl.Withdrawn && d.slotAt(i+1, round).state == slotEmpty {
			d.setSlot(i+1, round, unplayedSlot(pl.UnplayedSpread, 0))
			d.changed(&ch, round, i+1, nil, d.resultPtr(i+1, round))
		}
	}
	return ch, nil
}

// Pairings returns a round's pairings as recorded (Reason empty: reasons
// are not part of the division), games by table, then byes.
func (d *Division) Pairings(round int) []Pairing {
	out := make([]Pairing, 0, len(d.players)/2+1)
	for i := range d.players {
		id := i + 1
		s := d.slotAt(id, round)
		seats := d.seatsOf(s)
		if s.state == slotEmpty || (s.opp != 0 && s.opp < id) || seats.group != nil && seats.group[0] != id {
			continue
		}
		if seats.group != nil {
			out = append(out, Pairing{Round: round, Table: s.table, Player: id, First: id, Group: slices.Clone(seats.group), Teams: seats.teams})
			continue
		}
		p := Pairing{Round: round, Table: s.table, Player: id, Opponent: s.opp}
		switch s.start {
		case StartFirst:
			p.First = id
		case StartSecond:
			p.First = s.opp
		}
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Pairing) int {
		if c := falseFirst(a.IsBye(), b.IsBye()); c != 0 { // byes last
			return c
		}
		if c := falseFirst(a.Table == 0, b.Table == 0); c != 0 { // then games with no table
			return c
		}
		if c := cmp.Compare(a.Table, b.Table); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player) // each player is in one pairing
	})
	return out
}

// falseFirst orders false before true.
func falseFirst(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func (d *Division) tablesInUse(round int) map[int]bool {
	used := make(map[int]bool, len(d.players)/2)
	for i := range d.players {
		if s := d.slotAt(i+1, round); s.state != slotEmpty && s.table > 0 {
			used[s.table] = true
		}
	}
	return used
}

// roundContext is what every pairing system needs for one round.
type roundContext struct {
	d       *Division
	round   int
	basedOn int
	rows    []Row
	pos     []int // pos[id] = place in rows (0 = first)
	// rank[id] is the player's place among those still in (withdrawn
	// players take none), from 1: what a reason calls "3rd".
	rank     []int
	eligible []int // ids to pair, best first
	met      map[[2]int]int
	seeded   bool // rows ordered by rating (seedByRating), not by results
	// paidTo, when set, is the last paid place the Gibson rules read
	// (ChewPair's last prize band), else the division's.
	paidTo int
}

func newRoundContext(d *Division, round, basedOn int) (*roundContext, error) {
	if err := d.checkRound(round); err != nil {
		return nil, err
	}
	if basedOn <= 0 || basedOn >= round {
		basedOn = round - 1
	}
	c := &roundContext{d: d, round: round, basedOn: basedOn, met: map[[2]int]int{}}
	c.rows = d.Standings(basedOn)
	c.pos = make([]int, len(d.players)+1)
	c.placeRows()
	for _, r := range c.rows {
		if !d.players[r.Player-1].Withdrawn && d.slotAt(r.Player, round).state == slotEmpty {
			c.eligible = append(c.eligible, r.Player)
		}
	}
	for i, slots := range d.slots {
		for r := 0; r < len(slots) && r < round-1; r++ {
			if s := slots[r]; s.state != slotEmpty {
				for _, o := range d.opponentsIn(s, i+1) {
					if o > i+1 {
						c.met[pairKey(i+1, o)]++
					}
				}
			}
		}
	}
	return c, nil
}

// placeRows numbers the rows as they stand: pos over every line, rank
// over the players still in.
func (c *roundContext) placeRows() {
	c.rank = make([]int, len(c.d.players)+1)
	n := 0
	for i, r := range c.rows {
		c.pos[r.Player] = i
		if !c.d.players[r.Player-1].Withdrawn {
			n++
			c.rank[r.Player] = n
		}
	}
}

// place is a player's rank as a reason says it: "3rd".
func (c *roundContext) place(id int) string { return ordinal(c.rank[id]) }

func pairKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// byes counts the byes a player has had (or been given) before a round.
// Forfeits are not byes, nor rounds recorded with no outcome (a late
// entrant's missed rounds under "none").
func (d *Division) byes(id, before int) int {
	n := 0
	for r := 1; r < before; r++ {
		s := d.slotAt(id, r)
		if s.opp == 0 && s.seats == 0 && !s.forfeit && (s.state == slotPaired || s.state == slotScored && s.score > 0) {
			n++
		}
	}
	return n
}

// chooseBye returns the lowest-ranked of the players with the fewest byes.
func (c *roundContext) chooseBye(players []int) (id int, reason string) {
	best, fewest := 0, -1
	for i := len(players) - 1; i >= 0; i-- {
		if b := c.d.byes(players[i], c.round); fewest < 0 || b < fewest {
			best, fewest = players[i], b
		}
	}
	if c.seeded { // round 1: nobody has had a bye
		return best, fmt.Sprintf("bye: round %d, seeded by rating: lowest-ranked by rating", c.round)
	}
	return best, fmt.Sprintf("bye: lowest-ranked with the fewest byes (%d so far)", fewest)
}

// without returns ids minus the given ones, order kept.
func without(ids []int, drop ...int) []int {
	out := make([]int, 0, len(ids))
	for _, id := range ids {
		keep := true
		for _, x := range drop {
			if id == x {
				keep = false
			}
		}
		if keep {
			out = append(out, id)
		}
	}
	return out
}

// draft is a pairing before starts and tables are decided.
type draft struct {
	a, b   int // b = 0 for a bye
	first  int // decided already (round robin plan, director), or 0
	table  int // fixed by the director, or 0
	reason string
	// why, when set, writes the reason once the seats are known, naming
	// the two players in seat order (the first to start first).
	why func(first, second int) string
}

// finish orders drafts (best pairing first, byes last), decides who
// starts and assigns tables.
func (c *roundContext) finish(drafts []draft) []Pairing {
	for i := range drafts {
		if g := &drafts[i]; g.b != 0 && c.pos[g.b] < c.pos[g.a] {
			g.a, g.b = g.b, g.a
		}
	}
	sort.SliceStable(drafts, func(i, j int) bool {
		bi, bj := drafts[i].b == 0, drafts[j].b == 0
		if bi != bj {
			return bj
		}
		return c.pos[drafts[i].a] < c.pos[drafts[j].a]
	})
	tables, notes := c.assignTables(drafts)
	out := make([]Pairing, len(drafts))
	for i, g := range drafts {
		p := Pairing{Round: c.round, Player: g.a, Opponent: g.b, Table: tables[i], Reason: g.reason + notes[i]}
		if g.b != 0 {
			p.First = g.first
			if p.First == 0 {
				p.First = c.d.decideFirst(c.round, g.a, g.b)
			}
			if g.why != nil {
				second := g.b
				if p.First == g.b {
					second = g.a
				}
				p.Reason = g.why(p.First, second) + notes[i]
			}
		}
		out[i] = p
	}
	return out
}

// ordinal writes 1st, 2nd, 3rd, 4th, 11th, 21st ...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}
