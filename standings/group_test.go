package standings

import (
	"errors"
	"slices"
	"testing"
)

func table(round int, scores []int, group ...int) Entry {
	return Entry{Kind: EntryGroup, Round: round, Group: group, Scores: scores}
}

type rec struct {
	wins, losses   float64
	spread, played int
	points, rawSpr int
}

func recordOf(t *testing.T, rows []Row) map[int]rec {
	t.Helper()
	out := map[int]rec{}
	for _, r := range rows {
		out[r.Player] = rec{r.Wins, r.Losses, r.Spread, r.Played, r.Points, r.RawSpread}
	}
	return out
}

// TestGroupStandingsPairwise: a table of four counts as three pairwise
// results for each player (DECISIONS.md, "Tables of three or four"):
// wins, losses, ties and spread against each other player; points once.
func TestGroupStandingsPairwise(t *testing.T) {
	d := newTestDivision(t, 5)
	// 1: 400, 2: 350, 3: 350, 4: 300 — 2 and 3 tie each other.
	mustEnter(t, d, table(1, []int{400, 350, 350, 300}, 1, 2, 3, 4))
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 1, Player: 5})
	got := recordOf(t, d.Standings(1))
	want := map[int]rec{
		1: {3, 0, 50 + 50 + 100, 3, 400, 200},
		2: {1.5, 1.5, -50 + 0 + 50, 3, 350, 0},
		3: {1.5, 1.5, 0, 3, 350, 0},
		4: {0, 3, -100 - 50 - 50, 3, 300, -200},
		5: {1, 0, 50, 0, 0, 50},
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("player %d: got %+v, want %+v", id, got[id], w)
		}
	}
	rows := d.Standings(1)
	if rows[0].Player != 1 || rows[len(rows)-1].Player != 4 {
		t.Errorf("order: %+v", rows)
	}
	// Spread caps apply to each pairwise result.
	cfg := d.Config()
	cfg.SpreadCaps = []int{60}
	if err := d.SetConfig(cfg); err != nil {
		t.Fatal(err)
	}
	if got := recordOf(t, d.Standings(1))[1]; got.spread != 50+50+60 || got.rawSpr != 200 {
		t.Errorf("capped: %+v", got)
	}
	r, ok := d.Result(2, 1)
	if !ok || !r.IsGroup() || r.Played() != true || r.IsBye() || len(r.Legs()) != 3 || r.Outcome() != Tie || r.Spread() != 0 {
		t.Errorf("result of 2: %+v legs %+v outcome %v", r, r.Legs(), r.Outcome())
	}
	if opps := r.Opponents(); !slices.Equal(opps, []int{1, 3, 4}) {
		t.Errorf("opponents of 2: %v", opps)
	}
}

// TestTeamGameCountsOncePerPartner: a team game is one result for each
// partner, the team's; team standings count it once per team.
func TestTeamGameCountsOncePerPartner(t *testing.T) {
	d := newTestDivision(t, 4)
	// Seats: 1 & 3 against 2 & 4. Team scores 31 and 53 (seed 004).
	e := Entry{Kind: EntryGroup, Round: 1, Group: []int{1, 2, 3, 4}, Scores: []int{31, 53}, Teams: true}
	mustEnter(t, d, e)
	got := recordOf(t, d.Standings(1))
	for id, w := range map[int]rec{
		1: {0, 1, -22, 1, 31, -22}, 3: {0, 1, -22, 1, 31, -22},
		2: {1, 0, 22, 1, 53, 22}, 4: {1, 0, 22, 1, 53, 22},
	} {
		if got[id] != w {
			t.Errorf("player %d: got %+v, want %+v", id, got[id], w)
		}
	}
	r, _ := d.Result(3, 1)
	if r.Partner() != 1 || !slices.Equal(r.Opponents(), []int{2, 4}) || r.Score != 31 || r.OppScore != 53 {
		t.Errorf("result of 3: %+v partner %d opponents %v", r, r.Partner(), r.Opponents())
	}
	teams, err := d.TeamStandings(1, [][2]int{{1, 3}, {2, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if teams[0].Players != [2]int{2, 4} || teams[0].Wins != 1 || teams[0].Spread != 22 || teams[0].Played != 1 ||
		teams[1].Losses != 1 || teams[1].Spread != -22 || teams[1].Rank != 2 {
		t.Errorf("team standings: %+v", teams)
	}
}

// TestGroupEntryChecks: every way a table's entry can be wrong has its
// code; pairing by entry, amending, clearing and unpairing move the whole
// table.
func TestGroupEntryChecks(t *testing.T) {
	d := newTestDivision(t, 6)
	if _, err := d.ApplyPairings(1, []Pairing{{Group: []int{1, 2, 3}, Table: 1}, {Player: 4, Opponent: 5, Table: 2}, {Player: 6}}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		e    Entry
		code Code
	}{
		{"two players", table(1, []int{1, 2}, 1, 2), CodeBadGroup},
		{"five players", table(1, []int{1, 2, 3, 4, 5}, 1, 2, 3, 4, 5), CodeBadGroup},
		{"scores short", table(1, []int{400, 300}, 1, 2, 3), CodeBadGroup},
		{"seated twice", table(1, []int{1, 2, 3}, 1, 2, 2), CodeSelfPairing},
		{"other table", table(1, []int{1, 2, 3}, 1, 2, 4), CodePairedElsewhere},
		{"implausible", table(1, []int{1, 2, 9999}, 1, 2, 3), CodeImplausibleScore},
		{"team of three", Entry{Kind: EntryGroup, Round: 1, Group: []int{1, 2, 3}, Scores: []int{1, 2}, Teams: true}, CodeBadGroup},
		{"two-player entry into a table", game(1, 1, 2, 400, 300), CodePairedElsewhere},
		{"bye for a table's player", Entry{Kind: EntryBye, Round: 1, Player: 3}, CodePairedElsewhere},
		{"amend before entry", table(1, []int{1, 2, 3}, 1, 2, 3), CodeNotEntered},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.code == CodeNotEntered {
				_, err = d.Amend(c.e)
			} else {
				_, err = d.Enter(c.e)
			}
			var e *Error
			if !errors.As(err, &e) || e.Code != c.code {
				t.Fatalf("got %v, want %s", err, c.code)
			}
		})
	}
	// Seats in another order: the scores follow the players named.
	ch := mustEnter(t, d, table(1, []int{300, 400, 350}, 3, 1, 2))
	if len(ch.Players) != 3 {
		t.Errorf("change: %+v", ch)
	}
	if r, _ := d.Result(1, 1); !slices.Equal(r.GroupScores, []int{400, 350, 300}) || r.Table != 1 {
		t.Errorf("scores in seat order: %+v", r)
	}
	if _, err := d.Enter(table(1, []int{1, 2, 3}, 1, 2, 3)); !isCode(err, CodeAlreadyEntered) {
		t.Errorf("again: %v", err)
	}
	if _, err := d.Amend(table(1, []int{410, 350, 300}, 1, 2, 3)); err != nil {
		t.Fatal(err)
	}
	if d.RoundComplete(1) {
		t.Error("4-5 is still to come: the round is not complete")
	}
	if ch, err := d.ClearResult(1, 2); err != nil || len(ch.Players) != 3 {
		t.Fatalf("clear: %v %+v", err, ch)
	}
	if _, ok := d.Result(1, 1); ok {
		t.Error("clearing one player's result clears the table")
	}
	if ps := groupsOf(d, 1); len(ps) != 1 || !slices.Equal(ps[0].Group, []int{1, 2, 3}) || ps[0].Table != 1 {
		t.Errorf("groups kept: %+v", ps)
	}
	if _, err := d.Unpair(1, 3); err != nil {
		t.Fatal(err)
	}
	if _, paired := d.Opponent(1, 1); paired {
		t.Error("unpairing one player unpairs the table")
	}
	// An entry for players not paired pairs them at a table.
	mustEnter(t, d, table(1, []int{300, 320, 340}, 2, 3, 1))
	if ps := groupsOf(d, 1); len(ps) != 1 || !slices.Equal(ps[0].Players(), []int{2, 3, 1}) {
		t.Errorf("paired by entry: %+v", ps)
	}
	if !d.HasGroups() {
		t.Error("HasGroups")
	}
}

func isCode(err error, c Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == c
}

// TestPairGroupsTwoRounds: three-player tables over two rounds, by each
// system: everyone seated once, tables as even as the numbers allow, and
// Swiss and round robin avoid repeat meetings when they can.
func TestPairGroupsTwoRounds(t *testing.T) {
	for _, sys := range []System{SystemSwiss, SystemRoundRobin, SystemKOTH, SystemRandom} {
		t.Run(string(sys), func(t *testing.T) {
			d := newTestDivision(t, 9)
			ps, err := PairGroups(d, GroupRequest{System: sys, Round: 1, Size: 3, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			checkTables(t, d, ps, 9, []int{3, 3, 3})
			if sys != SystemRandom && !slices.Equal(ps[0].Group, []int{1, 2, 3}) {
				t.Errorf("round 1 seeded by rating: %+v", ps[0])
			}
			if _, err := d.ApplyPairings(1, ps); err != nil {
				t.Fatal(err)
			}
			for i, p := range ps {
				scores := []int{400 - 10*i, 350, 300 + 10*i}
				mustEnter(t, d, table(1, scores, p.Group...))
			}
			ps2, err := PairGroups(d, GroupRequest{System: sys, Round: 2, Size: 3, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			checkTables(t, d, ps2, 9, []int{3, 3, 3})
			if sys == SystemSwiss || sys == SystemRoundRobin {
				met := map[[2]int]bool{}
				for _, p := range ps {
					for i, a := range p.Group {
						for _, b := range p.Group[i+1:] {
							met[pairKey(a, b)] = true
						}
					}
				}
				for _, p := range ps2 {
					for i, a := range p.Group {
						for _, b := range p.Group[i+1:] {
							if met[pairKey(a, b)] {
								t.Errorf("%d and %d meet again: %+v", a, b, ps2)
							}
						}
					}
				}
			}
		})
	}
	// Eight players in tables of three: 3, 3, 2 (a plain game); one player
	// alone gets the bye.
	d := newTestDivision(t, 8)
	ps, err := PairGroups(d, GroupRequest{System: SystemSwiss, Round: 1, Size: 3})
	if err != nil {
		t.Fatal(err)
	}
	checkTables(t, d, ps, 8, []int{3, 3, 2})
	d = newTestDivision(t, 1)
	if ps, err := PairGroups(d, GroupRequest{System: SystemSwiss, Round: 1, Size: 3}); err != nil || len(ps) != 1 || !ps[0].IsBye() {
		t.Errorf("one player: %+v %v", ps, err)
	}
	if _, err := PairGroups(d, GroupRequest{System: SystemSwiss, Round: 1, Size: 5}); !isCode(err, CodeBadGroup) {
		t.Errorf("size 5: %v", err)
	}
}

func checkTables(t *testing.T, d *Division, ps []Pairing, n int, sizes []int) {
	t.Helper()
	seen := map[int]bool{}
	var got []int
	for _, p := range ps {
		for _, id := range p.Players() {
			if seen[id] {
				t.Fatalf("player %d seated twice: %+v", id, ps)
			}
			seen[id] = true
		}
		if !p.IsBye() {
			got = append(got, len(p.Players()))
			if p.Table == 0 {
				t.Errorf("no table: %+v", p)
			}
		}
	}
	if len(seen) != n || !slices.Equal(got, sizes) {
		t.Errorf("tables %v (want %v), %d seated (want %d): %+v", got, sizes, len(seen), n, ps)
	}
}

// TestPairTeams: team pairings keep partners together, seat the teams
// alternately, and give an odd team out the bye.
func TestPairTeams(t *testing.T) {
	d := newTestDivision(t, 6)
	teams := [][2]int{{1, 4}, {2, 5}, {3, 6}}
	ps, err := PairGroups(d, GroupRequest{System: SystemSwiss, Round: 1, Teams: teams})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || !ps[0].Teams || len(ps[0].Group) != 4 || !ps[1].IsBye() || !ps[2].IsBye() {
		t.Fatalf("pairings: %+v", ps)
	}
	g := ps[0].Group
	partners := map[int]int{1: 4, 4: 1, 2: 5, 5: 2, 3: 6, 6: 3}
	if partners[g[0]] != g[2] || partners[g[1]] != g[3] {
		t.Errorf("partners not together: %v", g)
	}
	if ps[1].Player != 3 && ps[1].Player != 6 {
		t.Errorf("the lowest team gets the bye: %+v", ps[1:])
	}
	if _, err := d.ApplyPairings(1, ps); err != nil {
		t.Fatal(err)
	}
	if _, err := PairGroups(newTestDivision(t, 5), GroupRequest{System: SystemSwiss, Round: 1, Teams: [][2]int{{1, 2}, {3, 4}}}); !isCode(err, CodeNoPartner) {
		t.Errorf("player without a partner: %v", err)
	}
}

// groupsOf are a round's tables of three or four and team games.
func groupsOf(d *Division, round int) []Pairing {
	var out []Pairing
	for _, p := range d.Pairings(round) {
		if p.Group != nil {
			out = append(out, p)
		}
	}
	return out
}
