package service

import (
	"strings"
	"testing"
)

// TestCheckName: the one rule, character by character; names are one
// line, notes may break lines and use tabs.
func TestCheckName(t *testing.T) {
	cases := []struct {
		label, text string
		name, note  string // the code for a name and for a note; "" accepted
	}{
		{"plain", "Ann Lee", "", ""},
		{"Greek", "Αλέξανδρος", "", ""},
		{"CJK", "山田太郎", "", ""},
		{"emoji with joiners", "👩‍👩‍👧", "", ""},
		{"combining marks", "Zoe\u0308", "", ""},
		{"hyphen and apostrophes", "Nakamura-Holt O'Brien ’Ndiaye", "", ""},
		{"left-to-right mark", "A\u200eB", "", ""},
		{"right-to-left mark", "שרה\u200f", "", ""},
		{"Arabic letter mark", "ب\u061c", "", ""},
		{"zero-width joiner and non-joiner", "می\u200cخواهم", "", ""},
		{"NUL", "A\x00", "bad-characters", "bad-characters"},
		{"bell", "A\x07", "bad-characters", "bad-characters"},
		{"DEL", "A\x7f", "bad-characters", "bad-characters"},
		{"C1", "A\u0080", "bad-characters", "bad-characters"},
		{"NEL", "A\u0085", "bad-characters", "bad-characters"},
		{"LF", "A\nB", "bad-characters", ""},
		{"CR", "A\rB", "bad-characters", ""},
		{"tab", "A\tB", "bad-characters", ""},
		{"line separator", "A\u2028B", "bad-characters", "bad-characters"},
		{"paragraph separator", "A\u2029B", "bad-characters", "bad-characters"},
		{"LRE", "A\u202a", "bad-characters", "bad-characters"},
		{"RLE", "A\u202b", "bad-characters", "bad-characters"},
		{"PDF", "A\u202c", "bad-characters", "bad-characters"},
		{"LRO", "A\u202d", "bad-characters", "bad-characters"},
		{"RLO", "A\u202e", "bad-characters", "bad-characters"},
		{"LRI", "A\u2066", "bad-characters", "bad-characters"},
		{"RLI", "A\u2067", "bad-characters", "bad-characters"},
		{"FSI", "A\u2068", "bad-characters", "bad-characters"},
		{"PDI", "A\u2069", "bad-characters", "bad-characters"},
		{"invalid UTF-8", "A\xff", "invalid-utf8", "invalid-utf8"},
		{"truncated UTF-8", "A\xe2\x80", "invalid-utf8", "invalid-utf8"},
		{"surrogate as UTF-8", "A\xed\xa0\x80", "invalid-utf8", "invalid-utf8"},
		{"replacement character", "A\ufffd", "invalid-utf8", "invalid-utf8"},
		{"too long", strings.Repeat("é", MaxNameLength+1), "too-long", "too-long"},
		{"at the limit", strings.Repeat("é", MaxNameLength), "", ""},
	}
	for _, c := range cases {
		if got := ruleCode(checkName("the name", c.text)); got != c.name {
			t.Errorf("%s as a name: %q, want %q", c.label, got, c.name)
		}
		if got := ruleCode(checkNote("the note", c.text, MaxReasonLength)); got != c.note {
			t.Errorf("%s as a note: %q, want %q", c.label, got, c.note)
		}
	}
	err := AsError(checkName("the player's name", "Ann \u202eeeL"))
	if want := "the player's name has a right-to-left override (U+202E) at character 5"; !strings.HasPrefix(err.Msg, want) || err.Kind != KindInvalid {
		t.Errorf("message %q (%s), want it to start %q", err.Msg, err.Kind, want)
	}
	err = AsError(checkName("the player's name", "Ann\xffLee"))
	if want := "the player's name is not UTF-8 text (byte 4 of it, 0xFF, is not)"; !strings.HasPrefix(err.Msg, want) {
		t.Errorf("message %q, want it to start %q", err.Msg, want)
	}
}

// ruleCode is the code a check refused with, or "".
func ruleCode(err error) string {
	if err == nil {
		return ""
	}
	return AsError(err).Type
}
