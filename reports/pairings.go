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

// PairingLine is a game or a player alone (Bye: a bye, or the round of a
// withdrawn player, a late entrant's missed round, a forfeit, which Alone
// names); Players in seat order, the first starts. A table of three or
// four has 3-4 Players; a team game (Teams) has four, Players[0] and
// Players[2] against Players[1] and Players[3].
type PairingLine struct {
	Table   int
	Players []string
	Bye     bool
	Alone   string // what a player alone has: "bye", "withdrawn", "late entry", "forfeit"
	Teams   bool
}

// PairingsFromRound maps the service's pairings onto the page's.
func PairingsFromRound(tournament, division string, r *service.RoundPairings) Pairings {
	p := Pairings{Tournament: tournament, Division: division, Round: r.Round}
	for _, pv := range r.Pairings {
		line := PairingLine{Table: pv.Table, Teams: pv.Teams, Alone: AloneWord(pv)}
		line.Bye = line.Alone != ""
		for _, pl := range pv.Players {
			line.Players = append(line.Players, PairedName(pl, line.Bye))
		}
		p.Games = append(p.Games, line)
	}
	return p
}

// AloneWord is what a pairing of a player alone is, as every printout
// and page says it: "bye", "withdrawn", "late entry", "forfeit"; "" for a
// game.
func AloneWord(pv service.PairingView) string {
	switch pv.Kind {
	case service.PairingBye:
		return "bye"
	case service.PairingWithdrawn:
		return "withdrawn"
	case service.PairingLateEntry:
		return "late entry"
	case service.PairingForfeit:
		if len(pv.Players) == 1 {
			return "forfeit"
		}
	case "":
		if pv.Bye {
			return "bye"
		}
	}
	return ""
}

// PairingNames are a pairing's players as pages show them (PairedName,
// without the printouts' line numbers), in seat order.
func PairingNames(pv service.PairingView) []string {
	alone := AloneWord(pv) != ""
	var out []string
	for _, pl := range pv.Players {
		out = append(out, PairedName(service.PlayerRef{Name: pl.Name, Withdrawn: pl.Withdrawn}, alone))
	}
	return out
}

// PairedName is a player's name in a round's pairings: a withdrawn
// player at a game is marked so (the game is their opponent's forfeit
// win); alone, the line says it (AloneWord).
func PairedName(pl service.PlayerRef, alone bool) string {
	name := PlayerName(pl.Name, pl.Line)
	if pl.Withdrawn && !alone {
		name += " (withdrawn)"
	}
	return name
}

// WritePairings prints the round for the wall: by table, then, from a
// new page, every player alphabetically with their table and opponent,
// the way players look themselves up. At a table of three or four play
// goes round in the order named; a team game is its two pairs ("Ann & Cy"
// v "Bob & Di": Ann, Bob, Cy, Di in turn).
//
// Several divisions' pairings print one after the other, each division's
// by table and by name.
func WritePairings(w io.Writer, paper Paper, ps ...Pairings) error {
	pdf := newDocument(paper, w)
	c := newCanvas(pdf)
	caption := ""
	if len(ps) > 0 {
		caption = ps[0].Tournament
	}
	if len(ps) == 1 {
		caption = join(" · ", ps[0].Tournament, ps[0].title())
	}
	pdf.SetTitle(join(": ", "Pairings", caption), true)
	var lists []wallList
	for _, p := range ps {
		lists = append(lists, p.walls()...)
	}
	drawWalls(c, paper, lists...)
	return pdf.Output(w)
}

// title is the division and the round.
func (p *Pairings) title() string { return join(" · ", p.Division, numbered("Round", p.Round)) }

// walls are one division's round by table and by name.
func (p *Pairings) walls() []wallList {
	title := p.title()
	groups := false
	for _, g := range p.Games {
		groups = groups || g.isGroup()
	}
	key, second := "The player named first at each table goes first.", "Goes second"
	if groups {
		key, second = "The first named goes first, then play goes round in the order named (teams: partners joined by &, teams take turns).", "Then, in turn"
	}
	inline, stacked := pairingsByTable(p.Games, second)
	return []wallList{
		{wallHead{kind: "PAIRINGS BY TABLE", tournament: p.Tournament, title: title, key: key}, []wallShape{inline, stacked}},
		{wallHead{kind: "PAIRINGS BY NAME", tournament: p.Tournament, title: title,
			key: "Find your name: your table, when you play in it, and whom you play."}, []wallShape{pairingsByName(p.Games, groups)}},
	}
}

// pairingsByTable is the round table by table in two shapes: a line a
// table (first player v the others), or a table's players stacked under
// each other beside its number, which fits more columns on a page.
func pairingsByTable(games []PairingLine, second string) (inline, stacked wallShape) {
	inline.cols = []wallCol{
		{head: "Table", align: alignCenter, face: sansBold},
		{head: "Goes first", align: alignLeft, face: sansBold, flex: true},
		{head: "", align: alignCenter, face: sansItalic, scale: 0.7},
		{head: second, align: alignLeft, face: sans, flex: true},
	}
	stacked.cols = []wallCol{
		{head: "Table", align: alignCenter, face: sansBold, scale: 1.4, span: true},
		{head: "Players, in order of play", align: alignLeft, face: sansBold, rest: sans, flex: true},
	}
	for _, g := range games {
		switch {
		case g.Bye && len(g.Players) > 0:
			inline.entries = append(inline.entries, wallEntry{{"–", g.Players[0], "", g.alone()}})
			stacked.entries = append(stacked.entries, wallEntry{{"–", g.Players[0]}, {"", g.alone()}})
		case g.team():
			a, b := g.Players[0]+" & "+g.Players[2], g.Players[1]+" & "+g.Players[3]
			inline.entries = append(inline.entries, wallEntry{{tableNo(g.Table), a, "v", b}})
			stacked.entries = append(stacked.entries, wallEntry{{tableNo(g.Table), a}, {"", b}})
		case len(g.Players) >= 2:
			inline.entries = append(inline.entries, wallEntry{{tableNo(g.Table), g.Players[0], "v", strings.Join(g.Players[1:], ", ")}})
			e := wallEntry{{tableNo(g.Table), g.Players[0]}}
			for _, name := range g.Players[1:] {
				e = append(e, []string{"", name})
			}
			stacked.entries = append(stacked.entries, e)
		}
	}
	return inline, stacked
}

// pairingsByName is every player, byes and each player of a table of
// three or four or a team game too, in alphabetical order (accents sort
// with their letters), with their table, turn and opponents.
func pairingsByName(games []PairingLine, groups bool) wallShape {
	type entry struct{ name, table, opponent, start string }
	var entries []entry
	for _, g := range games {
		for i, name := range g.Players {
			e := entry{name: name, table: tableNo(g.Table)}
			switch {
			case g.Bye:
				e.table, e.opponent = "–", g.alone()
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
	opponent := "Opponent"
	if groups {
		opponent = "Opponents"
	}
	sh := wallShape{cols: []wallCol{
		{head: "Player", align: alignLeft, face: sansBold, flex: true},
		{head: "Table", align: alignCenter, face: sansBold},
		{head: "Goes", align: alignLeft, face: sans, scale: 0.8},
		{head: opponent, align: alignLeft, face: sans, scale: 0.8, flex: true},
	}}
	for _, e := range entries {
		sh.entries = append(sh.entries, wallEntry{{e.name, e.table, e.start, e.opponent}})
	}
	return sh
}

// alone is what a player alone has this round ("bye" unless said).
func (g *PairingLine) alone() string {
	if g.Alone == "" {
		return "bye"
	}
	return g.Alone
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
