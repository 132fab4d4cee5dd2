package reports

import (
	"strings"

	"github.com/jung-kurt/gofpdf"
)

// canvas is gofpdf with the few verbs the reports need. Everything is in
// millimetres and text is placed by the box it sits in, not by its
// baseline, so layout code thinks in rows and columns.
//
// gofpdf writes every SetFont and colour change into the page, and a
// score sheet sets hundreds; the canvas remembers what the page already
// has and emits nothing when it is unchanged. Nothing else may set the
// font or the colours behind its back (draw through c.use, c.ink, c.pen,
// c.fill).
type canvas struct {
	*gofpdf.Fpdf
	st *penState
}

// penState is what the page currently has: font, size, greys and line
// width (-1: unknown, so the first request is always written). gofpdf
// starts every page with the previous page's, so it holds across pages.
type penState struct {
	font             face
	size             float64
	ink, pen, filled int
	line             float64
	hasFallback      bool // the document has the fallback font (fallback.go)
}

func newCanvas(pdf *gofpdf.Fpdf) canvas {
	return canvas{pdf, &penState{size: -1, ink: -1, pen: -1, filled: -1, line: -1}}
}

// pt converts a font size in points to millimetres.
const pt = 25.4 / 72

// capHeight is the Go fonts' capital height as a share of the font size:
// centring on it puts capitals in the middle of a box.
const capHeight = 0.70

// Alignments within a box.
const (
	alignLeft   = 'L'
	alignCenter = 'C'
	alignRight  = 'R'
)

// Shades of grey, chosen so that each stays distinct from the others
// on a black-and-white laser printer.
const (
	black     = 0
	darkGrey  = 90
	midGrey   = 150
	lightGrey = 205
	paleGrey  = 232
	white     = 255
)

// use makes f at size the page's font. gofpdf carries the font over to
// every new page itself, so the remembered one stays true across pages.
func (c canvas) use(f face, size float64) {
	if c.st.font != f || c.st.size != size {
		if f == fallbackFace {
			c.addFallback()
		}
		c.SetFont(f.family, f.style, size)
		c.st.font, c.st.size = f, size
	}
}

func (c canvas) ink(grey int) {
	if c.st.ink != grey {
		c.SetTextColor(grey, grey, grey)
		c.st.ink = grey
	}
}

func (c canvas) pen(grey int) {
	if c.st.pen != grey {
		c.SetDrawColor(grey, grey, grey)
		c.st.pen = grey
	}
}

func (c canvas) fill(grey int) {
	if c.st.filled != grey {
		c.SetFillColor(grey, grey, grey)
		c.st.filled = grey
	}
}

// width is the length of s set in f at size points. Widths grow in
// proportion to the size, so a string is measured in whatever size f is
// already at and scaled: measuring never rewrites the page's font unless
// the face itself changes.
func (c canvas) width(f face, size float64, s string) float64 {
	return c.measure(f, size, printable(f, s))
}

// measure is width for a string already printable.
func (c canvas) measure(f face, size float64, s string) float64 {
	if !plain(f, s) {
		return c.measureRuns(f, size, s)
	}
	if c.st.font != f {
		c.use(f, size)
	}
	return c.GetStringWidth(s) * size / c.st.size
}

// fitSize is the largest size from size down to min, in half points, at
// which a string that is tw long at size fits in w; min when even that
// is too wide.
func fitSize(tw, size, min, w float64) float64 {
	for s := size; s > min; s -= 0.5 {
		if tw*s/size <= w {
			return s
		}
	}
	return min
}

// text draws one line of s in the box (x, y, w, h), centred vertically
// and aligned horizontally. Text too wide for the box is shrunk, down to
// 70% of its size, then cut with an ellipsis: nothing spills into the
// next column.
func (c canvas) text(x, y, w, h float64, align byte, f face, size float64, s string) {
	if s = printable(f, s); s == "" {
		return
	}
	tw := c.measure(f, size, s) // the one measurement, unless it must be cut
	if tw > w {
		small := fitSize(tw, size, size*0.7, w)
		if tw = tw * small / size; tw > w {
			s = c.cut(f, small, w, s)
			tw = c.measure(f, small, s)
		}
		size = small
	}
	switch align {
	case alignCenter:
		x += (w - tw) / 2
	case alignRight:
		x += w - tw
	}
	c.drawRuns(f, size, x, y+h/2+capHeight*size*pt/2, s)
}

// textLines draws s in the box like text, but when it would have to
// shrink it goes onto two lines first (the others at a table of four on a
// scorecard): smaller, each in half the box, the second cut if need be.
func (c canvas) textLines(x, y, w, h float64, align byte, f face, size float64, s string) {
	if c.width(f, size, s) <= w {
		c.text(x, y, w, h, align, f, size, s)
		return
	}
	small := size * 0.8
	lines := c.wrap(f, small, w, s)
	if len(lines) < 2 {
		c.text(x, y, w, h, align, f, size, s)
		return
	}
	rest := strings.Join(lines[1:], " ")
	c.text(x, y+0.3, w, h/2, align, f, small, lines[0])
	c.text(x, y+h/2-0.3, w, h/2, align, f, small, rest)
}

// cut shortens s with an ellipsis until it fits in w: the longest prefix
// that fits, found by binary search on its length, so that a name of any
// length costs a few dozen measurements, not one per character.
func (c canvas) cut(f face, size, w float64, s string) string {
	r := []rune(s)
	lo, hi := 0, len(r) // r[:lo]+"…" fits (or lo is 0); r[:hi+1]+"…" does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if c.measure(f, size, string(r[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// wrap breaks s into lines no wider than w.
func (c canvas) wrap(f face, size, w float64, s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	if s = printable(f, s); !plain(f, s) {
		return c.wrapRuns(f, size, w, s)
	}
	c.use(f, size)
	return c.SplitText(s, w)
}

// hline draws a horizontal rule.
func (c canvas) hline(x, y, w, width float64, grey int) {
	c.pen(grey)
	c.SetLineWidth(width)
	c.Line(x, y, x+w, y)
}

// SetLineWidth is gofpdf's, written into the page only when it changes.
func (c canvas) SetLineWidth(w float64) {
	if c.st.line != w {
		c.Fpdf.SetLineWidth(w)
		c.st.line = w
	}
}

// TransformEnd is gofpdf's, then writes the current font, greys and line
// width again: the "Q" it writes brings back the page's state from
// before the transform, which neither gofpdf nor the canvas follows, so
// a font or grey set inside a rotated block would otherwise be believed
// to still hold after it.
func (c canvas) TransformEnd() {
	c.Fpdf.TransformEnd()
	r, g, b := c.GetDrawColor()
	c.SetDrawColor(r, g, b)
	r, g, b = c.GetFillColor()
	c.SetFillColor(r, g, b)
	c.Fpdf.SetLineWidth(c.GetLineWidth())
	if c.st.size > 0 {
		c.SetFont(c.st.font.family, c.st.font.style, c.st.size)
	}
}
