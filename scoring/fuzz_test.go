package scoring

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzParseMove: reading any text never panics, and a move that reads
// writes back (FormatMove) to text that reads as the same move, under
// every built-in tile set.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"8D QUIXOTE", "D8 QUIXOTE", "8d quixote", "8G C.T", "H8 .XE", "15H HAN.SOME",
		"1A O.YP...B...Z.NE", "21A SEA", "U1 B.G", "99Z A", "Z99 a",
		"-", "pass", "PASS", "-ABC", "-abc?", "-3", "-07", "-0", "- A",
		"", " ", "8D", "8D  ", "QUIXOTE 8D", "8 D X", "08D A", "8D ?", "8D Ä", "h8 ärger", "8H ŻÓŁW",
		"8D \xff", "\x00", "8D ſ", "8D ı", "-ſ", "8D\u00a0A", "8D A\u2028",
	} {
		f.Add(s)
	}
	var sets []*TileSet
	for _, name := range BuiltinTileSetNames() {
		ts, _ := BuiltinTileSet(name)
		sets = append(sets, ts)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, ts := range sets {
			m, err := ParseMove(ts, text)
			if err != nil {
				if _, ok := err.(*RuleError); !ok {
					t.Fatalf("%s: ParseMove(%q) error %T, want *RuleError", ts.Name, text, err)
				}
				continue
			}
			out := FormatMove(ts, m)
			back, err := ParseMove(ts, out)
			if err != nil || !reflect.DeepEqual(back, m) {
				t.Fatalf("%s: %q reads as %+v, written %q, reads back as %+v (%v)", ts.Name, text, m, out, back, err)
			}
		}
	})
}

// FuzzParseLayout: reading any board file never panics, and a layout that
// reads writes back (String) to a file that reads as the same layout.
func FuzzParseLayout(f *testing.F) {
	f.Add(standard15)
	for _, name := range []string{"chums15", "super21"} {
		text, err := os.ReadFile(filepath.Join("testdata", "boards", name+".txt"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
	}
	for _, s := range []string{"", "*", ".*", "*.\n..", "+.\n..", "..\n.*\n", "#\n*.\r\n.=", "d t q\nD T *", "~Q\n*^", "**\n..", "..\n..", "...\n.*", "\xff*\n.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ParseLayout("fuzz", text)
		if err != nil {
			return
		}
		if len(l.Squares) != l.Rows*l.Cols || l.StartRow >= l.Rows || l.StartCol >= l.Cols {
			t.Fatalf("%q: inconsistent layout %+v", text, l)
		}
		back, err := ParseLayout("fuzz", l.String())
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Fatalf("%q: written as %q, reads back as %+v (%v)", text, l.String(), back, err)
		}
	})
}

// FuzzParseTileSet: reading any tile file never panics, and a tile set
// that reads writes back (String) to a file that reads as the same set.
func FuzzParseTileSet(f *testing.F) {
	for _, name := range BuiltinTileSetNames() {
		f.Add(builtinTileText[name])
	}
	f.Add("A 1 1\n? 0 5")
	f.Add("a 1 1\nA 1 1")
	f.Add("ǅ 1 1\nǆ 1 1")
	f.Add("ß 1 1")
	f.Add("ẞ 1 1")
	f.Add("İ 1 1\nI 1 1")
	f.Add("א 1 1")
	f.Add("A +1 01\r\n# x\n\n? 2 0")
	f.Add("A 1 1 1\n")
	f.Add("\xff 1 1")
	f.Fuzz(func(t *testing.T, text string) {
		ts, err := ParseTileSet("fuzz", text)
		if err != nil {
			return
		}
		back, err := ParseTileSet("fuzz", ts.String())
		if err != nil || !reflect.DeepEqual(back, ts) {
			t.Fatalf("%q: written as %q, reads back differently (%v)", text, ts.String(), err)
		}
		for i := 1; i <= ts.Letters(); i++ {
			r := ts.Rune(Tile(i))
			if tile, ok := ts.Tile(r); !ok || tile != Tile(i) {
				t.Fatalf("%q: letter %c reads back as tile %d, want %d", text, r, tile, i)
			}
			blank := Tile(i) | BlankBit
			if tile, ok := ts.Tile(ts.Rune(blank)); !ok || tile != blank {
				t.Fatalf("%q: blank %c reads back as tile %d, want %d", text, ts.Rune(blank), tile, blank)
			}
		}
	})
}
