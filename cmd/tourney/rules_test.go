package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestRulesListsSourcesAndDefaults: `tourney rules` prints every variant
// with its sources, its default challenge rule and lexicon, and says
// plainly where a board or tile set is a stand-in ("-style").
func TestRulesListsSourcesAndDefaults(t *testing.T) {
	var out bytes.Buffer
	if code := runRules(&out); code != 0 {
		t.Fatalf("exit %d:\n%s", code, out.String())
	}
	blocks := map[string]string{}
	var name string
	for _, line := range strings.Split(out.String(), "\n") {
		if line != "" && !strings.HasPrefix(line, " ") {
			name = line
		}
		blocks[name] += line + "\n"
	}
	for _, tc := range []struct {
		variant string
		want    []string
	}{
		{"naspa", []string{"challenge rule double", "source: seed 000", "squares TW DW TL DL"}},
		{"wespa", []string{"challenge rule five-per-word", "source: WESPA Rules"}},
		{"hasbro", []string{"challenge rule double", "source: seed 001", "source: seed 003", "box rules"}},
		{"alphajax", []string{"challenge rule void, lexicon ENABLE", "source: seed 002", "AlphaJax-style"}},
		{"wordchums", []string{"challenge rule void, lexicon ENABLE", "source: seed 004", "Word Chums-style",
			"board wordchums15 (squares W3 W2 L4 L3 L2), tiles wordchums"}},
	} {
		b := blocks[tc.variant]
		if b == "" {
			t.Errorf("%s not listed:\n%s", tc.variant, out.String())
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(b, w) {
				t.Errorf("%s: %q missing from\n%s", tc.variant, w, b)
			}
		}
	}
}
