package challenges

import (
	"slices"
	"testing"
)

func TestJudge(t *testing.T) {
	lex := mustRead(t, "AA\nAAH\nQAT\nZA\nÖL\n")
	cases := []struct {
		name    string
		words   []string
		ok      bool
		invalid []string
	}{
		{"one good word", []string{"QAT"}, true, nil},
		{"main word and cross words", []string{"qat", "Aa", "za"}, true, nil},
		{"one bad word spoils the play", []string{"QAT", "QI", "ZA"}, false, []string{"QI"}},
		{"all bad, in order given, upper-cased", []string{"xu", "QI", "Jo"}, false, []string{"XU", "QI", "JO"}},
		{"a bad word formed twice is listed twice", []string{"QI", "AA", "qi"}, false, []string{"QI", "QI"}},
		{"non-ASCII", []string{"öl", "äl"}, false, []string{"ÄL"}},
		{"no words", nil, true, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := Judge(lex, tc.words)
			if v.Acceptable != tc.ok || !slices.Equal(v.Invalid, tc.invalid) {
				t.Errorf("Judge(%q) = %+v, want acceptable %v, invalid %q", tc.words, v, tc.ok, tc.invalid)
			}
		})
	}
}
