package reports

import (
	"io"
	"strconv"
)

// WriteScorecards prints one scorecard a page for each player: every
// round with table, opponent, first or second, scores, spread and the
// running record, and empty lines for the rounds still to come, for the
// player to fill in. A round at a table of three or four names everyone
// the player met with their scores and the round's record ("Bob 310, Cy
// 290 — 2–0"), the player's seat in the order of play under "went".
func WriteScorecards(w io.Writer, paper Paper, d Division, progress func(done int)) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Scorecards", join(" · ", d.Tournament, d.Division)), true)
	c, f := newCanvas(pdf), frameFor(paper)
	for i := range d.Players {
		drawScorecard(c, f, &d, &d.Players[i])
		if err := pdf.Error(); err != nil {
			return err
		}
		if progress != nil {
			progress(i + 1)
		}
	}
	if len(d.Players) == 0 {
		pdf.AddPage()
		drawTitle(c, f, "SCORECARDS", d.Tournament, d.Division, 1, 1)
	}
	return pdf.Output(w)
}

var scorecardCols = []listColumn{
	{head: "Round", w: 14, align: alignCenter, face: sansBold},
	{head: "Table", w: 14, align: alignCenter, face: sans},
	{head: "Opponent", align: alignLeft, face: sans},
	{head: "Went", w: 16, align: alignLeft, face: sans},
	{head: "Score", w: 15, align: alignRight, face: sansBold},
	{head: "Opp.", w: 15, align: alignRight, face: sans},
	{head: "Spread", w: 17, align: alignRight, face: sans},
	{head: "Won–lost", w: 20, align: alignCenter, face: sansBold},
	{head: "Total spr.", w: 20, align: alignRight, face: sans},
}

func drawScorecard(c canvas, f frame, d *Division, p *PlayerCard) {
	c.AddPage()
	c.use(sans, cellSize)
	c.Bookmark(p.Name, 0, 0)
	drawTitle(c, f, "SCORECARD", d.Tournament, join(" · ", d.Division, numbered("Player", p.Number), numbered("rating", p.Rating)), 1, 1)
	y := f.top + listHeaderH
	name := p.Name
	if p.Withdrawn {
		name += " (withdrawn)"
	}
	c.text(f.left, y, f.width, 10, alignLeft, sansBold, 20, name)
	y += 13

	rounds := max(d.Rounds, d.Through)
	for _, r := range p.Rounds {
		rounds = max(rounds, r.Round)
	}
	byRound := map[int]RoundLine{}
	for _, r := range p.Rounds {
		byRound[r.Round] = r
	}
	rowH := min(9.0, (f.bottom-y-listHeadH)/float64(max(rounds, 1)))
	widths := listWidths(f, scorecardCols)
	drawListHead(c, f, scorecardCols, widths, y)
	y += listHeadH
	var wins, losses float64
	total := 0
	for round := 1; round <= rounds; round++ {
		cells := []string{strconv.Itoa(round)}
		if r, ok := byRound[round]; ok && r.isGroup() {
			cells = append(cells, r.groupCard()...)
			if r.Entered {
				wins, losses = r.tally(wins, losses)
				total += r.Spread
				cells = append(cells, record(wins, losses), signed(total))
			}
		} else if ok {
			opp := r.Opponent
			if r.Bye {
				opp = "bye"
			} else if r.OpponentNumber > 0 {
				opp += " (#" + strconv.Itoa(r.OpponentNumber) + ")"
			}
			cells = append(cells, tableNo(r.Table), opp, r.Start)
			if r.Entered {
				wins, losses = r.tally(wins, losses)
				total += r.Spread
				score, oppScore := strconv.Itoa(r.Score), strconv.Itoa(r.OppScore)
				if r.Bye || r.Forfeit {
					score, oppScore = "", ""
				}
				cells = append(cells, score, oppScore, signed(r.Spread), record(wins, losses), signed(total))
			}
		}
		x := f.left
		c.ink(black)
		for j, col := range scorecardCols {
			if j < len(cells) {
				c.textLines(x+1, y, widths[j]-2, rowH, col.align, col.face, 10.5, cells[j])
			}
			x += widths[j]
		}
		y += rowH
		c.hline(f.left, y, f.width, 0.2, darkGrey)
	}
	// Column rules, so that empty rows are boxes to write in.
	x := f.left
	top := f.top + listHeaderH + 13
	for _, w := range widths[:len(widths)-1] {
		x += w
		c.pen(lightGrey)
		c.SetLineWidth(0.2)
		c.Line(x, top+listHeadH, x, y)
	}
}
