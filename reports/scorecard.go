package reports

import (
	"io"
	"strconv"
)

// WriteScorecards prints a scorecard for each player, as many to a sheet
// as fit whole (never one split across two sheets), with dashed cut lines
// between them: every round with table, opponent, first or second,
// scores, spread and the running record, and empty lines for the rounds
// still to come, for the player to fill in. A round at a table of three
// or four names everyone the player met with their scores and the
// round's record ("Bob 310, Cy 290 — 2–0"), the player's seat in the
// order of play under "went". progress, when not nil, is told after each
// card how many are drawn.
func WriteScorecards(w io.Writer, paper Paper, d Division, progress func(done int)) error {
	return WriteDivisionsScorecards(w, paper, []Division{d}, progress)
}

// WriteDivisionsScorecards prints the scorecards of several divisions,
// each division from a new sheet; progress counts the cards of all.
func WriteDivisionsScorecards(w io.Writer, paper Paper, ds []Division, progress func(done int)) error {
	pdf := newDocument(paper, w)
	caption := ""
	switch {
	case len(ds) == 1:
		caption = join(" · ", ds[0].Tournament, ds[0].Division)
	case len(ds) > 1:
		caption = ds[0].Tournament
	}
	pdf.SetTitle(join(": ", "Scorecards", caption), true)
	c, f := newCanvas(pdf), frameFor(paper)
	done := 0
	for di := range ds {
		d := &ds[di]
		count := func(int) {
			done++
			if progress != nil {
				progress(done)
			}
		}
		if err := drawScorecards(c, f, d, count); err != nil {
			return err
		}
	}
	return pdf.Output(w)
}

// drawScorecards draws one division's cards from a new sheet.
func drawScorecards(c canvas, f frame, d *Division, progress func(done int)) error {
	l := layoutScorecards(f, d.cardRounds())
	for i := range d.Players {
		k := i % l.perPage
		if k == 0 {
			c.AddPage()
			c.use(sans, cellSize)
		}
		y := f.top + float64(k)*(l.cardH+cutGap)
		if k > 0 {
			cutLine(c, f, y-cutGap/2, "cut")
		}
		drawScorecard(c, f, l, d, &d.Players[i], y)
		if err := c.Error(); err != nil {
			return err
		}
		progress(i + 1)
	}
	if len(d.Players) == 0 {
		c.AddPage()
		drawTitle(c, f, "SCORECARDS", d.Tournament, d.Division, 1, 1)
	}
	return nil
}

// scorecardLayout is the size of every card of a division: all have the
// same rounds, so all are the same height and a sheet holds perPage.
type scorecardLayout struct {
	rounds  int
	rowH    float64 // a round's line
	cardH   float64
	perPage int
}

const (
	cardHeadH      = 16.0 // the player's name and what the card is
	cardRowH       = 7.0  // a round's line, at least, when cards share a sheet
	cardRowMaxH    = 9.0  // and at most, when the sheet has room to spare
	cardsPerPageAt = 4    // no more than this to a sheet: a card stays a card, not a strip
)

// layoutScorecards fits cards of the given number of rounds to the page:
// as many as fit at the normal line height, the lines then stretched to
// share what is left; one card a sheet with lines squeezed when even one
// does not fit.
func layoutScorecards(f frame, rounds int) scorecardLayout {
	l := scorecardLayout{rounds: max(rounds, 1)}
	avail := f.bottom - f.top
	fixed := cardHeadH + listHeadH
	l.perPage = int((avail + cutGap) / (fixed + float64(l.rounds)*cardRowH + cutGap))
	l.perPage = min(max(l.perPage, 1), cardsPerPageAt)
	share := (avail+cutGap)/float64(l.perPage) - cutGap // each card's height on the sheet
	l.rowH = min(cardRowMaxH, (share-fixed)/float64(l.rounds))
	l.cardH = fixed + float64(l.rounds)*l.rowH
	return l
}

// cardRounds is how many rounds a scorecard has lines for: the rounds
// planned, or as many as have been paired when that is more.
func (d *Division) cardRounds() int {
	rounds := max(d.Rounds, d.Through)
	for _, p := range d.Players {
		for _, r := range p.Rounds {
			rounds = max(rounds, r.Round)
		}
	}
	return rounds
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

// drawScorecard draws a player's card from y down, l.cardH tall.
func drawScorecard(c canvas, f frame, l scorecardLayout, d *Division, p *PlayerCard, y float64) {
	c.Bookmark(p.Name, 0, y)
	name := p.Name
	if p.Withdrawn {
		name += " (withdrawn)"
	}
	c.ink(black)
	c.text(f.left, y, f.width-42, 9, alignLeft, sansBold, 18, name)
	c.ink(darkGrey)
	c.text(f.left+f.width-40, y, 40, 4.5, alignRight, sansBold, 8, "SCORECARD")
	c.text(f.left, y+9.5, f.width, 5, alignLeft, sans, 10,
		join(" · ", d.Tournament, d.Division, numbered("Player", p.Number), numbered("rating", p.Rating)))
	y += cardHeadH

	byRound := map[int]RoundLine{}
	for _, r := range p.Rounds {
		byRound[r.Round] = r
	}
	widths := listWidths(f, scorecardCols)
	drawListHead(c, f, scorecardCols, widths, y)
	top := y + listHeadH
	y = top
	var wins, losses float64
	total := 0
	for round := 1; round <= l.rounds; round++ {
		cells := []string{strconv.Itoa(round)}
		if r, ok := byRound[round]; ok {
			cells = append(cells, r.cardCells(&wins, &losses, &total)...)
		}
		x := f.left
		c.ink(black)
		for j, col := range scorecardCols {
			if j < len(cells) {
				c.textLines(x+1, y, widths[j]-2, l.rowH, col.align, col.face, 10.5, cells[j])
			}
			x += widths[j]
		}
		y += l.rowH
		c.hline(f.left, y, f.width, 0.2, darkGrey)
	}
	// Column rules, so that empty rows are boxes to write in.
	x := f.left
	c.pen(lightGrey)
	c.SetLineWidth(0.2)
	for _, w := range widths[:len(widths)-1] {
		x += w
		c.Line(x, top, x, y)
	}
}

// cardCells are a round's cells on a scorecard from the table on,
// adding the round to the running record and spread once it is entered.
func (r *RoundLine) cardCells(wins, losses *float64, total *int) []string {
	if r.isGroup() {
		cells := r.groupCard()
		if r.Entered {
			*wins, *losses = r.tally(*wins, *losses)
			*total += r.Spread
			cells = append(cells, Record(*wins, *losses), Signed(*total))
		}
		return cells
	}
	opp := r.Opponent
	if r.Bye {
		opp = "bye"
	} else if r.OpponentNumber > 0 {
		opp += " (#" + strconv.Itoa(r.OpponentNumber) + ")"
	}
	cells := []string{tableNo(r.Table), opp, r.Start}
	if !r.Entered {
		return cells
	}
	*wins, *losses = r.tally(*wins, *losses)
	*total += r.Spread
	score, oppScore := strconv.Itoa(r.Score), strconv.Itoa(r.OppScore)
	if r.Bye || r.Forfeit {
		score, oppScore = "", ""
	}
	return append(cells, score, oppScore, Signed(r.Spread), Record(*wins, *losses), Signed(*total))
}
