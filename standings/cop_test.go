package standings

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
)

// copRecords builds a division of the given rounds whose players stand
// at the records given (wins, spread over `played` rounds), each round a
// bye won or lost (scores +/-), so that nobody has met anybody.
func copRecords(t testing.TB, rounds, played int, recs ...[2]int) *Division {
	t.Helper()
	var b strings.Builder
	for i, r := range recs {
		w, s := r[0], r[1]
		l := played - w
		sc := make([]int, 0, played)
		if s >= w-l {
			for k := 0; k < w; k++ {
				sc = append(sc, 1)
			}
			if w > 0 {
				sc[0] = s - (w - 1) + l
			}
			for k := 0; k < l; k++ {
				sc = append(sc, -1)
			}
		} else {
			for k := 0; k < w; k++ {
				sc = append(sc, 1)
			}
			for k := 0; k < l; k++ {
				sc = append(sc, -1)
			}
			sc[w] = s - w + (l - 1)
		}
		fmt.Fprintf(&b, "Player, No%d %d", i+1, 2000-i)
		for k := 0; k < played; k++ {
			b.WriteString(" 0")
		}
		b.WriteString(";")
		for _, x := range sc {
			fmt.Fprintf(&b, " %d", x)
		}
		b.WriteString("\n")
	}
	cfg := DefaultConfig(RealmNASPA)
	cfg.Rounds = rounds
	d, err := ParseT([]byte(b.String()), "A", cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range d.Standings(played) {
		if r.winsHalf != 2*recs[i][0] || r.Spread != recs[i][1] || r.Player != i+1 {
			t.Fatalf("line %d stands %v %d (player %d), not %v", i+1, r.Wins, r.Spread, r.Player, recs[i])
		}
	}
	return d
}

// copPairs pairs a round with COP and returns each player's opponent
// (0: the bye) and the reasons by player.
func copPairs(t testing.TB, d *Division, round int, set COPSettings) (opp map[int]int, why map[int]string) {
	t.Helper()
	ps, err := Pair(d, PairRequest{System: SystemCOP, Round: round, COP: set, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	opp, why = opponentsOf(ps)
	return opp, why
}

// opponentsOf reads pairings as each player's opponent (0: the bye) and
// reason.
func opponentsOf(ps []Pairing) (opp map[int]int, why map[int]string) {
	opp, why = map[int]int{}, map[int]string{}
	for _, p := range ps {
		opp[p.Player], why[p.Player] = p.Opponent, p.Reason
		if p.Opponent != 0 {
			opp[p.Opponent], why[p.Opponent] = p.Player, p.Reason
		}
	}
	return opp, why
}

// wantPairs checks that each pair (a player and the opponent wanted, 0
// for the bye) is made, and that each reason holds its words.
func wantPairs(t *testing.T, opp map[int]int, why map[int]string, pairs [][2]int, reasons map[int]string) {
	t.Helper()
	for _, p := range pairs {
		if opp[p[0]] != p[1] {
			t.Errorf("%d plays %d (%s), want %d", p[0], opp[p[0]], why[p[0]], p[1])
		}
	}
	for id, w := range reasons {
		if !strings.Contains(why[id], w) {
			t.Errorf("%d: reason %q, want %q in it", id, why[id], w)
		}
	}
}

func small(set COPSettings) COPSettings {
	set.Simulations, set.AlwaysWinsSimulations = 20000, 2000
	return set
}

// TestCOPSimulationExact: four players, one round left (1st v 2nd, 3rd
// v 4th): the simulated chances of each final place agree with the
// chances worked out exactly over every pair of results.
func TestCOPSimulationExact(t *testing.T) {
	wins := []int{6, 6, 4, 4}        // halves: 3-0, 3-0, 2-1, 2-1
	spread := []int{150, 40, 260, 0} // 3rd can pass the loser of 1st v 2nd
	const gibson = 200
	f := newCOPField(wins, spread, 1, gibson)
	const runs = 400000
	got := f.finalPlaces(runs, 99, [][]int{{0, 1, 2, 3}})
	exact := make([]float64, 16)
	margin := func(k int) int { return min(int(copSpreads[k]), gibson) }
	p := 1.0 / (2 * 256 * 2 * 256)
	for w1 := 0; w1 < 2; w1++ {
		for k1 := 0; k1 < 256; k1++ {
			for w2 := 0; w2 < 2; w2++ {
				for k2 := 0; k2 < 256; k2++ {
					wh := append([]int(nil), wins...)
					sp := append([]int(nil), spread...)
					play := func(a, b, w, m int) {
						if m == 0 {
							wh[a]++
							wh[b]++
							return
						}
						if w == 1 {
							a, b = b, a
						}
						wh[a] += 2
						sp[a] += m
						sp[b] -= m
					}
					play(0, 1, w1, margin(k1))
					play(2, 3, w2, margin(k2))
					order := []int{0, 1, 2, 3}
					for i := 1; i < 4; i++ { // insertion sort: wins, spread, then place
						for j := i; j > 0; j-- {
							a, b := order[j-1], order[j]
							if wh[b] > wh[a] || wh[b] == wh[a] && sp[b] > sp[a] {
								order[j-1], order[j] = b, a
							}
						}
					}
					for place, i := range order {
						exact[i*4+place] += p
					}
				}
			}
		}
	}
	for i := 0; i < 16; i++ {
		share := float64(got[i]) / runs
		sd := math.Sqrt(exact[i] * (1 - exact[i]) / runs)
		if math.Abs(share-exact[i]) > 5*sd+1e-9 {
			t.Errorf("player %d place %d: simulated %.4f, exact %.4f", i/4+1, i%4+1, share, exact[i])
		}
	}
	if exact[2*4+1] < 0.1 { // the case the test is built for
		t.Fatalf("3rd reaches 2nd in %.3f only", exact[2*4+1])
	}
}

// TestCOPDeterministic: one seed, one pairing, however many processors
// run the simulations.
func TestCOPDeterministic(t *testing.T) {
	d := copRecords(t, 12, 8, [2]int{7, 500}, [2]int{6, 300}, [2]int{6, 250}, [2]int{5, 200}, [2]int{5, 100},
		[2]int{5, 0}, [2]int{4, 50}, [2]int{4, -20}, [2]int{3, -100}, [2]int{3, -300}, [2]int{2, -400}, [2]int{1, -600})
	var first []Pairing
	for _, procs := range []int{1, 4, 1} {
		old := runtime.GOMAXPROCS(procs)
		ps, err := Pair(d, PairRequest{System: SystemCOP, Round: 9, COP: small(COPSettings{PlacePrizes: 3}), Seed: 42})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = ps
			continue
		}
		if fmt.Sprint(ps) != fmt.Sprint(first) {
			t.Fatalf("GOMAXPROCS %d pairs\n%v\nnot\n%v", procs, ps, first)
		}
	}
}

// TestCOPHardRules: each hard rule on a small constructed position.
func TestCOPHardRules(t *testing.T) {
	type pair = [2]int // players; 0 for the bye
	tests := []struct {
		name   string
		rounds int
		played int
		recs   [][2]int
		set    COPSettings
		want   []pair // pairs that must be made
		reason map[int]string
	}{{
		name: "last round: King of the Hill among the players who can still cash", rounds: 6, played: 5,
		recs: [][2]int{{5, 600}, {4, 300}, {4, 200}, {3, 100}, {3, 0}, {2, -100}, {1, -300}, {0, -800}},
		set:  COPSettings{PlacePrizes: 3},
		want: []pair{{1, 2}, {3, 4}}, reason: map[int]string{1: "COP, last round: King of the Hill among the"},
	}, {
		name: "no game across a Gibson group: 1st and 2nd, out of 3rd's reach, meet", rounds: 10, played: 8,
		recs: [][2]int{{8, 900}, {7, 1200}, {5, 100}, {2, 0}, {2, -100}, {2, -200}, {1, -800}, {1, -1100}},
		set:  COPSettings{PlacePrizes: 3},
		want: []pair{{1, 2}}, reason: map[int]string{1: "Gibson group"},
	}, {
		name: "a needed bye goes to a Gibson", rounds: 10, played: 8,
		recs: [][2]int{{8, 900}, {7, 1200}, {5, 100}, {2, 0}, {2, -100}, {2, -200}, {1, -800}, {1, -1100}, {1, -1200}},
		set:  COPSettings{PlacePrizes: 3},
		want: []pair{{1, 2}, {3, 0}}, reason: map[int]string{3: "a Gibson takes the bye"},
	}, {
		name: "penultimate round: 1st v 4th, 2nd v 5th, 3rd v 6th", rounds: 10, played: 8,
		recs: [][2]int{{6, 60}, {6, 50}, {6, 40}, {6, 30}, {6, 20}, {6, 10}, {3, -300}, {3, -400}, {2, -600}, {1, -800}},
		set:  COPSettings{PlacePrizes: 3},
		want: []pair{{1, 4}, {2, 5}, {3, 6}}, reason: map[int]string{1: "second-to-last round"},
	}, {
		name: "control loss: the leader meets the challenger who would lose control of their fate", rounds: 13, played: 9,
		recs: [][2]int{{9, 900}, {7, 400}, {7, 300}, {6, 200}, {6, 100}, {5, 0}, {4, -300}, {4, -400}, {3, -600}, {2, -800}},
		set:  COPSettings{PlacePrizes: 3, ControlLossActivationRound: 1},
		want: []pair{{1, 2}}, reason: map[int]string{1: "COP, control loss: 1st meets 2nd"},
	}, {
		name: "no control loss before its activation round", rounds: 13, played: 9,
		recs:   [][2]int{{9, 900}, {7, 400}, {7, 300}, {6, 200}, {6, 100}, {5, 0}, {4, -300}, {4, -400}, {3, -600}, {2, -800}},
		set:    COPSettings{PlacePrizes: 3, ControlLossActivationRound: 11},
		reason: map[int]string{1: "being a contender who can still catch 1st"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := copRecords(t, tc.rounds, tc.played, tc.recs...)
			opp, why := copPairs(t, d, tc.played+1, small(tc.set))
			if len(opp) != len(tc.recs) {
				t.Fatalf("%d of %d players paired", len(opp), len(tc.recs))
			}
			wantPairs(t, opp, why, tc.want, tc.reason)
		})
	}
}

// copT is a division from .t lines, of the given rounds.
func copT(t testing.TB, rounds int, lines string) *Division {
	t.Helper()
	cfg := DefaultConfig(RealmNASPA)
	cfg.Rounds = rounds
	d, err := ParseT([]byte(lines), "A", cfg)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestCOPByes: top-down byes go to the highest-ranked player with the
// fewest byes; with disallow_repeat_byes nobody has a second one.
func TestCOPByes(t *testing.T) {
	const lines = `One, Player 2000 2 3; 400 400
Two, Player 1900 1 5; 300 400
Three, Player 1800 4 1; 400 300
Four, Player 1700 3 0; 300 50
Five, Player 1600 0 2; 50 300
`
	opp, why := copPairs(t, copT(t, 5, lines), 3, small(COPSettings{PlacePrizes: 1, TopDownByes: true, ControlLossActivationRound: 5}))
	if opp[1] != 0 || !strings.Contains(why[1], "byes top down") {
		t.Errorf("top-down: 1 plays %d (%s), want the bye", opp[1], why[1])
	}
	opp, why = copPairs(t, copT(t, 5, lines), 3, small(COPSettings{PlacePrizes: 1, DisallowRepeatByes: true}))
	for _, id := range []int{4, 5} {
		if opp[id] == 0 {
			t.Errorf("%d has a second bye: %s", id, why[id])
		}
	}
	if len(opp) != 5 {
		t.Errorf("%d paired", len(opp))
	}
}

// TestCOPClassKOTH: in the last round a class's prize contenders meet.
func TestCOPClassKOTH(t *testing.T) {
	d := copRecords(t, 6, 5, [2]int{5, 600}, [2]int{4, 300}, [2]int{3, 200}, [2]int{3, 100},
		[2]int{2, 0}, [2]int{2, -100}, [2]int{2, -150}, [2]int{1, -300}, [2]int{1, -400}, [2]int{0, -800})
	for _, id := range []int{6, 7, 9, 10} {
		d.players[id-1].Class = "B"
	}
	opp, why := copPairs(t, d, 6, small(COPSettings{PlacePrizes: 2, ClassPrizes: map[string]int{"B": 1}}))
	if opp[6] != 7 || !strings.Contains(why[6], "class B") {
		t.Errorf("class B: 6 plays %d (%s), want 7", opp[6], why[6])
	}
	if opp[1] != 2 {
		t.Errorf("1 plays %d (%s), want 2", opp[1], why[1])
	}
}

// TestCOPPairedByHand: pairs the director made stand, COP pairs the
// rest; when the rules leave no pairing, a clear refusal.
func TestCOPPairedByHand(t *testing.T) {
	recs := [][2]int{{7, 500}, {6, 300}, {6, 250}, {5, 200}, {5, 100}, {5, 0}, {4, 50}, {4, -20}, {3, -100}, {2, -300}}
	d := copRecords(t, 12, 8, recs...)
	if _, err := d.ApplyPairings(9, []Pairing{{Player: 1, Opponent: 10}}); err != nil {
		t.Fatal(err)
	}
	ps, err := Pair(d, PairRequest{System: SystemCOP, Round: 9, COP: small(COPSettings{PlacePrizes: 3}), Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, p := range ps {
		for _, id := range p.Players() {
			if id == 1 || id == 10 || seen[id] {
				t.Errorf("%d paired again: %+v", id, p)
			}
			seen[id] = true
		}
	}
	if len(seen) != 8 {
		t.Errorf("%d of the other 8 paired", len(seen))
	}
	// 1st and 2nd form a Gibson group out of everyone's reach: with 2nd
	// paired by hand elsewhere, 1st has nobody.
	g := copRecords(t, 10, 8, [2]int{8, 900}, [2]int{7, 1200}, [2]int{5, 100}, [2]int{2, 0}, [2]int{2, -100}, [2]int{2, -200}, [2]int{1, -800}, [2]int{1, -1100})
	if _, err := g.ApplyPairings(9, []Pairing{{Player: 2, Opponent: 8}}); err != nil {
		t.Fatal(err)
	}
	_, err = Pair(g, PairRequest{System: SystemCOP, Round: 9, COP: small(COPSettings{PlacePrizes: 3}), Seed: 3})
	if CodeOf(err) != CodeOverconstrained {
		t.Errorf("got %v, want %s", err, CodeOverconstrained)
	}
	open := copRecords(t, 0, 2, [2]int{2, 100}, [2]int{1, 0}, [2]int{1, 0}, [2]int{0, -100})
	if _, err := Pair(open, PairRequest{System: SystemCOP, Round: 3}); CodeOf(err) != CodeRoundsNotSet {
		t.Errorf("no rounds set: %v", err)
	}
}

// TestCOPExagony: team-mates do not meet while another pairing exists.
func TestCOPExagony(t *testing.T) {
	recs := [][2]int{{6, 500}, {6, 450}, {4, 100}, {4, 50}, {3, 0}, {3, -50}, {2, -400}, {2, -650}}
	for _, exagony := range []bool{false, true} {
		d := copRecords(t, 12, 6, recs...)
		d.cfg.Exagony = exagony
		d.players[0].Team, d.players[1].Team = "USA", "USA"
		opp, why := copPairs(t, d, 7, small(COPSettings{PlacePrizes: 2, ControlLossActivationRound: 12}))
		if met := opp[1] == 2; met == exagony {
			t.Errorf("exagony %v: 1 plays %d (%s)", exagony, opp[1], why[1])
		}
	}
}

// TestCOPExagonyLastRound: the last round's King of the Hill does not
// make two team-mates meet; the weights pair them elsewhere.
func TestCOPExagonyLastRound(t *testing.T) {
	recs := [][2]int{{5, 600}, {4, 300}, {4, 200}, {3, 100}, {3, 0}, {2, -100}, {1, -300}, {0, -800}}
	for _, exagony := range []bool{false, true} {
		d := copRecords(t, 6, 5, recs...)
		d.cfg.Exagony = exagony
		d.players[0].Team, d.players[1].Team = "NZ", "NZ"
		opp, why := copPairs(t, d, 6, small(COPSettings{PlacePrizes: 3}))
		if met := opp[1] == 2; met == exagony {
			t.Errorf("exagony %v: 1 plays %d (%s)", exagony, opp[1], why[1])
		}
	}
}
