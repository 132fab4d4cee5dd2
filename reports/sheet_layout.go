package reports

// The layout of a score sheet is worked out before anything is drawn, so
// that every page knows how many pages its game takes and no block is
// ever cut by the bottom margin. A sheet is a column of blocks: the
// header, the turn table (which may break between rows, repeating its
// column heads), the end-of-game block and the bottom block (board,
// chart, unseen tiles, signatures), which never break.

// Heights of the sheet's parts, in millimetres.
const (
	headerH     = 24.0 // tournament, round and table, rules
	contHeaderH = 10.0 // the one-line header of a continuation page
	tableHeadH  = 10.5 // player names and column captions
	rowH        = 5.0  // one turn
	noteLineH   = 3.0  // each line of a note under a turn
	notePad     = 0.8  // below the last note line
	endRowH     = 4.8  // one line of the end-of-game block
	resultLineH = 5.0  // one line of the result
	blockGap    = 3.5  // between blocks
)

// frame is the printable part of a page.
type frame struct {
	pageW, pageH float64
	left, top    float64
	width        float64
	bottom       float64 // the lowest y anything may reach
}

func frameFor(p Paper) frame {
	w, h := p.size()
	return frame{pageW: w, pageH: h, left: margin, top: margin, width: w - 2*margin, bottom: h - margin}
}

// columns is the turn table across the page: one column per player, side
// by side as on a paper sheet, each after a narrow slot for its turns'
// numbers (the first player's is the page's left column, the others' are
// in the gap between two players).
type columns struct {
	numX, numW float64
	x          []float64 // each player's column's left edge
	w          float64   // each player's column's width
	// Widths inside a player's column; rack is 0 when there is no room
	// for it (three or four players) and the rack goes into the note.
	rack, pos, word, score, total float64
}

func columnsFor(f frame, players int) columns {
	const numW, gap = 7.0, 6.0
	c := columns{numX: f.left, numW: numW}
	c.w = (f.width - numW - gap*float64(players-1)) / float64(players)
	for i := range players {
		c.x = append(c.x, f.left+numW+float64(i)*(c.w+gap))
	}
	if players == 2 {
		c.rack, c.pos, c.score, c.total = 18, 10, 11, 12
	} else {
		c.pos, c.score, c.total = 9, 9, 10
	}
	c.word = c.w - c.rack - c.pos - c.score - c.total
	return c
}

// noteX is where a turn's note starts inside its column: under the
// position, so that the rack column stays clear for scanning.
func (c columns) noteX(seat int) float64 { return c.x[seat-1] + c.rack + 1 }

func (c columns) noteW() float64 { return c.w - c.rack - 1.5 }

// numSlot is where a seat's turn numbers go: left of its column.
func (c columns) numSlot(seat int) (x, w float64) {
	const pad = 1.2 // between the number and the column
	if seat <= 1 {
		return c.numX, c.numW - pad
	}
	gap := c.x[seat-1] - c.x[seat-2] - c.w
	return c.x[seat-1] - gap, gap - pad
}

// row is one line of the turn table: the k-th turn of every player.
type row struct {
	turns []*SheetTurn // by seat - 1; nil when that player has no k-th turn
	notes [][]string   // wrapped note lines, by seat - 1
	h     float64
}

// buildRows pairs each player's turns into lines: line k holds every
// player's k-th turn, the way players fill in a paper sheet. A line is as
// tall as its longest note.
func buildRows(c canvas, s *ScoreSheet, cols columns) []row {
	n := len(s.Players)
	bySeat := make([][]*SheetTurn, n)
	for i := range s.Turns {
		t := &s.Turns[i]
		if t.Seat >= 1 && t.Seat <= n {
			bySeat[t.Seat-1] = append(bySeat[t.Seat-1], t)
		}
	}
	lines := 0
	for _, ts := range bySeat {
		lines = max(lines, len(ts))
	}
	rows := make([]row, lines)
	for k := range rows {
		r := row{turns: make([]*SheetTurn, n), notes: make([][]string, n), h: rowH}
		most := 0
		for p := range n {
			if k >= len(bySeat[p]) {
				continue
			}
			t := bySeat[p][k]
			r.turns[p] = t
			r.notes[p] = c.wrap(sansItalic, noteSize, cols.noteW(), noteText(t, cols.rack == 0))
			most = max(most, len(r.notes[p]))
		}
		if most > 0 {
			r.h += float64(most)*noteLineH + notePad
		}
		rows[k] = r
	}
	return rows
}

// part is a block of a sheet.
type part int

const (
	partHeader    part = iota // the full header, first page
	partContinued             // the short header of a later page
	partTable                 // rows[from:to] under the column heads
	partEnd                   // end-of-game lines and the result
	partBottom                // board, chart, unseen tiles, signatures
)

// placement puts a part on a page at y.
type placement struct {
	part     part
	y        float64
	from, to int  // partTable: the rows
	heads    bool // partEnd: starts a page, so repeats the players' names
}

// paginate places the parts of a sheet on as many pages as they need.
func paginate(f frame, rows []row, endH, bottomH float64) [][]placement {
	var pages [][]placement
	page := []placement{{part: partHeader, y: f.top}}
	y := f.top + headerH
	newPage := func() {
		pages = append(pages, page)
		page = []placement{{part: partContinued, y: f.top}}
		y = f.top + contHeaderH
	}
	fits := func(h float64) bool { return y+h <= f.bottom }

	// The table, broken between rows as often as it must be.
	i := 0
	for first := true; first || i < len(rows); first = false {
		if i < len(rows) && !fits(tableHeadH+rows[i].h) {
			newPage()
		}
		from, yy := i, y+tableHeadH
		for i < len(rows) && yy+rows[i].h <= f.bottom {
			yy += rows[i].h
			i++
		}
		// Keep the last lines with the totals: a table that ends here while
		// the end-of-game block does not fit hands its last two lines over,
		// so the next page does not start with totals under no turns.
		if i == len(rows) && i-from > 3 && yy+blockGap+endH > f.bottom {
			for range 2 {
				i--
				yy -= rows[i].h
			}
		}
		page = append(page, placement{part: partTable, y: y, from: from, to: i})
		y = yy + blockGap
		if i < len(rows) {
			newPage()
		}
	}

	heads := false
	if !fits(endH) {
		newPage()
		heads = true
	}
	if heads {
		page = append(page, placement{part: partEnd, y: y, heads: true})
		y += tableHeadH
	} else {
		page = append(page, placement{part: partEnd, y: y})
	}
	y += endH + blockGap
	if !fits(bottomH) {
		newPage()
	}
	page = append(page, placement{part: partBottom, y: y})
	return append(pages, page)
}
