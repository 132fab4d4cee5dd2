package standings

import (
	"math"
	"testing"
)

// A division's estimates rate the games the standings count, in the
// standings' order: games over the board (a tie half a win, a tie-break
// a win), each leg of a table of three; not byes, forfeits or team
// games.
func TestDivisionRatings(t *testing.T) {
	d := newTestDivision(t, 8) // ratings 1990, 1980, ... 1920
	tieBreak := game(1, 1, 2, 400, 400)
	tieBreak.TieBreakWinner = 2
	mustEnter(t, d, tieBreak)                                                    // 2 wins a tie-break
	mustEnter(t, d, game(1, 3, 4, 350, 350))                                     // a tie
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 1, Player: 5})                  // not rated
	mustEnter(t, d, Entry{Kind: EntryForfeit, Round: 1, Player: 6, Opponent: 7}) // not rated
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 1, Player: 8})
	mustEnter(t, d, table(2, []int{400, 350, 300}, 1, 3, 5))                                                           // three legs each
	mustEnter(t, d, Entry{Kind: EntryGroup, Round: 2, Group: []int{2, 4, 6, 7}, Scores: []int{300, 200}, Teams: true}) // not rated
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 2, Player: 8})

	naspa, _ := RatingsNASPA.Rules()
	rows := d.Ratings(2, naspa, nil)
	standings := d.Standings(2)
	byPlayer := map[int]RatingRow{}
	for i, r := range rows {
		if r.Player != standings[i].Player || r.Rank != standings[i].Rank {
			t.Errorf("row %d: player %d rank %d, standings %d rank %d", i, r.Player, r.Rank, standings[i].Player, standings[i].Rank)
		}
		byPlayer[r.Player] = r
	}
	for id, want := range map[int]struct {
		games int
		wins  float64
	}{1: {3, 2}, 2: {1, 1}, 3: {3, 1.5}, 4: {1, 0.5}, 5: {2, 0}, 6: {0, 0}, 7: {0, 0}, 8: {0, 0}} {
		r := byPlayer[id]
		if r.Games != want.games || r.Wins != want.wins || r.Before != 2000-10*id {
			t.Errorf("player %d: %d games, %v wins, before %d; want %d, %v", id, r.Games, r.Wins, r.Before, want.games, want.wins)
		}
		if r.Games == 0 && (r.After != r.Before || r.Performance != 0 || r.Change() != 0) {
			t.Errorf("player %d without rated games moved: %+v", id, r)
		}
	}
	// The tie-break winner gained what a win over a higher-rated player
	// is worth (×16 established, 1800-1999), and the bonus for more than
	// 5 points a game; with 10 career games, ×24.
	gain := func(m float64) int {
		base := m * (1 - ExpectNASPA(1980, 1990))
		return int(math.Floor(1980 + base + max(base-5, 0) + 0.5))
	}
	if r := byPlayer[2]; r.After != gain(16) || r.After != 1991 {
		t.Errorf("tie-break winner: %+v, want %d", r, gain(16))
	}
	for _, r := range d.Ratings(2, naspa, []int{0, 10}) {
		if r.Player == 2 && r.After != gain(24) {
			t.Errorf("a player with 10 career games: %+v, want %d", r, gain(24))
		}
	}
	// Before round 1, or past the last round: nothing, and everything.
	for _, r := range d.Ratings(0, naspa, nil) {
		if r.Games != 0 || r.After != r.Before {
			t.Errorf("before round 1: %+v", r)
		}
	}
	if got := d.Ratings(99, naspa, nil); got[0] != rows[0] {
		t.Errorf("past the last round: %+v, want %+v", got[0], rows[0])
	}
}
