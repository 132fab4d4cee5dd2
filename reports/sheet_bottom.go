package reports

import (
	"strconv"
	"unicode/utf8"

	"tourney/scoring"
)

// bottomBlock is where the parts of the bottom block go, relative to its top:
// the board on the left; the unseen tiles, the board key and the chart on
// the right; the signature lines across the foot.
type bottomBlock struct {
	h              float64
	cell           float64 // board square size; 0 when there is no board
	boardW, boardH float64
	rightX, rightW float64
	unseen         []string // wrapped lines of unseen tiles
	keyY, chartY   float64
	chartH         float64
	signY          float64
}

const (
	maxBoardW  = 98.0 // leaves the right column room for the chart
	headingH   = 4.5
	unseenLine = 4.6
	keyH       = 11.0
	chartH     = 50.0
	signH      = 16.0
)

// boardCells are the board square sizes to try, largest first: at 6.2 mm
// a 15x15 board is 93 mm across and reads at arm's length; a long game
// takes a smaller board rather than a second page.
var boardCells = []float64{6.2, 5.6, 5.0}

// bottomLayout places the bottom block with board squares of at most
// maxCell.
func bottomLayout(f frame, s *ScoreSheet, maxCell float64) bottomBlock {
	var b bottomBlock
	rows, cols := s.Board.size()
	if rows > 0 && cols > 0 {
		b.cell = min(maxCell, (maxBoardW-boardLabelW)/float64(cols), (maxBoardW-boardLabelH)/float64(rows))
		b.boardW = boardLabelW + b.cell*float64(cols)
		b.boardH = boardLabelH + b.cell*float64(rows)
		b.rightX = b.boardW + 6
	}
	b.rightW = f.width - b.rightX
	// Unseen tiles wrap by letter groups; an estimate of the mono face's
	// advance (0.6 em) is enough, and keeps layout free of a canvas.
	perLine := int(b.rightW / (0.6 * 10 * pt))
	b.unseen = wrapRunes(groupTiles(s.Unseen), perLine)
	y := headingH + float64(max(1, len(b.unseen)))*unseenLine + 2
	if b.cell > 0 {
		b.keyY = y
		y += keyH
	}
	b.chartY = y
	b.chartH = chartH
	y += headingH + chartH
	b.signY = max(y, b.boardH) + 6
	b.h = b.signY + signH
	return b
}

// wrapRunes breaks s at spaces into lines of at most n runes.
func wrapRunes(s string, n int) []string {
	var lines []string
	for utf8.RuneCountInString(s) > n && n > 0 {
		r := []rune(s)
		cut := n
		for cut > 0 && r[cut] != ' ' {
			cut--
		}
		if cut == 0 {
			cut = n
		}
		lines = append(lines, string(r[:cut]))
		s = string(r[cut:])
		if len(s) > 0 && s[0] == ' ' {
			s = s[1:]
		}
	}
	if s != "" {
		lines = append(lines, s)
	}
	return lines
}

func drawBottom(c canvas, f frame, s *ScoreSheet, b bottomBlock, y float64) {
	x := f.left
	if b.cell > 0 {
		drawBoard(c, s.Board, x, y, b.cell)
	}
	rx, rw := x+b.rightX, b.rightW

	n := utf8.RuneCountInString(s.Unseen)
	c.ink(black)
	c.text(rx, y, rw, headingH, alignLeft, sansBold, 9, "Unseen tiles ("+strconv.Itoa(n)+")")
	c.ink(darkGrey)
	c.text(rx+c.width(sansBold, 9, "Unseen tiles ("+strconv.Itoa(n)+")")+2, y, rw, headingH, alignLeft, sansItalic, 6.5, "bag and racks, ? = blank")
	c.ink(black)
	if n == 0 {
		c.text(rx, y+headingH, rw, unseenLine, alignLeft, sansItalic, 9, "none")
	}
	for i, line := range b.unseen {
		c.text(rx, y+headingH+float64(i)*unseenLine, rw, unseenLine, alignLeft, mono, 10, line)
	}

	if b.cell > 0 {
		drawKey(c, s.Board, rx, y+b.keyY, rw)
	}

	c.ink(black)
	c.text(rx, y+b.chartY, rw, headingH, alignLeft, sansBold, 9, "Running totals, turn by turn")
	drawChart(c, s, rx, y+b.chartY+headingH, rw, b.chartH)

	drawSignatures(c, f, s, y+b.signY)
}

// drawKey explains the board's marks in a line of samples: each premium
// on the board under the variant's name for it, then the blank.
func drawKey(c canvas, b SheetBoard, x, y, w float64) {
	const sq = 4.2
	type sample struct {
		look  premiumLook
		blank bool
		text  string
	}
	var samples []sample
	for _, p := range b.premiums() {
		samples = append(samples, sample{b.lookOf(p), false, scoring.PremiumDescription(p)})
	}
	samples = append(samples, sample{premiumLook{shade: white}, true, "blank"})
	cx, cy := x, y+1
	for _, s := range samples {
		tw := c.width(sans, 6.5, s.text)
		if cx+sq+1+tw > x+w {
			cx, cy = x, cy+sq+1.2
		}
		c.fill(s.look.shade)
		c.pen(midGrey)
		c.SetLineWidth(0.15)
		c.Rect(cx, cy, sq, sq, "FD")
		if s.blank {
			drawTile(c, 'a', cx, cy, sq)
		} else {
			if s.look.hatch {
				hatch(c, cx, cy, sq)
			}
			c.ink(s.look.ink)
			c.text(cx, cy, sq, sq, alignCenter, sansBold, 5, s.look.label)
		}
		c.ink(darkGrey)
		c.text(cx+sq+1, cy, tw+1, sq, alignLeft, sans, 6.5, s.text)
		cx += sq + tw + 4
	}
	c.ink(black)
}

// drawSignatures leaves a line for each player to sign, their name under
// it, as tournaments ask players to sign the result.
func drawSignatures(c canvas, f frame, s *ScoreSheet, y float64) {
	const gap = 8.0
	n := float64(len(s.Players))
	w := (f.width - gap*(n-1)) / n
	for i, p := range s.Players {
		x := f.left + float64(i)*(w+gap)
		c.ink(darkGrey)
		c.text(x, y, w, 4, alignLeft, sans, 7, "Signature")
		c.hline(x, y+10, w, 0.3, black)
		c.ink(black)
		c.text(x, y+10.5, w, 4, alignLeft, sans, 8, p.Name)
	}
}
