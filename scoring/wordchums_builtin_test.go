package scoring

import (
	"testing"
)

// TestSeed004WordChumsBuiltin proves seed 004's letter multipliers on the
// built-in Word Chums-style board and tiles (boards/wordchums15.txt,
// tiles/wordchums.txt), not on a director's file: the board has L4
// squares (E3, K3, C5, M5, C11, M11, E13, K13) and the tiles a 6-point
// letter (V).
func TestSeed004WordChumsBuiltin(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "Letter X 4: a 6-point letter on an L4 square is worth 24", rules: "wordchums",
			// VAT across row 3 through the A on F3: V6x4 (E3 L4) A1 T1x2 (G3 L2) = 27
			setup: []string{"F3 AT"}, steps: []string{"3E V.T"}, score: 27, words: "VAT 27",
			points: map[string]int{"E3": 24, "G3": 2}},
		{rule: "A 6 point letter is worth 18 if it's on an L3 square", rules: "wordchums",
			// VAN down from F2 (L3): V6x3 A1 N1 = 20
			setup: []string{"F3 AN"}, steps: []string{"F2 V.."}, score: 20, words: "VAN 20",
			points: map[string]int{"F2": 18}},
		{rule: "letter multipliers first, then the word multiplier (L4 and W2 in one word)", rules: "wordchums",
			// VOTES on row 5 up to the S on G5: V6x4 (C5 L4) O1 T1 (E5 W2) E1 S1 = 28, x2 = 56
			setup: []string{"G5 S"}, steps: []string{"5C VOTE."}, score: 56, words: "VOTES 56",
			points: map[string]int{"C5": 24, "E5": 1}},
		{rule: "The letter multiplier only applies the first time a letter is placed on the square (L4)", rules: "wordchums",
			// GUV down to the V on E3 (its L4 used): G2 U1 V6 = 9
			setup: []string{"F3 AT"}, steps: []string{"3E V.T", "E1 GU."}, score: 9, words: "GUV 9",
			points: map[string]int{"E3": 6}},
	})
}

// TestWordChumsBuiltinData: the built-in Word Chums variant has its own
// board, tiles, square names and defaults, and the other variants theirs.
func TestWordChumsBuiltinData(t *testing.T) {
	v, err := LookupVariant("wordchums")
	if err != nil {
		t.Fatal(err)
	}
	l4 := 0
	for _, p := range v.Layout.Squares {
		if p == (Premium{Letter: 4, Word: 1}) {
			l4++
		}
	}
	if v.Layout.Name != "wordchums15" || l4 != 8 || v.Layout.At(v.Layout.StartRow, v.Layout.StartCol) != (Premium{1, 2}) {
		t.Errorf("board %s with %d L4 squares", v.Layout.Name, l4)
	}
	six := ""
	for i := 1; i <= v.Tiles.Letters(); i++ {
		if v.Tiles.Value(Tile(i)) == 6 {
			six += string(v.Tiles.Rune(Tile(i)))
		}
	}
	if v.Tiles.Name != "wordchums" || six != "V" || v.Tiles.Total() != 100 {
		t.Errorf("tiles %s: 6-point letters %q, %d tiles", v.Tiles.Name, six, v.Tiles.Total())
	}
	for _, c := range []struct {
		p    Premium
		name string
	}{{Premium{2, 1}, "L2"}, {Premium{3, 1}, "L3"}, {Premium{4, 1}, "L4"}, {Premium{1, 2}, "W2"}, {Premium{1, 3}, "W3"}} {
		if got := v.SquareName(c.p); got != c.name {
			t.Errorf("wordchums calls %+v %q, want %q", c.p, got, c.name)
		}
	}
	for _, c := range []struct{ variant, challenge, lexicon, tw string }{
		{"wordchums", "void", "ENABLE", "W3"},
		{"alphajax", "void", "ENABLE", "TW"},
		{"hasbro", "double", "", "TW"},
		{"naspa", "double", "", "TW"},
		{"wespa", "five-per-word", "", "TW"},
	} {
		v, err := LookupVariant(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		if v.ChallengeRule != c.challenge || v.Lexicon != c.lexicon || v.SquareName(Premium{1, 3}) != c.tw {
			t.Errorf("%s: challenge %q lexicon %q TW named %q; want %q %q %q", c.variant,
				v.ChallengeRule, v.Lexicon, v.SquareName(Premium{1, 3}), c.challenge, c.lexicon, c.tw)
		}
	}
	if _, err := LookupVariant("../variants/naspa"); err == nil {
		t.Error("a path is not a variant name")
	}
}
