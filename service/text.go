package service

import (
	"fmt"
	"unicode/utf8"
)

// Limits on what people type, so that no name or note can make a page or
// a printout slow (issue 14). A name of 10,000 characters still prints,
// cut to fit, on every report; one beyond is refused with too-long.
const (
	MaxNameLength   = 10_000 // tournament, division and player names, member ids
	MaxReasonLength = 10_000 // reasons and notes in the audit log
	MaxShortField   = 200    // dates, variant, lexicon and rule names
)

// checkLength refuses text longer than max characters (too-long).
func checkLength(what, text string, limit int) error {
	if n := utf8.RuneCountInString(text); n > limit {
		return Errorf(KindInvalid, "too-long", "%s is %s characters long; at most %s are kept", what, grouped(n), grouped(limit))
	}
	return nil
}

// grouped writes 10000 as "10,000".
func grouped(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
