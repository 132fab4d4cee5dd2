package reports

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestScoreSheetAccentedNames(t *testing.T) {
	needPoppler(t)
	pdf := render(t, "polish-open", A4, polishOpen())
	text := pdfText(t, pdf)
	wantText(t, text, "Mistrzostwa Polski — Kraków", "Élite · Round 7 · Table 12 · Game 4711",
		"Lexicon: CSW21 · Rules: wespa · Challenge rule: double",
		"Élodie Müller", "Łukasz Żółw", "went first")
	if n := pages(t, pdf); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
	if title := pdfInfo(t, pdf, "Title"); title != "Score sheet: Round 7, table 12: Élodie Müller vs Łukasz Żółw" {
		t.Errorf("document title %q", title)
	}
	golden(t, "polish-open", upToBoard(text))
}

func TestScoreSheetShowsEveryTurn(t *testing.T) {
	needPoppler(t)
	text := pdfText(t, render(t, "polish-open-turns", A4, polishOpen()))
	wantText(t, text,
		"ADEHRST 8D THREADS 76 76", // rack, position, word, score, total
		"claimed 74, computed 76",  // the claim beside the computed score
		"QUI(R)K",                  // a letter already on the board
		"ENTAIL(S)e",               // a blank
		"exchange UUV", "pass",
		"lost turn", "challenged ZO(S): acceptable", // the challenger's lost turn
		"(K)WIJO 35 42", // withdrawn: its score struck, the total unchanged
		"challenged by Élodie Müller (KWIJO): unacceptable, play",
		"Time penalty", "−10",
		"Tiles left AEI", "Went out",
		"Final score", "217", "85",
		"Winner: Élodie Müller, 217 to 85, spread +132.",
		"The game ended when Élodie Müller went out.",
		"Unseen tiles (3)", "A E I",
		"Running totals", "Signature")
}

func TestScoreSheetTieBreak(t *testing.T) {
	needPoppler(t)
	text := pdfText(t, render(t, "tie-break", A4, tiedGame()))
	wantText(t, text, "Winner: Bob, 375 to 375, spread 0.",
		"The tie was broken by the higher score before the end-of-game rack adjustments",
		"(tie-break rule: pre-adjustment-score).")
	golden(t, "tie-break", upToBoard(text))
}

func TestScoreSheetUnfinishedGame(t *testing.T) {
	needPoppler(t)
	s := polishOpen()
	s.Result, s.Status = nil, "in-progress"
	text := pdfText(t, render(t, "unfinished", A4, s))
	wantText(t, text, "GAME NOT FINISHED (in progress): scores are provisional", "Total so far")
	if strings.Contains(text, "Winner") || strings.Contains(text, "Final score") {
		t.Errorf("an unfinished game shows a result:\n%s", text)
	}
}

// A game of thirty turns each fills the first page with turns and the
// end of the game; the board, chart and signatures go whole onto the
// second.
func TestScoreSheetLongGameFlowsOntoSecondPage(t *testing.T) {
	needPoppler(t)
	s := syntheticSheet(rand.New(rand.NewPCG(1, 2)), 1, 30)
	pdf := render(t, "thirty-turns", A4, s)
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d pages, want 2", n)
	}
	first, second := pageText(t, pdf, 1), pageText(t, pdf, 2)
	wantText(t, first, "page 1 of 2", "Final score")
	wantText(t, second, "page 2 of 2", "(continued)", "Unseen tiles", "Running totals", "Signature")
	for _, tr := range s.Turns {
		line := strconv.Itoa(tr.Total)
		if !strings.Contains(first, line) {
			t.Errorf("turn %d's total %s is not on page 1", tr.Number, line)
		}
	}
	if strings.Contains(first, "Signature") || strings.Contains(second, "THREADS") {
		t.Error("parts on the wrong page")
	}
}

// Longer games break the table itself, repeating the column heads.
func TestScoreSheetVeryLongGameBreaksTable(t *testing.T) {
	needPoppler(t)
	s := syntheticSheet(rand.New(rand.NewPCG(3, 4)), 2, 50)
	pdf := render(t, "fifty-turns", Letter, s)
	if n := pages(t, pdf); n < 2 {
		t.Fatalf("%d pages", n)
	}
	second := pageText(t, pdf, 2)
	wantText(t, second, "RACK POS WORD SCORE TOTAL", "(continued)")
	if !strings.Contains(pdfInfo(t, pdf, "Page size"), "612 x 792") {
		t.Errorf("Letter paper: page size %s", pdfInfo(t, pdf, "Page size"))
	}
}

// Whatever the number of turns and notes, every block stays between the
// margins and every line of the table is placed once, in order.
func TestPaginateKeepsEverythingOnThePage(t *testing.T) {
	for _, paper := range []Paper{A4, Letter} {
		f := frameFor(paper)
		for n := range 90 {
			rows := make([]row, n)
			for i := range rows {
				rows[i].h = rowH + float64(i%4)*noteLineH
			}
			const endH, bottomH = 40.0, 120.0
			next := 0
			for p, page := range paginate(f, rows, endH, bottomH) {
				for _, pl := range page {
					h := map[part]float64{partHeader: headerH, partContinued: contHeaderH, partEnd: endH, partBottom: bottomH}[pl.part]
					if pl.part == partTable {
						h = tableHeadH
						for _, r := range rows[pl.from:pl.to] {
							h += r.h
						}
						if pl.from != next {
							t.Fatalf("%s, %d rows: page %d starts at row %d, want %d", paper, n, p+1, pl.from, next)
						}
						next = pl.to
					}
					if pl.heads {
						h += tableHeadH
					}
					if pl.y < f.top || pl.y+h > f.bottom+1e-9 {
						t.Fatalf("%s, %d rows: page %d part %d spans %.1f-%.1f mm, outside %.1f-%.1f", paper, n, p+1, pl.part, pl.y, pl.y+h, f.top, f.bottom)
					}
				}
			}
			if next != n {
				t.Fatalf("%s: %d of %d rows placed", paper, next, n)
			}
		}
	}
}

func TestWriteScoreSheetsRound(t *testing.T) {
	needPoppler(t)
	r := rand.New(rand.NewPCG(5, 6))
	var sheets []ScoreSheet
	for g := 1; g <= 3; g++ {
		sheets = append(sheets, syntheticSheet(r, g, 12))
	}
	pdf := render(t, "round", A4, sheets...)
	if n := pages(t, pdf); n != 3 {
		t.Fatalf("%d pages for 3 games, want 3", n)
	}
	for g := 1; g <= 3; g++ {
		wantText(t, pageText(t, pdf, g), "Table "+strconv.Itoa(g), "page 1 of 1")
	}
}

func TestWriteScoreSheetsRefusesPlayerCount(t *testing.T) {
	s := tiedGame()
	s.Players = s.Players[:1]
	if err := WriteScoreSheets(&bytes.Buffer{}, A4, s); err == nil || !strings.Contains(err.Error(), "1 players") {
		t.Fatalf("one player: %v", err)
	}
}

func TestFourPlayers(t *testing.T) {
	needPoppler(t)
	s := tiedGame()
	s.Players = append(s.Players, SheetPlayer{Seat: 3, Name: "Cécile"}, SheetPlayer{Seat: 4, Name: "Dağhan"})
	s.Turns = append(s.Turns, SheetTurn{Number: 5, Seat: 3, Kind: TurnPlay, Rack: "AEINRST", Position: "H1", Word: "RETAINS", Score: 80, Total: 80},
		SheetTurn{Number: 6, Seat: 4, Kind: TurnPass, Total: 0})
	s.Result, s.Status = nil, "in-progress"
	text := pdfText(t, render(t, "four-players", A4, s))
	wantText(t, text, "Cécile", "Dağhan", "RETAINS", "rack AEINRST")
}

func TestParsePaper(t *testing.T) {
	for in, want := range map[string]Paper{"": A4, "a4": A4, "A4": A4, "letter": Letter, " Letter ": Letter} {
		if got, err := ParsePaper(in); err != nil || got != want {
			t.Errorf("ParsePaper(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParsePaper("legal"); err == nil {
		t.Error("legal paper accepted")
	}
}

// BenchmarkRoundScoreSheets prints a whole round of a large event: 150
// games in one PDF.
func BenchmarkRoundScoreSheets(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	sheets := make([]ScoreSheet, 150)
	for i := range sheets {
		sheets[i] = syntheticSheet(r, i+1, 11+r.IntN(5))
	}
	var size int
	for b.Loop() {
		var buf bytes.Buffer
		if err := WriteScoreSheets(&buf, A4, sheets...); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
	}
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}
