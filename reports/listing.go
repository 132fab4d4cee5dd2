package reports

import (
	"strconv"
	"strings"
)

// A listing is a report that is one long table: standings, pairings. Its
// rows all have one height, so it knows its pages before drawing, and
// every page repeats the title and the column heads.

// listColumn is a column of a listing; a width of 0 takes what the
// others leave.
type listColumn struct {
	head  string
	w     float64
	align byte
	face  face
}

// listing is a table to print over as many pages as it takes.
type listing struct {
	kind     string // what the report is, top right: "STANDINGS"
	title    string // the tournament
	subtitle string // division, round
	cols     []listColumn
	rows     [][]string
	rowH     float64 // default 7
	size     float64 // font size of the cells, default 10
	// groupEnd marks rows after which a heavier rule is drawn (the end of
	// a tied group, say); nil for none.
	groupEnd func(i int) bool
}

const (
	listHeaderH = 22.0 // title block
	listHeadH   = 7.0  // column heads
)

// drawListing draws l from a new page on, as many pages as its rows need.
func drawListing(c canvas, f frame, l listing) {
	if l.rowH == 0 {
		l.rowH = 7
	}
	if l.size == 0 {
		l.size = 10
	}
	widths := listWidths(f, l.cols)
	perPage := max(1, int((f.bottom-f.top-listHeaderH-listHeadH)/l.rowH))
	pages := max(1, (len(l.rows)+perPage-1)/perPage)
	for page := range pages {
		c.AddPage()
		if page == 0 {
			c.use(sans, cellSize)
			c.Bookmark(join(": ", l.kind, l.subtitle), 0, 0)
		}
		drawTitle(c, f, l.kind, l.title, l.subtitle, page+1, pages)
		y := f.top + listHeaderH
		drawListHead(c, f, l.cols, widths, y)
		y += listHeadH
		from, to := page*perPage, min(len(l.rows), (page+1)*perPage)
		for i := from; i < to; i++ {
			if (i-from)%2 == 1 {
				c.fill(paleGrey)
				c.Rect(f.left, y, f.width, l.rowH, "F")
			}
			x := f.left
			c.ink(black)
			for j, col := range l.cols {
				if j < len(l.rows[i]) {
					c.text(x+1, y, widths[j]-2, l.rowH, col.align, col.face, l.size, l.rows[i][j])
				}
				x += widths[j]
			}
			y += l.rowH
			weight, grey := 0.1, midGrey
			if l.groupEnd != nil && l.groupEnd(i) {
				weight, grey = 0.35, black
			}
			c.hline(f.left, y, f.width, weight, grey)
		}
		if len(l.rows) == 0 {
			c.ink(darkGrey)
			c.text(f.left, y+2, f.width, l.rowH, alignLeft, sansItalic, l.size, "Nothing to show yet.")
		}
	}
	c.ink(black)
}

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

// record writes wins and losses as "3–1", halves as "2½".
func record(wins, losses float64) string {
	return halves(wins) + "–" + halves(losses)
}

func halves(v float64) string {
	whole := int(v)
	s := strconv.Itoa(whole)
	if v-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		s += "½"
	}
	return s
}
