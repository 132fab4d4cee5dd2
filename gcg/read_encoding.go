package gcg

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Encodings a record may be written in. Text in a Record is always UTF-8.
const (
	encodingUTF8   = "UTF-8"
	encodingLatin1 = "ISO-8859-1"
)

// recordEncoding is what decodeRecordText learned about the bytes.
type recordEncoding struct {
	name string // encodingUTF8 or encodingLatin1
	line int    // line of the #character-encoding pragma, 0 if none
}

// decodeRecordText returns the record as UTF-8. The encoding is the one
// the first non-blank line declares ("#character-encoding UTF-8"), else
// UTF-8 when the bytes are valid UTF-8, else ISO-8859-1, which older tools
// wrote without saying so.
func decodeRecordText(s string) (string, recordEncoding, error) {
	s = strings.TrimPrefix(s, "\uFEFF") // byte order mark
	if strings.HasPrefix(s, "\xFF\xFE") || strings.HasPrefix(s, "\xFE\xFF") {
		return "", recordEncoding{}, syntaxErr(1, CodeUnsupportedEncoding, "record is UTF-16; save it as UTF-8")
	}
	var enc recordEncoding
	declared := ""
	// The encoding name is ASCII, so it can be read before decoding.
	for i, n := 0, 1; i < len(s); n++ {
		var line string
		line, i = nextRawLine(s, i)
		t := trimGCGSpace(line)
		if t == "" {
			continue
		}
		c := tokenCursor{s: t}
		if sameName(c.next(), "#character-encoding") {
			enc.line, declared = n, c.rest()
		}
		break
	}
	valid := utf8.ValidString(s)
	switch {
	case enc.line == 0 && valid, canonicalEncoding(declared) == encodingUTF8:
		if !valid {
			return "", enc, syntaxErr(firstInvalidUTF8Line(s), CodeInvalidUTF8,
				"bytes that are not UTF-8, though #character-encoding says UTF-8")
		}
		enc.name = encodingUTF8
		return s, enc, nil
	case enc.line == 0, canonicalEncoding(declared) == encodingLatin1:
		enc.name = encodingLatin1
		return latin1ToUTF8(s), enc, nil
	}
	return "", enc, syntaxErr(enc.line, CodeUnsupportedEncoding,
		"#character-encoding %q is not supported (UTF-8 or ISO-8859-1)", declared)
}

// canonicalEncoding maps the spellings seen in the wild ("utf8",
// "ISO 8859-1", "latin1") to one name, or "" when unsupported.
func canonicalEncoding(name string) string {
	key := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == ' ' {
			return -1
		}
		return unicode.ToLower(r)
	}, name)
	switch key {
	case "utf8":
		return encodingUTF8
	case "iso88591", "latin1":
		return encodingLatin1
	}
	return ""
}

func firstInvalidUTF8Line(s string) int {
	n := 1
	for i := 0; i < len(s); n++ {
		var line string
		line, i = nextRawLine(s, i)
		if !utf8.ValidString(line) {
			return n
		}
	}
	return n
}

// latin1ToUTF8 decodes ISO-8859-1, where each byte is the code point.
func latin1ToUTF8(s string) string {
	var b strings.Builder
	b.Grow(len(s) * 2)
	for i := 0; i < len(s); i++ {
		if s[i] < utf8.RuneSelf {
			b.WriteByte(s[i])
		} else {
			b.WriteRune(rune(s[i]))
		}
	}
	return b.String()
}
