package standings

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestPairingProperties pairs many random divisions round after round
// (Swiss mostly, KOTH and random draws now and then, withdrawals, late
// entries, Gibsonization) and checks every round's pairings:
//
//   - every player to be paired appears exactly once, nobody else;
//   - the bye goes to the lowest-ranked player with the fewest byes (or
//     to a Gibsonized leader); in round 1 of Swiss and KOTH, ranked by
//     rating (half the divisions have ratings out of entry order);
//   - no repeat while a repeat-free pairing of the same players exists;
//   - starts: each game's first player was no further ahead on starts
//     (firsts minus seconds) than the opponent; under Swiss (starts
//     within one, the default) nobody goes two off balance while a
//     repeat-free pairing keeps everyone within one (checkStartsWithinOne);
//     with score groups first (tsh's order, every third division) nobody
//     gets more than three starts ahead or behind;
//   - tables are 1..games, byes have none;
//   - the same division gives the same pairings;
//   - COP (now and then from round 2) pairs everyone once too, and its
//     bye says why.
func TestPairingProperties(t *testing.T) {
	worstBalance, checked, swissRounds := 0, 0, 0
	for seed := uint64(1); seed <= 120; seed++ {
		rng := &splitMix64{state: seed * 7919}
		n := 2 + int(rng.next()%39)
		rounds := 1 + int(rng.next()%14)
		gibson := rng.next()%3 == 0
		starts := StartsWithinOne
		if seed%3 == 0 {
			starts = StartsScoreGroups
		}
		d := newTestDivision(t, n, func(c *Config) {
			c.Rounds = rounds
			c.Gibson.Enabled = gibson
			c.Gibson.SpreadPerRound = 100
			c.Starts = starts
		})
		if seed%2 == 0 {
			// Ratings out of entry order, some unrated, some equal, so
			// that round 1's seeding (and its bye) differs from id order.
			rr := &splitMix64{state: seed}
			for i := range d.players {
				d.players[i].Rating = []int{0, 1500, 1800}[rr.next()%3] + int(rr.next()%3)*100
			}
		}
		for r := 1; r <= rounds; r++ {
			if rng.next()%15 == 0 && d.NumPlayers() > 3 {
				d.Withdraw(1+int(rng.next()%uint64(d.NumPlayers())), "")
			}
			if rng.next()%20 == 0 {
				d.AddLatePlayer(Player{Name: fmt.Sprintf("Late, Number%d", r)}, "")
			}
			system := SystemSwiss
			switch {
			case r == 1 && rng.next()%2 == 0:
				system = SystemRandom
			case rng.next()%6 == 0:
				system = SystemKOTH
			case r > 1 && rng.next()%5 == 0:
				system = SystemCOP
			}
			req := PairRequest{System: system, Round: r, Seed: seed, AvoidRepeats: rng.next()%2 == 0,
				COP: COPSettings{Simulations: 2000, AlwaysWinsSimulations: 500, PlacePrizes: 1 + int(seed%4)}}
			ps, err := Pair(d, req)
			if CodeOf(err) == CodeNoPlayers {
				break
			}
			if err != nil {
				t.Fatalf("seed %d round %d: %v", seed, r, err)
			}
			again, _ := Pair(d, req)
			if !reflect.DeepEqual(ps, again) {
				t.Fatalf("seed %d round %d: not deterministic", seed, r)
			}
			where := fmt.Sprintf("seed %d round %d (%s, n=%d)", seed, r, system, n)
			checkPairings(t, d, r, ps, system, req.AvoidRepeats, where)
			if system == SystemSwiss && starts == StartsWithinOne {
				swissRounds++
				if checkStartsWithinOne(t, d, r, ps, where) {
					checked++
				}
			}
			playRound(t, d, r, ps, rng)
			if system == SystemSwiss && starts == StartsScoreGroups {
				for id := 1; id <= d.NumPlayers(); id++ {
					worstBalance = max(worstBalance, abs(d.startBalance(id, r+1)))
				}
			}
		}
	}
	t.Logf("starts within one: checked in %d of %d Swiss rounds; largest imbalance with score groups first: %d",
		checked, swissRounds, worstBalance)
	if checked < swissRounds/2 {
		t.Errorf("starts within one was checkable in only %d of %d Swiss rounds", checked, swissRounds)
	}
	if worstBalance > 3 {
		t.Errorf("a player got %d starts off balance under Swiss with score groups first", worstBalance)
	}
}

// checkStartsWithinOne: when every player to be paired is within one
// start of balance and some pairing of the same players keeps them all
// there without a repeat, the pairings must keep them there too. It
// reports whether that was the case (whether anything was checked).
// A withdrawal, a strict King of the Hill round or a forced repeat can
// leave no such pairing; Gibson pairings are forced and left out.
func checkStartsWithinOne(t *testing.T, d *Division, round int, ps []Pairing, where string) bool {
	t.Helper()
	c, err := newRoundContext(d, round, 0)
	if err != nil {
		t.Fatal(err)
	}
	var players []int
	for _, p := range ps {
		if p.Opponent == 0 || strings.Contains(p.Reason, "Gibsonized") {
			continue
		}
		players = append(players, p.Player, p.Opponent)
	}
	for _, id := range players {
		if abs(d.startBalance(id, round)) > 1 {
			return false
		}
	}
	var edges []wedge
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			a, b := players[i], players[j]
			if c.met[pairKey(a, b)] == 0 && startsExcess(d.startBalance(a, round), d.startBalance(b, round)) == 0 {
				edges = append(edges, wedge{i, j, 1})
			}
		}
	}
	matched := 0
	for _, m := range maxWeightMatching(len(players), edges, true) {
		if m >= 0 {
			matched++
		}
	}
	if matched < len(players) {
		return false
	}
	for _, p := range ps {
		if p.Opponent == 0 || strings.Contains(p.Reason, "Gibsonized") {
			continue
		}
		first, other := p.First, p.Player+p.Opponent-p.First
		if f, o := d.startBalance(first, round)+1, d.startBalance(other, round)-1; abs(f) > 1 || abs(o) > 1 {
			t.Errorf("%s: %d (starts) and %d leave starts at %+d and %+d, though a repeat-free pairing keeps everyone within one",
				where, first, other, f, o)
		}
	}
	return true
}

func checkPairings(t *testing.T, d *Division, round int, ps []Pairing, system System, avoidRepeats bool, where string) {
	t.Helper()
	c, err := newRoundContext(d, round, 0)
	if err != nil {
		t.Fatal(err)
	}
	if system == SystemSwiss || system == SystemKOTH || system == SystemChew {
		c.seedByRating() // round 1 ranks by rating
	}
	seen := map[int]int{}
	var byes []Pairing
	tables := map[int]bool{}
	games := 0
	for _, p := range ps {
		seen[p.Player]++
		if p.Opponent == 0 {
			byes = append(byes, p)
			if p.Table != 0 || p.First != 0 {
				t.Errorf("%s: a bye with a table or start: %+v", where, p)
			}
			continue
		}
		games++
		seen[p.Opponent]++
		if p.First != p.Player && p.First != p.Opponent {
			t.Errorf("%s: first %d not in game %+v", where, p.First, p)
		}
		other := p.Player + p.Opponent - p.First
		if d.startBalance(p.First, round) > d.startBalance(other, round) {
			t.Errorf("%s: %d is further ahead on starts than %d and still goes first", where, p.First, other)
		}
		if tables[p.Table] || p.Table < 1 {
			t.Errorf("%s: table %d repeated or missing", where, p.Table)
		}
		tables[p.Table] = true
		if p.Reason == "" {
			t.Errorf("%s: no reason for %+v", where, p)
		}
	}
	for tb := 1; tb <= games; tb++ {
		if !tables[tb] {
			t.Errorf("%s: table %d unused with %d games", where, tb, games)
		}
	}
	for _, id := range c.eligible {
		if seen[id] != 1 {
			t.Errorf("%s: player %d paired %d times", where, id, seen[id])
		}
		delete(seen, id)
	}
	if len(seen) > 0 {
		t.Errorf("%s: players paired who should not be: %v", where, seen)
	}
	if len(c.eligible)%2 != len(byes) || len(byes) > 1 {
		t.Fatalf("%s: %d byes for %d players", where, len(byes), len(c.eligible))
	}
	if len(byes) == 1 && system == SystemCOP && !strings.HasPrefix(byes[0].Reason, "bye: COP") {
		t.Errorf("%s: COP's bye without its reason: %q", where, byes[0].Reason)
	}
	// Fontes byes go where the groups' schedule puts them; COP's by its weights.
	if len(byes) == 1 && !strings.Contains(byes[0].Reason, "Gibsonized") && system != SystemFontes && system != SystemCOP {
		want, _ := c.chooseBye(c.eligible)
		if byes[0].Player != want {
			t.Errorf("%s: bye to %d, want %d (lowest-ranked with fewest byes)", where, byes[0].Player, want)
		}
		fewest := d.byes(want, round)
		for _, id := range c.eligible {
			if d.byes(id, round) < fewest {
				t.Errorf("%s: %d has fewer byes than the bye's %d", where, id, want)
			}
		}
	}
	if system == SystemSwiss || (system == SystemKOTH && avoidRepeats) {
		checkNoAvoidableRepeat(t, c, ps, where)
	}
}

// checkNoAvoidableRepeat: when the pairings hold a repeat, there must be
// no repeat-free perfect matching of the same players (Gibson pairings,
// which are forced, aside).
func checkNoAvoidableRepeat(t *testing.T, c *roundContext, ps []Pairing, where string) {
	t.Helper()
	var players []int
	repeats := 0
	for _, p := range ps {
		if p.Opponent == 0 || strings.Contains(p.Reason, "Gibsonized") {
			continue
		}
		players = append(players, p.Player, p.Opponent)
		if c.met[pairKey(p.Player, p.Opponent)] > 0 {
			repeats++
		}
	}
	if repeats == 0 {
		return
	}
	var edges []wedge
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			if c.met[pairKey(players[i], players[j])] == 0 {
				edges = append(edges, wedge{i, j, 1})
			}
		}
	}
	mate := maxWeightMatching(len(players), edges, true)
	matched := 0
	for _, m := range mate {
		if m >= 0 {
			matched++
		}
	}
	if matched == len(players) {
		t.Errorf("%s: %d repeat(s) although a repeat-free pairing exists", where, repeats)
	}
}
