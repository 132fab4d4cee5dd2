package reports

import (
	"strings"
)

// Tables of fixed columns (the scorecard, the cross-table's heads) and
// the plain title of a report's page. The wall lists (pairings,
// standings) have their own, larger layout: wall.go.

// listColumn is a column of a table; a width of 0 takes what the others
// leave.
type listColumn struct {
	head  string
	w     float64
	align byte
	face  face
}

const (
	listHeaderH = 22.0 // title block
	listHeadH   = 7.0  // column heads
)

// listWidths gives every column its width, the flexible ones sharing the
// rest of the page.
func listWidths(f frame, cols []listColumn) []float64 {
	fixed, flex := 0.0, 0
	for _, c := range cols {
		fixed += c.w
		if c.w == 0 {
			flex++
		}
	}
	out := make([]float64, len(cols))
	for i, c := range cols {
		out[i] = c.w
		if c.w == 0 {
			out[i] = max(10, (f.width-fixed)/float64(flex))
		}
	}
	return out
}

func drawListHead(c canvas, f frame, cols []listColumn, widths []float64, y float64) {
	x := f.left
	c.ink(darkGrey)
	for j, col := range cols {
		c.text(x+1, y, widths[j]-2, listHeadH, col.align, sansBold, 7.5, strings.ToUpper(col.head))
		x += widths[j]
	}
	c.hline(f.left, y+listHeadH, f.width, 0.5, black)
	c.ink(black)
}

// drawTitle is the head of a report's page: the tournament large, what
// the page is under it, the report's kind and the page top right.
func drawTitle(c canvas, f frame, kind, title, subtitle string, page, pages int) {
	x, y, w := f.left, f.top, f.width
	c.ink(black)
	c.text(x, y, w-45, 8, alignLeft, sansBold, 16, title)
	c.ink(darkGrey)
	c.text(x+w-45, y, 45, 4, alignRight, sansBold, 8, kind)
	c.text(x+w-45, y+4, 45, 3.5, alignRight, sans, 7.5, pageLabel(page, pages))
	c.ink(black)
	c.text(x, y+9, w, 6, alignLeft, sans, 12, subtitle)
	c.hline(x, y+listHeaderH-4, w, 0.5, black)
}
