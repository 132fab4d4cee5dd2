package standings

import (
	"testing"
)

// line is what a standings test checks for one row.
type line struct {
	rank, player         int
	wins, losses         float64
	spread, points, play int
}

func checkRows(t *testing.T, rows []Row, want []line) {
	t.Helper()
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		r := rows[i]
		got := line{r.Rank, r.Player, r.Wins, r.Losses, r.Spread, r.Points, r.Played}
		if got != w {
			t.Errorf("row %d: got %+v, want %+v", i+1, got, w)
		}
	}
}

// Four players, two rounds, a tie in round 2.
//
//	R1: 1 beat 2 450-400 (+50); 3 beat 4 500-300 (+200)
//	R2: 1 tied 3 400-400; 2 beat 4 420-380 (+40)
//
// 3: 1.5-0.5 +200 (900 pts); 1: 1.5-0.5 +50 (850); 2: 1-1 -10 (820);
// 4: 0-2 -240 (680).
func TestStandingsWithTie(t *testing.T) {
	d := newTestDivision(t, 4)
	mustEnter(t, d, game(1, 1, 2, 450, 400))
	mustEnter(t, d, game(1, 3, 4, 500, 300))
	mustEnter(t, d, game(2, 1, 3, 400, 400))
	mustEnter(t, d, game(2, 2, 4, 420, 380))
	checkRows(t, d.Standings(2), []line{
		{1, 3, 1.5, 0.5, 200, 900, 2},
		{2, 1, 1.5, 0.5, 50, 850, 2},
		{3, 2, 1, 1, 10 - 50 + 30, 820, 2},
		{4, 4, 0, 2, -240, 680, 2},
	})
	// After round 1 only.
	checkRows(t, d.Standings(1), []line{
		{1, 3, 1, 0, 200, 500, 1},
		{2, 1, 1, 0, 50, 450, 1},
		{3, 2, 0, 1, -50, 400, 1},
		{4, 4, 0, 1, -200, 300, 1},
	})
	if last := d.Standings(2)[0].Last; last == nil || last.Round != 2 || last.Outcome() != Tie {
		t.Errorf("last game of the leader: %+v", last)
	}
}

// A tied score decided by a tie-break is a full win.
func TestStandingsTieBreakWin(t *testing.T) {
	d := newTestDivision(t, 2)
	mustEnter(t, d, Entry{Kind: EntryGame, Round: 1, Player: 1, Opponent: 2, Score: 390, OppScore: 390, TieBreakWinner: 2})
	checkRows(t, d.Standings(1), []line{
		{1, 2, 1, 0, 0, 390, 1},
		{2, 1, 0, 1, 0, 390, 1},
	})
}

// Byes and forfeits with the realm's spreads; forfeits add no points and
// are not games played.
//
//	R1: 1 bye (+50); 2 beat 3 400-380 (+20)
//	R2: 3 forfeits to 1 (1 +50, 3 -50); 2 bye (+50)
//
// 1: 2-0 +100, 0 pts, 0 played; 2: 2-0 +70 (400, 1 played); 3: 0-2 -70
// (380, 1 played).
func TestStandingsByesAndForfeits(t *testing.T) {
	d := newTestDivision(t, 3)
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 1, Player: 1})
	mustEnter(t, d, game(1, 2, 3, 400, 380))
	mustEnter(t, d, Entry{Kind: EntryForfeit, Round: 2, Player: 3, Opponent: 1})
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 2, Player: 2})
	rows := d.Standings(2)
	checkRows(t, rows, []line{
		{1, 1, 2, 0, 100, 0, 0},
		{2, 2, 2, 0, 70, 400, 1},
		{3, 3, 0, 2, -70, 380, 1},
	})
	if rows[0].Byes != 1 || rows[0].Forfeits != 1 || rows[2].Forfeits != 1 {
		t.Errorf("bye and forfeit counts: %+v / %+v", rows[0], rows[2])
	}
	r, _ := d.Result(3, 2)
	if !r.Forfeit || r.Opponent != 1 || r.Spread() != -50 || r.Outcome() != Loss {
		t.Errorf("forfeit loss recorded as %+v", r)
	}
	// WESPA: a bye is +100.
	w, _ := NewDivision("W", DefaultConfig(RealmWESPA))
	w.AddPlayer(Player{Name: "Solo, Han"})
	mustEnter(t, w, Entry{Kind: EntryBye, Round: 1, Player: 1})
	if got := w.Standings(1)[0].Spread; got != 100 {
		t.Errorf("WESPA bye spread %d", got)
	}
	// A director's own spread for one forfeit.
	mustEnter(t, d, Entry{Kind: EntryForfeit, Round: 3, Player: 2, Opponent: 3, Spread: ptr(75)})
	if r, _ := d.Result(3, 3); r.Spread() != 75 {
		t.Errorf("forfeit with a given spread: %+v", r)
	}
}

// Spread caps count at most the cap per game, per round as configured.
//
//	R1: 1 beat 2 600-200 (+400, capped +300); R2: 1 beat 2 500-100 (+400,
//	capped at round 2's cap, 250).
func TestStandingsSpreadCaps(t *testing.T) {
	d := newTestDivision(t, 2, func(c *Config) { c.SpreadCaps = []int{300, 250} })
	mustEnter(t, d, game(1, 1, 2, 600, 200))
	mustEnter(t, d, game(2, 1, 2, 500, 100))
	mustEnter(t, d, game(3, 2, 1, 700, 100)) // round 3 uses the last cap, 250
	rows := d.Standings(3)
	checkRows(t, rows, []line{
		{1, 1, 2, 1, 300 + 250 - 250, 1200, 3},
		{2, 2, 1, 2, -300 - 250 + 250, 1000, 3},
	})
	if rows[0].RawSpread != 400+400-600 {
		t.Errorf("raw spread %d", rows[0].RawSpread)
	}
}

// Amending a result changes the standings computed afterwards.
func TestStandingsAfterAmendment(t *testing.T) {
	d := newTestDivision(t, 2)
	mustEnter(t, d, game(1, 1, 2, 400, 300))
	if _, err := d.Amend(game(1, 1, 2, 300, 400)); err != nil {
		t.Fatal(err)
	}
	checkRows(t, d.Standings(1), []line{
		{1, 2, 1, 0, 100, 400, 1},
		{2, 1, 0, 1, -100, 300, 1},
	})
}

// A withdrawn player's pending game becomes a forfeit win for the
// opponent, and every round paired afterwards a forfeit loss for them.
//
//	R1: 1 beat 2 400-350, 3 beat 4 380-370.
//	R2 paired 1-3, 2-4; 4 withdraws before playing: 2 wins by forfeit (+50).
//	    1 beat 3 410-400.
//	R3 paired 1-2, 3 bye; 4 gets -50.
//
// 1: 2-0 +60 (810); 3: 2-1 +50 (780); 2: 1-1 0 (350, 1 played);
// 4: 0-3 -110 (370).
func TestStandingsWithdrawal(t *testing.T) {
	d := newTestDivision(t, 4)
	mustEnter(t, d, game(1, 1, 2, 400, 350))
	mustEnter(t, d, game(1, 3, 4, 380, 370))
	if _, err := d.ApplyPairings(2, []Pairing{{Player: 1, Opponent: 3}, {Player: 2, Opponent: 4}}); err != nil {
		t.Fatal(err)
	}
	ch, err := d.Withdraw(4, UnplayedForfeit)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.Players) != 2 || ch.Players[1].After == nil || ch.Players[1].After.Outcome() != Win {
		t.Fatalf("withdrawal should give 2 a forfeit win: %+v", ch)
	}
	mustEnter(t, d, game(2, 1, 3, 410, 400))
	ps, err := PairSwiss(d, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Player == 4 || p.Opponent == 4 {
			t.Fatalf("withdrawn player paired: %+v", p)
		}
	}
	if _, err := d.ApplyPairings(3, []Pairing{{Player: 1, Opponent: 2}, {Player: 3}}); err != nil {
		t.Fatal(err)
	}
	rows := d.Standings(3)
	// 1 and 3 both have two wins; 1 has fewer losses.
	checkRows(t, rows, []line{
		{1, 1, 2, 0, 60, 810, 2},
		{2, 3, 2, 1, 10 - 10 + 50, 780, 2},
		{3, 2, 1, 1, 0, 350, 1},
		{0, 4, 0, 3, -10 - 50 - 50, 370, 1}, // withdrawn: no rank (TestWithdrawnTakeNoRank)
	})
	if !rows[3].Withdrawn {
		t.Error("withdrawn flag missing")
	}
	// Withdrawn with byes instead: unplayed rounds count as wins.
	d2 := newTestDivision(t, 3)
	d2.Withdraw(3, UnplayedBye)
	d2.ApplyPairings(1, []Pairing{{Player: 1, Opponent: 2}})
	if r, ok := d2.Result(3, 1); !ok || r.Spread() != 50 || r.Outcome() != Win {
		t.Errorf("withdrawn with byes: %+v", r)
	}
}

// A late entrant joins with the configured record for the rounds missed.
func TestStandingsLateEntry(t *testing.T) {
	for _, tc := range []struct {
		missed       Unplayed
		wins, losses float64
		spread       int
	}{
		{UnplayedForfeit, 0, 2, -100},
		{UnplayedBye, 2, 0, 100},
		{UnplayedNone, 0, 0, 0},
	} {
		d := newTestDivision(t, 4)
		mustEnter(t, d, game(1, 1, 2, 400, 350))
		mustEnter(t, d, game(1, 3, 4, 400, 350))
		mustEnter(t, d, game(2, 1, 3, 400, 350))
		mustEnter(t, d, game(2, 2, 4, 400, 350))
		id, ch, err := d.AddLatePlayer(Player{Name: "Late, Kate"}, tc.missed)
		if err != nil {
			t.Fatal(err)
		}
		if len(ch.Players) != 2 {
			t.Errorf("late entry should report two results: %+v", ch)
		}
		r := rowOf(t, d.Standings(2), id)
		if r.Wins != tc.wins || r.Losses != tc.losses || r.Spread != tc.spread || r.Played != 0 {
			t.Errorf("%s: late entrant %+v", tc.missed, r)
		}
	}
}

// The chain orders by further keys; rank is shared only when every key
// is equal.
func TestStandingsChain(t *testing.T) {
	// Everyone 1-1 with spread 0, in a circle: 1 beat 2, 2 beat 3,
	// 3 beat 4, 4 beat 1.
	//   R1: 1 beat 2 410-400, 3 beat 4 300-290
	//   R2: 4 beat 1 390-380, 2 beat 3 500-490
	// Points: 1 790, 2 900, 3 790, 4 680.
	build := func(chain []string) *Division {
		d := newTestDivision(t, 4, func(c *Config) { c.Chain = chain })
		mustEnter(t, d, game(1, 1, 2, 410, 400))
		mustEnter(t, d, game(1, 3, 4, 300, 290))
		mustEnter(t, d, game(2, 4, 1, 390, 380))
		mustEnter(t, d, game(2, 2, 3, 500, 490))
		return d
	}
	// Default chain: all four 1-1 with spread 0: one shared rank, id order.
	rows := build(nil).Standings(2)
	for i, r := range rows {
		if r.Rank != 1 || !r.Tied || r.Player != i+1 {
			t.Errorf("default chain row %d: %+v", i, r)
		}
	}
	rows = build([]string{KeyWins, KeySpread, KeyPoints}).Standings(2)
	if want := []int{2, 1, 3, 4}; !equalInts(rankOrder(rows), want) {
		t.Errorf("points order %v, want %v", rankOrder(rows), want)
	}
	if rows[1].Rank != 2 || !rows[1].Tied || rows[2].Rank != 2 || rows[3].Rank != 4 {
		t.Errorf("1 and 3 both scored 790: shared rank 2: %+v", rows)
	}
	// Head-to-head among all four: each has beaten one of the others and
	// lost to one, so it cannot separate them; rating then does
	// (player 1 is rated highest).
	rows = build([]string{KeyWins, KeyHeadToHead, KeyRating}).Standings(2)
	if want := []int{1, 2, 3, 4}; !equalInts(rankOrder(rows), want) {
		t.Errorf("h2h then rating %v, want %v", rankOrder(rows), want)
	}
	// Head-to-head between two tied players decides.
	d := newTestDivision(t, 3, func(c *Config) { c.Chain = []string{KeyWins, KeyHeadToHead} })
	mustEnter(t, d, game(1, 2, 3, 400, 300)) // 2 beats 3 by 100
	mustEnter(t, d, game(2, 1, 2, 500, 300)) // 1 beats 2 by 200
	mustEnter(t, d, game(3, 3, 1, 600, 300)) // 3 beats 1 by 300
	rows = d.Standings(3)
	// All 1-1: the three-way head-to-head is 1-1 each; tied.
	if !rows[0].Tied || rows[2].Rank != 1 {
		t.Errorf("three-way circle stays tied: %+v", rows)
	}
	mustEnter(t, d, game(4, 2, 3, 400, 390)) // now 2 is 2-1
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 4, Player: 1})
	rows = d.Standings(4)
	// 1 and 2 are 2-1; 1 beat 2, so 1 ranks first despite less spread.
	if rows[0].Player != 1 || rows[1].Player != 2 || rows[0].Tied {
		t.Errorf("head-to-head: %v", rankOrder(rows))
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Fewer losses ranks higher when wins are equal (a player with a
// zero-spread round that counts neither way).
func TestStandingsFewerLosses(t *testing.T) {
	d := newTestDivision(t, 3)
	mustEnter(t, d, game(1, 1, 2, 400, 300))
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 1, Player: 3, Spread: ptr(0)}) // counts neither way
	mustEnter(t, d, game(2, 2, 3, 400, 300))
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 2, Player: 1, Spread: ptr(0)})
	rows := d.Standings(2)
	// 1: 1-0 +100; 2: 1-1 0; 3: 0-1 -100.
	if want := []int{1, 2, 3}; !equalInts(rankOrder(rows), want) {
		t.Errorf("%v", rankOrder(rows))
	}
	if rows[0].Wins != 1 || rows[0].Losses != 0 {
		t.Errorf("zero-spread bye counted: %+v", rows[0])
	}
}

func TestFormatRecord(t *testing.T) {
	for _, tc := range []struct {
		w, l int
		want string
	}{{6, 2, "3-1"}, {5, 3, "2.5-1.5"}, {0, 0, "0-0"}, {1, 1, "0.5-0.5"}} {
		if got := FormatRecord(tc.w, tc.l); got != tc.want {
			t.Errorf("FormatRecord(%d,%d) = %q, want %q", tc.w, tc.l, got, tc.want)
		}
	}
}
