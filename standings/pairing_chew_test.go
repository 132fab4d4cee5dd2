package standings

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// chewPosition builds a division after len(margins[0]) rounds: players
// 1..K (K = len(margins)) are the field's top, each playing a filler
// every round and winning (margin > 0) or losing by the margin given;
// the fillers (K+1..n) play each other otherwise, the lower id winning
// by 10. meet lists extra games between top players: {round, a, b,
// margin of a}, played instead of a filler game in that round.
func chewPosition(t *testing.T, n, rounds int, margins [][]int, meet [][4]int, mutate ...func(*Config)) *Division {
	t.Helper()
	d := newTestDivision(t, n, append([]func(*Config){func(c *Config) { c.Rounds = rounds }}, mutate...)...)
	k := len(margins)
	fillers := n - k
	for r := range margins[0] {
		busy := map[int]bool{}
		for _, m := range meet {
			if m[0] == r+1 {
				mustEnter(t, d, game(r+1, m[1], m[2], 400+m[3], 400))
				busy[m[1]], busy[m[2]] = true, true
			}
		}
		var free []int
		used := 0
		for p := 1; p <= k; p++ {
			if busy[p] {
				continue
			}
			f := k + 1 + (p-1+r*k+used)%fillers
			used += 0
			for busy[f] {
				f = k + 1 + (f-k)%fillers
			}
			busy[f] = true
			mg := margins[p-1][r]
			mustEnter(t, d, game(r+1, p, f, 400+mg, 400))
		}
		for f := k + 1; f <= n; f++ {
			if !busy[f] {
				free = append(free, f)
			}
		}
		for i := 0; i+1 < len(free); i += 2 {
			mustEnter(t, d, game(r+1, free[i], free[i+1], 410, 400))
		}
	}
	return d
}

// ranksOf maps each player to their rank after a round (none withdrawn).
func ranksOf(d *Division, through int) map[int]int {
	rank := map[int]int{}
	for i, r := range d.Standings(through) {
		rank[r.Player] = i + 1
	}
	return rank
}

// games maps each player of a round's pairings to their opponent (0: bye).
func gamesOf(ps []Pairing) map[int]Pairing {
	out := map[int]Pairing{}
	for _, p := range ps {
		out[p.Player] = p
		if p.Opponent != 0 {
			out[p.Opponent] = p
		}
	}
	return out
}

func oppOf(p Pairing, id int) int { return p.Player + p.Opponent - id }

// A: 6-0 +1200; B: 5-1; C: 4-2 +400 (can catch A on spread with two
// games left); D: 4-2 +100 (cannot catch A, can catch B).
var chewTop = [][]int{
	{200, 200, 200, 200, 200, 200},
	{-100, 100, 100, 100, 100, 100},
	{-100, -100, 150, 150, 150, 150},
	{100, 100, -150, -150, 100, 100},
}

// TestChewContenders: with two rounds left (flight cap 4) the four at the
// top contend for 1st-3rd and meet each other; 1st meets the lowest-
// ranked of them who can still catch them (3rd: 4th cannot), and the
// reasons say so; everyone below is paired Swiss, out of contention. When
// 1st and 3rd have met, the flight avoids the repeat.
func TestChewContenders(t *testing.T) {
	cases := []struct {
		name   string
		meet   [][4]int
		want   [][2]int // pairs of ranks
		lowest string   // in the reason of 1st's game
	}{
		{"no repeats", nil, [][2]int{{1, 3}, {2, 4}}, "3rd is the lowest-ranked in the flight who can still catch 1st"},
		{"1st and 3rd have met", [][4]int{{1, 1, 3, 200}}, [][2]int{{1, 2}, {3, 4}}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			top := chewTop
			if tc.meet != nil {
				top = [][]int{chewTop[0], chewTop[1], {-200, -100, 150, 150, 150, 150}, chewTop[3]}
			}
			d := chewPosition(t, 12, 8, top, tc.meet)
			rank := ranksOf(d, 6)
			for id := 1; id <= 4; id++ {
				if rank[id] != id {
					t.Fatalf("setup: player %d ranked %d", id, rank[id])
				}
			}
			ps, err := Pair(d, PairRequest{System: SystemChew, Round: 7, PrizeBands: []int{3}})
			if err != nil {
				t.Fatal(err)
			}
			g := gamesOf(ps)
			for _, w := range tc.want {
				p := g[w[0]]
				if oppOf(p, w[0]) != w[1] {
					t.Errorf("%s plays %d, want %s", ordinal(w[0]), oppOf(p, w[0]), ordinal(w[1]))
				}
				if !strings.Contains(p.Reason, "contenders for 1st-3rd meet each other") {
					t.Errorf("reason %q", p.Reason)
				}
			}
			if tc.lowest != "" && !strings.Contains(g[1].Reason, tc.lowest) {
				t.Errorf("1st's reason %q does not say %q", g[1].Reason, tc.lowest)
			}
			// Below: within a win of 3rd (3 wins or more) a faint hope
			// for 3rd, the rest out of contention; nobody meets the top 4.
			rows := d.Standings(6)
			for id := 5; id <= 12; id++ {
				faint := strings.HasPrefix(g[id].Reason, "Chew: ") && strings.Contains(g[id].Reason, "faint hope for 3rd")
				out := strings.HasPrefix(g[id].Reason, "Chew: ") && strings.Contains(g[id].Reason, ", Swiss among those out of contention")
				if !faint && !out {
					t.Errorf("player %d: reason %q", id, g[id].Reason)
				}
				if faint && rows[rank[id]-1].Wins < 3 {
					t.Errorf("player %d has a faint hope with %v wins", id, rows[rank[id]-1].Wins)
				}
				if oppOf(g[id], id) <= 4 {
					t.Errorf("player %d plays a contender", id)
				}
			}
		})
	}
}

// TestChewBands: two prize bands (1st-2nd, 3rd-4th), two rounds left:
// each band's contenders meet within their own flight.
func TestChewBands(t *testing.T) {
	// 1st and 2nd 6-0; 3rd and 4th 4-2 too far behind on spread to catch
	// them; 5th and 6th 3-3.
	d := chewPosition(t, 16, 8, [][]int{
		{200, 200, 200, 200, 200, 200},
		{200, 200, 200, 200, 200, 150},
		{100, 100, 100, 100, -150, -150},
		{100, 100, 100, 100, -175, -175},
		{100, 100, 100, -100, -100, -100},
		{100, 100, -100, 100, -100, -100},
	}, nil)
	for id, r := range ranksOf(d, 6) {
		if id <= 4 && r != id {
			t.Fatalf("setup: player %d ranked %d", id, r)
		}
	}
	ps, err := Pair(d, PairRequest{System: SystemChew, Round: 7, PrizeBands: []int{2, 4}})
	if err != nil {
		t.Fatal(err)
	}
	rank := ranksOf(d, 6)
	byRank := map[int]int{}
	for id, r := range rank {
		byRank[r] = id
	}
	g := gamesOf(ps)
	// Band 1st-2nd: only 1st and 2nd can finish there: they meet.
	if p := g[byRank[1]]; oppOf(p, byRank[1]) != byRank[2] || !strings.Contains(p.Reason, "contenders for 1st-2nd meet each other") {
		t.Errorf("1st: %+v", p)
	}
	// Band 3rd-4th: the next four (cap 4) meet each other.
	for _, r := range []int{3, 4, 5, 6} {
		p := g[byRank[r]]
		if o := rank[oppOf(p, byRank[r])]; o < 3 || o > 6 || !strings.Contains(p.Reason, "contenders for 3rd-4th meet each other") {
			t.Errorf("%s plays %s: %q", ordinal(r), ordinal(o), p.Reason)
		}
	}
}

// TestChewGibson plays an event in which player 1 wins every game by
// 300: once they have clinched first place they are set aside, against
// a player out of contention (or with the bye when the field is odd).
func TestChewGibson(t *testing.T) {
	for _, n := range []int{10, 11} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			d := newTestDivision(t, n, func(c *Config) { c.Rounds = 8 })
			gibsoned := 0
			for r := 1; r <= 8; r++ {
				ps, err := Pair(d, PairRequest{System: SystemChew, Round: r})
				if err != nil {
					t.Fatal(err)
				}
				rep := d.Gibson(r - 1)
				g := gamesOf(ps)[1]
				if r > 1 && rep.Clinched && rep.Leader == 1 {
					gibsoned++
					if !strings.Contains(g.Reason, "Chew: ") || !strings.Contains(g.Reason, "Gibsonized") {
						t.Errorf("round %d: clinched leader's pairing %q", r, g.Reason)
					}
					if n%2 == 1 && !g.IsBye() {
						t.Errorf("round %d: odd field, the Gibson should have the bye: %+v", r, g)
					}
					for _, c := range rep.Contenders {
						if oppOf(g, 1) == c {
							t.Errorf("round %d: the Gibson plays contender %d", r, c)
						}
					}
				}
				if _, err := d.ApplyPairings(r, ps); err != nil {
					t.Fatal(err)
				}
				for _, p := range ps {
					if p.IsBye() {
						continue
					}
					a, b := p.Player, p.Opponent
					switch {
					case a == 1:
						mustEnter(t, d, game(r, a, b, 500, 200))
					case b == 1:
						mustEnter(t, d, game(r, b, a, 500, 200))
					default:
						mustEnter(t, d, game(r, min(a, b), max(a, b), 400, 390))
					}
				}
			}
			if gibsoned == 0 {
				t.Error("the leader never clinched: the test proves nothing")
			}
		})
	}
}

// TestChewBye: an odd field gives the bye to the lowest-ranked player
// with the fewest byes, and says so.
func TestChewBye(t *testing.T) {
	d := chewPosition(t, 13, 8, chewTop, nil)
	ps, err := Pair(d, PairRequest{System: SystemChew, Round: 7, PrizeBands: []int{3}})
	if err != nil {
		t.Fatal(err)
	}
	var bye *Pairing
	for i := range ps {
		if ps[i].IsBye() {
			bye = &ps[i]
		}
	}
	if bye == nil {
		t.Fatal("no bye in an odd field")
	}
	rows := d.Standings(6)
	if want := rows[len(rows)-1].Player; bye.Player != want {
		t.Errorf("bye to %d, want the last-ranked %d", bye.Player, want)
	}
	if !strings.HasPrefix(bye.Reason, "Chew: bye: lowest-ranked with the fewest byes") {
		t.Errorf("bye reason %q", bye.Reason)
	}
}

// TestChewFaintHope: in the last four rounds, players below the last
// paid place but within a win of it form a flight of their own ("faint
// hope"), capped; with more rounds left there is none for them here.
func TestChewFaintHope(t *testing.T) {
	// Eight at the top: 1st 6-0, seven at 5-1.
	top := make([][]int, 8)
	for k := range top {
		top[k] = []int{100 + 10*k, 100, 100, 100, 100, 100}
		if k > 0 {
			top[k][k%6] = -50
		}
	}
	for _, rounds := range []int{8, 12} {
		t.Run(fmt.Sprint(rounds), func(t *testing.T) {
			d := chewPosition(t, 24, rounds, top, nil)
			ps, err := Pair(d, PairRequest{System: SystemChew, Round: 7, PrizeBands: []int{1}})
			if err != nil {
				t.Fatal(err)
			}
			rank := ranksOf(d, 6)
			faint := 0
			for _, p := range ps {
				if strings.Contains(p.Reason, "faint hope for 1st") {
					faint++
					if r := rank[p.Player]; r < 5 || r > 8 {
						t.Errorf("%s in the faint-hope flight: %q", ordinal(r), p.Reason)
					}
				}
			}
			// Two rounds left: the flight for 1st is four (cap 4), and
			// 5th-8th, within a win of 1st, are a faint-hope flight.
			// Six left: the flight for 1st takes twelve (cap 12), and
			// faint hope (down to the cap of five rounds left, 12th)
			// leaves nobody below it.
			want := 2
			if rounds == 12 {
				want = 0
			}
			if faint != want {
				for _, p := range ps {
					t.Logf("%s v %s: %s", ordinal(rank[p.Player]), ordinal(rank[p.Opponent]), p.Reason)
				}
				t.Errorf("%d faint-hope games, want %d", faint, want)
			}
		})
	}
}

// TestChewNeedsRounds: ChewPair needs the number of rounds; bad bands are
// refused.
func TestChewNeedsRounds(t *testing.T) {
	d := newTestDivision(t, 6)
	_, err := Pair(d, PairRequest{System: SystemChew, Round: 1})
	wantCode(t, err, CodeBadConfig)
	d = newTestDivision(t, 6, func(c *Config) { c.Rounds = 5 })
	_, err = Pair(d, PairRequest{System: SystemChew, Round: 1, PrizeBands: []int{3, 2}})
	wantCode(t, err, CodeBadConfig)
}

// TestChampionshipPairingProperties pairs random divisions with InitFontes
// for rounds 1-3 (now and then) and ChewPair after, with withdrawals,
// late entries, ratings out of entry order and exagony, and checks every
// round as TestPairingProperties does (checkPairings): everyone to pair
// paired once, the bye by the rule (Fontes byes by the groups' schedule),
// starts, tables, a reason for every game, the same pairings twice.
func TestChampionshipPairingProperties(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		rng := &splitMix64{state: seed * 104729}
		n := 2 + int(rng.next()%38)
		rounds := 3 + int(rng.next()%10)
		fontes := rng.next()%2 == 0
		exagony := rng.next()%3 == 0
		d := newTestDivision(t, n, func(c *Config) {
			c.Rounds = rounds
			c.Gibson.SpreadPerRound = 100 + int(rng.next()%3)*100
			c.Gibson.PrizePlaces = 1 + int(rng.next()%4)
			c.Exagony = exagony
		})
		rr := &splitMix64{state: seed}
		for i := range d.players {
			if seed%2 == 0 {
				d.players[i].Rating = []int{0, 1500, 1800}[rr.next()%3] + int(rr.next()%3)*100
			}
			d.players[i].Team = []string{"", "CAN", "USA", "NGA"}[rr.next()%4]
		}
		bands := [][]int{nil, {1}, {2, 5}, {3, 6, 10}}[rng.next()%4]
		for r := 1; r <= rounds; r++ {
			if r > 1 && rng.next()%12 == 0 && d.NumPlayers() > 3 {
				d.Withdraw(1+int(rng.next()%uint64(d.NumPlayers())), "")
			}
			if r > 1 && rng.next()%15 == 0 {
				d.AddLatePlayer(Player{Name: fmt.Sprintf("Late, Number%d", r), Rating: 1700}, "")
			}
			system := SystemChew
			if fontes && r <= 3 {
				system = SystemFontes
			}
			req := PairRequest{System: system, Round: r, Seed: seed, PrizeBands: bands}
			ps, err := Pair(d, req)
			if CodeOf(err) == CodeNoPlayers {
				break
			}
			if err != nil {
				t.Fatalf("seed %d round %d (%s): %v", seed, r, system, err)
			}
			again, _ := Pair(d, req)
			if !reflect.DeepEqual(ps, again) {
				t.Fatalf("seed %d round %d: not deterministic", seed, r)
			}
			where := fmt.Sprintf("seed %d round %d (%s, n=%d)", seed, r, system, n)
			checkPairings(t, d, r, ps, system, false, where)
			if system == SystemChew {
				checkSeatsNamed(t, d, r, ps, where)
			}
			playRound(t, d, r, ps, rng)
		}
	}
}

// checkSeatsNamed: every ChewPair game's reason names its two players'
// ranks first, in seat order (the first to start first).
func checkSeatsNamed(t *testing.T, d *Division, round int, ps []Pairing, where string) {
	t.Helper()
	c, err := newRoundContext(d, round, 0)
	if err != nil {
		t.Fatal(err)
	}
	c.seedByRating()
	for _, p := range ps {
		if p.IsBye() || strings.Contains(p.Reason, "Gibsonized") {
			continue
		}
		m := ordinalRe.FindAllStringSubmatch(p.Reason, 2)
		if len(m) < 2 {
			t.Fatalf("%s: reason %q names no two ranks", where, p.Reason)
		}
		for i, id := range p.Players() {
			if m[i][1] != fmt.Sprint(c.rank[id]) {
				t.Errorf("%s: %q: seat %d is ranked %d", where, p.Reason, i+1, c.rank[id])
			}
		}
	}
}
