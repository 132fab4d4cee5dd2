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
// starts. A table of three or four has 3-4 Players; a team game (Teams)
// has four, Players[0] and Players[2] against Players[1] and Players[3].
type PairingLine struct {
	Table   int
	Players []string
	Bye     bool
	Teams   bool
}

// PairingsFromRound maps the service's pairings onto the page's.
func PairingsFromRound(tournament, division string, r *service.RoundPairings) Pairings {
	p := Pairings{Tournament: tournament, Division: division, Round: r.Round}
	for _, pv := range r.Pairings {
		line := PairingLine{Table: pv.Table, Bye: pv.Bye, Teams: pv.Teams}
		for _, pl := range pv.Players {
			line.Players = append(line.Players, pl.Name)
		}
		p.Games = append(p.Games, line)
	}
	return p
}

// WritePairings prints the round by table, then, from a new page, every
// player alphabetically with their table and opponent. At a table of
// three or four play goes round in the order named; a team game is its
// two pairs ("Ann & Cy" v "Bob & Di": Ann, Bob, Cy, Di in turn).
func WritePairings(w io.Writer, paper Paper, p Pairings) error {
	pdf := newDocument(paper, w)
	c, f := newCanvas(pdf), frameFor(paper)
	sub := join(" · ", p.Division, numbered("Round", p.Round))
	pdf.SetTitle(join(": ", "Pairings", join(" · ", p.Tournament, sub)), true)

	groups := false
	var byTable [][]string
	for _, g := range p.Games {
		groups = groups || g.isGroup()
		switch {
		case g.Bye && len(g.Players) > 0:
			byTable = append(byTable, []string{"–", g.Players[0], "", "bye"})
		case g.team():
			byTable = append(byTable, []string{tableNo(g.Table), g.Players[0] + " & " + g.Players[2], "v", g.Players[1] + " & " + g.Players[3]})
		case len(g.Players) >= 2:
			byTable = append(byTable, []string{tableNo(g.Table), g.Players[0], "v", strings.Join(g.Players[1:], ", ")})
		}
	}
	subtitle, second := sub+" · first named goes first", "Goes second"
	if groups {
		subtitle, second = sub+" · first named goes first, then in the order named (teams take turns)", "Then, in turn"
	}
	drawListing(c, f, listing{
		kind: "PAIRINGS BY TABLE", title: p.Tournament, subtitle: subtitle, rows: byTable, rowH: 8, size: 11,
		cols: []listColumn{
			{head: "Table", w: 18, align: alignCenter, face: sansBold},
			{head: "Goes first", align: alignLeft, face: sansBold},
			{head: "", w: 8, align: alignCenter, face: sansItalic},
			{head: second, align: alignLeft, face: sansBold},
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
			case g.isGroup():
				e.opponent, e.start = g.against(i), ordinalWord(i+1)
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
	opponent := "Opponent"
	if groups {
		opponent = "Opponents"
	}
	drawListing(c, f, listing{
		kind: "PAIRINGS BY NAME", title: p.Tournament, subtitle: sub, rows: byName,
		cols: []listColumn{
			{head: "Player", align: alignLeft, face: sansBold},
			{head: "Table", w: 18, align: alignCenter, face: sansBold},
			{head: "Goes", w: 20, align: alignLeft, face: sans},
			{head: opponent, align: alignLeft, face: sans},
		},
	})
	return pdf.Output(w)
}

// isGroup: a table of three or four, or a team game.
func (g *PairingLine) isGroup() bool { return !g.Bye && (len(g.Players) > 2 || g.Teams) }

// team: a team game with its four players.
func (g *PairingLine) team() bool { return g.Teams && !g.Bye && len(g.Players) == 4 }

// against is whom the player in seat i (0-based) meets at a table of
// three or four, in the order of play ("Bob, Cy"); in a team game the
// opposing pair and the partner ("Bob & Di, with Cy").
func (g *PairingLine) against(i int) string {
	if g.team() {
		return g.Players[(i+1)%4] + " & " + g.Players[(i+3)%4] + ", with " + g.Players[(i+2)%4]
	}
	var others []string
	for j := 1; j < len(g.Players); j++ {
		others = append(others, g.Players[(i+j)%len(g.Players)])
	}
	return strings.Join(others, ", ")
}

// ordinalWord is a seat in the order of play: "first" to "fourth".
func ordinalWord(n int) string {
	if n >= 1 && n <= 4 {
		return [...]string{"first", "second", "third", "fourth"}[n-1]
	}
	return ordinal(n)
}

func tableNo(t int) string {
	if t <= 0 {
		return "–"
	}
	return strconv.Itoa(t)
}
