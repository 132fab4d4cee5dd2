package reports

import (
	"io"
	"strings"

	"tourney/service"
)

// Score sheets to fill in by hand, for tables with no tablet: blank, or
// prefilled for a round with everything known before play (round, table,
// the players and who starts), leaving the turns to write.

// BlankScoreSheet is a score sheet to fill in by hand, for a table with
// no tablet.
type BlankScoreSheet struct {
	Tournament string
	Lines      int // turns per player; 0: as many as fit
}

// WriteBlankScoreSheet prints one blank score sheet: round, table and
// names to fill in, a column of turns for each of two players, final
// scores and signatures.
func WriteBlankScoreSheet(w io.Writer, paper Paper, b BlankScoreSheet) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle("Score sheet (blank)", true)
	c, f := newCanvas(pdf), frameFor(paper)
	c.AddPage()
	drawHandSheet(c, f, &handSheet{tournament: b.Tournament, columns: []handColumn{{}, {}}, lines: b.Lines})
	return pdf.Output(w)
}

// TableSheet is a round's score sheet for one table, filled in before
// play: tournament, division, round, table, lexicon, the players in
// their order of play (the first starts) and blank numbered lines for
// the turns.
type TableSheet struct {
	Tournament string
	Division   string
	Round      int
	Table      int
	Lexicon    string   // empty: a line to write it on
	Players    []string // in seat order, the first starts; 3-4 at a table of three or four
	// Teams: a team game, Players[0] and Players[2] against Players[1]
	// and Players[3]; the sheet has a column for each team.
	Teams bool
	Lines int // turns per column; 0: as many as fit
}

// TableSheetsFromRound is a sheet for every table of a round (byes have
// none), in the order of the tables.
func TableSheetsFromRound(tournament, division, lexicon string, r *service.RoundPairings) []TableSheet {
	var out []TableSheet
	for _, pv := range r.Pairings {
		if len(pv.Players) < 2 { // a bye, or a player alone who does not play
			continue
		}
		s := TableSheet{Tournament: tournament, Division: division, Round: r.Round, Table: pv.Table, Lexicon: lexicon, Teams: pv.Teams}
		for _, pl := range pv.Players {
			s.Players = append(s.Players, pl.Name)
		}
		out = append(out, s)
	}
	return out
}

// WriteTableSheets prints a prefilled score sheet a page, in the order
// given.
func WriteTableSheets(w io.Writer, paper Paper, sheets ...TableSheet) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle("Score sheets to fill in", true)
	c, f := newCanvas(pdf), frameFor(paper)
	for i := range sheets {
		c.AddPage()
		c.use(sans, cellSize)
		c.Bookmark(numbered("Table", sheets[i].Table), 0, 0)
		drawHandSheet(c, f, sheets[i].hand())
		if err := pdf.Error(); err != nil {
			return err
		}
	}
	if len(sheets) == 0 {
		c.AddPage()
		drawTitle(c, f, "SCORE SHEETS", "", "No games in this round.", 1, 1)
	}
	return pdf.Output(w)
}

// handSheet is what a hand score sheet shows, blank or prefilled.
type handSheet struct {
	tournament, division string
	round, table         int
	lexicon              string
	note                 string // under the head: a team game's order of play
	columns              []handColumn
	lines                int
}

// handColumn is a column of turns: a player's, or a team's.
type handColumn struct {
	name  string // "" for a line to write the name on
	order string // "starts", "2nd", ...; "" for a box to tick who went first
}

func (s *handSheet) prefilled() bool { return s.round > 0 || s.table > 0 }

// hand is the sheet's columns: a player each in the order of play, or a
// team game's two teams.
func (t *TableSheet) hand() *handSheet {
	s := &handSheet{tournament: t.Tournament, division: t.Division, round: t.Round, table: t.Table, lexicon: t.Lexicon, lines: t.Lines}
	p := t.Players
	if t.Teams && len(p) == 4 {
		s.columns = []handColumn{{p[0] + " & " + p[2], "starts"}, {p[1] + " & " + p[3], "2nd"}}
		s.note = "Team game, in turn: " + strings.Join(p, ", ")
		return s
	}
	for len(p) < 2 {
		p = append(p, "")
	}
	for i, name := range p[:min(len(p), 4)] {
		order := ordinal(i + 1)
		if i == 0 {
			order = "starts"
		}
		s.columns = append(s.columns, handColumn{name, order})
	}
	return s
}
