package standings

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

var ordinalRe = regexp.MustCompile(`(\d+)(?:st|nd|rd|th)(?: \((\d+(?:\.5)?-\d+(?:\.5)?)\))?`)

// TestReasonsInSeatOrder: a pairing's reason names its two players in
// seat order (the one who starts first), whichever of them ranks higher,
// and counts ranks among the players still in (a withdrawn player takes
// none). Each case plays rounds (the lower number wins each game by
// 10 + 5 times the table) and checks every reason of the next round
// against ranks worked out here: by rating for a seeded round 1, else
// the standings' order without the withdrawn.
func TestReasonsInSeatOrder(t *testing.T) {
	cases := []struct {
		name     string
		players  int
		system   System
		played   int   // rounds played before the one checked
		withdraw []int // players withdrawn before it
	}{
		{"koth round 1", 6, SystemKOTH, 0, nil},
		{"swiss round 1", 8, SystemSwiss, 0, nil},
		{"swiss round 1, top seed withdrawn", 7, SystemSwiss, 0, []int{1}},
		{"koth round 2", 4, SystemKOTH, 1, nil},
		{"koth round 3, one withdrawn", 8, SystemKOTH, 2, []int{2}},
		{"swiss round 2", 10, SystemSwiss, 1, nil},
		{"swiss round 3, two withdrawn", 9, SystemSwiss, 2, []int{1, 6}},
	}
	swapped := 0 // games whose starter ranks lower: the order the old reasons got wrong
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDivision(t, tc.players)
			for r := 1; r <= tc.played; r++ {
				ps, err := Pair(d, PairRequest{System: tc.system, Round: r})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := d.ApplyPairings(r, ps); err != nil {
					t.Fatal(err)
				}
				for _, p := range ps {
					if p.IsBye() {
						continue
					}
					a, b := min(p.Player, p.Opponent), max(p.Player, p.Opponent)
					mustEnter(t, d, game(r, a, b, 400+5*p.Table, 390))
				}
			}
			for _, id := range tc.withdraw {
				if _, err := d.Withdraw(id, UnplayedForfeit); err != nil {
					t.Fatal(err)
				}
			}
			round := tc.played + 1
			rank := ranksStillIn(d, round)
			rows := d.Standings(tc.played)
			ps, err := Pair(d, PairRequest{System: tc.system, Round: round})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range ps {
				if p.IsBye() {
					continue
				}
				seats := p.Players()
				m := ordinalRe.FindAllStringSubmatch(p.Reason, 2)
				if len(m) < 2 {
					t.Fatalf("%v: reason %q names no two ranks", seats, p.Reason)
				}
				for i, id := range seats {
					if got := m[i][1]; got != strconv.Itoa(rank[id]) {
						t.Errorf("%v (%q): seat %d is player %d, ranked %d among those still in; the reason says %s", seats, p.Reason, i+1, id, rank[id], m[i][0])
					}
					if rec := m[i][2]; rec != "" {
						r := rowOf(t, rows, id)
						if want := FormatRecord(r.winsHalf, r.lossesHalf); rec != want {
							t.Errorf("%v (%q): seat %d's record %s, want %s", seats, p.Reason, i+1, rec, want)
						}
					}
				}
				if rank[seats[0]] > rank[seats[1]] {
					swapped++
				}
				for _, w := range tc.withdraw {
					if rank[w] != 0 || slices.Contains(seats, w) {
						t.Errorf("withdrawn player %d ranked or paired", w)
					}
				}
			}
		})
	}
	if swapped == 0 {
		t.Error("no game where the lower-ranked player starts: the cases do not test the seat order")
	}
}

// ranksStillIn ranks the players a round is paired on, withdrawn players
// left out: by rating for round 1 (entry order between equals), else in
// the standings' order after the round before.
func ranksStillIn(d *Division, round int) map[int]int {
	rows := d.Standings(round - 1)
	if round == 1 {
		slices.SortStableFunc(rows, func(a, b Row) int { return cmp.Compare(b.Rating, a.Rating) })
	}
	rank, n := map[int]int{}, 0
	for _, r := range rows {
		if !r.Withdrawn {
			n++
			rank[r.Player] = n
		}
	}
	return rank
}
