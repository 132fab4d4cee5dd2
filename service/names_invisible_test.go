package service

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// invisibleCases: the characters that show nothing (issue 37), refused in
// names and notes alike, and the same characters kept where they change
// how their neighbours look.
var invisibleCases = []struct {
	label, text string
	code        string // for a name; "" accepted
}{
	// Refused anywhere.
	{"zero-width space", "Ann\u200bLee", "bad-characters"},
	{"zero-width joiner between Latin letters", "An\u200dn", "bad-characters"},
	{"zero-width non-joiner between Latin letters", "An\u200cn", "bad-characters"},
	{"zero-width joiner alone", "\u200d", "bad-characters"},
	{"zero-width joiner after an emoji, at the end", "Ann 🦊\u200d", "bad-characters"},
	{"zero-width non-joiner at the start", "\u200cنیک", "bad-characters"},
	{"word joiner", "Ann\u2060Lee", "bad-characters"},
	{"BOM at the start", "\ufeffAnn", "bad-characters"},
	{"BOM inside", "Ann\ufeffLee", "bad-characters"},
	{"soft hyphen", "Ann\u00adLee", "bad-characters"},
	{"combining grapheme joiner", "Ann\u034fLee", "bad-characters"},
	{"Mongolian vowel separator", "Ann\u180eLee", "bad-characters"},
	{"invisible times", "A\u2062B", "bad-characters"},
	{"deprecated format U+206A", "A\u206aB", "bad-characters"},
	{"tag characters", "Ann\U000e0041\U000e006e\U000e006e", "bad-characters"},
	{"language tag", "Ann\U000e0001", "bad-characters"},
	{"cancel tag", "Ann\U000e007f", "bad-characters"},
	{"unassigned default-ignorable U+E0080", "Ann\U000e0080", "bad-characters"},
	{"unassigned default-ignorable U+2065", "A\u2065B", "bad-characters"},
	{"noncharacter U+FFFF", "Ann\uffff", "bad-characters"},
	{"noncharacter U+FFFE", "Ann\ufffe", "bad-characters"},
	{"noncharacter U+FDD0", "Ann\ufdd0", "bad-characters"},
	{"noncharacter U+FDEF", "Ann\ufdef", "bad-characters"},
	{"noncharacter U+1FFFF", "Ann\U0001ffff", "bad-characters"},
	{"noncharacter U+10FFFE", "Ann\U0010fffe", "bad-characters"},
	{"interlinear annotation anchor", "Ann\ufff9Lee", "bad-characters"},
	{"interlinear annotation separator", "Ann\ufffaLee", "bad-characters"},
	{"interlinear annotation terminator", "Ann\ufffbLee", "bad-characters"},
	{"Arabic number sign", "\u0600١٢", "bad-characters"},
	{"musical format U+1D173", "A\U0001d173", "bad-characters"},
	{"shorthand format U+1BCA0", "A\U0001bca0", "bad-characters"},
	{"Hangul filler U+3164 alone", "\u3164", "bad-characters"},
	{"Hangul filler U+3164 inside", "Ann\u3164Lee", "bad-characters"},
	{"Hangul choseong filler U+115F alone", "\u115f", "bad-characters"},
	{"Hangul jungseong filler U+1160 alone", "\u1160", "bad-characters"},
	{"halfwidth Hangul filler U+FFA0 alone", "\uffa0", "bad-characters"},
	{"Khmer inherent vowel U+17B4", "\u1780\u17b4", "bad-characters"},
	{"variation selector after a Latin letter", "An\ufe00n", "bad-characters"},
	{"emoji variation selector after a letter", "Ann\ufe0f", "bad-characters"},
	{"variation selector alone", "\ufe0f", "bad-characters"},
	{"ideographic variation selector after a Latin letter", "A\U000e0100", "bad-characters"},
	{"Mongolian free variation selector after a Latin letter", "A\u180b", "bad-characters"},
	{"two variation selectors", "❤\ufe0f\ufe0f", "bad-characters"},
	// Names that show nothing.
	{"spaces only", "   ", "no-visible-character"},
	{"ideographic space only", "\u3000", "no-visible-character"},
	{"no-break spaces only", "\u00a0\u00a0", "no-visible-character"},
	{"blank Braille pattern", "\u2800\u2800", "no-visible-character"},
	{"combining marks only", "\u0301\u0308", "no-visible-character"},
	{"directional marks only", "\u200e\u200f", "no-visible-character"},
	{"spaces and a combining mark", " \u0301 ", "no-visible-character"},
	// Kept: the joiners and selectors where they show.
	{"Persian with a non-joiner", "مهرداد نیک\u200cنام", ""},
	{"Persian non-joiner over a mark", "می\u064e\u200cخواهم", ""},
	{"Devanagari half form (virama, joiner)", "क्\u200dष", ""},
	{"Devanagari explicit virama (virama, non-joiner)", "क्\u200cष", ""},
	{"Malayalam chillu (virama, joiner)", "ന്\u200d", ""},
	{"Sinhala yansaya (virama, joiner)", "ශ්\u200dය", ""},
	{"emoji family", "👩\u200d👩\u200d👧", ""},
	{"emoji with skin tone and joiner", "🧑🏽\u200d💻", ""},
	{"rainbow flag", "🏳\ufe0f\u200d🌈", ""},
	{"heart with emoji style", "Ann ❤\ufe0f", ""},
	{"keycap", "Table 1\ufe0f\u20e3", ""},
	{"Japanese family name with an ideographic variation", "葛\U000e0100城 太郎", ""},
	{"Han with a standardized variation", "漢\ufe00", ""},
	{"Mongolian with a free variation selector", "ᠠ\u180bᠪ", ""},
	{"plain CJK", "山田太郎", ""},
	{"accents", "Zoë Nguyễn", ""},
	{"Korean", "김민준", ""},
	{"a name in Braille with a blank", "⠁\u2800⠃", ""},
	{"right-to-left mark kept", "שרה\u200f", ""},
	{"Arabic letter mark kept", "ب\u061c", ""},
	{"one digit", "7", ""},
	{"one punctuation mark", "?", ""},
	{"one symbol", "★", ""},
}

// TestInvisibleCharacters: each case as a name, and the character as a
// note refuses (a note may show nothing, but holds none of them).
func TestInvisibleCharacters(t *testing.T) {
	for _, c := range invisibleCases {
		if got := ruleCode(checkName("the name", c.text)); got != c.code {
			t.Errorf("%s as a name: %q, want %q", c.label, got, c.code)
		}
		note := c.code
		if note == "no-visible-character" {
			note = "" // a note shows nothing only when it is blank: the reason is optional
		}
		if got := ruleCode(checkNote("the note", c.text, MaxReasonLength)); got != note {
			t.Errorf("%s as a note: %q, want %q", c.label, got, note)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"Ann\u200bLee", "the player's name has a zero-width space (U+200B) at character 4: "},
		{"Ann\ufeff", "the player's name has a byte order mark (zero-width no-break space) (U+FEFF) at character 4: "},
		{"Ann\U000e0041", "the player's name has a tag character (U+E0041) at character 4: "},
		{"Ann\uffff", "the player's name has a noncharacter (U+FFFF) at character 4: "},
		{"\u3164", "the player's name has a Hangul filler (U+3164) at character 1: "},
		{"\u2800", "the player's name shows nothing: "},
	} {
		err := AsError(checkName("the player's name", c.text))
		if err == nil || !strings.HasPrefix(err.Msg, c.want) || err.Kind != KindInvalid {
			t.Errorf("%+q: %v, want a refusal starting %q", c.text, err, c.want)
		}
	}
	// A class is a name too: a Hangul filler is a letter, and shows nothing.
	if _, err := checkClass("\u3164"); err == nil {
		t.Error("a class of a Hangul filler is taken")
	}
}

// FuzzCheckName: whatever the text, the rule answers (no panic); a name
// it takes is UTF-8, shows something (or is empty), and holds no
// default-ignorable character except a directional mark, a joiner after
// a virama or between letters or emoji, or a variation selector after
// what it can select.
func FuzzCheckName(f *testing.F) {
	for _, c := range invisibleCases {
		f.Add(c.text)
	}
	f.Add("Ann Lee")
	f.Add("A\xffB")
	f.Fuzz(func(t *testing.T, s string) {
		if checkName("the name", s) != nil {
			return
		}
		if !utf8.ValidString(s) {
			t.Fatalf("%+q taken: not UTF-8", s)
		}
		if s != "" && !strings.ContainsFunc(s, visible) {
			t.Fatalf("%+q taken: shows nothing", s)
		}
		rs := []rune(s)
		for i, r := range rs {
			ignorable := unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Cf, r) ||
				unicode.Is(unicode.Variation_Selector, r) || unicode.Is(unicode.Noncharacter_Code_Point, r)
			switch {
			case !ignorable, r == 0x200E, r == 0x200F, r == 0x061C:
			case (r == 0x200C || r == 0x200D) && i > 0:
			case unicode.Is(unicode.Variation_Selector, r) && i > 0 && !unicode.Is(unicode.Variation_Selector, rs[i-1]):
			default:
				t.Fatalf("%+q taken: U+%04X at character %d", s, r, i+1)
			}
		}
	})
}
