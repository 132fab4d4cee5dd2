package scoring

import (
	"reflect"
	"testing"
)

// FuzzParseVariant: reading any rules file never panics, and a variant
// that reads writes back (String) to a file that reads as the same variant.
func FuzzParseVariant(f *testing.F) {
	for _, name := range builtinNames("variants") {
		f.Add(mustBuiltin("variants", name))
	}
	minimal := "description: d\nsource: s\nboard: standard15\ntiles: english\nrack: 7\nplayers: 2\nstalemate-turns: 3\ntie-break: none\nchallenge: single\n"
	for _, s := range []string{
		"", ":", "description:", " continued", "#\n\n", minimal,
		minimal + "bingo: 7 50\nbingo: 7 40", minimal + "bingo: 8 50", minimal + "squares: L2=DL L2=X",
		minimal + "squares: W4=QW L4=QL", minimal + "players: 4-2", minimal + "rack: 07",
		minimal + "description: again", minimal + "decision: a\n  b\n\tc", minimal + "lexicon: two words",
		"description: d\r\nsource: s\r\n", minimal + "board: ../boards/standard15", minimal + "tiles: wordchums",
		minimal + "missed-start: maybe", minimal + "colour: red", "\xff: \xff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := ParseVariant("fuzz", text)
		if err != nil {
			return
		}
		back, err := ParseVariant("fuzz", v.String())
		if err != nil || !reflect.DeepEqual(back, v) {
			t.Fatalf("%q: written as %q, reads back as %+v (%v)", text, v.String(), back, err)
		}
	})
}
