package service

import (
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Invisible characters (issue 37). A name on a page, a printout or a
// tablet must show what it is: two names that print alike must not be two
// players, and no name may print as an empty row. So the rule also
// refuses, anywhere in a name or note, the characters that show nothing:
//
//   - the default-ignorable code points (Unicode's
//     Default_Ignorable_Code_Point, DerivedCoreProperties.txt: the format
//     characters (Cf) such as the zero-width space U+200B, the word joiner
//     U+2060, the BOM U+FEFF and the soft hyphen U+00AD, the tag
//     characters U+E0000-U+E0FFF, the Hangul fillers U+115F, U+1160,
//     U+3164 and U+FFA0, and the variation selectors) and the other
//     format characters (the interlinear annotation marks U+FFF9-U+FFFB,
//     the Arabic number signs U+0600-U+0605);
//   - the noncharacters U+FDD0-U+FDEF and the last two code points of
//     every plane (U+FFFE, U+FFFF, U+1FFFE ...).
//
// Some of them change how the letters beside them look, and are kept
// there only, where they are not invisible:
//
//   - the zero-width non-joiner U+200C between two letters of a script
//     whose letters join (Persian "نیک‌نام"), and either joiner, U+200C or
//     U+200D, right after a virama (the Indic scripts' conjuncts); these
//     are IDNA's rules for the joiners (RFC 5892, appendix A.1 and A.2);
//   - the zero-width joiner between two emoji (a family, 👩‍👩‍👧);
//   - a variation selector right after a symbol or a keycap's digit
//     (❤️, 1️⃣), a Han ideograph (a Japanese family name's exact form,
//     葛󠄀) or a Mongolian letter (the Mongolian free variation selectors).
//
// The directional marks U+200E, U+200F and U+061C stay allowed anywhere
// (see names.go).
//
// And a name must show something: at least one letter, digit,
// punctuation mark or symbol (a name of spaces, combining marks or the
// blank Braille pattern U+2800 alone is refused with
// no-visible-character).

// invisibleRune names the character at rs[i] when the rule above refuses
// it there, or is "".
func invisibleRune(rs []rune, i int) string {
	r := rs[i]
	switch {
	case r == 0x200E || r == 0x200F || r == 0x061C:
		return "" // the directional marks: see names.go
	case unicode.Is(unicode.Noncharacter_Code_Point, r):
		return "a noncharacter"
	case r == 0x200C || r == 0x200D:
		if joinerVisible(rs, i) {
			return ""
		}
		return invisibleNames[r]
	case unicode.Is(unicode.Variation_Selector, r):
		if i > 0 && takesVariation(rs[i-1], r) {
			return ""
		}
		return "a variation selector that selects nothing here"
	case r >= 0xE0000 && r <= 0xE0FFF:
		return "a tag character"
	case unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r), unicode.Is(unicode.Cf, r):
		if n := invisibleNames[r]; n != "" {
			return n
		}
		return "an invisible formatting character"
	}
	return ""
}

// invisibleNames are the refused characters a message names.
var invisibleNames = map[rune]string{
	0x00AD: "a soft hyphen", 0x034F: "a combining grapheme joiner", 0x180E: "a Mongolian vowel separator",
	0x200B: "a zero-width space", 0x200C: "a zero-width non-joiner", 0x200D: "a zero-width joiner",
	0x2060: "a word joiner", 0xFEFF: "a byte order mark (zero-width no-break space)",
	0xFFF9: "an interlinear annotation mark", 0xFFFA: "an interlinear annotation mark", 0xFFFB: "an interlinear annotation mark",
	0x115F: "a Hangul filler", 0x1160: "a Hangul filler", 0x3164: "a Hangul filler", 0xFFA0: "a Hangul filler",
}

// joinerVisible reports whether the joiner at rs[i] joins or parts what
// is beside it (see above).
func joinerVisible(rs []rune, i int) bool {
	if i == 0 {
		return false
	}
	if isVirama(rs[i-1]) {
		return true // at the end too: a Malayalam chillu ends a word
	}
	if i == len(rs)-1 {
		return false
	}
	if rs[i] == 0x200C {
		before, after := letterBefore(rs, i), letterAfter(rs, i)
		return before >= 0 && after >= 0 && joiningScript(before) && joiningScript(after)
	}
	return isEmoji(emojiBefore(rs, i)) && isEmoji(rs[i+1])
}

// isVirama: a character of canonical combining class 9 (virama), which
// the joiners after it turn into a half form or keep apart.
func isVirama(r rune) bool { return norm.NFD.PropertiesString(string(r)).CCC() == 9 }

// letterBefore is the letter before rs[i], over combining marks (IDNA's
// transparent characters), or -1.
func letterBefore(rs []rune, i int) rune {
	for j := i - 1; j >= 0; j-- {
		if !unicode.Is(unicode.M, rs[j]) {
			return letterOrNone(rs[j])
		}
	}
	return -1
}

// letterAfter is the letter after rs[i], over combining marks, or -1.
func letterAfter(rs []rune, i int) rune {
	for j := i + 1; j < len(rs); j++ {
		if !unicode.Is(unicode.M, rs[j]) {
			return letterOrNone(rs[j])
		}
	}
	return -1
}

func letterOrNone(r rune) rune {
	if unicode.IsLetter(r) {
		return r
	}
	return -1
}

// joiningScripts are the scripts whose letters join (Unicode's
// ArabicShaping.txt gives their letters a joining type).
var joiningScripts = []*unicode.RangeTable{unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Mandaic, unicode.Manichaean, unicode.Psalter_Pahlavi, unicode.Adlam, unicode.Hanifi_Rohingya,
	unicode.Sogdian, unicode.Old_Uyghur, unicode.Phags_Pa, unicode.Chorasmian}

func joiningScript(r rune) bool { return unicode.IsOneOf(joiningScripts, r) }

// emojiBefore is the emoji a joiner at rs[i] follows, over the variation
// selectors and skin-tone modifiers that belong to it, or -1.
func emojiBefore(rs []rune, i int) rune {
	for j := i - 1; j >= 0; j-- {
		if r := rs[j]; !unicode.Is(unicode.Variation_Selector, r) && !isSkinTone(r) {
			return r
		}
	}
	return -1
}

func isSkinTone(r rune) bool { return r >= 0x1F3FB && r <= 0x1F3FF }

// isEmoji: a pictographic symbol (the emoji of ZWJ sequences are all
// So: people, hearts, objects, flags' parts).
func isEmoji(r rune) bool { return r >= 0 && unicode.Is(unicode.So, r) }

// takesVariation reports whether the variation selector vs after base
// selects a form: emoji or text style after a symbol or a keycap's
// character, an ideographic variant after a Han ideograph, a Mongolian
// form after a Mongolian letter.
func takesVariation(base, vs rune) bool {
	mongolian := vs >= 0x180B && vs <= 0x180F
	switch {
	case mongolian:
		return unicode.Is(unicode.Mongolian, base) && unicode.IsLetter(base)
	case unicode.Is(unicode.Han, base):
		return true
	case vs == 0xFE0E || vs == 0xFE0F:
		return unicode.IsSymbol(base) || base == '#' || base == '*' || base >= '0' && base <= '9'
	case vs >= 0xFE00 && vs <= 0xFE0D:
		// standardized variation sequences of mathematical symbols
		return unicode.IsSymbol(base)
	}
	return false
}

// visible reports whether a character shows something: a letter, digit,
// punctuation mark or symbol, not the blank Braille pattern.
func visible(r rune) bool {
	return r != 0x2800 && (unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r)) &&
		!unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}
