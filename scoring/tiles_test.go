package scoring

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseTileSetErrors(t *testing.T) {
	var many strings.Builder // 64 distinct letters, one too many
	for _, r := range []rune("ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎ") {
		fmt.Fprintf(&many, "%c 1 1\n", r)
	}
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "no letters"},
		{"blank only", "? 2 0", "no letters"},
		{"two fields", "A 9", `want "LETTER COUNT VALUE"`},
		{"four fields", "A 9 1 x", `want "LETTER COUNT VALUE"`},
		{"count not a number", "A nine 1", "whole numbers 0-99"},
		{"value not a number", "A 9 one", "whole numbers 0-99"},
		{"negative count", "A -1 1", "whole numbers 0-99"},
		{"negative value", "A 1 -1", "whole numbers 0-99"},
		{"count over 99", "A 100 1", "whole numbers 0-99"},
		{"two letters", "AB 1 1", "is not a single letter"},
		{"a digit", "1 1 1", "is not a single letter"},
		{"punctuation", "! 1 1", "is not a single letter"},
		{"letter twice", "A 9 1\nB 2 3\nA 1 1", "letter A listed twice"},
		{"letter twice, other case", "Ä 1 6\nä 1 6", "letter Ä listed twice"},
		{"no lowercase (ß)", "ß 1 1", "has no lowercase of its own"},
		{"no lowercase (Hebrew)", "א 1 1", "has no lowercase of its own"},
		{"lowercase of another letter (İ to i)", "İ 1 1", "has no lowercase of its own"},
		{"blank twice", "A 9 1\n? 2 0\n? 1 0", "blank listed twice"},
		{"too many letters", many.String(), "more than 63 letters"},
	} {
		_, err := ParseTileSet(c.name, c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestBuiltinTileSets(t *testing.T) {
	for _, c := range []struct {
		name           string
		total, letters int
		values         map[rune]int
	}{
		{"english", 100, 26, map[rune]int{
			'A': 1, 'B': 3, 'C': 3, 'D': 2, 'E': 1, 'F': 4, 'G': 2, 'H': 4, 'I': 1, 'J': 8, 'K': 5, 'L': 1, 'M': 3,
			'N': 1, 'O': 1, 'P': 3, 'Q': 10, 'R': 1, 'S': 1, 'T': 1, 'U': 1, 'V': 4, 'W': 4, 'X': 8, 'Y': 4, 'Z': 10,
		}},
		{"german", 102, 29, map[rune]int{'E': 1, 'Ä': 6, 'Ö': 8, 'Ü': 6, 'Y': 10, 'Q': 10, 'Z': 3}},
		{"polish", 100, 32, map[rune]int{'A': 1, 'Ą': 5, 'Ć': 6, 'Ń': 7, 'Ź': 9, 'Ż': 5, 'Ł': 3}},
	} {
		ts, ok := BuiltinTileSet(c.name)
		if !ok {
			t.Fatalf("no %s tile set", c.name)
		}
		if ts.Total() != c.total || ts.Letters() != c.letters || ts.Blanks != 2 {
			t.Errorf("%s: %d tiles, %d letters, %d blanks; want %d, %d, 2", c.name, ts.Total(), ts.Letters(), ts.Blanks, c.total, c.letters)
		}
		for r, v := range c.values {
			tile, ok := ts.Tile(r)
			if !ok || ts.Value(tile) != v {
				t.Errorf("%s: %c is worth %d (%v), want %d", c.name, r, ts.Value(tile), ok, v)
			}
		}
	}
	english := english(t)
	counts := map[rune]int{'E': 12, 'A': 9, 'I': 9, 'O': 8, 'Z': 1, 'Q': 1, 'X': 1, 'J': 1, 'K': 1, 'S': 4}
	for r, n := range counts {
		if tile, _ := english.Tile(r); english.Count(tile) != n {
			t.Errorf("english has %d %c, want %d", english.Count(tile), r, n)
		}
	}
	if _, ok := BuiltinTileSet("klingon"); ok {
		t.Error("a tile set nobody defined")
	}
	if names := BuiltinTileSetNames(); !reflect.DeepEqual(names, []string{"english", "german", "polish"}) {
		t.Errorf("BuiltinTileSetNames() = %v", names)
	}
}

func TestTileSetRoundTrip(t *testing.T) {
	var sets []*TileSet
	for _, name := range BuiltinTileSetNames() {
		ts, _ := BuiltinTileSet(name)
		sets = append(sets, ts)
	}
	for _, name := range []string{"chums", "endgame15", "endgame17", "endgame22", "endgame29"} {
		sets = append(sets, loadTiles(t, name))
	}
	for _, ts := range sets {
		back, err := ParseTileSet(ts.Name, ts.String())
		if err != nil || !reflect.DeepEqual(back, ts) {
			t.Errorf("%s does not read back: %v\n%s", ts.Name, err, ts.String())
		}
	}
}

func TestTileLetters(t *testing.T) {
	ts, err := ParseTileSet("small", "# a comment\r\n\r\n  a 2 1 \r\nż 1 5\r\n? 1 7\r\n")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := ts.Tile('A')
	blankA, _ := ts.Tile('a')
	z, _ := ts.Tile('Ż')
	blank, ok := ts.Tile('?')
	switch {
	case ts.Total() != 4 || ts.Blanks != 1:
		t.Errorf("%d tiles, %d blanks", ts.Total(), ts.Blanks)
	case blankA != a|BlankBit || !blankA.IsBlank() || blankA.Letter() != a:
		t.Errorf("lowercase a is %v, want the blank designated A", blankA)
	case ts.Value(a) != 1 || ts.Value(blankA) != 0 || ts.Value(z) != 5 || ts.Value(blank) != 0:
		t.Error("values: a blank is worth 0, whatever its file line says")
	case !ok || blank != Blank || ts.Rune(Blank) != '?' || ts.Rune(blankA) != 'a' || ts.Rune(z) != 'Ż':
		t.Error("runes")
	case ts.String() != "A 2 1\nŻ 1 5\n? 1 0\n":
		t.Errorf("String() = %q", ts.String())
	}
	if _, ok := ts.Tile('B'); ok {
		t.Error("B is not in the set")
	}
	none, _ := ParseTileSet("none", "A 1 1\n? 0 0")
	if _, ok := none.Tile('?'); ok {
		t.Error("a blank from a set without blanks")
	}
}

// loadTiles reads a tile file from testdata/tiles.
func loadTiles(t *testing.T, name string) *TileSet {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "tiles", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := ParseTileSet(name, string(text))
	if err != nil {
		t.Fatal(err)
	}
	return ts
}
