package reports

import (
	"io"
	"slices"
	"strconv"
	"strings"

	"tourney/service"
)

// The prize ceremony sheet: each prize in ceremony order, who wins it and
// for what, in type large enough to read out from the front of the hall.

// PrizeSheet is what the sheet shows: the tournament's name, its
// divisions (to name a prize's division when there are several) and the
// prize table with its winners as the service computes it.
type PrizeSheet struct {
	Tournament string
	Divisions  []service.Division
	Prizes     *service.PrizesView
}

// Provisional is the heading while results are still to come.
const provisionalHead = "PROVISIONAL — results still to come"

// WritePrizes prints the ceremony sheet.
func WritePrizes(w io.Writer, paper Paper, s PrizeSheet) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Prizes", s.Tournament), true)
	title := "Prize winners"
	if s.Prizes.Provisional {
		title = provisionalHead
	}
	drawWalls(newCanvas(pdf), paper, wallList{head: wallHead{kind: "PRIZES", tournament: s.Tournament, title: title, key: prizesKey(s.Prizes)},
		shapes: []wallShape{prizesShape(s)}})
	return pdf.Output(w)
}

// prizesKey says which prizes come from the games recorded turn by turn
// (a game entered as its final score only has no plays to count).
func prizesKey(v *service.PrizesView) string {
	var names []string
	for _, p := range v.Prizes {
		if d := PrizeTypeName(p.Type); p.FromRecordedGames && !slices.Contains(names, d) {
			names = append(names, d)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "* From the games recorded turn by turn only: " + strings.Join(names, ", ") + "."
}

// prizesShape is the table: the prize, its winners one a line, and what
// each won it with.
func prizesShape(s PrizeSheet) wallShape {
	sh := wallShape{cols: []wallCol{
		{head: "Prize", align: alignLeft, face: sansBold, rest: sansItalic, flex: true, capEm: 22},
		{head: "Winner", align: alignLeft, face: sansBold, flex: true},
		{head: "With", align: alignLeft, face: sans, scale: 0.8, capEm: 16},
	}}
	for _, p := range s.Prizes.Prizes {
		name, desc := PrizeTitle(p.Prize, s.Divisions)
		var under []string // the prize column's later lines
		if desc != "" {
			under = append(under, desc)
		}
		if p.FromRecordedGames {
			name += " *"
		}
		if len(p.Winners) > 1 {
			under = append(under, "shared by "+strconv.Itoa(len(p.Winners)))
		}
		e := wallEntry{{name, "–", ""}}
		for i, win := range p.Winners {
			if i > 0 {
				e = append(e, []string{"", "", ""})
			}
			e[i][1], e[i][2] = win.Name, PrizeValue(p, win)
		}
		for i, u := range under {
			for i+1 >= len(e) {
				e = append(e, []string{"", "", ""})
			}
			e[i+1][0] = u
		}
		sh.entries = append(sh.entries, e)
	}
	return sh
}

// PrizeTitle is what a prize is called: its label, with its
// description (PrizeDescription) as detail, or the description alone.
// The division is named when the tournament has several.
func PrizeTitle(p service.Prize, divs []service.Division) (title, detail string) {
	div := ""
	for _, d := range divs {
		if p.DivisionID != nil && d.ID == *p.DivisionID && len(divs) > 1 {
			div = d.Name
		}
	}
	desc := PrizeDescription(p, div)
	if p.Label == "" {
		return desc, ""
	}
	return p.Label, desc
}

// PrizeTypeName is a prize type in plain words.
func PrizeTypeName(typ string) string {
	switch typ {
	case service.PrizeRank:
		return "Place"
	case service.PrizeClassRank:
		return "Class place"
	case service.PrizeHighWin:
		return "High win"
	case service.PrizeHighLoss:
		return "High loss"
	case service.PrizeLowWin:
		return "Low win"
	case service.PrizeLowLoss:
		return "Low loss"
	case service.PrizeHighCombined:
		return "High combined score"
	case service.PrizeUpset:
		return "Biggest upset"
	case service.PrizeBRLH:
		return "Best record in the lower half"
	case service.PrizeOverseed:
		return "Best finish over seed"
	case service.PrizeHighRatingChange:
		return "Biggest rating gain"
	case service.PrizeRoundRecord:
		return "Best record over rounds"
	case service.PrizeSignup:
		return "Special prize"
	case service.PrizeHighPlay:
		return "High play"
	case service.PrizeBestBingo:
		return "Best bingo"
	case service.PrizeMostBingos:
		return "Most bingos"
	}
	return typ
}

// PrizeDescription names a prize by its type: "1st place, Division A",
// "Class B, 2nd place", "High win", "High win, 2nd", "Best record,
// rounds 1–7". div is the division's name, "" to leave it out.
func PrizeDescription(p service.Prize, div string) string {
	var d string
	switch p.Type {
	case service.PrizeRank:
		d = ordinal(max(1, p.Place)) + " place"
	case service.PrizeClassRank:
		d = "Class " + p.Class + ", " + ordinal(max(1, p.Place)) + " place"
	case service.PrizeRoundRecord:
		d = "Best record, rounds " + strconv.Itoa(p.First) + "–" + strconv.Itoa(p.Last)
	default:
		d = PrizeTypeName(p.Type)
	}
	if p.Place > 1 && p.Type != service.PrizeRank && p.Type != service.PrizeClassRank {
		d += ", " + ordinal(p.Place)
	}
	if p.Class != "" && p.Type != service.PrizeClassRank {
		d += ", class " + p.Class
	}
	if div != "" {
		if !strings.HasPrefix(strings.ToLower(div), "division") {
			div = "Division " + div
		}
		d += ", " + div
	}
	return d
}

// PrizeValue is what a winner won the prize with: a score, a difference,
// a count or a record, and the round of the game where there is one.
func PrizeValue(p service.PrizeResult, w service.PrizeWinner) string {
	round := w.Round
	if round == 0 {
		round = p.Round
	}
	var v string
	if p.Value != nil {
		n := *p.Value
		switch p.Type {
		case service.PrizeHighCombined:
			v = strconv.Itoa(n) + " combined"
		case service.PrizeUpset:
			v = "by " + strconv.Itoa(n) + " rating points"
		case service.PrizeOverseed:
			v = plural(n, "place") + " over seed"
		case service.PrizeHighRatingChange:
			v = Signed(n) + " rating points"
		case service.PrizeMostBingos:
			v = plural(n, "bingo")
		default:
			v = join(" ", p.Detail, strconv.Itoa(n))
		}
	}
	if p.Wins != nil {
		v = join(", ", v, plural2(Halves(*p.Wins), *p.Wins == 1, "win"))
		if p.Spread != nil {
			v = join(" ", v, Signed(*p.Spread))
		}
	}
	if round > 0 {
		v = join(", ", v, "round "+strconv.Itoa(round))
	}
	return v
}

func plural(n int, word string) string { return plural2(strconv.Itoa(n), n == 1, word) }

func plural2(n string, one bool, word string) string {
	if one {
		return n + " " + word
	}
	return n + " " + word + "s"
}
