package standings

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// seededDivision makes a division whose players have the given ratings,
// in entry order (0: unrated).
func seededDivision(t *testing.T, ratings ...int) *Division {
	t.Helper()
	d := newTestDivision(t, 0)
	for i, r := range ratings {
		if _, err := d.AddPlayer(Player{Name: fmt.Sprintf("Player, No%d", i+1), Rating: r}); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// TestSeededRoundOne: Swiss and King of the Hill pair round 1 by rating,
// unrated players last and equal ratings in entry order; the bye goes to
// the last by rating; the reasons say so, and tables follow the seeding.
func TestSeededRoundOne(t *testing.T) {
	// By rating: 7 (2100), 3 (1900), 4 and 5 (1700, entry order),
	// 1 (1500), then the unrated 2 and 6 in entry order.
	seven := []int{1500, 0, 1900, 1700, 1700, 0, 2100}
	// By rating: 8, 2, 6, 4, 1, 7, 3, 5.
	eight := []int{1600, 2000, 1200, 1700, 1100, 1800, 1400, 2200}
	cases := []struct {
		name    string
		req     PairRequest
		ratings []int
		want    [][2]int // games by table, higher seed first; then the bye
		reasons []string
	}{
		{"koth, odd", PairRequest{System: SystemKOTH, Round: 1}, seven,
			[][2]int{{7, 3}, {4, 5}, {1, 2}, {6, 0}},
			[]string{
				"King of the Hill round 1, seeded by rating: 1st vs 2nd by rating",
				"King of the Hill round 1, seeded by rating: 3rd vs 4th by rating",
				"King of the Hill round 1, seeded by rating: 5th vs 6th by rating (6th unrated)",
				"bye: round 1, seeded by rating: lowest-ranked by rating",
			}},
		{"koth avoiding repeats, odd", PairRequest{System: SystemKOTH, Round: 1, AvoidRepeats: true}, seven,
			[][2]int{{7, 3}, {4, 5}, {1, 2}, {6, 0}}, nil},
		{"koth, even", PairRequest{System: SystemKOTH, Round: 1}, eight,
			[][2]int{{8, 2}, {6, 4}, {1, 7}, {3, 5}}, nil},
		{"swiss, odd", PairRequest{System: SystemSwiss, Round: 1}, seven,
			// Six left after the bye: 1st-4th, 2nd-5th, 3rd-6th.
			[][2]int{{7, 5}, {3, 1}, {4, 2}, {6, 0}},
			[]string{
				"Swiss round 1, seeded by rating: 1st vs 4th by rating, top half against bottom half",
				"Swiss round 1, seeded by rating: 2nd vs 5th by rating, top half against bottom half",
				"Swiss round 1, seeded by rating: 3rd vs 6th by rating (6th unrated), top half against bottom half",
				"bye: round 1, seeded by rating: lowest-ranked by rating",
			}},
		{"swiss, even", PairRequest{System: SystemSwiss, Round: 1}, eight,
			[][2]int{{8, 1}, {2, 7}, {6, 3}, {4, 5}},
			[]string{
				"Swiss round 1, seeded by rating: 5th vs 1st by rating, top half against bottom half", // in seat order: 5th starts
				"Swiss round 1, seeded by rating: 2nd vs 6th by rating, top half against bottom half",
				"Swiss round 1, seeded by rating: 7th vs 3rd by rating, top half against bottom half",
				"Swiss round 1, seeded by rating: 4th vs 8th by rating, top half against bottom half",
			}},
		{"swiss, all unrated: entry order", PairRequest{System: SystemSwiss, Round: 1}, []int{0, 0, 0, 0},
			[][2]int{{1, 3}, {2, 4}},
			[]string{
				"Swiss round 1, seeded by rating: 3rd vs 1st by rating (3rd and 1st unrated), top half against bottom half",
				"Swiss round 1, seeded by rating: 4th vs 2nd by rating (4th and 2nd unrated), top half against bottom half",
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := seededDivision(t, tc.ratings...)
			ps, err := Pair(d, tc.req)
			if err != nil {
				t.Fatal(err)
			}
			var got [][2]int
			var reasons []string
			for i, p := range ps {
				got = append(got, [2]int{p.Player, p.Opponent})
				reasons = append(reasons, p.Reason)
				if p.Opponent == 0 {
					if p.Table != 0 || p.First != 0 {
						t.Errorf("bye with a table or start: %+v", p)
					}
					continue
				}
				if p.Table != i+1 {
					t.Errorf("game %d at table %d: the top seeds sit at the top tables", i+1, p.Table)
				}
				if p.First != p.Player && p.First != p.Opponent {
					t.Errorf("nobody starts: %+v", p)
				}
				if !strings.Contains(p.Reason, "seeded by rating") {
					t.Errorf("reason %q does not say the round is seeded", p.Reason)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("pairings %v, want %v", got, tc.want)
			}
			if tc.reasons != nil && !reflect.DeepEqual(reasons, tc.reasons) {
				t.Errorf("reasons\n%q\nwant\n%q", reasons, tc.reasons)
			}
		})
	}
}

// TestSeedingOnlyRoundOne: a withdrawn player and one paired by hand are
// left out of the seeding; round 2 pairs on results, not ratings; a
// random draw is never seeded.
func TestSeedingOnlyRoundOne(t *testing.T) {
	d := seededDivision(t, 1000, 1100, 1200, 1300, 1400, 1500, 1600)
	if _, err := d.Withdraw(7, UnplayedNone); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ApplyPairings(1, []Pairing{{Player: 6, Opponent: 1}}); err != nil {
		t.Fatal(err)
	}
	// Left: 5 (1400), 4, 3, 2 (1100): 5-4 and 3-2, placed 2nd to 5th
	// among the players still in (7 withdrew; 6, paired by hand, is 1st),
	// named in seat order (4 and 2 start). 6-1 has no table: the seeded
	// games take the first free ones.
	ps, err := PairKOTH(d, 1, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []Pairing{
		{Round: 1, Table: 1, Player: 5, Opponent: 4, Reason: "King of the Hill round 1, seeded by rating: 3rd vs 2nd by rating"},
		{Round: 1, Table: 2, Player: 3, Opponent: 2, Reason: "King of the Hill round 1, seeded by rating: 5th vs 4th by rating"},
	}
	for i := range ps {
		ps[i].First = 0
	}
	if !reflect.DeepEqual(ps, want) {
		t.Errorf("got %+v\nwant %+v", ps, want)
	}

	// Round 2 pairs on round 1's results: the lowest-rated won most.
	d = seededDivision(t, 1000, 1100, 1200, 1300)
	mustEnter(t, d, game(1, 1, 2, 500, 300))
	mustEnter(t, d, game(1, 3, 4, 400, 350))
	ps, err = PairKOTH(d, 2, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if ps[0].Player != 1 || ps[0].Opponent != 3 || ps[0].Reason != "1st vs 2nd, King of the Hill" {
		t.Errorf("round 2: %+v", ps[0])
	}
	ps, err = PairSwiss(d, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if strings.Contains(p.Reason, "rating") {
			t.Errorf("round 2 is not seeded: %q", p.Reason)
		}
	}

	// A random draw keeps entry order: the same draw as a division whose
	// ratings follow entry order.
	a, err := PairRandom(seededDivision(t, 0, 1000, 2000, 1500, 0), 1, 42)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PairRandom(seededDivision(t, 2000, 1900, 1800, 1700, 1600), 1, 42)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("a random draw depends on ratings:\n%+v\n%+v", a, b)
	}
	for _, p := range a {
		if strings.Contains(p.Reason, "rating") {
			t.Errorf("a random draw is not seeded: %q", p.Reason)
		}
	}
}
