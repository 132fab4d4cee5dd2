package standings

import (
	"bytes"
	"os"
	"testing"
)

// testdata/event_open.t is a 21-player, 7-round open written by hand in
// tsh's format (with boards and starts), an odd field so that someone has
// a bye (+50) every round. Its standings, worked out by hand from the
// round-by-round results (W/L and spread per round, bye = +50):
//
// Top five:
//
//	#9  Nakamura, Hiro    R1 W+192 (502-310 v19)  R2 W+76 (466-390 v8)
//	                      R3 W+87 (488-401 v5)    R4 L-2 (419-421 v1)
//	                      R5 W+27 (437-410 v6)    R6 W+30 (460-430 v4)
//	                      R7 W+55 (475-420 v3)
//	                      6-1, 192+76+87-2+27+30+55 = +465
//	#4  Sørensen, Mette   R1 W+112 (v14) R2 L-8 (v13) R3 W+214 (v21)
//	                      R4 W+64 (v8)   R5 W+54 (v1) R6 L-30 (v9)
//	                      R7 W+14 (v6)
//	                      5-2, 112-8+214+64+54-30+14 = +420
//	#7  Kowalczyk, Zofia  R1 L-5 (v17)   R2 W+22 (v18) R3 W+114 (v19)
//	                      R4 L-45 (v5)   R5 W+54 (v13) R6 W+96 (v2)
//	                      R7 W+5 (v1)
//	                      5-2, -5+22+114-45+54+96+5 = +241
//	#1  Nowak, Łukasz     R1 W+81 (v11)  R2 W+75 (v2)  R3 W+35 (v13)
//	                      R4 W+2 (v9)    R5 L-54 (v4)  R6 W+86 (v5)
//	                      R7 L-5 (v7)
//	                      5-2, 81+75+35+2-54+86-5 = +220
//	#5  García, José      R1 W+6 (v15)   R2 W+94 (v21) R3 L-87 (v9)
//	                      R4 W+45 (v7)   R5 W+18 (v10) R6 L-86 (v1)
//	                      R7 W+70 (v16)
//	                      5-2, 6+94-87+45+18-86+70 = +60
//
// All four 5-2 players are ordered by spread: 420 > 241 > 220 > 60. Sixth
// is Okonkwo at 4-3, so no one else reaches five wins.
//
// Bottom two:
//
//	#14 Rossi, Giulia     R1 L-112 (v4)  R2 L-74 (v12) R3 bye +50
//	                      R4 L-138 (v3)  R5 L-1 (v18)  R6 W+26 (v21)
//	                      R7 L-15 (v19)
//	                      2-5, -112-74+50-138-1+26-15 = -264   (20th)
//	#21 Smith, Alex       R1 bye +50     R2 L-94 (v5)  R3 L-214 (v4)
//	                      R4 L-70 (v11)  R5 L-134 (v20) R6 L-26 (v14)
//	                      R7 L-27 (v15)
//	                      1-6, 50-94-214-70-134-26-27 = -515   (21st)
//
// 19th is Novák at 2.5-4.5 (a tie with Papadopoulos in round 2), ahead of
// Rossi on wins.
func TestEventStandings(t *testing.T) {
	d := readFile(t, "testdata/event_open.t")
	if d.NumPlayers() != 21 || d.Rounds() != 7 {
		t.Fatalf("%d players, %d rounds", d.NumPlayers(), d.Rounds())
	}
	rows := d.Standings(7)
	want := []struct {
		rank, player int
		name         string
		wins, losses float64
		spread       int
	}{
		{1, 9, "Nakamura, Hiro", 6, 1, 465},
		{2, 4, "Sørensen, Mette", 5, 2, 420},
		{3, 7, "Kowalczyk, Zofia", 5, 2, 241},
		{4, 1, "Nowak, Łukasz", 5, 2, 220},
		{5, 5, "García, José", 5, 2, 60},
		{20, 14, "Rossi, Giulia", 2, 5, -264},
		{21, 21, "Smith, Alex", 1, 6, -515},
	}
	for _, w := range want {
		r := rows[w.rank-1]
		if r.Rank != w.rank || r.Player != w.player || r.Name != w.name || r.Wins != w.wins || r.Losses != w.losses || r.Spread != w.spread {
			t.Errorf("place %d: got #%d %s %v-%v %+d (rank %d), want #%d %s %v-%v %+d",
				w.rank, r.Player, r.Name, r.Wins, r.Losses, r.Spread, r.Rank, w.player, w.name, w.wins, w.losses, w.spread)
		}
	}
	if r := rows[18]; r.Player != 15 || r.Wins != 2.5 {
		t.Errorf("19th: %+v", r)
	}
	// Nakamura's last game: round 7, 475-420 against Okonkwo.
	if l := rows[0].Last; l == nil || l.Round != 7 || l.Opponent != 3 || l.Score != 475 || l.OppScore != 420 || l.Outcome() != Win {
		t.Errorf("last game %+v", rows[0].Last)
	}
	// Every round has exactly one bye, seven different players.
	byes := map[int]bool{}
	for r := 1; r <= 7; r++ {
		n := 0
		for _, p := range d.Pairings(r) {
			if p.Opponent == 0 {
				n++
				byes[p.Player] = true
			}
		}
		if n != 1 {
			t.Errorf("round %d: %d byes", r, n)
		}
	}
	if len(byes) != 7 {
		t.Errorf("byes went to %d players", len(byes))
	}
	// The file is in tsh's canonical form already: written back unchanged.
	data, _ := os.ReadFile("testdata/event_open.t")
	if out := MarshalT(d); !bytes.Equal(out, data) {
		t.Errorf("written back differently:\n%s", out)
	}
	// The standings as CSV (golden).
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	golden := "testdata/golden/event_open.csv"
	if *update {
		os.WriteFile(golden, buf.Bytes(), 0o644)
	}
	wantCSV, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if !bytes.Equal(buf.Bytes(), wantCSV) {
		t.Errorf("CSV differs from %s:\n%s", golden, buf.String())
	}
}

// With Gibsonization on and one round left, no one can catch Nakamura
// after round 6 only if the lead is big enough: after round 6 he is 5-1
// +410 and Nowak 5-1 +225, so he has not clinched.
func TestEventGibson(t *testing.T) {
	d := readFile(t, "testdata/event_open.t")
	cfg := d.Config()
	cfg.Rounds = 7
	d.SetConfig(cfg)
	g := d.Gibson(6)
	if g.Leader != 9 || g.Clinched || g.RoundsLeft != 1 {
		t.Errorf("%+v", g)
	}
}
