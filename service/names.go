package service

import (
	"strings"
	"unicode/utf8"
)

// One rule for every name, on every path that stores one (issue 25):
// the API's tournament, division and player names and member ids (the
// console's forms post to the API), a .t import's division and player
// names and the other fields of its lines, and a GCG record's players
// and notes. checkName is that rule; checkLine the same for the short
// one-line fields (dates, lexicon, member id); checkNote its form for
// reasons and notes. A name that breaks it is refused whole, before
// anything is stored, with a plain message and a stable code:
//
//   - too-long: more characters than the limit (checkLength);
//   - invalid-utf8: bytes that are not UTF-8, or the replacement
//     character U+FFFD that a JSON reader or a browser puts in their
//     place (a name holding U+FFFD was mangled on the way in);
//   - bad-characters: a control character (C0, DEL and C1, NUL and line
//     breaks among them, and the line and paragraph separators U+2028
//     and U+2029: a name is one line), or one of the invisible
//     characters that reorder the text around them: the bidi
//     embeddings and overrides U+202A-U+202E and the isolates
//     U+2066-U+2069, which can make a name on a page, a CSV file or a
//     printout read as something else; or a character that shows
//     nothing: a zero-width space, a BOM, a tag character, a
//     noncharacter, an interlinear annotation mark, any other
//     default-ignorable code point, except the joiners and variation
//     selectors where they change how their neighbours look
//     (names_invisible.go);
//   - no-visible-character: a name (or other one-line field) that is not
//     empty but shows nothing: only spaces, combining marks or the blank
//     Braille pattern U+2800 (a name of the Hangul filler U+3164 alone,
//     which printed as an empty row, is refused for its character).
//
// Kept: every letter, mark and symbol of every script (Greek, CJK,
// emoji with their joiners, combining accents), and the directional
// marks U+200E, U+200F and U+061C, which a name in Hebrew or Arabic may
// need: a mark only settles the direction of the neutral characters
// next to it and has no scope, so it cannot reorder anything beyond the
// name's own text.
//
// A reason or note (checkNote) may also hold line breaks (LF, CR) and
// tabs, as typed in a text box; the rest of the rule is the same.

// checkName is the rule for a tournament, division or player name.
func checkName(what, s string) error { return checkLine(what, s, MaxNameLength) }

// checkLine is the rule for one line of text of at most limit characters:
// empty, or showing at least one character (names_invisible.go).
func checkLine(what, s string, limit int) error {
	if err := checkLength(what, s, limit); err != nil {
		return err
	}
	if err := checkCharacters(what, s, false); err != nil {
		return err
	}
	if s == "" || strings.ContainsFunc(s, visible) {
		return nil
	}
	return Errorf(KindInvalid, "no-visible-character", "%s shows nothing: it has no letter, digit, punctuation mark or symbol, only spaces or invisible characters", what)
}

// checkNote is the rule for a reason or note: as a name, but line
// breaks and tabs are allowed.
func checkNote(what, s string, limit int) error {
	if err := checkLength(what, s, limit); err != nil {
		return err
	}
	return checkCharacters(what, s, true)
}

// checkCharacters refuses invalid UTF-8 and the characters the rule
// above forbids; lines allows LF, CR and tab.
func checkCharacters(what, s string, lines bool) error {
	if !utf8.ValidString(s) {
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 {
				return Errorf(KindInvalid, "invalid-utf8", "%s is not UTF-8 text (byte %d of it, 0x%02X, is not): save the file as UTF-8, or type the text again",
					what, i+1, s[i])
			}
			i += n
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		at := i + 1
		if r == utf8.RuneError {
			return Errorf(KindInvalid, "invalid-utf8", "%s has the replacement character U+FFFD at character %d, the mark of text that was not UTF-8: save the file as UTF-8, or type the text again",
				what, at)
		}
		if lines && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		name := forbiddenRune(r)
		if name == "" {
			name = invisibleRune(rs, i)
		}
		if name != "" {
			rule := "a name is one line of visible text, without control characters, invisible characters or the characters that reverse text"
			if lines {
				rule = "a note may have line breaks and tabs, but no other control characters, no invisible characters and none of the characters that reverse text"
			}
			return Errorf(KindInvalid, "bad-characters", "%s has %s (U+%04X) at character %d: %s", what, name, r, at, rule)
		}
	}
	return nil
}

// forbiddenRune names a character no name may hold, or is "".
func forbiddenRune(r rune) string {
	switch {
	case r == 0:
		return "a NUL character"
	case r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029:
		return "a line break"
	case r == '\t':
		return "a tab"
	case r < 0x20 || r >= 0x7F && r <= 0x9F:
		return "a control character"
	case r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069:
		return bidiNames[r]
	}
	return ""
}

// bidiNames are the bidi embeddings, overrides and isolates.
var bidiNames = map[rune]string{
	0x202A: "a left-to-right embedding", 0x202B: "a right-to-left embedding", 0x202C: "a pop directional formatting",
	0x202D: "a left-to-right override", 0x202E: "a right-to-left override",
	0x2066: "a left-to-right isolate", 0x2067: "a right-to-left isolate", 0x2068: "a first strong isolate", 0x2069: "a pop directional isolate",
}

// inFile is a refusal by the rule of text read from an uploaded file
// (a .t file, a GCG record): the file's content is refused, 422, as its
// reader's own refusals are, with where in the file and the detail.
func inFile(err error, where string, detail any) error {
	se := AsError(err)
	return &Error{Kind: KindRule, Type: se.Type, Msg: where + se.Msg, Detail: detail}
}
