package reports

import (
	"strconv"
	"strings"
)

// Font sizes of the sheet, in points.
const (
	noteSize  = 6.5
	cellSize  = 9.0
	smallSize = 7.0
)

// writeSheet lays out one game and draws its pages.
func writeSheet(c canvas, paper Paper, s *ScoreSheet) {
	f := frameFor(paper)
	if s.unplayed() {
		c.AddPage()
		c.use(sans, cellSize)
		c.Bookmark(s.caption(), 0, 0)
		drawHandSheet(c, f, s.tableSheet().hand())
		return
	}
	cols := columnsFor(f, len(s.Players))
	rows := buildRows(c, s, cols)
	end := endLines(s)
	result := c.wrap(sansBold, 9.5, f.width, resultText(s))
	endH := float64(len(end))*endRowH + 1.5 + float64(len(result))*resultLineH
	var bottom bottomBlock
	var pages [][]placement
	for i, cell := range boardCells {
		b := bottomLayout(f, s, cell)
		p := paginate(f, rows, endH, b.h)
		if i == 0 || len(p) < len(pages) {
			bottom, pages = b, p
		}
	}
	for n, page := range pages {
		c.AddPage()
		if n == 0 {
			// gofpdf encodes a bookmark as UTF-16 only while a UTF-8 font
			// is current; without one, accented names would be garbled.
			c.use(sans, cellSize)
			c.Bookmark(s.caption(), 0, 0)
		}
		for _, pl := range page {
			switch pl.part {
			case partHeader:
				drawHeader(c, f, s, n+1, len(pages))
			case partContinued:
				drawContinued(c, f, s, n+1, len(pages))
			case partTable:
				drawTableHead(c, s, cols, pl.y)
				drawRows(c, cols, rows[pl.from:pl.to], pl.y+tableHeadH)
			case partEnd:
				y := pl.y
				if pl.heads {
					drawTableHead(c, s, cols, y)
					y += tableHeadH
				}
				y = drawEnd(c, cols, end, y)
				drawResult(c, f, result, y+1.5)
			case partBottom:
				drawBottom(c, f, s, bottom, pl.y)
			}
		}
	}
}

func drawHeader(c canvas, f frame, s *ScoreSheet, page, pages int) {
	x, y, w := f.left, f.top, f.width
	c.ink(black)
	c.text(x, y, w-40, 7, alignLeft, sansBold, 15, s.Tournament)
	c.ink(darkGrey)
	c.text(x+w-40, y, 40, 4, alignRight, sansBold, 8, "SCORE SHEET")
	c.text(x+w-40, y+4, 40, 3.5, alignRight, sans, 7.5, pageLabel(page, pages))
	c.ink(black)
	c.text(x, y+7.5, w, 5.5, alignLeft, sans, 11, join(" · ",
		s.Division, numbered("Round", s.Round), numbered("Table", s.Table), numbered("Game", int(s.Game))))
	c.ink(darkGrey)
	c.text(x, y+13, w, 4.5, alignLeft, sans, 8.5, join(" · ",
		labelled("Lexicon", s.Lexicon), labelled("Rules", s.Variant), labelled("Challenge rule", s.ChallengeRule)))
	if s.Result == nil {
		c.ink(black)
		c.text(x, y+17.5, w, 4.5, alignLeft, sansBold, 8.5, "GAME NOT FINISHED"+statusSuffix(s.Status)+": scores are provisional")
	}
	c.hline(x, y+headerH-2, w, 0.5, black)
	c.ink(black)
}

func drawContinued(c canvas, f frame, s *ScoreSheet, page, pages int) {
	x, y, w := f.left, f.top, f.width
	c.ink(black)
	c.text(x, y, w-40, 6, alignLeft, sansBold, 10, join(" · ", s.Tournament, numbered("Round", s.Round), numbered("Table", s.Table)))
	c.ink(darkGrey)
	c.text(x+w-40, y, 40, 6, alignRight, sans, 7.5, pageLabel(page, pages))
	c.text(x, y+5, w, 3.5, alignLeft, sans, 7.5, s.versus()+" (continued)")
	c.hline(x, y+contHeaderH-1, w, 0.3, black)
	c.ink(black)
}

// drawTableHead writes each player's name over their column, and the
// column captions.
func drawTableHead(c canvas, s *ScoreSheet, cols columns, y float64) {
	for i, p := range s.Players {
		x := cols.x[i]
		name := p.Name
		tag := "player " + strconv.Itoa(p.Seat)
		if s.Teams {
			tag = "team " + strconv.Itoa((p.Seat-1)%2+1)
		}
		if p.First {
			tag = "went first"
			if s.Teams {
				tag += ", team 1"
			}
		}
		tw := c.width(sansItalic, smallSize, tag) + 2
		c.ink(black)
		c.text(x, y, cols.w-tw, 6, alignLeft, sansBold, 11, name)
		c.ink(darkGrey)
		c.text(x+cols.w-tw, y, tw, 6, alignRight, sansItalic, smallSize, tag)
		cx := x
		caption := func(w float64, align byte, s string) {
			c.text(cx, y+6.2, w, 3.5, align, sans, 6.5, s)
			cx += w
		}
		if cols.rack > 0 {
			caption(cols.rack, alignLeft, "RACK")
		}
		caption(cols.pos, alignLeft, "POS")
		caption(cols.word, alignLeft, "WORD")
		caption(cols.score, alignRight, "SCORE")
		caption(cols.total, alignRight, "TOTAL")
		c.hline(x, y+tableHeadH-0.4, cols.w, 0.4, black)
	}
	c.ink(darkGrey)
	for seat := range cols.x {
		x, w := cols.numSlot(seat + 1)
		c.text(x, y+6.2, w, 3.5, alignRight, sans, 6.5, "#")
	}
	c.ink(black)
}

// drawRows draws table lines, each turn after its turn number.
// It goes one column at a time (numbers, racks, positions, words,
// scores, totals, notes) so that the page changes font a few times per
// table rather than at every cell.
func drawRows(c canvas, cols columns, rows []row, y float64) {
	tops := make([]float64, len(rows))
	for k, r := range rows {
		tops[k] = y
		y += r.h
	}
	c.ink(darkGrey)
	for k, r := range rows {
		for p, t := range r.turns {
			if t != nil && t.Number > 0 {
				x, w := cols.numSlot(p + 1)
				c.text(x, tops[k], w, rowH, alignRight, sans, 7, strconv.Itoa(t.Number))
			}
		}
	}
	for _, draw := range turnFields {
		for k, r := range rows {
			for p, t := range r.turns {
				if t != nil {
					draw(c, cols, t, r.notes[p], tops[k])
				}
			}
		}
	}
	for k, r := range rows {
		c.hline(cols.numX, tops[k]+r.h, cols.x[len(cols.x)-1]+cols.w-cols.numX, 0.1, midGrey)
	}
	c.ink(black)
}

// A turn's line is rack, position, word, score and total, the notes in
// small italics under it; turnFields draw one each, in its player's
// column.
var turnFields = []func(c canvas, cols columns, t *SheetTurn, notes []string, y float64){
	func(c canvas, cols columns, t *SheetTurn, _ []string, y float64) {
		if cols.rack > 0 {
			c.ink(darkGrey)
			c.text(cols.x[t.Seat-1], y, cols.rack-1, rowH, alignLeft, mono, 8, t.Rack)
		}
	},
	func(c canvas, cols columns, t *SheetTurn, _ []string, y float64) {
		c.ink(black)
		c.text(cols.x[t.Seat-1]+cols.rack, y, cols.pos, rowH, alignLeft, sans, 8.5, t.Position)
	},
	func(c canvas, cols columns, t *SheetTurn, _ []string, y float64) {
		x := cols.x[t.Seat-1] + cols.rack + cols.pos
		word, wf := turnWord(t)
		c.ink(black)
		c.text(x, y, cols.word-1, rowH, alignLeft, wf, cellSize, word)
		if t.Withdrawn {
			strike(c, wf, cellSize, x, y, cols.word-1, word)
		}
	},
	func(c canvas, cols columns, t *SheetTurn, _ []string, y float64) {
		x := cols.x[t.Seat-1] + cols.rack + cols.pos + cols.word
		score := strconv.Itoa(t.Score)
		switch {
		case t.Kind != TurnPlay:
			score = "0"
		case t.Bonus != 0:
			score += "+" + strconv.Itoa(t.Bonus)
		}
		c.ink(black)
		c.text(x, y, cols.score, rowH, alignRight, sans, cellSize, score)
		if t.Withdrawn {
			strikeRight(c, sans, cellSize, x, y, cols.score, score)
		}
	},
	func(c canvas, cols columns, t *SheetTurn, _ []string, y float64) {
		x := cols.x[t.Seat-1] + cols.rack + cols.pos + cols.word + cols.score
		c.ink(black)
		c.text(x, y, cols.total, rowH, alignRight, sansBold, cellSize, strconv.Itoa(t.Total))
	},
	func(c canvas, cols columns, t *SheetTurn, notes []string, y float64) {
		c.ink(darkGrey)
		for i, line := range notes {
			c.text(cols.noteX(t.Seat), y+rowH-0.6+float64(i)*noteLineH, cols.noteW(), noteLineH, alignLeft, sansItalic, noteSize, line)
		}
	},
}

// turnWord is what the word column shows, and in which face: the play in
// mono capitals, anything else in words.
func turnWord(t *SheetTurn) (string, face) {
	switch t.Kind {
	case TurnExchange:
		return strings.TrimSpace("exchange " + t.Word), sansItalic
	case TurnPass:
		return "pass", sansItalic
	case TurnLost:
		return "lost turn", sansItalic
	}
	return t.Word, monoBold
}

// strike draws a line through left-aligned text, as a player crosses out
// a withdrawn play.
func strike(c canvas, f face, size, x, y, w float64, s string) {
	tw := min(c.width(f, size, s), w)
	c.hline(x-0.5, y+rowH/2, tw+1, 0.35, black)
}

func strikeRight(c canvas, f face, size, x, y, w float64, s string) {
	tw := min(c.width(f, size, s), w)
	c.hline(x+w-tw-0.5, y+rowH/2, tw+1, 0.35, black)
}

// noteText is everything under a turn: a claimed score that differed, the
// rack when its column had no room, and the note.
func noteText(t *SheetTurn, rackInNote bool) string {
	var parts []string
	if t.Claimed != nil {
		parts = append(parts, "claimed "+strconv.Itoa(*t.Claimed)+", computed "+strconv.Itoa(t.Score))
	}
	if rackInNote && t.Rack != "" {
		parts = append(parts, "rack "+t.Rack)
	}
	if t.Note != "" {
		parts = append(parts, t.Note)
	}
	return strings.Join(parts, "; ")
}

func pageLabel(page, pages int) string {
	return "page " + strconv.Itoa(page) + " of " + strconv.Itoa(pages)
}

func numbered(label string, n int) string {
	if n <= 0 {
		return ""
	}
	return label + " " + strconv.Itoa(n)
}

func labelled(label, value string) string {
	if value == "" {
		return ""
	}
	return label + ": " + value
}

func statusSuffix(status string) string {
	if status == "" {
		return ""
	}
	return " (" + strings.ReplaceAll(status, "-", " ") + ")"
}

// join joins the parts that are not empty.
func join(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
