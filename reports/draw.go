package reports

import (
	"strings"

	"github.com/jung-kurt/gofpdf"
)

// canvas is gofpdf with the few verbs the reports need. Everything is in
// millimetres and text is placed by the box it sits in, not by its
// baseline, so layout code thinks in rows and columns.
type canvas struct{ *gofpdf.Fpdf }

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

func (c canvas) use(f face, size float64) { c.SetFont(f.family, f.style, size) }

func (c canvas) ink(grey int)  { c.SetTextColor(grey, grey, grey) }
func (c canvas) pen(grey int)  { c.SetDrawColor(grey, grey, grey) }
func (c canvas) fill(grey int) { c.SetFillColor(grey, grey, grey) }

// width is the length of s set in f at size points.
func (c canvas) width(f face, size float64, s string) float64 {
	c.use(f, size)
	return c.GetStringWidth(printable(f, s))
}

// fitSize is the largest size from size down to min at which s fits in
// w; min when even that is too wide.
func (c canvas) fitSize(f face, size, min, w float64, s string) float64 {
	for ; size > min; size -= 0.5 {
		if c.width(f, size, s) <= w {
			return size
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
	size = c.fitSize(f, size, size*0.7, w, s)
	if c.width(f, size, s) > w {
		s = c.cut(f, size, w, s)
	}
	tw := c.width(f, size, s)
	switch align {
	case alignCenter:
		x += (w - tw) / 2
	case alignRight:
		x += w - tw
	}
	c.Text(x, y+h/2+capHeight*size*pt/2, s)
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
		if c.width(f, size, string(r[:mid])+"…") <= w {
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
	c.use(f, size)
	return c.SplitText(printable(f, s), w)
}

// hline draws a horizontal rule.
func (c canvas) hline(x, y, w, width float64, grey int) {
	c.pen(grey)
	c.SetLineWidth(width)
	c.Line(x, y, x+w, y)
}
