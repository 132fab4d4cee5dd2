package reports

import (
	"io"
	"strconv"
	"strings"
)

// The cross-table (wall chart) is a division on landscape pages: a line
// per player in number order, a column per round saying whom they met,
// how it went and the scores, and their record and spread at the end.
//
// Up to crossRowsMax players fit one sheet, their lines as tall as the
// page allows (larger type for a small division). A larger division is
// cut into bands of players, and rounds that do not fit across a sheet
// into bands of rounds; every sheet repeats the names and the heads and
// says where it goes ("sheet 2 of 4, row 1, column 2: players 1–20,
// rounds 9–16"), so the tiles can be put together on the wall.

const (
	crossRowsMax = 24
	xNumW        = 9.0
	xTotalW      = 20.0
	xSpreadW     = 18.0
	xRowMax      = 14.0 // a line's height in a small division
	xCellMax     = 34.0 // a round's width when there are few
	crossCellMin = 8.5  // the cells' smallest size (pt)
)

// crossGrid is how the division is cut into sheets and how large it is set.
type crossGrid struct {
	playerBands, roundBands [][2]int // from, to (inclusive): indices of Players, rounds
	rowH, nameW, avail      float64  // avail: the width the rounds share
	totalW                  float64  // the record's column
	nameSize, cellSize      float64  // the names' and the cells' first line
}

// WriteCrossTable prints divisions' cross-tables, each from a new sheet.
func WriteCrossTable(w io.Writer, paper Paper, ds ...Division) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Cross-table", documentCaption(ds)), true)
	c := newCanvas(pdf)
	for i := range ds {
		drawCrossTable(c, paper, ds[i])
		if err := pdf.Error(); err != nil {
			return err
		}
	}
	return pdf.Output(w)
}

// drawCrossTable draws one division's cross-table on its own sheets.
func drawCrossTable(c canvas, paper Paper, d Division) {
	pw, ph := paper.size()
	f := frame{pageW: ph, pageH: pw, left: margin, top: margin, width: ph - 2*margin, bottom: pw - margin}
	keyH := 6.0 // room for the key
	// Read once: it looks at every round of every player.
	groups := d.hasGroups()
	if groups {
		keyH = 9
	}
	g := planCross(c, f, &d, keyH)
	pages, page := len(g.playerBands)*len(g.roundBands), 0
	for pi, pb := range g.playerBands {
		for ri, rb := range g.roundBands {
			page++
			c.AddPageFormat("L", c.GetPageSizeStr(paper.gofpdfName()))
			if page == 1 {
				c.use(sans, cellSize)
				c.Bookmark(join(": ", "Cross-table", d.Division), 0, 0)
			}
			sub := d.caption()
			if pages > 1 {
				where := "sheet " + strconv.Itoa(page) + " of " + strconv.Itoa(pages)
				if len(g.playerBands) > 1 && len(g.roundBands) > 1 {
					where += ", row " + strconv.Itoa(pi+1) + ", column " + strconv.Itoa(ri+1)
				}
				var parts []string
				if len(g.playerBands) > 1 {
					parts = append(parts, "players "+strconv.Itoa(d.Players[pb[0]].Number)+"–"+strconv.Itoa(d.Players[pb[1]].Number))
				}
				if len(g.roundBands) > 1 {
					parts = append(parts, "rounds "+strconv.Itoa(rb[0])+"–"+strconv.Itoa(rb[1]))
				}
				sub = join(" · ", sub, where+": "+strings.Join(parts, ", "))
			}
			drawTitle(c, f, "CROSS-TABLE", d.Tournament, sub, page, pages)
			drawCrossSheet(c, f, &d, &g, pb, rb)
			drawCrossKey(c, f, groups)
		}
	}
}

// planCross cuts the division into sheets: bands of at most crossRowsMax
// players, split evenly (40 players: two bands of 20, not 24 and 16), and
// bands of as many rounds as fit across at the cells' size.
func planCross(c canvas, f frame, d *Division, keyH float64) crossGrid {
	var g crossGrid
	n := len(d.Players)
	bands := max(1, (n+crossRowsMax-1)/crossRowsMax)
	g.playerBands = evenBands(0, n-1, bands)
	per := 1
	if n > 0 {
		per = (n + bands - 1) / bands
	}
	bodyH := f.bottom - keyH - f.top - listHeaderH - listHeadH
	g.rowH = min(xRowMax, bodyH/float64(per))
	// The name as large as the line allows, the cells a little smaller,
	// so that a chart of 24 is still read at arm's length and a chart of
	// 8 from across the room.
	g.nameSize = min(20, g.rowH/pt*0.5)
	g.cellSize = min(13, g.rowH/pt*0.42)

	rounds := d.Through
	for _, p := range d.Players {
		for _, r := range p.Rounds {
			rounds = max(rounds, r.Round)
		}
	}
	rounds = max(rounds, 1)
	nameW := 30.0
	cellMin := c.width(sansBold, g.cellSize, "W 00*") + 2
	for _, p := range d.Players {
		nameW = max(nameW, c.width(sansBold, g.nameSize, p.Name+withdrawnMark(p.Withdrawn))+3)
		for _, r := range p.Rounds {
			top, bottom := crossCell(&r)
			cellMin = max(cellMin, c.width(sansBold, g.cellSize, top)+2, c.width(sans, g.cellSize*0.88, bottom)+2)
		}
	}
	g.nameW = min(nameW, 70)
	// The record and spread are set as large as the name, on its line.
	g.totalW = max(xTotalW, c.width(sansBold, g.nameSize, "00½–00½")+2)
	cellMin = min(cellMin, 40)
	g.avail = f.width - xNumW - g.nameW - g.totalW - xSpreadW
	// Rounds that do not fit across at this size are set smaller, down
	// to crossCellMin, before the chart is cut into more sheets.
	if need := float64(rounds) * cellMin; need > g.avail {
		small := max(crossCellMin, g.cellSize*g.avail/need)
		cellMin = (cellMin-2)*small/g.cellSize + 2
		g.cellSize = small
	}
	across := max(1, int(g.avail/cellMin))
	g.roundBands = evenBands(1, rounds, (rounds+across-1)/across)
	return g
}

// evenBands splits from..to (inclusive) into k bands that differ in
// length by one at most; none when from > to.
func evenBands(from, to, k int) [][2]int {
	n := to - from + 1
	if n <= 0 {
		return [][2]int{{from, from - 1}}
	}
	var out [][2]int
	for i := range k {
		a, b := from+i*n/k, from+(i+1)*n/k-1
		out = append(out, [2]int{a, b})
	}
	return out
}

func withdrawnMark(w bool) string {
	if w {
		return " (wd)"
	}
	return ""
}

// drawCrossSheet is one sheet: the heads, then the band's players over
// the band's rounds.
func drawCrossSheet(c canvas, f frame, d *Division, g *crossGrid, pb, rb [2]int) {
	y := f.top + listHeaderH
	cellW := min(xCellMax, g.avail/float64(rb[1]-rb[0]+1))
	cols := []listColumn{{head: "#", w: xNumW, align: alignRight}, {head: "Player", w: g.nameW, align: alignLeft}}
	for r := rb[0]; r <= rb[1]; r++ {
		cols = append(cols, listColumn{head: "Rd " + strconv.Itoa(r), w: cellW, align: alignCenter})
	}
	cols = append(cols, listColumn{head: "Won–lost", w: g.totalW, align: alignCenter}, listColumn{head: "Spread", w: xSpreadW, align: alignRight})
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
	for i := pb[0]; i <= pb[1]; i++ {
		if (i-pb[0])%2 == 1 {
			c.fill(paleGrey)
			c.Rect(f.left, y, tableW, g.rowH, "F")
		}
		drawCrossRow(c, tf, g, &d.Players[i], rb, widths, y)
		y += g.rowH
		c.hline(f.left, y, tableW, 0.15, midGrey)
	}
}

func drawCrossRow(c canvas, f frame, g *crossGrid, p *PlayerCard, ch [2]int, widths []float64, y float64) {
	rowH, ns, cs := g.rowH, g.nameSize, g.cellSize
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
	c.text(x, y, widths[0]-1, rowH, alignRight, sans, ns*0.9, strconv.Itoa(p.Number))
	x += widths[0]
	c.text(x+1.5, y, widths[1]-2, rowH, alignLeft, sansBold, ns, p.Name+withdrawnMark(p.Withdrawn))
	x += widths[1]
	for i, round := 0, ch[0]; round <= ch[1]; i, round = i+1, round+1 {
		w := widths[2+i]
		c.pen(lightGrey)
		c.SetLineWidth(0.15)
		c.Line(x, y, x, y+rowH)
		if r, ok := byRound[round]; ok {
			top, bottom := crossCell(&r)
			c.text(x+0.5, y+rowH*0.07, w-1, rowH*0.45, alignCenter, sansBold, cs, top)
			c.ink(darkGrey)
			c.text(x+0.5, y+rowH/2, w-1, rowH*0.43, alignCenter, sans, cs*0.88, bottom)
			c.ink(black)
		}
		x += w
	}
	c.Line(x, y, x, y+rowH)
	c.text(x, y, widths[len(widths)-2], rowH, alignCenter, sansBold, ns, Record(wins, losses))
	x += widths[len(widths)-2]
	c.text(x, y, widths[len(widths)-1]-1, rowH, alignRight, sans, ns, Signed(spread))
}

// crossCell is a round in the cross-table: "W 5" (outcome, the
// opponent's number, "*" when the player went first) over the scores.
func crossCell(r *RoundLine) (top, bottom string) {
	switch {
	case r.isGroup():
		return r.groupCell()
	case r.Bye:
		if r.Entered {
			return "bye", Signed(r.Spread)
		}
		return "bye", ""
	case r.OpponentNumber == 0:
		return "forfeit", Signed(r.Spread)
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
