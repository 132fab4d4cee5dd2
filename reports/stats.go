package reports

import (
	"io"
	"strconv"

	"tourney/service"
)

// The statistics sheet: per division, from a new page, the figures of
// its games (from the results), those of the games recorded turn by turn
// (saying how many there were), and the top-ten lists. Blocks that do
// not fit what is left of a page start the next one; a block is never
// split.

const (
	statsRowH   = 5.6 // a line of a list or of figures
	statsHeadH  = 9.0 // a block's title
	statsGap    = 4.0 // between blocks
	statsSize   = 9.5 // the lists' type
	statsKeyH   = 4.2 // a line of the key
	statsKeySz  = 7.5 // the key's type
	statsFigCol = 2   // figures side by side
)

// statsBlock is a piece of the sheet drawn from y down, height tall.
type statsBlock struct {
	height float64
	draw   func(c canvas, f frame, y float64)
}

// statsPage is a page of the sheet: its division's caption and blocks.
type statsPage struct {
	caption string
	blocks  []statsBlock
}

// WriteStats prints the statistics sheet.
func WriteStats(w io.Writer, paper Paper, v *service.StatsView) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Statistics", v.Tournament), true)
	c, f := newCanvas(pdf), frameFor(paper)
	var pages []statsPage
	for i := range v.Divisions {
		pages = append(pages, planStats(f, &v.Divisions[i])...)
	}
	if len(pages) == 0 {
		pages = []statsPage{{caption: "No divisions."}}
	}
	for i, p := range pages {
		c.AddPage()
		if i == 0 {
			c.use(sans, statsSize)
		}
		drawTitle(c, f, "STATISTICS", v.Tournament, p.caption, i+1, len(pages))
		y := f.top + listHeaderH
		for _, b := range p.blocks {
			b.draw(c, f, y)
			y += b.height + statsGap
		}
		if err := pdf.Error(); err != nil {
			return err
		}
	}
	return pdf.Output(w)
}

// planStats sets a division's blocks on as many pages as they need.
func planStats(f frame, d *service.DivisionStats) []statsPage {
	caption := (&Division{Division: d.Name, Complete: d.Complete, InProgress: d.InProgress}).caption()
	blocks := []statsBlock{
		figuresBlock(f, "Games", gameFigures(d)),
		figuresBlock(f, recordedTitle(d), turnFigures(d)),
		gamesBlock("Highest winning scores", "Winner", "Loser", d.HighWins),
		gamesBlock("Highest losing scores", "Loser", "Winner", d.HighLosses),
		gamesBlock("Highest combined scores", "Player", "Opponent", d.HighCombined),
		playsBlock(d),
		keyBlock(f, statsKey(d)),
	}
	var pages []statsPage
	page := statsPage{caption: caption}
	room := f.bottom - f.top - listHeaderH
	used := 0.0
	for _, b := range blocks {
		if b.height == 0 {
			continue
		}
		if used > 0 && used+b.height > room {
			pages = append(pages, page)
			page, used = statsPage{caption: caption + " (continued)"}, 0
		}
		page.blocks = append(page.blocks, b)
		used += b.height + statsGap
	}
	return append(pages, page)
}

// statsFigure is a figure with its label.
type statsFigure struct{ label, value string }

func gameFigures(d *service.DivisionStats) []statsFigure {
	return []statsFigure{
		{"Players", strconv.Itoa(d.Players)},
		{"Games", strconv.Itoa(d.Games)},
		{"Ties", strconv.Itoa(d.Ties)},
		{"Byes", strconv.Itoa(d.Byes)},
		{"Forfeits", strconv.Itoa(d.Forfeits)},
		{"Average score", decimal(d.AverageScore, "")},
		{"Average winning score", decimal(d.AverageWinningScore, "")},
		{"Average losing score", decimal(d.AverageLosingScore, "")},
		{"First player won", decimal(d.FirstPlayerWinPct, "%") + " of " + games(d.FirstPlayerGames)},
		{"Higher rated won", decimal(d.HigherRatedWinPct, "%") + " of " + games(d.HigherRatedGames)},
	}
}

func recordedTitle(d *service.DivisionStats) string {
	n := d.RecordedGames
	switch n {
	case 0:
		return "No game recorded turn by turn"
	case 1:
		return "From the 1 game recorded turn by turn"
	}
	return "From the " + strconv.Itoa(n) + " games recorded turn by turn"
}

func turnFigures(d *service.DivisionStats) []statsFigure {
	if d.RecordedGames == 0 {
		return nil // the title says so; the key says what is missing
	}
	return []statsFigure{
		{"Bingos", strconv.Itoa(d.Bingos)},
		{"Bingos per game", decimalPlaces(d.BingosPerGame, 2)},
		{"Turns", strconv.Itoa(d.Turns)},
		{"Average score per turn", decimal(d.AverageTurnScore, "")},
		{"Challenges", strconv.Itoa(d.Challenges)},
		{"Challenges upheld", strconv.Itoa(d.ChallengesUpheld)},
	}
}

func games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return strconv.Itoa(n) + " games"
}

// decimal is a figure to one place, "–" when there is none.
func decimal(v *float64, unit string) string {
	if v == nil {
		return "–"
	}
	return decimalPlaces(v, 1) + unit
}

// decimalPlaces is a figure to places, "–" when there is none.
func decimalPlaces(v *float64, places int) string {
	if v == nil {
		return "–"
	}
	return strconv.FormatFloat(*v, 'f', places, 64)
}

// blockTitle draws a block's title with a rule under it.
func blockTitle(c canvas, f frame, y float64, title string) {
	c.ink(black)
	c.text(f.left, y, f.width, statsHeadH-2, alignLeft, sansBold, 12, title)
	c.hline(f.left, y+statsHeadH-1.5, f.width, 0.4, black)
}

// figuresBlock sets figures in statsFigCol columns of label and value.
func figuresBlock(f frame, title string, figs []statsFigure) statsBlock {
	rows := (len(figs) + statsFigCol - 1) / statsFigCol
	return statsBlock{height: statsHeadH + float64(rows)*statsRowH, draw: func(c canvas, f frame, y float64) {
		blockTitle(c, f, y, title)
		colW := f.width / statsFigCol
		for i, fig := range figs {
			x := f.left + float64(i%statsFigCol)*colW
			yy := y + statsHeadH + float64(i/statsFigCol)*statsRowH
			c.ink(darkGrey)
			c.text(x+1, yy, colW*0.6, statsRowH, alignLeft, sans, statsSize, fig.label)
			c.ink(black)
			c.text(x+colW*0.6, yy, colW*0.4-6, statsRowH, alignRight, sansBold, statsSize, fig.value)
		}
	}}
}

// drawStatsTable draws a list's heads and rows under its title.
func drawStatsTable(c canvas, f frame, y float64, title string, cols []listColumn, rows [][]string) {
	blockTitle(c, f, y, title)
	y += statsHeadH
	widths := listWidths(f, cols)
	drawListHead(c, f, cols, widths, y)
	y += listHeadH
	for _, cells := range rows {
		x := f.left
		c.ink(black)
		for j, col := range cols {
			c.text(x+1, y, widths[j]-2, statsRowH, col.align, col.face, statsSize, cells[j])
			x += widths[j]
		}
		y += statsRowH
		c.hline(f.left, y, f.width, 0.15, lightGrey)
	}
}

func tableHeight(rows int) float64 {
	return statsHeadH + listHeadH + float64(max(rows, 1))*statsRowH
}

// gamesBlock is a top-ten list of games.
func gamesBlock(title, first, second string, games []service.GameStat) statsBlock {
	cols := []listColumn{
		{head: "", w: 8, align: alignRight, face: sans},
		{head: "Score", w: 16, align: alignRight, face: sansBold},
		{head: first, align: alignLeft, face: sans},
		{head: "", w: 26, align: alignCenter, face: sans},
		{head: second, align: alignLeft, face: sans},
		{head: "Round", w: 14, align: alignRight, face: sans},
		{head: "Table", w: 14, align: alignRight, face: sans},
	}
	var rows [][]string
	for i, g := range games {
		a, b := g.Players[0], g.Players[1]
		rows = append(rows, []string{strconv.Itoa(i+1) + ".", strconv.Itoa(g.Value), a.Name,
			strconv.Itoa(a.Score) + "–" + strconv.Itoa(b.Score), b.Name, strconv.Itoa(g.Round), tableNo(g.Table)})
	}
	if len(rows) == 0 {
		rows = [][]string{{"", "", "No games yet.", "", "", "", ""}}
	}
	return statsBlock{height: tableHeight(len(rows)), draw: func(c canvas, f frame, y float64) {
		drawStatsTable(c, f, y, title, cols, rows)
	}}
}

// playsBlock is the highest plays, when any game is recorded.
func playsBlock(d *service.DivisionStats) statsBlock {
	if d.RecordedGames == 0 {
		return statsBlock{}
	}
	cols := []listColumn{
		{head: "", w: 8, align: alignRight, face: sans},
		{head: "Score", w: 16, align: alignRight, face: sansBold},
		{head: "Player", align: alignLeft, face: sans},
		{head: "Word", align: alignLeft, face: sansBold},
		{head: "Move", w: 40, align: alignLeft, face: sans},
		{head: "Round", w: 14, align: alignRight, face: sans},
		{head: "Table", w: 14, align: alignRight, face: sans},
	}
	var rows [][]string
	for i, p := range d.HighPlays {
		word := p.Word
		if p.Bingo {
			word += " (bingo)"
		}
		rows = append(rows, []string{strconv.Itoa(i+1) + ".", strconv.Itoa(p.Score), p.Name, word, p.Move, strconv.Itoa(p.Round), tableNo(p.Table)})
	}
	if len(rows) == 0 {
		rows = [][]string{{"", "", "No plays.", "", "", "", ""}}
	}
	return statsBlock{height: tableHeight(len(rows)), draw: func(c canvas, f frame, y float64) {
		drawStatsTable(c, f, y, "Highest plays", cols, rows)
	}}
}

// statsKey says where the figures come from and how they are counted.
func statsKey(d *service.DivisionStats) []string {
	key := []string{
		"Games are two-player games played over the board; byes and forfeits are not games. A tie the variant broke counts as a win and a loss; a tie counts half in the percentages.",
		"First player: who started, where it is recorded. Higher rated: by ratings before the event; games between equal ratings or with an unrated player are left out.",
	}
	if d.RecordedGames > 0 {
		key = append(key, "Bingos, turns, challenges and the highest plays come only from the "+plural(d.RecordedGames, "game")+
			" recorded turn by turn. A bingo is a play of a full rack that stood; a challenge is upheld when it took the play off. A turn is a play, exchange or pass (a play challenged off scores 0).")
	} else {
		key = append(key, "No game was recorded turn by turn, so there are no bingos, turns, challenges or highest plays.")
	}
	return key
}

// keyBlock sets the key's paragraphs in small type. Its height is
// planned by characters (about half an em each), so planning needs no
// document; the lines are wrapped as drawn.
func keyBlock(f frame, paras []string) statsBlock {
	perLine := int(f.width / (statsKeySz * pt * 0.5))
	lines := 0
	for _, p := range paras {
		lines += len([]rune(p))/max(perLine, 1) + 1
	}
	return statsBlock{height: float64(lines) * statsKeyH, draw: func(c canvas, f frame, y float64) {
		c.ink(darkGrey)
		for _, p := range paras {
			for _, l := range c.wrap(sans, statsKeySz, f.width, p) {
				c.text(f.left, y, f.width, statsKeyH, alignLeft, sans, statsKeySz, l)
				y += statsKeyH
			}
		}
		c.ink(black)
	}}
}
