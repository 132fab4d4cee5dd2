package service

import "encoding/json"

// MaxJSONDepth is how deeply the objects and lists of a JSON value the
// service takes may nest (issue 37). Nothing it reads goes past four or
// five (a division's settings, a prize's rule); SQLite refuses to store
// JSON past 1,000 (json_valid), which was a 500 for a tournament's
// settings nested 9,000 deep.
const MaxJSONDepth = 64

// CheckJSONDepth refuses JSON whose objects and lists nest deeper than
// MaxJSONDepth (too-deep), by a scan of its bytes that counts brackets
// outside strings: nothing is decoded, so a body of a million brackets
// costs one pass. Text that is not JSON is left to the decoder.
func CheckJSONDepth(b []byte) error {
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && c == '\\':
			i++ // the escaped character, a quote among them
		case c == '"':
			inString = !inString
		case inString:
		case c == '{' || c == '[':
			if depth++; depth > MaxJSONDepth {
				return Errorf(KindInvalid, "too-deep", "the JSON nests objects and lists more than %d deep (at byte %d); nothing here needs more than a few levels", MaxJSONDepth, i+1)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// checkSettingsDepth holds a tournament's settings, which may hold any
// JSON, to MaxJSONDepth, whatever way they came in.
func checkSettingsDepth(st Settings) error {
	b, err := json.Marshal(st)
	if err != nil {
		return Errorf(KindInvalid, "bad-settings", "the settings cannot be written as JSON: %v", err)
	}
	return CheckJSONDepth(b)
}
