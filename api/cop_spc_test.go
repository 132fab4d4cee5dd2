package api

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tourney/standings"
)

// spcFeed is the 2024 SPC division A as tsh's feed has it: 47 players,
// 31 rounds, every pairing and score (players[0] is undefined).
type spcPlayer struct {
	Name     string `json:"name"`
	Rating   int    `json:"rating"`
	Pairings []int  `json:"pairings"`
	Scores   []int  `json:"scores"`
	Etc      struct {
		Lifeg []int `json:"lifeg"` // career games before the event
		Newr  []int `json:"newr"`  // tsh's estimate after each round
	} `json:"etc"`
}

func readSPC(t testing.TB) []*spcPlayer {
	return feedPlayers(t, "2024-spc-a-tourney.js")[0][1:]
}

// feedPlayers are the players of each division of one of tsh's feeds
// in testdata/tshfeeds (players[0] is undefined: nil).
func feedPlayers(t testing.TB, name string) [][]*spcPlayer {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "tshfeeds", name))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	s = regexp.MustCompile(`\bundefined\b`).ReplaceAllString(s[strings.Index(s, "{"):strings.LastIndex(s, "}")+1], "null")
	var feed struct {
		Divisions []struct {
			Players []*spcPlayer `json:"players"`
		} `json:"divisions"`
	}
	if err := json.Unmarshal([]byte(s), &feed); err != nil {
		t.Fatal(err)
	}
	var out [][]*spcPlayer
	for _, d := range feed.Divisions {
		out = append(out, d.Players)
	}
	return out
}

// spcDivision is the division as it stood before round `before`: the
// .t lines of rounds 1..before-1.
func spcDivision(t testing.TB, ps []*spcPlayer, before int) *standings.Division {
	t.Helper()
	return spcDivisionOf(t, ps, before, 31)
}

// spcDivisionOf is spcDivision with the rounds planned (config max_rounds).
func spcDivisionOf(t testing.TB, ps []*spcPlayer, before, rounds int) *standings.Division {
	t.Helper()
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "%s %d", p.Name, p.Rating)
		for r := 0; r < before-1; r++ {
			fmt.Fprintf(&b, " %d", p.Pairings[r])
		}
		b.WriteString(";")
		for r := 0; r < before-1; r++ {
			fmt.Fprintf(&b, " %d", p.Scores[r])
		}
		b.WriteString("\n")
	}
	cfg := standings.DefaultConfig(standings.RealmNASPA)
	cfg.Rounds = rounds
	d, err := standings.ParseT([]byte(b.String()), "A", cfg)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// spcCOP is how the report pairs: tsh's COP README values, the nine
// places the SPC's prize bands pay.
func spcCOP(sims int) standings.COPSettings {
	return standings.COPSettings{Simulations: sims, AlwaysWinsSimulations: sims / 10, PlacePrizes: 9}
}

// TestCOPOnTheSPC pairs each of rounds 17-31 of the 2024 SPC division A
// with COP on the real standings (tsh's results of the rounds before)
// and sets it beside the pairings tsh made: repeats, the rank distance
// among the top ten, and how many pairings are the same. Every pairing
// pairs everyone once; the last round is King of the Hill among the
// players who can still cash.
func TestCOPOnTheSPC(t *testing.T) {
	t.Parallel() // pure: no server, no database
	ps := readSPC(t)
	if len(ps) != 47 {
		t.Fatalf("%d players", len(ps))
	}
	sims := 20000
	if testing.Short() {
		sims = 5000
	}
	t.Logf("round | COP repeats | tsh repeats | COP top-10 distance | tsh top-10 distance | same pairings")
	for round := 17; round <= 31; round++ {
		d := spcDivision(t, ps, round)
		ours, err := standings.Pair(d, standings.PairRequest{System: standings.SystemCOP, Round: round, COP: spcCOP(sims), Seed: uint64(round)})
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		opp := map[int]int{}
		for _, p := range ours {
			opp[p.Player], opp[p.Opponent] = p.Opponent, p.Player
		}
		if len(opp) != 47+1 { // every player, and the bye (0)
			t.Fatalf("round %d: %d players paired", round, len(opp)-1)
		}
		rank := map[int]int{}
		for i, r := range d.Standings(round - 1) {
			rank[r.Player] = i + 1
		}
		var same, oursRep, tshRep, oursDist, tshDist int
		for id := 1; id <= 47; id++ {
			theirs := ps[id-1].Pairings[round-1]
			if opp[id] == theirs {
				same++
			}
			met := func(o int) bool {
				for r := 0; r < round-1; r++ {
					if o != 0 && ps[id-1].Pairings[r] == o {
						return true
					}
				}
				return false
			}
			if met(opp[id]) {
				oursRep++
			}
			if met(theirs) {
				tshRep++
			}
			if rank[id] <= 10 {
				if opp[id] != 0 {
					oursDist += abs(rank[opp[id]] - rank[id])
				}
				if theirs != 0 {
					tshDist += abs(rank[theirs] - rank[id])
				}
			}
		}
		t.Logf("%5d | %11d | %11d | %19d | %19d | %d of 47", round, oursRep/2, tshRep/2, oursDist, tshDist, same)
		if round == 31 {
			for _, p := range ours {
				if rank[p.Player] <= 2 && rank[p.Opponent] != 3-rank[p.Player] {
					t.Errorf("last round: 1st and 2nd do not meet: %s", p.Reason)
				}
			}
		}
	}
}

// TestCOPSpreadsFromRealGames: COP's table of game margins is the 256
// quantiles of the margins of every game in tsh's three real feeds.
func TestCOPSpreadsFromRealGames(t *testing.T) {
	var margins []int
	for _, name := range []string{"2024-spc-a-tourney.js", "sample-tourney.js", "test22-tourney.js"} {
		for _, ps := range feedPlayers(t, name) {
			for i, p := range ps {
				if p == nil {
					continue
				}
				for r, o := range p.Pairings {
					if o <= i || r >= len(p.Scores) || o >= len(ps) || r >= len(ps[o].Scores) {
						continue
					}
					a, b := p.Scores[r], ps[o].Scores[r]
					if a <= 0 && b <= 0 {
						continue
					}
					margins = append(margins, abs(a-b))
				}
			}
		}
	}
	slices.Sort(margins)
	if len(margins) != 743 {
		t.Fatalf("%d games", len(margins))
	}
	table := standings.COPSpreads()
	for k := range table {
		if q := margins[int((float64(k)+0.5)*float64(len(margins))/256)]; q != table[k] {
			t.Errorf("quantile %d: the games say %d, the table %d", k, q, table[k])
		}
	}
}
