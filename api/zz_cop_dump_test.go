package api

import (
	"os"
	"strconv"
	"testing"

	"tourney/standings"
)

func TestCOPDump(t *testing.T) {
	round, _ := strconv.Atoi(os.Getenv("R"))
	ps := readSPC(t)
	d := spcDivision(t, ps, round)
	rows := d.Standings(round - 1)
	rank := map[int]int{}
	for i, r := range rows {
		rank[r.Player] = i + 1
	}
	ours, err := standings.Pair(d, standings.PairRequest{System: standings.SystemCOP, Round: round, COP: spcCOP(20000), Seed: uint64(round)})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ours {
		w := ""
		if p.Opponent != 0 {
			w = strconv.Itoa(rank[p.Opponent])
		}
		t.Logf("%2d %-22s %4.1f %5d  vs %3s (tsh: %2d)  %s", rank[p.Player], rows[rank[p.Player]-1].Name, rows[rank[p.Player]-1].Wins, rows[rank[p.Player]-1].Spread, w, rank[ps[p.Player-1].Pairings[round-1]], p.Reason)
	}
}
