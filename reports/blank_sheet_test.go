package reports

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// A round's sheets, prefilled: a page a table with the tournament,
// division, round, table, lexicon, the names in their order of play with
// the starter marked, and numbered lines to write the turns on.
func TestTableSheets(t *testing.T) {
	needPoppler(t)
	sheets := TableSheetsFromRound("Chums Cup", "Open", "CSW21", groupRound())
	sheets = append(sheets, TableSheet{Tournament: "Mistrzostwa Polski — Kraków", Division: "Élite", Round: 3, Table: 12,
		Players: []string{"Łukasz Żółw", "Élodie Müller"}}, TableSheet{Tournament: "Chums Cup", Round: 4, Table: 5,
		Players: []string{"Hal Hope", "Ivy Ink", "Jo Jones", "Maximiliana Wójcik-Szczepańska"}})
	if len(sheets) != 5 {
		t.Fatalf("%d sheets, want 5 (the bye has none)", len(sheets))
	}
	for _, tc := range []struct {
		name  string
		paper Paper
		lines []string // each sheet's last line's number (a team game's note takes room)
	}{{"a4", A4, []string{"29", "28", "29", "29", "29"}}, {"letter", Letter, []string{"26", "26", "26", "26", "26"}}} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := renderWith(t, "tablesheets-"+tc.name, func(b *bytes.Buffer) error { return WriteTableSheets(b, tc.paper, sheets...) })
			if n := pages(t, pdf); n != 5 {
				t.Fatalf("%d pages, want a sheet a table (5)", n)
			}
			for i, want := range []struct {
				head    []string
				columns string // the names in a line, each with its place, the starter's "starts"
				caps    string
			}{
				{[]string{"Chums Cup", "Open · Round 3 · Lexicon CSW21", "Table 1"},
					"Ann Able starts Bob Baker 2nd Cy Çelik 3rd", "POS WORD SCORE TOTAL POS WORD SCORE TOTAL POS WORD SCORE TOTAL"},
				{[]string{"Chums Cup", "Open · Round 3 · Lexicon CSW21", "Table 2", "Team game, in turn: Di Dee, Eve Eng, Fay Fox, Gus Gray"},
					"Di Dee & Fay Fox starts Eve Eng & Gus Gray 2nd", "RACK POS WORD SCORE TOTAL RACK POS WORD SCORE TOTAL"},
				{[]string{"Open · Round 3", "Table 3"}, "Hal Hope starts Ivy Ink 2nd", "RACK POS WORD SCORE TOTAL RACK POS WORD SCORE TOTAL"},
				{[]string{"Mistrzostwa Polski — Kraków", "Élite · Round 3 · Lexicon ________", "Table 12"},
					"Łukasz Żółw starts Élodie Müller 2nd", "RACK POS WORD SCORE TOTAL RACK POS WORD SCORE TOTAL"},
				{[]string{"Chums Cup", "Round 4 · Lexicon ________", "Table 5"},
					"Hal Hope starts Ivy Ink 2nd Jo Jones 3rd", "POS WORD SCORE TOTAL POS WORD SCORE TOTAL POS WORD SCORE TOTAL POS WORD SCORE TOTAL"},
			} {
				text := pageText(t, pdf, i+1)
				wantText(t, text, want.head...)
				wantText(t, text, "SCORE SHEET", want.columns, want.caps, "\n1\n", "\n"+tc.lines[i]+"\n", "Final score", "Signature")
				last, _ := strconv.Atoi(tc.lines[i])
				if strings.Contains(text, "\n"+strconv.Itoa(last+1)+"\n") || strings.Count(text, "Final score") != strings.Count(want.caps, "TOTAL") {
					t.Errorf("sheet %d: lines or columns out of count:\n%s", i+1, text)
				}
			}
		})
	}
}

// Without games a round's sheets say so.
func TestTableSheetsNone(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "tablesheets-none", func(b *bytes.Buffer) error { return WriteTableSheets(b, A4) })
	wantText(t, pdfText(t, pdf), "SCORE SHEETS", "No games in this round.")
}
