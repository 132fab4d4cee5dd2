package reports

import (
	"strconv"
	"strings"
)

// endLine is one line of the end-of-game block: in every player's column
// a label and a number, set under the running totals so that the final
// score adds up down the column as on paper.
type endLine struct {
	label, value []string // by seat - 1
	strong       bool
}

// endLines are the adjustments from the last total to the final score.
func endLines(s *ScoreSheet) []endLine {
	n := len(s.Players)
	line := func(strong bool, f func(i int) (string, string)) endLine {
		l := endLine{label: make([]string, n), value: make([]string, n), strong: strong}
		for i := range n {
			l.label[i], l.value[i] = f(i)
		}
		return l
	}
	r := s.Result
	if r == nil {
		last := lastTotals(s)
		return []endLine{line(true, func(i int) (string, string) { return "Total so far", strconv.Itoa(last[i]) })}
	}
	at := func(xs []int, i int) int {
		if i < len(xs) {
			return xs[i]
		}
		return 0
	}
	any := func(xs []int) bool {
		for _, x := range xs {
			if x != 0 {
				return true
			}
		}
		return false
	}
	if r.ByHand {
		entered := "Result entered"
		if r.TeamFinal != nil {
			entered = "Team result entered"
		}
		return []endLine{
			line(true, func(i int) (string, string) { return entered, strconv.Itoa(at(r.Final, i)) }),
			line(false, func(i int) (string, string) { return "Spread", Signed(r.Spread(i + 1)) }),
		}
	}
	lines := []endLine{line(false, func(i int) (string, string) { return "From play", strconv.Itoa(at(r.BeforeAdjust, i)) })}
	lines = append(lines, line(false, func(i int) (string, string) {
		left := ""
		if i < len(r.RackLeft) {
			left = r.RackLeft[i]
		}
		switch {
		case r.OutSeat == i+1:
			return "Went out", Signed(at(r.RackAdjust, i))
		case left != "":
			return "Tiles left " + left, Signed(at(r.RackAdjust, i))
		}
		return "Rack", Signed(at(r.RackAdjust, i))
	}))
	if any(r.TimePenalty) {
		lines = append(lines, line(false, func(i int) (string, string) {
			if m := at(r.TimeMinutes, i); m > 0 {
				return "Time penalty (" + strconv.Itoa(m) + " min)", Signed(-at(r.TimePenalty, i))
			}
			return "Time penalty", Signed(-at(r.TimePenalty, i))
		}))
	}
	if any(r.TieBreak) {
		lines = append(lines, line(false, func(i int) (string, string) { return "Tie-break", Signed(at(r.TieBreak, i)) }))
	}
	lines = append(lines, line(true, func(i int) (string, string) { return "Final score", strconv.Itoa(at(r.Final, i)) }))
	if r.TeamFinal != nil {
		lines = append(lines, line(false, func(i int) (string, string) {
			return "Team " + strconv.Itoa(i%2+1) + " total", strconv.Itoa(at(r.TeamFinal, i%2))
		}))
	}
	lines = append(lines, line(false, func(i int) (string, string) { return "Spread", Signed(r.Spread(i + 1)) }))
	return lines
}

// lastTotals is each player's latest running total.
func lastTotals(s *ScoreSheet) []int {
	out := make([]int, len(s.Players))
	for _, t := range s.Turns {
		if t.Seat >= 1 && t.Seat <= len(out) {
			out[t.Seat-1] = t.Total
		}
	}
	return out
}

// drawEnd draws the end-of-game lines and returns the y below them.
func drawEnd(c canvas, cols columns, lines []endLine, y float64) float64 {
	for _, l := range lines {
		f, size := sans, 8.5
		if l.strong {
			f, size = sansBold, 10
		}
		for i := range l.label {
			x := cols.x[i]
			if l.strong {
				c.hline(x, y+0.2, cols.w, 0.3, black)
			}
			c.ink(black)
			c.text(x, y, cols.w-cols.total-1, endRowH, alignLeft, f, size, l.label[i])
			c.text(x+cols.w-cols.total, y, cols.total, endRowH, alignRight, f, size, l.value[i])
		}
		y += endRowH
	}
	return y
}

// drawResult writes the result sentences across the page.
func drawResult(c canvas, f frame, lines []string, y float64) {
	c.ink(black)
	for _, l := range lines {
		c.text(f.left, y, f.width, resultLineH, alignLeft, sansBold, 9.5, l)
		y += resultLineH
	}
}

// resultText says who won and how, in sentences.
func resultText(s *ScoreSheet) string {
	r := s.Result
	if r == nil {
		return "The game is not finished" + statusSuffix(s.Status) + "; the totals above are provisional."
	}
	name := func(seat int) string {
		if seat >= 1 && seat <= len(s.Players) {
			return s.Players[seat-1].Name
		}
		return "seat " + strconv.Itoa(seat)
	}
	scores := r.Final
	if r.TeamFinal != nil {
		scores = r.TeamFinal
	}
	// The winner's score first, so that "16 to 32" reads right even when
	// a triple challenge gave the game to the lower score.
	var score []string
	if w := r.Winner - 1; w >= 0 && w < len(scores) {
		score = append(score, strconv.Itoa(scores[w]))
	}
	for i, v := range scores {
		if i != r.Winner-1 {
			score = append(score, strconv.Itoa(v))
		}
	}
	var out []string
	switch {
	case r.Winner == 0:
		out = append(out, "Tied game, "+strings.Join(score, " to ")+".")
	case r.TeamFinal != nil:
		t := r.Winner
		out = append(out, "Winner: team "+strconv.Itoa(t)+" ("+name(t)+" and "+name(t+2)+"), "+strings.Join(score, " to ")+
			", spread "+Signed(r.Spread(t))+".")
	default:
		out = append(out, "Winner: "+name(r.Winner)+", "+strings.Join(score, " to ")+", spread "+Signed(r.Spread(r.Winner))+".")
	}
	if d := decidedByText(r.DecidedBy); d != "" {
		out = append(out, d)
	}
	if e := endReasonText(r.Reason, name(r.OutSeat)); e != "" {
		out = append(out, e)
	}
	switch {
	case r.Voided:
		out = append(out, "The game's record was set aside; the director entered this result by hand.")
	case r.ByHand:
		out = append(out, "The director entered this result by hand.")
	}
	return strings.Join(out, " ")
}
