package standings

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"
)

// tsh's rule, which these tests hold the standings to: a withdrawn
// (inactive, "off") player takes no rank, and the players still playing
// are ranked among themselves, 1, 2, 3, ..., ties sharing a rank.
// tsh (John Chew), lib/perl/TSH/Division.pm, ComputeRanks: it sorts the
// players by standing, then, unless asked to show inactive players,
// calls TSH::Player::SpliceInactive (lib/perl/TSH/Player.pm), which
// removes every player with an `off` field from the list, before
// numbering the list (rank = index + 1, shared while wins, losses and
// spread are equal); an inactive player gets no RoundRank at all. Read
// in the public code index (the tsh repository itself could not be
// fetched).
//
// The division: five players; 4 withdraws after round 1.
//
//	R1: 1 beat 2 400-300 (+100); 3 beat 4 420-380 (+40); 5 bye (+50).
//	R2 paired 1-3, 2-5, 4's round a forfeit loss (-50), no opponent.
//	    3 beat 1 410-400 (+10); 5 beat 2 390-350 (+40).
//
// After round 1: 1 +100, 5 +50, 3 +40 (1-0 each); 4 0-1 -40 withdrawn;
// 2 0-1 -100. After round 2: 3 2-0 +50, 5 2-0 +90; 1 1-1 +90; 2 0-2
// -140; 4 0-2 -90 withdrawn (above 2 in the order, without a rank).
func withdrawnDivision(t *testing.T) *Division {
	t.Helper()
	d := newTestDivision(t, 5)
	if _, err := d.ApplyPairings(1, []Pairing{{Player: 1, Opponent: 2}, {Player: 3, Opponent: 4}, {Player: 5}}); err != nil {
		t.Fatal(err)
	}
	mustEnter(t, d, game(1, 1, 2, 400, 300))
	mustEnter(t, d, game(1, 3, 4, 420, 380))
	if _, err := d.Withdraw(4, UnplayedForfeit); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ApplyPairings(2, []Pairing{{Player: 1, Opponent: 3}, {Player: 2, Opponent: 5}}); err != nil {
		t.Fatal(err)
	}
	mustEnter(t, d, game(2, 3, 1, 410, 400))
	mustEnter(t, d, game(2, 5, 2, 390, 350))
	return d
}

func TestWithdrawnTakeNoRank(t *testing.T) {
	d := withdrawnDivision(t)
	type want struct {
		player, rank int
		tied         bool
	}
	for _, tc := range []struct {
		name    string
		through int
		rows    []want // in the chain's order: the withdrawn keep their line
	}{
		// 4 (0-1 -40) stands above 2 (0-1 -100) but takes no place: 2 is
		// 4th, not 5th.
		{"after round 1, withdrawn between", 1, []want{{1, 1, false}, {5, 2, false}, {3, 3, false}, {4, 0, false}, {2, 4, false}}},
		{"after round 2", 2, []want{{5, 1, false}, {3, 2, false}, {1, 3, false}, {4, 0, false}, {2, 4, false}}},
		{"before round 1, all level", 0, []want{{1, 1, true}, {2, 1, true}, {3, 1, true}, {4, 0, false}, {5, 1, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows := d.Standings(tc.through)
			var got []want
			for _, r := range rows {
				got = append(got, want{r.Player, r.Rank, r.Tied})
				if r.Withdrawn != (r.Player == 4) {
					t.Errorf("player %d withdrawn %v", r.Player, r.Withdrawn)
				}
			}
			if !slices.Equal(got, tc.rows) {
				t.Errorf("rows %v, want %v", got, tc.rows)
			}
			// The ranks of the players still playing are 1..n with ties
			// shared, nobody skipped for the withdrawn.
			var ranks []int
			for _, r := range rows {
				if !r.Withdrawn {
					ranks = append(ranks, r.Rank)
				}
			}
			for i, r := range ranks {
				if r < 1 || r > i+1 || i > 0 && r != ranks[i-1] && r != i+1 {
					t.Errorf("ranks %v are not tsh's among the players still playing", ranks)
				}
			}
		})
	}
	// The ratings table ranks as the standings do.
	naspa, _ := RatingsNASPA.Rules()
	for _, r := range d.Ratings(2, naspa, nil) {
		if want := map[int]int{5: 1, 3: 2, 1: 3, 2: 4, 4: 0}[r.Player]; r.Rank != want {
			t.Errorf("ratings: player %d rank %d, want %d", r.Player, r.Rank, want)
		}
	}
}

// The CSV keeps a withdrawn player's line, with the rank empty.
func TestWithdrawnCSVRank(t *testing.T) {
	d := withdrawnDivision(t)
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, d.Standings(1)); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rec := range recs[1:] {
		got = append(got, rec[0]+":"+rec[1])
	}
	if want := []string{"1:1", "2:5", "3:3", ":4", "4:2"}; !slices.Equal(got, want) {
		t.Errorf("rank:player %v, want %v", got, want)
	}
}

// The .t file writes no rank: tsh computes ranks as it reads, leaving out
// the players whose line carries `off` (ComputeRanks, above). The
// withdrawn player's line carries it, so tsh ranks the file as these
// standings do.
func TestWithdrawnTFileMarksOff(t *testing.T) {
	d := withdrawnDivision(t)
	text := string(MarshalT(d))
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		off := strings.Contains(l, "off ")
		if strings.Contains(l, "rank") {
			t.Errorf("a rank field in the .t file: %q", l)
		}
		if withdrawn := strings.HasPrefix(l, d.Players()[3].Name); off != withdrawn {
			t.Errorf("off %v on %q", off, l)
		}
	}
	back, err := ParseT([]byte(text), "A", d.cfg)
	if err != nil {
		t.Fatal(err)
	}
	var ranks []int
	for _, r := range back.Standings(2) {
		ranks = append(ranks, r.Rank)
	}
	if want := []int{1, 2, 3, 0, 4}; !slices.Equal(ranks, want) {
		t.Errorf("read back, ranks %v, want %v", ranks, want)
	}
}
