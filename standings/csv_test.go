package standings

import (
	"bytes"
	"encoding/csv"
	"testing"
)

func TestStandingsCSV(t *testing.T) {
	d := newTestDivision(t, 0)
	d.AddPlayer(Player{Name: "Müller, Jürgen", Rating: 1942})
	d.AddPlayer(Player{Name: `O"Neil, Quote`, Rating: 1500})
	d.AddPlayer(Player{Name: "Solo", Rating: 0})
	mustEnter(t, d, game(1, 1, 2, 400, 400))
	mustEnter(t, d, Entry{Kind: EntryBye, Round: 1, Player: 3})
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, d.Standings(1)); err != nil {
		t.Fatal(err)
	}
	want := "rank,player,name,wins,losses,spread,points,played,last_round,last_opponent,last_score,last_opponent_score,last_result,rating\r\n" +
		"1,3,Solo,1,0,50,0,0,1,,50,0,W,0\r\n" +
		"2,1,\"Müller, Jürgen\",0.5,0.5,0,400,1,1,\"O\"\"Neil, Quote\",400,400,T,1942\r\n" +
		"2,2,\"O\"\"Neil, Quote\",0.5,0.5,0,400,1,1,\"Müller, Jürgen\",400,400,T,1500\r\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	// Any CSV reader gets the names back whole.
	recs, err := csv.NewReader(bytes.NewReader(buf.Bytes())).ReadAll()
	if err != nil || recs[2][2] != "Müller, Jürgen" || recs[3][2] != `O"Neil, Quote` {
		t.Errorf("read back: %v %v", recs, err)
	}
}
