package reports

import "io"

// ResultSlip is the paper a table without a tablet hands in: who played
// where, boxes for the scores and spread, who went first, signatures.
type ResultSlip struct {
	Tournament string
	Division   string
	Round      int
	Table      int
	Players    []string // in seat order; empty names leave a line to write on
	// Teams: a team game (Players[0] and Players[2] against Players[1]
	// and Players[3]); the slip asks for the two teams' scores.
	Teams bool
}

const (
	slipsPerPage = 3
	slipGap      = cutGap
)

// WriteResultSlips prints the slips three to a page, with cut lines
// between them.
func WriteResultSlips(w io.Writer, paper Paper, slips ...ResultSlip) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle("Result slips", true)
	c, f := newCanvas(pdf), frameFor(paper)
	h := (f.bottom - f.top - slipGap*(slipsPerPage-1)) / slipsPerPage
	for i := range slips {
		k := i % slipsPerPage
		if k == 0 {
			c.AddPage()
		}
		y := f.top + float64(k)*(h+slipGap)
		if k > 0 {
			cutLine(c, f, y-slipGap/2, "cut")
		}
		drawSlip(c, f, &slips[i], y, h)
	}
	if len(slips) == 0 {
		c.AddPage()
		drawTitle(c, f, "RESULT SLIPS", "", "No games in this round.", 1, 1)
	}
	return pdf.Output(w)
}

func drawSlip(c canvas, f frame, s *ResultSlip, y, h float64) {
	x, w := f.left, f.width
	c.pen(black)
	c.SetLineWidth(0.4)
	c.Rect(x, y, w, h, "D")
	x, w = x+4, w-8
	y += 3
	c.ink(black)
	c.text(x, y, w-40, 6, alignLeft, sansBold, 12, s.Tournament)
	c.ink(darkGrey)
	c.text(x+w-40, y, 40, 6, alignRight, sansBold, 8, "RESULT SLIP")
	c.ink(black)
	where := join(" · ", s.Division, numbered("Round", s.Round), numbered("Table", s.Table))
	if s.Round == 0 || s.Table == 0 {
		where = join(" · ", s.Division, "Round ____", "Table ____")
	}
	c.text(x, y+6.5, w, 6, alignLeft, sans, 11, where)
	y += 15

	// One line per player (a team game: per team): name, who went first
	// (at a table of three or four: the order of play), score.
	lines, group := slipLines(s)
	const scoreW, firstW = 32.0, 26.0
	nameW := w - scoreW - firstW - 4
	c.ink(darkGrey)
	switch {
	case s.Teams && len(s.Players) == 4:
		c.text(x, y, nameW, 4, alignLeft, sans, 7, "TEAM")
		c.text(x+nameW, y, firstW, 4, alignCenter, sans, 7, "PLAYS")
		c.text(x+w-scoreW, y, scoreW, 4, alignCenter, sans, 7, "TEAM SCORE")
	case group:
		c.text(x, y, nameW, 4, alignLeft, sans, 7, "PLAYER")
		c.text(x+nameW, y, firstW, 4, alignCenter, sans, 7, "PLAYS")
		c.text(x+w-scoreW, y, scoreW, 4, alignCenter, sans, 7, "FINAL SCORE")
	default:
		c.text(x, y, nameW, 4, alignLeft, sans, 7, "PLAYER")
		c.text(x+nameW, y, firstW, 4, alignCenter, sans, 7, "WENT FIRST")
		c.text(x+w-scoreW, y, scoreW, 4, alignCenter, sans, 7, "FINAL SCORE")
	}
	y += 5
	players := s.Players
	for len(players) < 2 {
		players = append(players, "")
	}
	boxH := min(11.0, (h-15-5-24)/float64(len(lines)+1))
	c.pen(black)
	c.SetLineWidth(0.3)
	for _, l := range lines {
		c.ink(black)
		if l.name == "" {
			c.hline(x, y+boxH-2, nameW-4, 0.3, black)
		} else {
			c.text(x, y, nameW-2, boxH, alignLeft, sansBold, 13, l.name)
		}
		if l.order == "" {
			c.Rect(x+nameW+firstW/2-3, y+boxH/2-3, 6, 6, "D")
		} else {
			c.ink(darkGrey)
			c.text(x+nameW, y, firstW, boxH, alignCenter, sans, 10, l.order)
		}
		c.Rect(x+w-scoreW, y+1, scoreW, boxH-2, "D")
		y += boxH
	}
	c.ink(darkGrey)
	if group && !s.Teams {
		// Each pair at the table is a game: the spreads follow from the scores.
		c.text(x, y, w, boxH, alignLeft, sansItalic, 8.5, "Each player's result is worked out pair by pair from these scores.")
	} else {
		c.text(x+nameW-30, y, 30+firstW, boxH, alignRight, sans, 9, "Spread (winner's)")
		c.Rect(x+w-scoreW, y+1, scoreW, boxH-2, "D")
	}
	y += boxH + 4

	// Signatures across the foot.
	n := float64(len(players))
	sw := (w - 8*(n-1)) / n
	for i, name := range players {
		sx := x + float64(i)*(sw+8)
		c.hline(sx, y+8, sw, 0.3, black)
		c.ink(darkGrey)
		label := "Signature"
		if name != "" {
			label += ": " + name
		}
		c.text(sx, y+8.5, sw, 4, alignLeft, sans, 7.5, label)
	}
	c.ink(black)
}

// slipLine is a line of a slip: a player, or a team of two.
type slipLine struct {
	name  string
	order string // the order of play at a table of three or four, or of a team's players; "" for a box to tick
}

// slipLines are the slip's lines: a player each (a box for who went
// first between two; the order of play at a table of three or four), or
// a team game's two teams. group is true for the latter two.
func slipLines(s *ResultSlip) (lines []slipLine, group bool) {
	p := s.Players
	switch {
	case s.Teams && len(p) == 4:
		return []slipLine{{p[0] + " & " + p[2], "1st & 3rd"}, {p[1] + " & " + p[3], "2nd & 4th"}}, true
	case len(p) > 2:
		for i, name := range p {
			lines = append(lines, slipLine{name, ordinal(i + 1)})
		}
		return lines, true
	}
	for len(p) < 2 {
		p = append(p, "")
	}
	for _, name := range p {
		lines = append(lines, slipLine{name: name})
	}
	return lines, false
}
