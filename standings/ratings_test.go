package standings

import (
	"math"
	"slices"
	"testing"
)

// NASPA's published description of its rating system gives the worked
// figures this test reproduces, to the precision printed there:
// http://www.scrabble-assoc.com/ratings/how.html ("How the NSA Rating
// System Works", the system since 2009, whose reference implementation is
// tsh's Ratings::Elo):
//   - "if you are rated 1800 and your opponent is rated 1700 ... you are
//     expected to win 0.57903 games against this opponent";
//   - "Your expectation should be 0.6 wins at a difference of 127 ratings
//     points, 0.7 at 266, 0.8 at 435 and 0.9 at 689";
//   - the multiplier table: games played 1-49 / 50+, by pre-tournament
//     rating 1-1799: 30 / 20, 1800-1999: 24 / 16, 2000+: 15 / 10.
func TestRatingsPublishedNASPAFigures(t *testing.T) {
	if got := ExpectNASPA(1800, 1700); math.Abs(got-0.57903) >= 0.000005 {
		t.Errorf("expectation 1800 v 1700 = %.7f, published 0.57903", got)
	}
	if got := ExpectNASPA(1800, 1700) + ExpectNASPA(1700, 1800); math.Abs(got-1) > 1e-12 {
		t.Errorf("the two sides' expectations add to %v", got)
	}
	for _, tc := range []struct {
		p    float64
		diff int // the published difference, to the nearest point
	}{{0.6, 127}, {0.7, 266}, {0.8, 435}, {0.9, 689}} {
		// The difference at which the expectation is p, to the nearest
		// point: the expectation crosses p within half a point of it.
		lo, hi := float64(tc.diff)-0.5, float64(tc.diff)+0.5
		if !(ExpectNASPA(lo, 0) < tc.p && ExpectNASPA(hi, 0) >= tc.p) {
			t.Errorf("expectation %v is not reached between %v and %v points: %.5f, %.5f", tc.p, lo, hi, ExpectNASPA(lo, 0), ExpectNASPA(hi, 0))
		}
	}
	for _, tc := range []struct {
		games  int
		rating float64
		want   float64
	}{
		{1, 1, 30}, {49, 1799, 30}, {50, 1799, 20}, {200, 1000, 20},
		{1, 1800, 24}, {49, 1999, 24}, {50, 1800, 16}, {50, 1999, 16},
		{1, 2000, 15}, {49, 2400, 15}, {50, 2000, 10}, {500, 2200, 10},
	} {
		if got := Multiplier(tc.games, tc.rating); got != tc.want {
			t.Errorf("multiplier at %d games, rating %v = %v, published %v", tc.games, tc.rating, got, tc.want)
		}
	}
}

// rr is a round robin of four: each game (round, players a and b, a's
// score: 1, 0.5 or 0), made into entrants.
func roundRobin(ratings []int, games ...[4]float64) []RatedEntrant {
	es := make([]RatedEntrant, len(ratings))
	for i, r := range ratings {
		es[i].Rating = r
	}
	for _, g := range games {
		round, a, b, s := int(g[0]), int(g[1]), int(g[2]), g[3]
		es[a].Games = append(es[a].Games, RatedGame{Round: round, Opponent: b, Score: s})
		es[b].Games = append(es[b].Games, RatedGame{Round: round, Opponent: a, Score: 1 - s})
	}
	return es
}

// Whole events against figures worked by hand from the formulas (not
// published): a second implementation, in Python, of DECISIONS.md's
// rules gave the numbers. Everyone rated is taken as established
// (multiplier 20, 16, 10).
func TestRatingsWorkedEvents(t *testing.T) {
	naspa, _ := RatingsNASPA.Rules()
	for _, tc := range []struct {
		name    string
		ratings []int
		games   [][4]float64
		after   []int
		perf    []int
		exp     []float64 // expected wins, to 4 places
		accel   []float64 // bonus earned, to 4 places
		feed    []float64
	}{
		{
			// A 1850, B 1702, C 1998 and D unrated. Round 1: A beats B, D
			// beats C; round 2: C beats A, B beats D; round 3: A beats D,
			// B and C tie. D's first rating: the rating at which 1 win in
			// 3 against 1702, 1998 and 1850 was expected (1625). A: 2 wins
			// against an expectation of 1.6720 (D counted at 1625), ×20 =
			// +6.6 → 1855.
			name:    "a newcomer among the rated",
			ratings: []int{1850, 1702, 1998, 0},
			games:   [][4]float64{{1, 0, 1, 1}, {1, 2, 3, 0}, {2, 0, 2, 0}, {2, 1, 3, 1}, {3, 0, 3, 1}, {3, 1, 2, 0.5}},
			after:   []int{1855, 1707, 1988, 1625},
			perf:    []int{2005, 1826, 1726, 1625},
			exp:     []float64{1.6720, 1.2254, 2.1022, 1.0004},
			accel:   []float64{0, 0, 0, 0},
			feed:    []float64{0, 0, 0, 0},
		},
		{
			// P (1500) beats 1700, 1800 and 1900: 3 wins against 0.8418
			// expected, ×20 = 43.16; that is 28.16 more than 5 points a
			// game, added again (acceleration), and each opponent gets a
			// twentieth of it, 1.41 (feedback). P 1571; all wins count as
			// 95% of the games for the performance rating (2734).
			name:    "acceleration and feedback",
			ratings: []int{1500, 1700, 1800, 1900},
			games:   [][4]float64{{1, 0, 1, 1}, {1, 2, 3, 1}, {2, 0, 2, 1}, {2, 1, 3, 0}, {3, 0, 3, 1}, {3, 1, 2, 1}},
			after:   []int{1571, 1693, 1787, 1885},
			perf:    []int{2734, 1503, 1469, 1442},
			exp:     []float64{0.8418, 1.4210, 1.7224, 2.0149},
			accel:   []float64{28.1645, 0, 0, 0},
			feed:    []float64{0, 1.4082, 1.4082, 1.4082},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			est := naspa.Estimate(roundRobin(tc.ratings, tc.games...), 3)
			for i, e := range est {
				if e.After != tc.after[i] || e.Performance != tc.perf[i] || !near4(e.Expected, tc.exp[i]) ||
					!near4(e.Acceleration, tc.accel[i]) || !near4(e.Feedback, tc.feed[i]) || e.Games != 3 {
					t.Errorf("player %d: %+v\nwant after %d, performance %d, expected %.4f, acceleration %.4f, feedback %.4f",
						i, e, tc.after[i], tc.perf[i], tc.exp[i], tc.accel[i], tc.feed[i])
				}
			}
		})
	}
}

func near4(a, b float64) bool { return math.Abs(a-b) < 0.00005 }

// A change across a band's edge takes each part at its band's multiplier
// (NASPA); WESPA keeps the pre-event multiplier.
func TestRatingsBoundaries(t *testing.T) {
	naspa, _ := RatingsNASPA.Rules()
	wespa, _ := RatingsWESPA.Rules()
	for _, tc := range []struct {
		name   string
		rules  RatingRules
		start  float64
		games  int
		excess float64
		want   float64
	}{
		{"within a band", naspa, 1700, 50, 1, 1720},
		// 1790 +10 at 20 uses half a win; the other half at 16: 1808.
		{"up through 1800", naspa, 1790, 50, 1, 1808},
		// 1810 down: 11 points to 1799 at 16 (0.6875 wins), 0.3125 at 20.
		{"down through 1800", naspa, 1810, 50, -1, 1799 - 0.3125*20},
		// 1990 +1.5: 10 at 16, then 0.875 wins at 10 from 2000.
		{"up through 2000", naspa, 1990, 50, 1.5, 2008.75},
		{"a newcomer's band", naspa, 1790, 10, 1, 1800 + (1-10.0/30)*24},
		{"wespa ignores the edge", wespa, 1790, 50, 1, 1810},
	} {
		if got := tc.rules.toPoints(tc.start, tc.games, tc.excess); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: %v", tc.name, got)
		}
	}
}

// The performance rating and a newcomer's first rating at the edges:
// all wins and all losses, the 500 floor, the cap above the strongest
// opponent.
func TestRatingsNewcomers(t *testing.T) {
	naspa, _ := RatingsNASPA.Rules()
	four := func(r int) []int { return []int{0, r, r, r, r} }
	games := func(score float64) [][4]float64 {
		var g [][4]float64
		for o := 1; o <= 4; o++ {
			g = append(g, [4]float64{float64(o), 0, float64(o), score})
		}
		return g
	}
	for _, tc := range []struct {
		name    string
		ratings []int
		score   float64
		want    int
	}{
		// Four ties against 1500s: exactly 1500.
		{"even", four(1500), 0.5, 1500},
		// All wins: the rating at which 95% were expected (1500 + 924) is
		// over the cap, 1500 + 400 × 4/4.
		{"all wins, capped", four(1500), 1, 1900},
		// All losses against 700s: 700 − 924 is below the floor.
		{"all losses, floored", four(700), 0, 500},
	} {
		est := naspa.Estimate(roundRobin(tc.ratings, games(tc.score)...), 4)
		if est[0].After != tc.want || !est[0].Newcomer || est[0].Change() != 0 {
			t.Errorf("%s: %+v, want %d", tc.name, est[0], tc.want)
		}
	}
	// The performance of all wins is where 95% of the games were
	// expected: 923.6 points over.
	if got := naspa.performance([]float64{1500, 1500}, 2); got != 1500+924 {
		t.Errorf("all wins against 1500: %d, want %d", got, 1500+924)
	}
	// A loss: where 5% was expected, 923.6 points under (the least whole
	// rating reaching it).
	if got := naspa.performance([]float64{1500}, 0); got != 1500-923 {
		t.Errorf("a loss against 1500: %d, want %d", got, 1500-923)
	}
	if got := naspa.performance(nil, 0); got != 0 {
		t.Errorf("no games: %d", got)
	}
	// A newcomer with no games stays unrated.
	if est := naspa.Estimate(roundRobin([]int{0, 1500}), 1); est[0].After != 0 || est[0].Performance != 0 {
		t.Errorf("a newcomer without games: %+v", est[0])
	}
	// Two newcomers who only met each other: the first guess, 1500, and
	// the cap over the strongest (newcomer) opponent keep them finite.
	est := naspa.Estimate(roundRobin([]int{0, 0}, [4]float64{1, 0, 1, 1}, [4]float64{2, 0, 1, 1}), 2)
	if est[0].After <= est[1].After || est[1].After < newcomerFloor || est[0].After > ratingCeiling {
		t.Errorf("two newcomers: %+v", est)
	}
}

// Long events are rated in segments, as tsh splits them.
func TestRatingsSegments(t *testing.T) {
	naspa, _ := RatingsNASPA.Rules()
	wespa, _ := RatingsWESPA.Rules()
	for _, tc := range []struct {
		rounds int
		want   [][2]int
	}{
		{0, nil}, {1, [][2]int{{1, 1}}}, {16, [][2]int{{1, 16}}},
		{17, [][2]int{{1, 9}, {10, 17}}}, {24, [][2]int{{1, 12}, {13, 24}}}, {35, [][2]int{{1, 18}, {19, 35}}},
		{36, [][2]int{{1, 12}, {13, 24}, {25, 36}}}, {40, [][2]int{{1, 14}, {15, 27}, {28, 40}}},
	} {
		if got := naspa.segments(tc.rounds); !slices.Equal(got, tc.want) {
			t.Errorf("%d rounds: %v, want %v", tc.rounds, got, tc.want)
		}
	}
	if got := wespa.segments(40); !slices.Equal(got, [][2]int{{1, 40}}) {
		t.Errorf("wespa splits: %v", got)
	}
	// A newcomer rated in the first segment is rated in the second from
	// there, as a player with few career games (multiplier 30).
	var games [][4]float64
	for r := 1; r <= 17; r++ {
		games = append(games, [4]float64{float64(r), 0, 1, 0.5})
	}
	es := roundRobin([]int{0, 1500}, games...)
	est := naspa.Estimate(es, 17)
	if est[0].After != 1500 || est[0].Games != 17 || est[1].After != 1500 {
		t.Errorf("ties throughout: %+v", est)
	}
}

// The WESPA curve is steeper than NASPA's, and WESPA adds two thirds of
// an acceleration.
func TestRatingsWESPA(t *testing.T) {
	wespa, ok := RatingsWESPA.Rules()
	if !ok || wespa.Acceleration != 2.0/3 || wespa.Boundaries || wespa.Split {
		t.Fatalf("wespa rules %+v", wespa)
	}
	if got := ExpectWESPA(1800, 1700); math.Abs(got-1/(1+math.Exp(-100.0/172))) > 1e-12 || got <= ExpectNASPA(1800, 1700) {
		t.Errorf("wespa expectation %v", got)
	}
	// P (1500) beats 1700, 1800, 1900: ×20 on the excess, then two thirds
	// of what passes 5 a game.
	est := wespa.Estimate(roundRobin([]int{1500, 1700, 1800, 1900}, [4]float64{1, 0, 1, 1}, [4]float64{2, 0, 2, 1}, [4]float64{3, 0, 3, 1}), 3)
	e := 0.0
	for _, o := range []float64{1700, 1800, 1900} {
		e += ExpectWESPA(1500, o)
	}
	base := 20 * (3 - e)
	want := int(math.Floor(1500 + base + (base-15)*2/3 + 0.5))
	if est[0].After != want || !near4(est[0].Expected, e) {
		t.Errorf("wespa: %+v, want %d", est[0], want)
	}
	if _, ok := RatingsNone.Rules(); ok {
		t.Error("none has rules")
	}
}

func TestParseRatingSystem(t *testing.T) {
	for in, want := range map[string]RatingSystem{"": "", "naspa": RatingsNASPA, " WESPA ": RatingsWESPA, "none": RatingsNone} {
		if got, err := ParseRatingSystem(in); err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	if _, err := ParseRatingSystem("absp"); !isCode(err, CodeBadConfig) {
		t.Errorf("absp: %v", err)
	}
	if DefaultRatingSystem(RealmWESPA) != RatingsWESPA || DefaultRatingSystem(RealmNASPA) != RatingsNASPA || DefaultRatingSystem("") != RatingsNASPA {
		t.Error("defaults by realm")
	}
}

// TestRatingsCareerGames: a player with 40 career games in a 32-round
// event (two segments of 16) wins all 16 games of the first segment
// against an established player, then half of the second. Both systems
// rate the first at the higher multiplier (30); in the second nsa2008
// keeps the 40 games (30 again) and naspa2024 counts 56 (20). A player
// whose career games are not known (0) is taken as established.
func TestRatingsCareerGames(t *testing.T) {
	var games [][4]float64
	for r := 1; r <= 32; r++ {
		s := 1.0
		if r > 16 && r%2 == 0 {
			s = 0
		}
		games = append(games, [4]float64{float64(r), 0, 1, s})
	}
	seg1 := 1500 + 30*8.0 // 16 wins, 8 expected
	excess2 := 8 - 16*ExpectNASPA(seg1, 1500-20*8)
	for _, tc := range []struct {
		sys    RatingSystem
		career int
		want   float64
	}{
		{RatingsNSA2008, 40, seg1 + 30*excess2},
		{RatingsNASPA, 40, seg1 + 30*excess2},
		{RatingsNASPACSW, 40, seg1 + 30*excess2},
		{RatingsNASPA2024, 40, seg1 + 20*excess2},
		{RatingsNASPA2024, 30, seg1 + 30*excess2}, // 46 after the first segment
		{RatingsNSA2008, 0, 1500 + 20*8 + 20*(8-16*ExpectNASPA(1660, 1340))},
	} {
		rules, ok := tc.sys.Rules()
		if !ok {
			t.Fatalf("%s: no rules", tc.sys)
		}
		rules.Acceleration = 0 // the multipliers alone
		es := roundRobin([]int{1500, 1500}, games...)
		es[0].CareerGames, es[1].CareerGames = tc.career, 1000
		got := rules.Estimate(es, 32)[0].After
		if want := int(math.Floor(tc.want + 0.5)); got != want {
			t.Errorf("%s, %d career games: %d, want %d", tc.sys, tc.career, got, want)
		}
	}
}

func TestParseRatingSystemTSHNames(t *testing.T) {
	for _, name := range []string{"nsa2008", "naspa2024", "NASPA-CSW", "wespa"} {
		sys, err := ParseRatingSystem(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, ok := sys.Rules(); !ok {
			t.Errorf("%s: no rules", name)
		}
	}
}
