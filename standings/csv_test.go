package standings

import (
	"bytes"
	"encoding/csv"
	"strings"
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

// TestCSVText: a text cell a spreadsheet would read as a formula is
// written with a single quote before it; other text is untouched.
func TestCSVText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`=HYPERLINK("http://x.example","win")`, `'=HYPERLINK("http://x.example","win")`},
		{"+1+1", "'+1+1"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\tTab", "'\tTab"},
		{"\rCR", "'\rCR"},
		{"  =1+1", "'  =1+1"},
		{"Ann Lee", "Ann Lee"},
		{"Nakamura-Holt", "Nakamura-Holt"},
		{"O'Brien", "O'Brien"},
		{"", ""},
		{"   ", "   "},
		{"Αλέξανδρος", "Αλέξανδρος"},
		{"'quoted", "'quoted"},
	} {
		if got := CSVText(c.in); got != c.want {
			t.Errorf("CSVText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestStandingsCSVFormulas: names that start like formulas are written as
// text, in the name and last_opponent columns; numbers, a negative spread
// among them, stay numbers.
func TestStandingsCSVFormulas(t *testing.T) {
	d := newTestDivision(t, 0)
	d.AddPlayer(Player{Name: `=HYPERLINK("http://evil.example","Ann")`, Rating: 1500})
	d.AddPlayer(Player{Name: "-Bob", Rating: 1400})
	mustEnter(t, d, game(1, 1, 2, 388, 400))
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, d.Standings(1)); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(buf.Bytes())).ReadAll()
	if err != nil || len(recs) != 3 {
		t.Fatalf("%v %v", recs, err)
	}
	bob, ann := recs[1], recs[2]
	if bob[2] != "'-Bob" || bob[9] != `'=HYPERLINK("http://evil.example","Ann")` || bob[5] != "12" {
		t.Errorf("Bob's row: %q", bob)
	}
	if ann[2] != `'=HYPERLINK("http://evil.example","Ann")` || ann[9] != "'-Bob" || ann[5] != "-12" {
		t.Errorf("Ann's row: %q", ann)
	}
	for _, rec := range recs[1:] {
		for i, cell := range rec {
			if cell != "" && strings.ContainsRune("=+@", rune(cell[0])) || cell != "" && cell[0] == '-' && i != 5 {
				t.Errorf("column %s starts like a formula: %q", recs[0][i], cell)
			}
		}
	}
}
