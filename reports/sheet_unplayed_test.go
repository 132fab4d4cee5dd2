package reports

import (
	"strings"
	"testing"
)

// A game with no turns and no result (a round's sheets printed before
// play) prints as the table's sheet to fill in by hand, not as an
// unfinished game; a game with turns and no result is unfinished; a
// finished one has its result.
func TestScoreSheetUnplayedGame(t *testing.T) {
	needPoppler(t)
	unplayed := polishOpen()
	unplayed.Result, unplayed.Status, unplayed.Turns, unplayed.Board, unplayed.Unseen = nil, "in-progress", nil, SheetBoard{}, ""
	unfinished := polishOpen()
	unfinished.Result, unfinished.Status = nil, "in-progress"
	for _, tc := range []struct {
		name       string
		sheet      ScoreSheet
		want, lack []string
	}{
		{"unplayed", unplayed,
			[]string{"SCORE SHEET", "Élite · Round 7 · Lexicon CSW21", "Table 12", "Élodie Müller starts Łukasz Żółw 2nd", "Final score", "Signature"},
			[]string{"NOT FINISHED", "not finished", "provisional", "Total so far", "Running totals", "Unseen tiles"}},
		{"unfinished", unfinished,
			[]string{"GAME NOT FINISHED (in progress): scores are provisional", "Total so far"},
			[]string{"Winner"}},
		{"finished", polishOpen(),
			[]string{"Winner: Élodie Müller"},
			[]string{"NOT FINISHED", "Total so far"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := render(t, "sheet-"+tc.name, A4, tc.sheet)
			if n := pages(t, pdf); n != 1 {
				t.Errorf("%d pages, want 1", n)
			}
			text := pdfText(t, pdf)
			wantText(t, text, tc.want...)
			for _, s := range tc.lack {
				if strings.Contains(text, s) {
					t.Errorf("the sheet says %q:\n%s", s, text)
				}
			}
		})
	}
}
