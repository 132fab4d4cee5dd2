package standings

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

var fontesReasonRe = regexp.MustCompile(`^Fontes group (\d+) of (\d+), game (\d) of 3$`)

// TestFontes pairs rounds 1-3 of InitFontes for fields of several sizes
// (players' ratings fall with their ids, so id order is rating order)
// and checks the groups the three rounds make: the sizes tsh gives (one
// odd group of 5, 6 or 3 when the field is not a multiple of four), one
// player from each quartile in every group of four, each group's odd
// players drawn from the sixths (or quarters) of the field tsh draws them
// from, a complete round robin in every group of three or four, no
// repeats, tsh's order of rounds (1v4 2v3, 1v3 2v4, 1v2 3v4), the byes
// where tsh's schedule puts them, and reasons naming the group. Round 4
// is refused.
func TestFontes(t *testing.T) {
	cases := []struct {
		n     int
		odd   int // size of the odd group, 0 if none
		byes  int // byes a round
		seeds []uint64
	}{
		{16, 0, 0, []uint64{0, 1, 2, 99}},
		{17, 5, 1, []uint64{0, 7}},
		{18, 6, 0, []uint64{0, 3}},
		{19, 3, 1, []uint64{0, 5}},
		{5, 5, 1, []uint64{0}},
		{6, 6, 0, []uint64{0}},
	}
	for _, tc := range cases {
		for _, seed := range tc.seeds {
			t.Run(fmt.Sprintf("n=%d seed=%d", tc.n, seed), func(t *testing.T) {
				d := newTestDivision(t, tc.n)
				rng := &splitMix64{state: seed + 1}
				groupOf := map[int]int{}
				groups := 0
				for r := 1; r <= 3; r++ {
					ps, err := Pair(d, PairRequest{System: SystemFontes, Round: r, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					byes := 0
					for _, p := range ps {
						if p.IsBye() {
							byes++
							continue
						}
						m := fontesReasonRe.FindStringSubmatch(p.Reason)
						if m == nil {
							t.Fatalf("round %d: reason %q", r, p.Reason)
						}
						g, _ := strconv.Atoi(m[1])
						of, _ := strconv.Atoi(m[2])
						if m[3] != strconv.Itoa(r) {
							t.Errorf("round %d: reason %q names another game", r, p.Reason)
						}
						groups = of
						for _, id := range []int{p.Player, p.Opponent} {
							if old, ok := groupOf[id]; ok && old != g {
								t.Errorf("player %d in group %d and then %d", id, old, g)
							}
							groupOf[id] = g
						}
					}
					if byes != tc.byes {
						t.Errorf("round %d: %d byes, want %d", r, byes, tc.byes)
					}
					playRound(t, d, r, ps, rng)
				}
				_, err := Pair(d, PairRequest{System: SystemFontes, Round: 4, Seed: seed})
				wantCode(t, err, CodeNotInSchedule)
				checkFontesGroups(t, d, tc.n, tc.odd, groups)
			})
		}
	}
}

// checkFontesGroups finds the groups from the three rounds played (the
// players who met, byes included) and checks them against tsh's rules.
func checkFontesGroups(t *testing.T, d *Division, n, odd, numbered int) {
	t.Helper()
	parent := make([]int, n+1)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		if parent[x] != x {
			parent[x] = find(parent[x])
		}
		return parent[x]
	}
	met := map[[2]int]int{}
	byeIn := map[int][]int{} // player -> rounds of their byes
	for r := 1; r <= 3; r++ {
		for _, p := range d.Pairings(r) {
			if p.IsBye() {
				byeIn[p.Player] = append(byeIn[p.Player], r)
				continue
			}
			met[pairKey(p.Player, p.Opponent)]++
			parent[find(p.Player)] = find(p.Opponent)
		}
	}
	for k, m := range met {
		if m > 1 && n > 2 {
			t.Errorf("%v met %d times", k, m)
		}
	}
	comp := map[int][]int{}
	for id := 1; id <= n; id++ {
		comp[find(id)] = append(comp[find(id)], id)
	}
	var oddGroup []int
	fours := 0
	for _, g := range comp {
		slices.Sort(g)
		switch {
		case len(g) == 4 && odd != 4 && n > 6:
			fours++
		case len(g) == odd && oddGroup == nil:
			oddGroup = g
		default:
			t.Fatalf("a group of %d: %v (odd group %d)", len(g), g, odd)
		}
	}
	wantGroups := fours
	if odd > 0 {
		wantGroups++
	}
	if numbered != 0 && numbered != wantGroups {
		t.Errorf("reasons count %d groups, found %d", numbered, wantGroups)
	}
	// The odd group: one player from each sixth (five: all but the top)
	// or quarter (three: all but the top), as tsh draws them.
	if oddGroup != nil && n > 6 {
		parts, from := 6, 0
		switch odd {
		case 5:
			from = 1
		case 3:
			parts, from = 4, 1
		}
		for i, id := range oddGroup {
			// tsh draws place int(n*(s+rand)/parts) for part s.
			s := from + i
			if lo, hi := n*s/parts, (n*(s+1)-1)/parts; id-1 < lo || id-1 > hi {
				t.Errorf("odd group %v: player %d is not in part %d of %d (places %d-%d)", oddGroup, id, s, parts, lo+1, hi+1)
			}
		}
	}
	// The rest, in rating (id) order, cut into quartiles: one from each.
	var rest []int
	for id := 1; id <= n; id++ {
		if !slices.Contains(oddGroup, id) {
			rest = append(rest, id)
		}
	}
	if fours > 0 {
		q := len(rest) / 4
		for _, g := range comp {
			if len(g) != 4 || slices.Equal(g, oddGroup) {
				continue
			}
			for i, id := range g {
				if k := slices.Index(rest, id) / q; k != i {
					t.Errorf("group %v: player %d is in quartile %d, want one of each", g, id, k+1)
				}
			}
			// tsh's order: 1v4 2v3, then 1v3 2v4, then 1v2 3v4.
			want := [3][][2]int{{{g[0], g[3]}, {g[1], g[2]}}, {{g[0], g[2]}, {g[1], g[3]}}, {{g[0], g[1]}, {g[2], g[3]}}}
			for r, games := range want {
				for _, gm := range games {
					if opp := d.slotAt(gm[0], r+1).opp; opp != gm[1] {
						t.Errorf("group %v round %d: %d played %d, want %d", g, r+1, gm[0], opp, gm[1])
					}
				}
			}
		}
	}
	switch odd {
	case 3, 4:
		for i, a := range oddGroup {
			for _, b := range oddGroup[i+1:] {
				if met[pairKey(a, b)] != 1 {
					t.Errorf("group %v: %d and %d met %d times", oddGroup, a, b, met[pairKey(a, b)])
				}
			}
		}
	case 5:
		// tsh's schedule: the 3rd, 4th and 5th of the group have the byes
		// of rounds 1, 2 and 3.
		for i, id := range oddGroup {
			want := []int(nil)
			if i >= 2 {
				want = []int{i - 1}
			}
			if !slices.Equal(byeIn[id], want) {
				t.Errorf("group %v: %d had byes in rounds %v, want %v", oddGroup, id, byeIn[id], want)
			}
		}
	}
	if odd == 3 {
		for _, id := range oddGroup {
			if len(byeIn[id]) != 1 {
				t.Errorf("group of three %v: %d had %d byes", oddGroup, id, len(byeIn[id]))
			}
		}
	}
}

// TestFontesExagony: with exagony, team-mates (one in each quartile) are
// kept out of each other's groups, since a draw that does so exists;
// without it, some seed puts two in one group.
func TestFontesExagony(t *testing.T) {
	clashes := func(exagony bool, seed uint64) int {
		d := newTestDivision(t, 16, func(c *Config) { c.Exagony = exagony })
		for i := range d.players {
			d.players[i].Team = string(rune('W' + i%4)) // 1, 5, 9, 13 are team W...
		}
		ps, err := PairFontes(d, 1, 1, seed, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.ApplyPairings(1, ps); err != nil {
			t.Fatal(err)
		}
		c, err := newRoundContext(d, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, g := range c.fontesGroups(c.fontesField(1, 1), seed, false) {
			for i, a := range g {
				for _, b := range g[i+1:] {
					if d.players[a-1].Team == d.players[b-1].Team {
						n++
					}
				}
			}
		}
		return n
	}
	without := 0
	for seed := uint64(0); seed < 20; seed++ {
		if n := clashes(true, seed); n != 0 {
			t.Errorf("seed %d: %d pairs of team-mates share a group with exagony", seed, n)
		}
		without += clashes(false, seed)
	}
	if without == 0 {
		t.Error("no draw without exagony put team-mates together: the test proves nothing")
	}
}

// TestFontesLaterRounds: round 2 with another seed than round 1's is
// refused (its groups are not the ones played); a player who withdraws
// after round 1 leaves their scheduled opponent to be paired with the
// others the groups leave without a game; a late entrant is paired too.
func TestFontesLaterRounds(t *testing.T) {
	d := newTestDivision(t, 16)
	ps, err := PairFontes(d, 1, 1, 42, false)
	if err != nil {
		t.Fatal(err)
	}
	playRound(t, d, 1, ps, &splitMix64{state: 1})
	_, err = PairFontes(d, 2, 1, 43, false)
	wantCode(t, err, CodeFontesMismatch)

	if _, err := d.Withdraw(3, ""); err != nil {
		t.Fatal(err)
	}
	late, _, err := d.AddLatePlayer(Player{Name: "Late, Comer", Rating: 1500}, "")
	if err != nil {
		t.Fatal(err)
	}
	ps, err = PairFontes(d, 2, 1, 42, false)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]int{}
	games := 0
	for _, p := range ps {
		for _, id := range p.Players() {
			seen[id]++
		}
		if !p.IsBye() && fontesReasonRe.MatchString(p.Reason) {
			games++
		}
		if slices.Contains(p.Players(), late) && fontesReasonRe.MatchString(p.Reason) {
			t.Errorf("the late entrant is in a Fontes group: %+v", p)
		}
	}
	if games != 7 {
		t.Errorf("%d games of the groups, want 7 (8 less the withdrawn player's)", games)
	}
	for id := 1; id <= d.NumPlayers(); id++ {
		want := 1
		if id == 3 {
			want = 0
		}
		if seen[id] != want {
			t.Errorf("player %d paired %d times, want %d", id, seen[id], want)
		}
	}
}

// TestFontesSnaked: tsh's initial_snaked deals the groups by rating, the
// groups traced by hand through TSH::Command::InitFontes's
// ChooseGroupsSnaked for three rounds (ids are rating order; each group
// in tsh's order, the groups by their best player): a field of six or
// fewer is one group; the odd players out of the field's middle join the
// last group dealt (the best player's), in its middle; a field one short
// of a multiple of four leaves that group with three. Round 1 is the same
// for any seed, and the three rounds play each group of three or four's
// round robin.
func TestFontesSnaked(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want [][]int
	}{
		{6, [][]int{{1, 2, 3, 4, 5, 6}}},
		{7, [][]int{{1, 4, 5}, {2, 3, 6, 7}}},
		{8, [][]int{{1, 4, 5, 8}, {2, 3, 6, 7}}},
		{13, [][]int{{1, 6, 8, 7, 13}, {2, 5, 9, 12}, {3, 4, 10, 11}}},
		{16, [][]int{{1, 8, 9, 16}, {2, 7, 10, 15}, {3, 6, 11, 14}, {4, 5, 12, 13}}},
		{17, [][]int{{1, 8, 10, 9, 17}, {2, 7, 11, 16}, {3, 6, 12, 15}, {4, 5, 13, 14}}},
		{18, [][]int{{1, 8, 10, 11, 9, 18}, {2, 7, 12, 17}, {3, 6, 13, 16}, {4, 5, 14, 15}}},
		{19, [][]int{{1, 10, 11}, {2, 9, 12, 19}, {3, 8, 13, 18}, {4, 7, 14, 17}, {5, 6, 15, 16}}},
		{22, [][]int{{1, 10, 12, 13, 11, 22}, {2, 9, 14, 21}, {3, 8, 15, 20}, {4, 7, 16, 19}, {5, 6, 17, 18}}},
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			d := newTestDivision(t, tc.n)
			c, err := newRoundContext(d, 1, 0)
			if err != nil {
				t.Fatal(err)
			}
			c.seedByRating()
			for _, seed := range []uint64{1, 2, 3} {
				if got := c.fontesGroups(c.fontesField(1, 0), seed, true); fmt.Sprint(got) != fmt.Sprint(tc.want) {
					t.Fatalf("seed %d: dealt %v, want %v", seed, got, tc.want)
				}
			}
			met := map[[2]int]bool{}
			rng := &splitMix64{state: 9}
			for r := 1; r <= 3; r++ {
				ps, err := PairFontes(d, r, 1, uint64(r), true)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range ps {
					if !p.IsBye() {
						met[[2]int{min(p.Player, p.Opponent), max(p.Player, p.Opponent)}] = true
					}
				}
				playRound(t, d, r, ps, rng)
			}
			for _, g := range tc.want {
				if len(g) > 4 {
					continue // five and six play part of a round robin
				}
				for i, a := range g {
					for _, b := range g[i+1:] {
						if !met[[2]int{min(a, b), max(a, b)}] {
							t.Errorf("group %v: %d and %d never met", g, a, b)
						}
					}
				}
			}
		})
	}
}
