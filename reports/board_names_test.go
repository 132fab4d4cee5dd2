package reports

import (
	"strings"
	"testing"

	"tourney/service"
)

// TestBoardKeyUsesVariantSquareNames: the board and its key print the
// variant's own names for its premium squares: L2/L3/L4 and W2/W3 on a
// Word Chums sheet (with its L4 squares in the key), DL/TL/DW/TW on a
// NASPA one.
func TestBoardKeyUsesVariantSquareNames(t *testing.T) {
	needPoppler(t)
	for _, tc := range []struct {
		variant    string
		want, lack []string
	}{
		{"wordchums",
			[]string{"W3 triple word", "W2 double word", "L4 quadruple letter", "L3 triple letter", "L2 double letter"},
			[]string{"TW", "DW", "TL", "DL"}},
		{"naspa",
			[]string{"TW triple word", "DW double word", "TL triple letter", "DL double letter"},
			[]string{"L4", "W3", "quadruple"}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			tour := &service.Tournament{Name: "Open", Variant: tc.variant}
			g := &service.GameView{ID: 1, Round: 1, Table: 1, Variant: tc.variant, ChallengeRule: "void",
				Players: []service.SeatView{{Seat: 1, Name: "Ann"}, {Seat: 2, Name: "Bo"}},
				Status:  service.StatusInProgress,
				// A turn in: a game without any prints as a hand sheet.
				Turns: []service.TurnView{{TurnEvent: service.TurnEvent{Seq: 1, Kind: service.EventMove, Seat: 1, Move: "-"}}}}
			s := ScoreSheetFromGame(tour, g, TournamentLayout(tour))
			text := pdfText(t, render(t, "key-"+tc.variant, A4, s))
			wantText(t, text, tc.want...)
			for _, w := range tc.lack {
				if strings.Contains(text, w) {
					t.Errorf("%s sheet prints %q:\n%s", tc.variant, w, text)
				}
			}
		})
	}
}
