package scoring

import (
	"errors"
	"reflect"
	"testing"
)

func english(t testing.TB) *TileSet {
	t.Helper()
	ts, ok := BuiltinTileSet("english")
	if !ok {
		t.Fatal("no english tile set")
	}
	return ts
}

// tilesOf spells a word as tiles: uppercase letters, lowercase blanks, '.'
// for a tile already on the board.
func tilesOf(t *testing.T, ts *TileSet, word string) []Tile {
	t.Helper()
	out := []Tile{}
	for _, r := range word {
		if r == '.' {
			out = append(out, Through)
			continue
		}
		tile, ok := ts.Tile(r)
		if !ok {
			t.Fatalf("%q is not in %s", r, ts.Name)
		}
		out = append(out, tile)
	}
	return out
}

func wantCode(t *testing.T, err error, code Code) {
	t.Helper()
	var re *RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Errorf("got error %v, want code %s", err, code)
	}
}

func TestParsePosition(t *testing.T) {
	for _, c := range []struct {
		in       string
		row, col int
		down     bool
	}{
		{"8D", 7, 3, false}, {"D8", 7, 3, true},
		{"8h", 7, 7, false}, {"h8", 7, 7, true},
		{"15O", 14, 14, false}, {"O15", 14, 14, true},
		{"1A", 0, 0, false}, {"A1", 0, 0, true},
		{"21A", 20, 0, false}, {"U1", 0, 20, true}, {"U21", 20, 20, true},
		{"99Z", 98, 25, false}, {"Z99", 98, 25, true},
	} {
		row, col, down, err := ParsePosition(c.in)
		if err != nil || row != c.row || col != c.col || down != c.down {
			t.Errorf("ParsePosition(%q) = %d, %d, %v, %v; want %d, %d, %v", c.in, row, col, down, err, c.row, c.col, c.down)
		}
		if name := PositionName(row, col, down); err == nil && name != toUpperASCII(c.in) {
			t.Errorf("PositionName(%d, %d, %v) = %q, want %q", row, col, down, name, toUpperASCII(c.in))
		}
	}
	for _, in := range []string{"", "8", "D", "88", "DD", "0A", "A0", "08D", "D08", "100A", "A100", "8D8", "D8D", "8-D", "Ä8", "8 D"} {
		_, _, _, err := ParsePosition(in)
		wantCode(t, err, CodeBadPosition)
	}
}

func toUpperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func TestParseMove(t *testing.T) {
	ts := english(t)
	for _, c := range []struct {
		in   string
		want Move
	}{
		{"8D QUIXOTE", Move{Kind: MovePlace, Row: 7, Col: 3, Word: tilesOf(t, ts, "QUIXOTE")}},
		{"D8 QUIXOTE", Move{Kind: MovePlace, Row: 7, Col: 3, Down: true, Word: tilesOf(t, ts, "QUIXOTE")}},
		{"  8d   quixote ", Move{Kind: MovePlace, Row: 7, Col: 3, Word: tilesOf(t, ts, "quixote")}},
		{"8G C.T", Move{Kind: MovePlace, Row: 7, Col: 6, Word: tilesOf(t, ts, "C.T")}},
		{"H8 .O", Move{Kind: MovePlace, Row: 7, Col: 7, Down: true, Word: tilesOf(t, ts, ".O")}},
		{"15H HANdSOME", Move{Kind: MovePlace, Row: 14, Col: 7, Word: tilesOf(t, ts, "HANdSOME")}},
		{"-", Move{Kind: MovePass}},
		{" - ", Move{Kind: MovePass}},
		{"pass", Move{Kind: MovePass}},
		{"PASS", Move{Kind: MovePass}},
		{"-ABC", Move{Kind: MoveExchange, Exchange: tilesOf(t, ts, "ABC"), Count: 3}},
		{"-abc", Move{Kind: MoveExchange, Exchange: tilesOf(t, ts, "ABC"), Count: 3}},
		{"-?Q", Move{Kind: MoveExchange, Exchange: []Tile{Blank, tilesOf(t, ts, "Q")[0]}, Count: 2}},
		{"-3", Move{Kind: MoveExchange, Count: 3}},
		{"-07", Move{Kind: MoveExchange, Count: 7}},
	} {
		got, err := ParseMove(ts, c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseMove(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	ts := english(t)
	for _, c := range []struct {
		in   string
		code Code
	}{
		{"", CodeBadNotation},
		{"8D", CodeBadNotation},
		{"QUIXOTE", CodeBadNotation},
		{"8D QUIX OTE", CodeBadNotation},
		{"-0", CodeBadNotation},
		{"-00", CodeBadNotation},
		{"QUIXOTE 8D", CodeBadPosition},
		{"8 QUIXOTE", CodeBadPosition},
		{"8D QU!XOTE", CodeUnknownLetter},
		{"8D QU1XOTE", CodeUnknownLetter},
		{"8D ?", CodeUnknownLetter},
		{"8D ÄRGER", CodeUnknownLetter},
		{"-A1", CodeUnknownLetter},
		{"-A.", CodeUnknownLetter},
	} {
		_, err := ParseMove(ts, c.in)
		wantCode(t, err, c.code)
	}
}

func TestParseMoveOtherAlphabets(t *testing.T) {
	for _, c := range []struct{ set, in, out string }{
		{"german", "8H ÄRGER", "8H ÄRGER"},
		{"german", "h8 ärger", "H8 ärger"},
		{"polish", "8H ŻÓŁW", "8H ŻÓŁW"},
		{"polish", "-źć", "-ŹĆ"},
	} {
		ts, _ := BuiltinTileSet(c.set)
		m, err := ParseMove(ts, c.in)
		if err != nil {
			t.Errorf("%s %q: %v", c.set, c.in, err)
			continue
		}
		if got := FormatMove(ts, m); got != c.out {
			t.Errorf("%s: FormatMove(ParseMove(%q)) = %q, want %q", c.set, c.in, got, c.out)
		}
	}
}

func TestFormatMove(t *testing.T) {
	ts := english(t)
	for _, c := range []struct{ in, out string }{
		{"8D QUIXOTE", "8D QUIXOTE"},
		{"d8 quiXote", "D8 quiXote"},
		{"8G C.T", "8G C.T"},
		{"21A SEA", "21A SEA"},
		{"U1 B.G", "U1 B.G"},
		{"pass", "-"},
		{"-", "-"},
		{"-abc?", "-ABC?"},
		{"-07", "-7"},
	} {
		m, err := ParseMove(ts, c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		out := FormatMove(ts, m)
		if out != c.out {
			t.Errorf("FormatMove(ParseMove(%q)) = %q, want %q", c.in, out, c.out)
		}
		back, err := ParseMove(ts, out)
		if err != nil || !reflect.DeepEqual(back, m) {
			t.Errorf("ParseMove(%q) = %+v, %v; want %+v", out, back, err, m)
		}
	}
}

func TestParseRack(t *testing.T) {
	ts := english(t)
	rack, err := ParseRack(ts, "aeQ?")
	want := []Tile{tilesOf(t, ts, "A")[0], tilesOf(t, ts, "E")[0], tilesOf(t, ts, "Q")[0], Blank}
	if err != nil || !reflect.DeepEqual(rack, want) {
		t.Errorf("ParseRack(aeQ?) = %v, %v; want %v", rack, err, want)
	}
	if s := TilesString(ts, rack); s != "AEQ?" {
		t.Errorf("TilesString = %q, want AEQ?", s)
	}
	_, err = ParseRack(ts, "AE1")
	wantCode(t, err, CodeUnknownLetter)
}
