package reports

import (
	"io"
	"strconv"
)

// The cross-table (wall chart) is a division on landscape pages: a line
// per player in number order, a column per round saying whom they met,
// how it went and the scores, and their record and spread at the end.
// Rounds that do not fit across a page go onto the next pages, the
// players' names repeated.

const (
	xNumW    = 9.0
	xNameW   = 48.0
	xTotalW  = 17.0
	xSpreadW = 17.0
	xCellMin = 17.0
	xRowH    = 9.0
)

// WriteCrossTable prints the division's cross-table.
func WriteCrossTable(w io.Writer, paper Paper, d Division) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Cross-table", join(" · ", d.Tournament, d.caption())), true)
	c := newCanvas(pdf)
	pw, ph := paper.size()
	f := frame{pageW: ph, pageH: pw, left: margin, top: margin, width: ph - 2*margin, bottom: pw - margin}

	rounds := d.Through
	for _, p := range d.Players {
		for _, r := range p.Rounds {
			rounds = max(rounds, r.Round)
		}
	}
	perPage := max(1, int((f.width-xNumW-xNameW-xTotalW-xSpreadW)/xCellMin))
	var chunks [][2]int // rounds from, to (inclusive)
	for from := 1; from <= max(rounds, 1); from += perPage {
		chunks = append(chunks, [2]int{from, min(max(rounds, 1), from+perPage-1)})
	}
	keyH := 6.0 // room for the key
	if d.hasGroups() {
		keyH = 9
	}
	rowsPerPage := max(1, int((f.bottom-keyH-f.top-listHeaderH-listHeadH)/xRowH))
	playerPages := max(1, (len(d.Players)+rowsPerPage-1)/rowsPerPage)
	pages, page := len(chunks)*playerPages, 0
	for _, ch := range chunks {
		n := ch[1] - ch[0] + 1
		cellW := min(30, (f.width-xNumW-xNameW-xTotalW-xSpreadW)/float64(n))
		for pp := range playerPages {
			page++
			pdf.AddPageFormat("L", pdf.GetPageSizeStr(paper.gofpdfName()))
			if page == 1 {
				c.use(sans, cellSize)
				c.Bookmark("Cross-table", 0, 0)
			}
			sub := d.caption()
			if len(chunks) > 1 {
				sub = join(" · ", sub, "rounds "+strconv.Itoa(ch[0])+"–"+strconv.Itoa(ch[1]))
			}
			drawTitle(c, f, "CROSS-TABLE", d.Tournament, sub, page, pages)
			y := f.top + listHeaderH
			cols := []listColumn{{head: "#", w: xNumW, align: alignRight}, {head: "Player", w: xNameW, align: alignLeft}}
			for r := ch[0]; r <= ch[1]; r++ {
				cols = append(cols, listColumn{head: "Rd " + strconv.Itoa(r), w: cellW, align: alignCenter})
			}
			cols = append(cols, listColumn{head: "Won–lost", w: xTotalW, align: alignCenter}, listColumn{head: "Spread", w: xSpreadW, align: alignRight})
			widths := make([]float64, len(cols))
			tableW := 0.0
			for i, col := range cols {
				widths[i] = col.w
				tableW += col.w
			}
			tf := f
			tf.width = tableW
			drawListHead(c, tf, cols, widths, y)
			y += listHeadH
			from, to := pp*rowsPerPage, min(len(d.Players), (pp+1)*rowsPerPage)
			for i := from; i < to; i++ {
				drawCrossRow(c, tf, &d.Players[i], ch, widths, y)
				y += xRowH
				c.hline(f.left, y, tableW, 0.15, midGrey)
			}
			drawCrossKey(c, f, d.hasGroups())
		}
	}
	return pdf.Output(w)
}

func drawCrossRow(c canvas, f frame, p *PlayerCard, ch [2]int, widths []float64, y float64) {
	byRound := map[int]RoundLine{}
	var wins, losses float64
	spread := 0
	for _, r := range p.Rounds {
		byRound[r.Round] = r
		if !r.Entered {
			continue
		}
		spread += r.Spread
		wins, losses = r.tally(wins, losses)
	}
	x := f.left
	c.ink(black)
	c.text(x, y, widths[0]-1, xRowH, alignRight, sans, 9, strconv.Itoa(p.Number))
	x += widths[0]
	name := p.Name
	if p.Withdrawn {
		name += " (wd)"
	}
	c.text(x+1.5, y, widths[1]-2, xRowH, alignLeft, sansBold, 9.5, name)
	x += widths[1]
	for i, round := 0, ch[0]; round <= ch[1]; i, round = i+1, round+1 {
		w := widths[2+i]
		c.pen(lightGrey)
		c.SetLineWidth(0.15)
		c.Line(x, y, x, y+xRowH)
		if r, ok := byRound[round]; ok {
			top, bottom := crossCell(&r)
			c.text(x+0.5, y+0.6, w-1, xRowH/2-0.3, alignCenter, sansBold, 8.5, top)
			c.ink(darkGrey)
			c.text(x+0.5, y+xRowH/2, w-1, xRowH/2-0.6, alignCenter, sans, 7.5, bottom)
			c.ink(black)
		}
		x += w
	}
	c.Line(x, y, x, y+xRowH)
	c.text(x, y, widths[len(widths)-2], xRowH, alignCenter, sansBold, 9.5, record(wins, losses))
	x += widths[len(widths)-2]
	c.text(x, y, widths[len(widths)-1]-1, xRowH, alignRight, sans, 9.5, signed(spread))
}

// crossCell is a round in the cross-table: "W 5" (outcome, the
// opponent's number, "*" when the player went first) over the scores.
func crossCell(r *RoundLine) (top, bottom string) {
	switch {
	case r.isGroup():
		return r.groupCell()
	case r.Bye:
		if r.Entered {
			return "bye", signed(r.Spread)
		}
		return "bye", ""
	case r.OpponentNumber == 0:
		return "forfeit", signed(r.Spread)
	}
	opp := strconv.Itoa(r.OpponentNumber)
	if r.Start == "first" {
		opp += "*"
	}
	if !r.Entered {
		return "v " + opp, ""
	}
	o := r.Outcome
	if r.Forfeit {
		return o + " " + opp, "forfeit"
	}
	return o + " " + opp, strconv.Itoa(r.Score) + "–" + strconv.Itoa(r.OppScore)
}

func drawCrossKey(c canvas, f frame, groups bool) {
	c.ink(darkGrey)
	if !groups {
		c.text(f.left, f.bottom-4, f.width, 4, alignLeft, sansItalic, 7.5,
			"Each round: W won, L lost, T tied, then the opponent's number (* went first); under it the player's score and the opponent's.")
		c.ink(black)
		return
	}
	c.text(f.left, f.bottom-7.5, f.width, 3.7, alignLeft, sansItalic, 7.5,
		"Each round: W won, L lost, T tied, then the opponent's number (* went first); under it the player's score and the opponent's. "+
			"A team game: the opponents' numbers joined by &, under it the teams' scores.")
	c.text(f.left, f.bottom-3.7, f.width, 3.7, alignLeft, sansItalic, 7.5,
		"At a table of three or four: the round's record, counted pair by pair, and the others' numbers; under it the player's score and spread.")
	c.ink(black)
}
