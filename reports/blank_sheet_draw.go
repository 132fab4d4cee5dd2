package reports

import "strconv"

const (
	handRowH  = 7.0  // a line to write a turn on
	handFootH = 42.0 // tiles left, time penalty, final score, signature
)

// drawHandSheet draws a score sheet to fill in on the current page: the
// head, a column of turns for each player (or team) side by side with
// numbered lines, then boxes for the end of the game and signatures.
func drawHandSheet(c canvas, f frame, s *handSheet) {
	x, y, width := f.left, f.top, f.width
	c.ink(black)
	c.text(x, y, width-45, 7, alignLeft, sansBold, 15, s.tournament)
	c.ink(darkGrey)
	c.text(x+width-45, y, 45, 4, alignRight, sansBold, 8, "SCORE SHEET")
	c.ink(black)
	if s.prefilled() {
		lexicon := "Lexicon ________"
		if s.lexicon != "" {
			lexicon = "Lexicon " + s.lexicon
		}
		c.text(x, y+8, width-45, 6, alignLeft, sans, 12, join(" · ", s.division, numbered("Round", s.round), lexicon))
		c.text(x+width-45, y+5, 45, 10, alignRight, sansBold, 20, numbered("Table", s.table))
	} else {
		c.text(x, y+8, width, 6, alignLeft, sans, 11, "Division ________   Round ______   Table ______   Lexicon ________")
	}
	c.hline(x, y+16, width, 0.5, black)
	y += 19
	if s.note != "" {
		c.ink(darkGrey)
		c.text(x, y-2, width, 5, alignLeft, sansItalic, 9.5, s.note)
		y += 4
	}

	cols := columnsFor(f, len(s.columns))
	for i, col := range s.columns {
		drawHandHead(c, cols, i, y, col)
	}
	y += 11
	lines := s.lines
	if lines <= 0 {
		lines = int((f.bottom - y - handFootH) / handRowH)
	}
	rowH := min(handRowH, (f.bottom-y-handFootH)/float64(lines))
	right := f.left + f.width
	for k := range lines {
		c.ink(midGrey)
		c.text(cols.numX, y, cols.numW, rowH, alignLeft, sans, 7.5, strconv.Itoa(k+1))
		y += rowH
		c.hline(cols.numX, y, right-cols.numX, 0.15, midGrey)
	}
	// Light rules between the columns, so that a turn stays in its box.
	c.pen(lightGrey)
	c.SetLineWidth(0.15)
	top := y - float64(lines)*rowH
	for i := range s.columns {
		cx := cols.x[i]
		for _, w := range []float64{cols.rack, cols.pos, cols.word, cols.score} {
			if cx += w; w > 0 {
				c.Line(cx, top, cx, y)
			}
		}
	}
	y += 4
	for i := range s.columns {
		drawHandFoot(c, cols, i, y)
	}
	c.ink(black)
}

// drawHandHead is a column's head: the name (or a line to write it on)
// with its place in the order of play (or a box to tick for who went
// first), and the captions of the turn's parts.
func drawHandHead(c canvas, cols columns, i int, y float64, col handColumn) {
	cx, w := cols.x[i], cols.w
	c.pen(black)
	c.SetLineWidth(0.3)
	switch {
	case col.order == "":
		c.ink(darkGrey)
		c.text(cx, y, 14, 6, alignLeft, sans, 8, "Player")
		c.hline(cx+14, y+5.5, w-34, 0.3, black)
		c.Rect(cx+w-18.5, y+1.5, 4, 4, "D")
		c.text(cx+w-12.5, y, 12.5, 6, alignLeft, sans, 7, "first")
	case col.order == "starts":
		// The starter's mark: the word reversed out of a black box.
		tagW := c.width(sansBold, 8, col.order) + 3
		c.ink(black)
		c.textLines(cx, y, w-tagW-1, 6.5, alignLeft, sansBold, 11, col.name)
		c.fill(black)
		c.Rect(cx+w-tagW, y+1, tagW, 4.5, "F")
		c.ink(white)
		c.text(cx+w-tagW, y+1, tagW, 4.5, alignCenter, sansBold, 8, col.order)
	default:
		tagW := c.width(sans, 8, col.order) + 3
		c.ink(black)
		c.textLines(cx, y, w-tagW-1, 6.5, alignLeft, sansBold, 11, col.name)
		c.Rect(cx+w-tagW, y+1, tagW, 4.5, "D")
		c.ink(darkGrey)
		c.text(cx+w-tagW, y+1, tagW, 4.5, alignCenter, sans, 8, col.order)
	}
	c.ink(darkGrey)
	x := cx
	for _, cap := range []struct {
		w     float64
		align byte
		s     string
	}{{cols.rack, alignLeft, "RACK"}, {cols.pos, alignLeft, "POS"}, {cols.word, alignLeft, "WORD"}, {cols.score, alignRight, "SCORE"}, {cols.total, alignRight, "TOTAL"}} {
		if cap.w > 0 {
			c.text(x, y+7, cap.w, 3.5, cap.align, sans, 6.5, cap.s)
		}
		x += cap.w
	}
	c.hline(cx, y+11, w, 0.4, black)
}

// drawHandFoot is a column's end of game: boxes for the tiles left, a
// time penalty and the final score, and a line to sign.
func drawHandFoot(c canvas, cols columns, i int, y float64) {
	cx, w := cols.x[i], cols.w
	boxW, size := 26.0, 9.0
	labels := []string{"Tiles left (−/+)", "Time penalty", "Final score"}
	if w < 60 { // three or four columns
		boxW, size = 18, 7.5
		labels[0] = "Tiles left"
	}
	for j, label := range labels {
		yy := y + float64(j)*7
		c.ink(darkGrey)
		face := sans
		if j == 2 {
			c.ink(black)
			face = sansBold
		}
		c.text(cx, yy, w-boxW-2, 6, alignLeft, face, size, label)
		c.pen(black)
		c.SetLineWidth(0.3)
		c.Rect(cx+w-boxW, yy, boxW, 6, "D")
	}
	c.hline(cx, y+31, w, 0.3, black)
	c.ink(darkGrey)
	c.text(cx, y+31.5, w, 4, alignLeft, sans, 7.5, "Signature")
}
