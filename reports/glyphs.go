package reports

import (
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/unicode/norm"
)

// Any text a user can enter reaches a printout: a name with an emoji, in
// Chinese or Arabic, or with combining accents. The embedded Go fonts
// cover Latin, Greek and Cyrillic (WGL4), the fallback font (fallback.go)
// Chinese, Japanese and Korean; gofpdf panics on a character outside the
// Basic Multilingual Plane and draws nothing for one the font lacks. So
// every string is made printable before it is measured or drawn: composed
// (NFC, so that "e" and a combining accent become the "é" the font has),
// control characters dropped, and every character neither the face nor
// the fallback has a glyph for replaced by U+FFFD, the replacement
// character (visible as a diamond with a question mark: the reader sees
// that something was there; a name with one carries the player's number
// too, see PlayerName).

// replacement stands in for a character the font cannot draw.
const replacement = '\uFFFD'

// coverage is which characters a face's font has a glyph for.
type coverage struct {
	font *sfnt.Font
	mu   sync.Mutex
	buf  sfnt.Buffer
	seen map[rune]bool
}

func (c *coverage) has(r rune) bool {
	if r < 0x80 {
		return r >= 0x20 && r != 0x7F
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if ok, known := c.seen[r]; known {
		return ok
	}
	g, err := c.font.GlyphIndex(&c.buf, r)
	ok := err == nil && g != 0
	c.seen[r] = ok
	return ok
}

// coverages are parsed once, on first use, from the embedded fonts.
var coverages = sync.OnceValue(func() map[face]*coverage {
	out := map[face]*coverage{}
	for f, ttf := range map[face][]byte{sans: goregular.TTF, sansBold: gobold.TTF, sansItalic: goitalic.TTF, mono: gomono.TTF, monoBold: gomonobold.TTF} {
		font, err := sfnt.Parse(ttf)
		if err != nil {
			continue // cannot happen with the embedded fonts; such a face then keeps plain ASCII
		}
		out[f] = &coverage{font: font, seen: map[rune]bool{}}
	}
	return out
})

// printable is s as face f can draw it.
func printable(f face, s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if b := s[i]; b >= 0x80 || b < 0x20 || b == 0x7F {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	cov := coverages()[f]
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFC.String(s) {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case unicode.IsControl(r) || r == '\u200b' || r == '\ufeff':
			// nothing to draw
		case cov != nil && cov.has(r), cov == nil && r < 0x80:
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r):
			// a combining mark NFC could not compose: dropped, the base
			// letter stands
		case inFallback(r):
			b.WriteRune(r) // drawn in the fallback font (fallback.go)
		default:
			b.WriteRune(replacement)
		}
	}
	return b.String()
}
