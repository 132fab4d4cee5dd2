package reports

import (
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"tourney/service"
)

// Pairings is a round's pairings as posted in the hall: by table for the
// tables, and by name so that every player finds their own.
type Pairings struct {
	Tournament string
	Division   string
	Round      int
	Games      []PairingLine // by table, byes last
}

// PairingLine is a game or a bye; Players in seat order, the first
// starts.
type PairingLine struct {
	Table   int
	Players []string
	Bye     bool
}

// PairingsFromRound maps the service's pairings onto the page's.
func PairingsFromRound(tournament, division string, r *service.RoundPairings) Pairings {
	p := Pairings{Tournament: tournament, Division: division, Round: r.Round}
	for _, pv := range r.Pairings {
		line := PairingLine{Table: pv.Table, Bye: pv.Bye}
		for _, pl := range pv.Players {
			line.Players = append(line.Players, pl.Name)
		}
		p.Games = append(p.Games, line)
	}
	return p
}

// WritePairings prints the round by table, then, from a new page, every
// player alphabetically with their table and opponent.
func WritePairings(w io.Writer, paper Paper, p Pairings) error {
	pdf := newDocument(paper)
	c, f := canvas{pdf}, frameFor(paper)
	sub := join(" · ", p.Division, numbered("Round", p.Round))
	pdf.SetTitle(join(": ", "Pairings", join(" · ", p.Tournament, sub)), true)

	var byTable [][]string
	for _, g := range p.Games {
		switch {
		case g.Bye && len(g.Players) > 0:
			byTable = append(byTable, []string{"–", g.Players[0], "", "bye"})
		case len(g.Players) >= 2:
			byTable = append(byTable, []string{tableNo(g.Table), g.Players[0], "v", strings.Join(g.Players[1:], ", ")})
		}
	}
	drawListing(c, f, listing{
		kind: "PAIRINGS BY TABLE", title: p.Tournament, subtitle: sub + " · first named goes first", rows: byTable, rowH: 8, size: 11,
		cols: []listColumn{
			{head: "Table", w: 18, align: alignCenter, face: sansBold},
			{head: "Goes first", align: alignLeft, face: sansBold},
			{head: "", w: 8, align: alignCenter, face: sansItalic},
			{head: "Goes second", align: alignLeft, face: sansBold},
		},
	})

	type entry struct{ name, table, opponent, start string }
	var entries []entry
	for _, g := range p.Games {
		for i, name := range g.Players {
			e := entry{name: name, table: tableNo(g.Table)}
			switch {
			case g.Bye:
				e.table, e.opponent = "–", "bye"
			case i == 0:
				e.opponent, e.start = strings.Join(g.Players[1:], ", "), "first"
			default:
				e.opponent, e.start = g.Players[0], "second"
			}
			entries = append(entries, e)
		}
	}
	col := collate.New(language.Und, collate.IgnoreCase)
	slices.SortStableFunc(entries, func(a, b entry) int { return col.CompareString(a.name, b.name) })
	byName := make([][]string, len(entries))
	for i, e := range entries {
		byName[i] = []string{e.name, e.table, e.start, e.opponent}
	}
	drawListing(c, f, listing{
		kind: "PAIRINGS BY NAME", title: p.Tournament, subtitle: sub, rows: byName,
		cols: []listColumn{
			{head: "Player", align: alignLeft, face: sansBold},
			{head: "Table", w: 18, align: alignCenter, face: sansBold},
			{head: "Goes", w: 20, align: alignLeft, face: sans},
			{head: "Opponent", align: alignLeft, face: sans},
		},
	})
	return pdf.Output(w)
}

func tableNo(t int) string {
	if t <= 0 {
		return "–"
	}
	return strconv.Itoa(t)
}
