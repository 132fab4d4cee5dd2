package reports

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/jung-kurt/gofpdf"

	"tourney/scoring"
)

// boardLabelW and boardLabelH hold the row numbers and column letters.
const boardLabelW, boardLabelH = 4.5, 4.0

// size is the board's rows and columns, from its letters or, without
// them, from its premiums.
func (b SheetBoard) size() (rows, cols int) {
	rows = len(b.Rows)
	for _, r := range b.Rows {
		cols = max(cols, len([]rune(r)))
	}
	if rows == 0 {
		rows = len(b.Premiums)
		for _, r := range b.Premiums {
			cols = max(cols, len(r))
		}
	}
	return rows, cols
}

// at is the tile on a square: its rune, or 0 for an empty square.
func (b SheetBoard) at(row, col int) rune {
	if row >= len(b.Rows) {
		return 0
	}
	r := []rune(b.Rows[row])
	if col >= len(r) || r[col] == '.' || r[col] == ' ' {
		return 0
	}
	return r[col]
}

func (b SheetBoard) premium(row, col int) scoring.Premium {
	if row < len(b.Premiums) && col < len(b.Premiums[row]) {
		return b.Premiums[row][col]
	}
	return scoring.Premium{Letter: 1, Word: 1}
}

// premiumLook is how an empty premium square prints: a shade that tells
// word premiums from letter premiums at a glance, and a label that says
// exactly which, so nothing depends on colour or on the shade alone.
type premiumLook struct {
	shade int // fill grey
	label string
	ink   int // label grey
	hatch bool
}

func (b SheetBoard) lookOf(p scoring.Premium) premiumLook {
	name, ok := b.Names[p]
	if !ok {
		name = scoring.DefaultSquareName(p)
	}
	switch {
	case p.Word >= 4:
		return premiumLook{shade: 110, label: name, ink: white}
	case p.Word == 3:
		return premiumLook{shade: 140, label: name, ink: white}
	case p.Word == 2:
		return premiumLook{shade: lightGrey, label: name, ink: black}
	case p.Letter >= 3:
		return premiumLook{shade: white, label: name, ink: black, hatch: true}
	case p.Letter == 2:
		return premiumLook{shade: white, label: name, ink: darkGrey}
	}
	return premiumLook{shade: white}
}

// premiums lists the premiums on the board in a legend's order (word
// before letter, higher before lower); the standard four for a plain grid.
func (b SheetBoard) premiums() []scoring.Premium {
	n := 0
	for _, row := range b.Premiums {
		n += len(row)
	}
	squares := make([]scoring.Premium, 0, n)
	for _, row := range b.Premiums {
		squares = append(squares, row...)
	}
	if ps := scoring.LegendPremiums(squares); len(ps) > 0 {
		return ps
	}
	return []scoring.Premium{{Letter: 1, Word: 3}, {Letter: 1, Word: 2}, {Letter: 3, Word: 1}, {Letter: 2, Word: 1}}
}

// drawBoard draws the final position with its top-left square at
// (x+boardLabelW, y+boardLabelH): tiles as white squares with a border,
// blanks as a lowercase letter in a circle, empty premium squares shaded
// and labelled.
func drawBoard(c canvas, b SheetBoard, x, y, cell float64) {
	rows, cols := b.size()
	gx, gy := x+boardLabelW, y+boardLabelH
	c.ink(darkGrey)
	for col := range cols {
		c.text(gx+float64(col)*cell, y, cell, boardLabelH-0.5, alignCenter, sans, 6.5, columnName(col))
	}
	for row := range rows {
		c.text(x, gy+float64(row)*cell, boardLabelW-0.8, cell, alignRight, sans, 6.5, strconv.Itoa(row+1))
	}
	labelSize := math.Min(6.0, cell*0.95)
	w, h := float64(cols)*cell, float64(rows)*cell
	// The board is white, then its shaded squares, then one grid over
	// all: a few dozen lines rather than a framed rectangle per square.
	c.fill(white)
	c.Rect(gx, gy, w, h, "F")
	for row := range rows {
		for col := range cols {
			look := b.lookOf(b.premium(row, col))
			if b.at(row, col) != 0 || (look.shade == white && !look.hatch) {
				continue
			}
			sx, sy := gx+float64(col)*cell, gy+float64(row)*cell
			if look.shade != white {
				c.fill(look.shade)
				c.Rect(sx, sy, cell, cell, "F")
			}
			if look.hatch {
				hatch(c, sx, sy, cell)
			}
		}
	}
	c.pen(midGrey)
	c.SetLineWidth(0.15)
	for row := 1; row < rows; row++ {
		c.Line(gx, gy+float64(row)*cell, gx+w, gy+float64(row)*cell)
	}
	for col := 1; col < cols; col++ {
		c.Line(gx+float64(col)*cell, gy, gx+float64(col)*cell, gy+h)
	}
	for row := range rows {
		for col := range cols {
			sx, sy := gx+float64(col)*cell, gy+float64(row)*cell
			if t := b.at(row, col); t != 0 {
				drawTile(c, t, sx, sy, cell)
				continue
			}
			if b.Start != nil && b.Start.Row == row && b.Start.Col == col {
				star(c, sx+cell/2, sy+cell/2, cell*0.3)
				continue
			}
			if look := b.lookOf(b.premium(row, col)); look.label != "" {
				c.ink(look.ink)
				c.text(sx, sy, cell, cell, alignCenter, sansBold, labelSize, look.label)
			}
		}
	}
	c.pen(black)
	c.SetLineWidth(0.5)
	c.Rect(gx, gy, w, h, "D")
	c.ink(black)
}

// drawTile draws a tile on a white square of the grid: a black edge, its letter in
// capitals; a blank shows the letter it stands for in lowercase inside a
// circle, as players mark blanks on paper.
func drawTile(c canvas, t rune, x, y, cell float64) {
	inset := cell * 0.07
	c.pen(black)
	c.SetLineWidth(0.3)
	c.Rect(x+inset, y+inset, cell-2*inset, cell-2*inset, "D")
	c.ink(black)
	size := cell * 1.75 // points: a capital fills about half the square
	if unicode.IsLower(t) {
		c.SetLineWidth(0.25)
		c.Circle(x+cell/2, y+cell/2, cell*0.34, "D")
		c.text(x, y-cell*0.04, cell, cell, alignCenter, sans, size*0.9, string(t))
		return
	}
	c.text(x, y, cell, cell, alignCenter, sansBold, size, string(t))
}

// hatch shades a square with diagonal lines: letter premiums look
// different from word premiums even when the greys print alike.
func hatch(c canvas, x, y, cell float64) {
	c.pen(lightGrey)
	c.SetLineWidth(0.15)
	for d := cell / 4; d < 2*cell; d += cell / 4 {
		x1, y1 := x+math.Max(0, d-cell), y+math.Min(d, cell)
		x2, y2 := x+math.Min(d, cell), y+math.Max(0, d-cell)
		c.Line(x1, y1, x2, y2)
	}
}

// star marks the start square.
func star(c canvas, cx, cy, r float64) {
	pts := make([]gofpdf.PointType, 0, 10)
	for i := range 10 {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, gofpdf.PointType{X: cx + rr*math.Cos(a), Y: cy + rr*math.Sin(a)})
	}
	c.fill(darkGrey)
	c.pen(darkGrey)
	c.SetLineWidth(0.1)
	c.Polygon(pts, "FD")
}

// columnName is a column's letter as notation writes it.
func columnName(col int) string { return string(rune('A' + col)) }

// groupTiles writes tiles with a space between different letters ("AA E
// III ?"), which is how players count them off.
func groupTiles(tiles string) string {
	var b strings.Builder
	var prev rune
	for i, r := range []rune(tiles) {
		if i > 0 && r != prev {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}
