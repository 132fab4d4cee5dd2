package reports

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/image/font/sfnt"
)

// The Go fonts have no Chinese, Japanese or Korean: such a name would
// print as replacement marks, and two names of one length would look
// alike on the wall. Every character the face lacks is drawn in a
// fallback font that has it, glyph by glyph: WenQuanYi Micro Hei
// (Apache 2.0; fonts/NOTICE), which covers the CJK ideographs, kana and
// Hangul: it is Droid Sans Fallback with Hangul and more ideographs added
// (Droid Sans Fallback itself has no Hangul). It is embedded gzipped
// (fonts/gen.go made it), unpacked and parsed once, on the first
// character that needs it, and added to a document only when that
// document draws such a character: a printout in the scripts the Go
// fonts cover carries nothing of it. Like the Go fonts, it is subset to
// the glyphs used when the file is written. It has one weight: for a
// bold face its characters are outlined too (emboldened), for an italic
// one they print upright.

//go:embed fonts/fallback.ttf.gz
var fallbackGz []byte

// fallbackFace is the fallback font as the canvas uses it, for every face.
var fallbackFace = face{"fallback", ""}

// fallbackTTF is the font, unpacked once and shared by every document:
// gofpdf only reads it (TestFallbackSharedBytes).
var fallbackTTF = sync.OnceValue(func() []byte {
	zr, err := gzip.NewReader(bytes.NewReader(fallbackGz))
	if err != nil {
		return nil
	}
	ttf, err := io.ReadAll(zr)
	if err != nil {
		return nil
	}
	return ttf
})

// fallbackCoverage is which characters the fallback font has; nil if it
// cannot be read (then nothing falls back: a replacement mark, as
// before).
var fallbackCoverage = sync.OnceValue(func() *coverage {
	ttf := fallbackTTF()
	if ttf == nil {
		return nil
	}
	font, err := sfnt.Parse(ttf)
	if err != nil {
		return nil
	}
	return &coverage{font: font, seen: map[rune]bool{}}
})

// inFallback tells whether the fallback font draws r (gofpdf draws
// nothing outside the Basic Multilingual Plane).
func inFallback(r rune) bool {
	if r > 0xFFFF {
		return false
	}
	cov := fallbackCoverage()
	return cov != nil && cov.has(r)
}

// run is a stretch of a printable string drawn in one font.
type run struct {
	face face
	text string
}

// runs splits s (printable in f) into stretches by the font that draws
// them: f, or the fallback for the characters f lacks. One run, s in f,
// when f has every character.
func runs(f face, s string) []run {
	cov := coverages()[f]
	inMain := func(r rune) bool { return r < 0x80 || cov == nil || cov.has(r) }
	var out []run
	start, cur := 0, f
	for i, r := range s {
		rf := f
		if !inMain(r) {
			rf = fallbackFace
		}
		if rf != cur && i > start {
			out = append(out, run{cur, s[start:i]})
			start = i
		}
		cur = rf
	}
	return append(out, run{cur, s[start:]})
}

// plain tells whether s (printable) is all in f's own font: nothing to
// split, the common case, answered without allocating.
func plain(f face, s string) bool {
	cov := coverages()[f]
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if cov != nil && !cov.has(r) {
			return false
		}
		i += n
	}
	return true
}

// addFallback adds the fallback font to the document, once: before the
// page first uses it.
func (c canvas) addFallback() {
	if !c.st.hasFallback {
		c.AddUTF8FontFromBytes(fallbackFace.family, fallbackFace.style, fallbackTTF())
		c.st.hasFallback = true
	}
}

// measureRuns is measure for a string with characters in the fallback.
func (c canvas) measureRuns(f face, size float64, s string) float64 {
	w := 0.0
	for _, r := range runs(f, s) {
		if c.st.font != r.face {
			c.use(r.face, size)
		}
		w += c.GetStringWidth(r.text) * size / c.st.size
	}
	return w
}

// drawRuns draws s (printable in f) from x on the baseline y, each run in
// its font.
func (c canvas) drawRuns(f face, size, x, y float64, s string) {
	if plain(f, s) {
		c.use(f, size)
		c.Text(x, y, s)
		return
	}
	bold := strings.Contains(f.style, "B")
	for _, r := range runs(f, s) {
		c.use(r.face, size)
		if bold && r.face == fallbackFace {
			c.emboldened(size, func() { c.Text(x, y, r.text) })
		} else {
			c.Text(x, y, r.text)
		}
		x += c.GetStringWidth(r.text)
	}
}

// emboldened draws text in the fallback font as a bold face would: its
// one weight filled and outlined in the ink's grey, a stroke of 4% of the
// size, about what the Go Bold adds to the Go Regular. Pen and line width
// are the page's again after it.
func (c canvas) emboldened(size float64, draw func()) {
	pen, line := c.st.pen, c.st.line
	c.pen(max(c.st.ink, black))
	c.SetLineWidth(size * pt * 0.04)
	c.SetTextRenderingMode(2) // fill, then stroke
	draw()
	c.SetTextRenderingMode(0)
	if pen >= 0 {
		c.pen(pen)
	}
	if line >= 0 {
		c.SetLineWidth(line)
	}
}

// wrapRuns is wrap for a string with characters in the fallback: words
// onto lines no wider than w, a word wider than a line broken between
// characters (a name in Chinese has no spaces to break at).
func (c canvas) wrapRuns(f face, size, w float64, s string) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if c.measure(f, size, try) <= w {
			line = try
			continue
		}
		if line != "" {
			lines = append(lines, line)
			line = ""
		}
		for c.measure(f, size, word) > w {
			rs := []rune(word)
			n := 1
			for n < len(rs) && c.measure(f, size, string(rs[:n+1])) <= w {
				n++
			}
			lines = append(lines, string(rs[:n]))
			word = string(rs[n:])
		}
		line = word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// PlayerName is a name as the printouts show it: with the player's
// number beside it, " (#12)" as the scorecards show an opponent, when a
// character of it is in no font and prints as a replacement mark (a name
// in Ethiopic, say), so that two such names of one length still tell
// their players apart. number 0: none known, the name alone.
func PlayerName(name string, number int) string {
	if number <= 0 || !strings.ContainsRune(printable(sans, name), replacement) {
		return name
	}
	return name + " (#" + strconv.Itoa(number) + ")"
}
