package reports

import "strings"

// Wall printouts (pairings by table and by name, standings) are read
// standing a few metres away, over other players' shoulders. So their
// type is as large as the page allows and never smaller than
// wallMinSize: a short list fills the page in big type, a long one goes
// to more columns, a landscape page or more pages, not to smaller type.
//
// A wall list is a set of entries (a table, a player), each one or a few
// lines of cells, kept together in one column. planWall tries every way
// to set it (each shape the report offers, one to wallMaxCols columns,
// each size) and keeps the one with the fewest pages, then the largest
// type. A document is all portrait or all landscape: planWalls chooses
// the orientation once for all its lists, by the same measure over the
// whole.

const (
	wallMinSize = 18.0 // names' smallest size: legible from 3 m
	wallMaxSize = 60.0 // larger only spreads a handful of lines apart
	// wallEnough: type this large is read from across the hall; larger
	// still counts for little against a shape that shows more (the
	// standings' last game).
	wallEnough  = 36.0
	wallMaxCols = 5
	wallLead    = 1.2  // line height against the size
	wallGutter  = 9.0  // mm between columns
	wallHeadH   = 29.0 // the page's heading
	wallColHead = 6.0  // column heads
)

// wallCol is a column of a wall list.
type wallCol struct {
	head  string
	align byte
	face  face    // the entry's first line
	rest  face    // its later lines (a table's other players); zero: face
	scale float64 // the column's size against the names'; 0: 1
	flex  bool    // shares the width the others leave (names)
	// capEm caps the width measured for a cell, in ems of its size (0:
	// 26): one absurdly long text is shrunk or cut rather than making
	// the whole page's type smaller.
	capEm float64
	// span: the cell of the first line is drawn once, centred on the
	// whole entry (a table's number beside its players).
	span bool
}

func (col *wallCol) sizeAt(s float64) float64 {
	if col.scale == 0 {
		return s
	}
	return s * col.scale
}

func (col *wallCol) faceOf(line int) face {
	if line > 0 && col.rest != (face{}) {
		return col.rest
	}
	return col.face
}

// wallEntry is an item of a wall list: its lines, each a cell per column.
type wallEntry [][]string

// wallShape is one way to set a list: its columns and its entries. A
// report may offer several (a table's players on one line, or stacked);
// weight below 1 makes a shape give way to the others unless its type
// comes out that much larger.
type wallShape struct {
	cols    []wallCol
	entries []wallEntry
	weight  float64 // 0: 1
}

// wallHead is what every page of a wall list says above it.
type wallHead struct {
	kind       string // top right, with the page: "PAIRINGS BY TABLE"
	tournament string
	title      string // large: division and round
	key        string // how to read it: "First named goes first."
}

// wallPlan is how a list is set: its shape, page, columns and size, and
// where each entry goes.
type wallPlan struct {
	shape     *wallShape
	landscape bool
	f         frame
	cols      int
	size      float64
	widths    []float64 // of the list's columns within a page column
	spots     []wallSpot
	pages     int
	score     float64
}

// wallSpot is where an entry is drawn.
type wallSpot struct {
	page, col int
	y         float64 // from the top of the column's body
}

func wallFrame(paper Paper, landscape bool) frame {
	f := frameFor(paper)
	if landscape {
		pw, ph := paper.size()
		f = frame{pageW: ph, pageH: pw, left: margin, top: margin, width: ph - 2*margin, bottom: pw - margin}
	}
	return f
}

// bodyH is the height of a page column under the heading and heads.
func (f frame) wallBodyH() float64 { return f.bottom - f.top - wallHeadH - wallColHead }

func wallLineH(size float64) float64 { return size * pt * wallLead }
func wallPad(size float64) float64   { return size * pt * 0.12 } // above and below an entry
func wallGap(size float64) float64   { return size * pt * 0.45 } // between cells

func (e wallEntry) height(size float64) float64 {
	return float64(max(1, len(e)))*wallLineH(size) + 2*wallPad(size)
}

// planWall chooses how to set the shapes on paper in one orientation (see
// the top of this file). The widths of the cells are measured once, at 1
// pt, as widths grow with the size.
func planWall(c canvas, paper Paper, shapes []wallShape, landscape bool) wallPlan {
	var best wallPlan
	f := wallFrame(paper, landscape)
	for si := range shapes {
		sh := &shapes[si]
		natural, heads := wallNaturals(c, sh)
		weight := sh.weight
		if weight == 0 {
			weight = 1
		}
		for k := 1; k <= wallMaxCols; k++ {
			colW := (f.width - float64(k-1)*wallGutter) / float64(k)
			for s := wallMaxSize; s >= wallMinSize; s-- {
				if wallNeed(sh, natural, heads, s) > colW {
					continue
				}
				spots, pages := wallFlow(sh.entries, s, f.wallBodyH(), k)
				// Fewest pages first; then the largest type, weighed
				// (a landscape page must gain a little to be chosen:
				// a wall of sheets reads more evenly upright); then
				// fewer columns (the order tried).
				w := weight
				if landscape {
					w *= 0.95
				}
				score := -float64(pages)*1000 + (min(s, wallEnough)+0.01*s)*w
				if best.shape == nil || score > best.score+1e-9 {
					best = wallPlan{shape: sh, landscape: landscape, f: f, cols: k, size: s,
						widths: wallWidths(sh, natural, heads, s, colW), spots: spots, pages: pages, score: score}
				}
			}
		}
	}
	if best.shape == nil { // nothing fits even at the smallest size: one column, cut to fit
		sh := &shapes[0]
		natural, heads := wallNaturals(c, sh)
		spots, pages := wallFlow(sh.entries, wallMinSize, f.wallBodyH(), 1)
		// Cut text is worse than a page more.
		best = wallPlan{shape: sh, landscape: landscape, f: f, cols: 1, size: wallMinSize,
			widths: wallWidths(sh, natural, heads, wallMinSize, f.width), spots: spots, pages: pages, score: -float64(pages+1) * 1000}
	}
	return best
}

// wallList is one list of a document: its heading and the shapes it can
// take.
type wallList struct {
	head   wallHead
	shapes []wallShape
}

// planWalls sets the lists of one document all upright or all on their
// side, whichever gives the fewest pages and then the largest type over
// the whole document: a pile of sheets that turns from one page to the
// next is hard to pin up and to read.
func planWalls(c canvas, paper Paper, lists []wallList) []wallPlan {
	var best []wallPlan
	bestScore := 0.0
	for _, landscape := range []bool{false, true} {
		plans, score := make([]wallPlan, len(lists)), 0.0
		for i, l := range lists {
			plans[i] = planWall(c, paper, l.shapes, landscape)
			score += plans[i].score
		}
		if best == nil || score > bestScore+1e-9 {
			best, bestScore = plans, score
		}
	}
	return best
}

// wallNaturals are each column's widest cell at 1 pt (capped), and its
// head's width as drawn.
func wallNaturals(c canvas, sh *wallShape) (natural, heads []float64) {
	natural, heads = make([]float64, len(sh.cols)), make([]float64, len(sh.cols))
	for j := range sh.cols {
		col := &sh.cols[j]
		capEm := col.capEm
		if capEm == 0 {
			capEm = 26
		}
		scale := col.sizeAt(1)
		for _, e := range sh.entries {
			for i, line := range e {
				if j < len(line) && line[j] != "" {
					w := min(c.width(col.faceOf(i), 10, line[j])/10, capEm*pt) * scale
					natural[j] = max(natural[j], w)
				}
			}
		}
		heads[j] = c.width(sansBold, wallHeadSize, strings.ToUpper(col.head))
	}
	return natural, heads
}

const wallHeadSize = 8.5

// wallNeed is the width the columns need at size s.
func wallNeed(sh *wallShape, natural, heads []float64, s float64) float64 {
	need := 0.0
	for j := range sh.cols {
		need += max(natural[j]*s, heads[j]) + wallGap(s)
	}
	return need
}

// wallWidths gives the columns their widths in a page column colW wide:
// what they need, the flexible ones sharing what is left over (or short).
func wallWidths(sh *wallShape, natural, heads []float64, s, colW float64) []float64 {
	out := make([]float64, len(sh.cols))
	flexW := 0.0
	for j := range sh.cols {
		out[j] = max(natural[j]*s, heads[j]) + wallGap(s)
		if sh.cols[j].flex {
			flexW += out[j]
		}
	}
	spare := colW - wallNeed(sh, natural, heads, s)
	for j := range sh.cols {
		if sh.cols[j].flex && flexW > 0 {
			out[j] = max(10, out[j]+spare*out[j]/flexW)
		}
	}
	return out
}

// wallFlow places the entries down k columns of height h a page, an
// entry never split; the last page's entries are spread over its
// columns evenly rather than filling the first and leaving the rest
// empty.
func wallFlow(entries []wallEntry, s, h float64, k int) ([]wallSpot, int) {
	spots := make([]wallSpot, len(entries))
	place := func(from int, page int, colH float64) int { // returns the first entry not placed
		col, y := 0, 0.0
		i := from
		for ; i < len(entries); i++ {
			eh := entries[i].height(s)
			if y > 0 && y+eh > colH {
				col, y = col+1, 0
				if col == k {
					return i
				}
			}
			spots[i] = wallSpot{page: page, col: col, y: y}
			y += eh
		}
		return i
	}
	page, from := 0, 0
	for {
		next := place(from, page, h)
		if next >= len(entries) {
			break
		}
		page, from = page+1, next
	}
	// The last page: the shortest column height that still holds its
	// entries in k columns.
	if k > 1 && from < len(entries) {
		total := 0.0
		for _, e := range entries[from:] {
			total += e.height(s)
		}
		balanced := false
		for colH := total / float64(k); colH < h && !balanced; colH += wallLineH(s) / 4 {
			balanced = place(from, page, colH) >= len(entries)
		}
		if !balanced {
			place(from, page, h)
		}
	}
	return spots, page + 1
}

// drawWalls sets each list from a new page on, all in one orientation
// (planWalls), with the list's heading on every page.
func drawWalls(c canvas, paper Paper, lists ...wallList) {
	for i, p := range planWalls(c, paper, lists) {
		drawWall(c, paper, lists[i].head, p)
	}
}

// drawWall sets a list as planned, from a new page on, with the heading
// on every page. An empty list is a page saying so.
func drawWall(c canvas, paper Paper, h wallHead, p wallPlan) {
	sh := p.shape
	f := p.f
	colW := (f.width - float64(p.cols-1)*wallGutter) / float64(p.cols)
	orientation := "P"
	if p.landscape {
		orientation = "L"
	}
	top := f.top + wallHeadH + wallColHead
	for page := range p.pages {
		c.AddPageFormat(orientation, c.GetPageSizeStr(paper.gofpdfName()))
		if page == 0 {
			c.use(sans, cellSize)
			c.Bookmark(join(": ", strings.ToLower(h.kind[:1])+h.kind[1:], h.title), 0, 0)
		}
		drawWallHead(c, f, h, page+1, p.pages)
		if len(sh.entries) == 0 {
			c.ink(darkGrey)
			c.text(f.left, top, f.width, 12, alignLeft, sansItalic, wallMinSize, "Nothing to show yet.")
			c.ink(black)
			continue
		}
		used := make([]bool, p.cols)
		for i, e := range sh.entries {
			if at := p.spots[i]; at.page == page {
				used[at.col] = true
				x := f.left + float64(at.col)*(colW+wallGutter)
				drawWallEntry(c, sh, p.widths, e, x, top+at.y, colW, p.size, i%2 == 1)
			}
		}
		for col, u := range used {
			if u {
				drawWallHeads(c, sh, p.widths, f.left+float64(col)*(colW+wallGutter), top-wallColHead, p.size)
			}
		}
	}
	c.ink(black)
}

// drawWallHead is the heading: the tournament and what the sheet is with
// its page on a line, the division and round large under them, and the
// key.
func drawWallHead(c canvas, f frame, h wallHead, page, pages int) {
	x, y, w := f.left, f.top, f.width
	right := join(" · ", h.kind, pageLabel(page, pages))
	rw := c.width(sansBold, 12, right)
	c.ink(darkGrey)
	c.text(x+w-rw, y, rw, 6, alignRight, sansBold, 12, right)
	c.text(x, y, w-rw-5, 6, alignLeft, sans, 12, h.tournament)
	c.ink(black)
	size := fitSize(c.width(sansBold, 30, h.title), 30, 16, w)
	c.text(x, y+6.5, w, 12, alignLeft, sansBold, size, h.title)
	if h.key != "" {
		c.ink(darkGrey)
		c.text(x, y+19.5, w, 5.5, alignLeft, sansItalic, 12, h.key)
		c.ink(black)
	}
	c.hline(x, y+wallHeadH-2, w, 0.6, black)
}

// drawWallHeads sets each column's head over its cells, inset as they
// are (drawWallEntry), so that two heads side by side ("SPREAD" right
// aligned, "LAST GAME" left) keep the columns' gap between them.
func drawWallHeads(c canvas, sh *wallShape, widths []float64, x, y, s float64) {
	c.ink(darkGrey)
	gap := wallGap(s)
	for j, col := range sh.cols {
		c.text(x+gap/2, y, widths[j]-gap, wallColHead, col.align, sansBold, wallHeadSize, strings.ToUpper(col.head))
		x += widths[j]
	}
	c.ink(black)
}

// drawWallEntry draws an entry at (x, y), shaded when it is every other
// one so that the eye follows a line across.
func drawWallEntry(c canvas, sh *wallShape, widths []float64, e wallEntry, x, y, colW, s float64, shade bool) {
	eh := e.height(s)
	if shade {
		c.fill(paleGrey)
		c.Rect(x, y, colW, eh, "F")
	}
	lineH, pad, gap := wallLineH(s), wallPad(s), wallGap(s)
	cx := x
	c.ink(black)
	for j := range sh.cols {
		col := &sh.cols[j]
		size := col.sizeAt(s)
		w := widths[j] - gap
		inner := cx + gap/2
		for i, line := range e {
			if j >= len(line) || line[j] == "" {
				continue
			}
			if col.span && i == 0 {
				c.text(inner, y, w, eh, col.align, col.faceOf(0), size, line[j])
				continue
			}
			c.text(inner, y+pad+float64(i)*lineH, w, lineH, col.align, col.faceOf(i), size, line[j])
		}
		cx += widths[j]
	}
	c.hline(x, y+eh, colW, 0.2, midGrey)
}
