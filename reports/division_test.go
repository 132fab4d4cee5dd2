package reports

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// polishDivision is a division of four after two rounds, with names
// that need more than ASCII, a tie for first and a bye.
func polishDivision() Division {
	g := func(round, table, opp int, oppName, start string, score, oppScore int) RoundLine {
		o := "T"
		switch {
		case score > oppScore:
			o = "W"
		case score < oppScore:
			o = "L"
		}
		return RoundLine{Round: round, Table: table, OpponentNumber: opp, Opponent: oppName, Start: start, Entered: true,
			Score: score, OppScore: oppScore, Spread: score - oppScore, Outcome: o}
	}
	players := []PlayerCard{
		{Number: 1, Name: "Élodie Müller", Rating: 1850, Rounds: []RoundLine{
			g(1, 1, 2, "Łukasz Żółw", "first", 412, 380), g(2, 1, 3, "Søren Ørsted", "second", 401, 377)}},
		{Number: 2, Name: "Łukasz Żółw", Rating: 1790, Rounds: []RoundLine{
			g(1, 1, 1, "Élodie Müller", "second", 380, 412),
			{Round: 2, Entered: true, Bye: true, Score: 50, Spread: 50, Outcome: "W"}}},
		{Number: 3, Name: "Søren Ørsted", Rating: 1700, Rounds: []RoundLine{
			g(1, 2, 4, "Ana Peña", "first", 450, 300), g(2, 1, 1, "Élodie Müller", "first", 377, 401)}},
		{Number: 4, Name: "Ana Peña", Rating: 1600, Withdrawn: true, Rounds: []RoundLine{
			g(1, 2, 3, "Søren Ørsted", "second", 300, 450)}},
	}
	d := Division{Tournament: "Mistrzostwa Polski — Kraków", Division: "Élite", Through: 2, Complete: 2, Rounds: 5, Players: players}
	for _, s := range []StandingLine{
		{Rank: 1, Tied: true, Number: 1, Name: "Élodie Müller", Wins: 2, Spread: 56},
		{Rank: 1, Tied: true, Number: 3, Name: "Søren Ørsted", Wins: 1, Losses: 1, Spread: 126},
		{Rank: 3, Number: 2, Name: "Łukasz Żółw", Wins: 1, Losses: 1, Spread: 18},
		// Withdrawn: no rank (tsh's ComputeRanks leaves inactive players
		// out; standings.TestWithdrawnTakeNoRank): the wall prints a dash.
		{Number: 4, Name: "Ana Peña", Losses: 1, Spread: -150, Withdrawn: true},
	} {
		s.Last = players[s.Number-1].last()
		d.Standings = append(d.Standings, s)
	}
	return d
}

func polishPairings() Pairings {
	return Pairings{Tournament: "Mistrzostwa Polski — Kraków", Division: "Élite", Round: 3, Games: []PairingLine{
		{Table: 1, Players: []string{"Łukasz Żółw", "Élodie Müller"}},
		{Table: 2, Players: []string{"Søren Ørsted", "Zoë Adams"}},
		{Players: []string{"Ana Peña"}, Bye: true},
	}}
}

// renderWith runs a writer and keeps the PDF under -pdf-dir.
func renderWith(t *testing.T, name string, write func(*bytes.Buffer) error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
		t.Fatalf("%s does not start with %%PDF-", name)
	}
	if *pdfDir != "" {
		if err := os.WriteFile(filepath.Join(*pdfDir, name+".pdf"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func TestStandings(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "standings", func(b *bytes.Buffer) error { return WriteStandings(b, A4, polishDivision()) })
	text := pdfText(t, pdf)
	wantText(t, text, "Mistrzostwa Polski — Kraków", "Élite · after round 2", "STANDINGS",
		"RANK PLAYER WON–LOST SPREAD LAST GAME",
		"1= Élodie Müller 2–0 +56 R2 W 401–377 v Søren Ørsted",
		"3 Łukasz Żółw 1–1 +18 R2 bye +50",
		"– Ana Peña (withdrawn) 0–1 −150 R1 L 300–450 v Søren Ørsted")
	if n := pages(t, pdf); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
}

// A long division runs onto more pages, each with its heads.
func TestStandingsManyPlayers(t *testing.T) {
	needPoppler(t)
	d := polishDivision()
	for i := range 60 {
		d.Standings = append(d.Standings, StandingLine{Rank: 5 + i, Name: "Player " + strings.Repeat("x", i%20)})
	}
	pdf := renderWith(t, "standings-long", func(b *bytes.Buffer) error { return WriteStandings(b, Letter, d) })
	if n := pages(t, pdf); n != 3 {
		t.Fatalf("%d pages, want 3 (names at 18 pt, some long)", n)
	}
	wantText(t, pageText(t, pdf, 3), "page 3 of 3", "Élite · after round 2", "RANK PLAYER")
	if size := pdfInfo(t, pdf, "Page size"); !strings.Contains(size, "612 x 792") {
		t.Errorf("page size %q, want Letter", size)
	}
}

func TestPairings(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "pairings", func(b *bytes.Buffer) error { return WritePairings(b, A4, polishPairings()) })
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d pages, want 2 (by table, by name)", n)
	}
	// Two tables: each one's players under each other, in large type.
	wantText(t, pageText(t, pdf, 1), "PAIRINGS BY TABLE", "Élite · Round 3",
		"Łukasz Żółw\n1 Élodie Müller\nSøren Ørsted\n2 Zoë Adams\nAna Peña\n– bye")
	byName := pageText(t, pdf, 2)
	wantText(t, byName, "PAIRINGS BY NAME",
		"Ana Peña – bye", "Élodie Müller 1 second Łukasz Żółw", "Łukasz Żółw 1 first Élodie Müller",
		"Søren Ørsted 2 first Zoë Adams", "Zoë Adams 2 second Søren Ørsted")
	// Alphabetical, accents sorting with their letters: Élodie among the Es.
	order := []string{"Ana Peña", "Élodie Müller", "Łukasz Żółw", "Søren Ørsted", "Zoë Adams"}
	last := -1
	for _, name := range order {
		i := strings.Index(byName, name+" ")
		if i < last {
			t.Errorf("%s is out of alphabetical order:\n%s", name, byName)
		}
		last = i
	}
}

func TestScorecards(t *testing.T) {
	needPoppler(t)
	done := 0
	pdf := renderWith(t, "scorecards", func(b *bytes.Buffer) error {
		return WriteScorecards(b, A4, polishDivision(), func(n int) { done = n })
	})
	if n := pages(t, pdf); n != 1 || done != 4 {
		t.Fatalf("%d pages, progress %d: want the four cards of five rounds on one sheet", n, done)
	}
	cards := scorecardTexts(pdfText(t, pdf))
	wantText(t, cards[0], "SCORECARD", "Élite · Player 1 · rating 1850", "Élodie Müller",
		"ROUND TABLE OPPONENT WENT SCORE OPP. SPREAD WON–LOST TOTAL SPR.",
		"1 1 Łukasz Żółw (#2) first 412 380 +32 1–0 +32",
		"2 1 Søren Ørsted (#3) second 401 377 +24 2–0 +56",
		"\n3\n", "\n5\n") // rounds to come, to fill in
	wantText(t, cards[1], "Łukasz Żółw", "2 – bye +50 1–1 +18")
	wantText(t, cards[3], "Ana Peña (withdrawn)")
}

func TestCrossTable(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "crosstable", func(b *bytes.Buffer) error { return WriteCrossTable(b, A4, polishDivision()) })
	if size := pdfInfo(t, pdf, "Page size"); !strings.HasPrefix(size, "841.89 x 595.28") {
		t.Errorf("page size %q, want A4 landscape", size)
	}
	text := pdfText(t, pdf)
	wantText(t, text, "CROSS-TABLE", "Élite · after round 2", "# PLAYER RD 1 RD 2 WON–LOST SPREAD",
		"W 2*", "1 Élodie Müller 412–380 401–377 2–0 +56", "W 4* L 1*",
		"Łukasz Żółw", "bye", "Ana Peña (wd)", "Søren Ørsted")
}

// Twenty rounds do not fit across one page: the later rounds continue on
// a second, the names repeated.
func TestCrossTableManyRounds(t *testing.T) {
	needPoppler(t)
	d := polishDivision()
	for i := range d.Players {
		p := &d.Players[i]
		for r := 3; r <= 20; r++ {
			p.Rounds = append(p.Rounds, RoundLine{Round: r, OpponentNumber: 1 + (i+r)%4, Opponent: "x", Entered: true,
				Score: 400, OppScore: 350, Spread: 50, Outcome: "W"})
		}
	}
	d.Through = 20
	pdf := renderWith(t, "crosstable-long", func(b *bytes.Buffer) error { return WriteCrossTable(b, A4, d) })
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d pages, want 2", n)
	}
	wantText(t, pageText(t, pdf, 2), "page 2 of 2", "RD 20", "Élodie Müller")
}

func TestRecordHalves(t *testing.T) {
	for _, tc := range []struct {
		w, l float64
		want string
	}{{0, 0, "0–0"}, {2, 1, "2–1"}, {1.5, 0.5, "1½–½"}, {0.5, 2.5, "½–2½"}} {
		if got := Record(tc.w, tc.l); got != tc.want {
			t.Errorf("Record(%g, %g) = %q, want %q", tc.w, tc.l, got, tc.want)
		}
	}
}

func TestTableCards(t *testing.T) {
	needPoppler(t)
	url := "https://club.example/table/7?code=abc123XYZ"
	pdf := renderWith(t, "tablecards", func(b *bytes.Buffer) error {
		return WriteTableCards(b, A4,
			TableCard{Tournament: "Mistrzostwa Polski — Kraków", Division: "Élite", Round: 3, Table: 7,
				Players: []string{"Łukasz Żółw", "Élodie Müller"}, URL: url},
			TableCard{Tournament: "Club", Round: 3, Table: 12, Players: []string{"Ana Peña"}, URL: url})
	})
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d pages, want 2", n)
	}
	wantText(t, pageText(t, pdf, 1), "Mistrzostwa Polski — Kraków · Élite", "TABLE · Round 3", "7",
		"Łukasz Żółw", "goes first, against", "Élodie Müller", url)
	wantText(t, pageText(t, pdf, 2), "12", "Ana Peña", "bye")
	wantImages(t, pdf, 4) // a QR code on each face
}

// wantImages checks the PDF holds n images (the QR codes).
func wantImages(t *testing.T, pdf []byte, n int) {
	t.Helper()
	out, err := exec.Command("pdfimages", "-list", pdfFile(t, pdf)).Output()
	if err != nil {
		t.Skipf("pdfimages: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if got := len(lines) - 2; got != n { // two header lines
		t.Errorf("%d images, want %d:\n%s", got, n, out)
	}
}

func TestResultSlips(t *testing.T) {
	needPoppler(t)
	var slips []ResultSlip
	for table := 1; table <= 4; table++ {
		slips = append(slips, ResultSlip{Tournament: "Mistrzostwa Polski — Kraków", Division: "Élite", Round: 3, Table: table,
			Players: []string{"Łukasz Żółw", "Élodie Müller"}})
	}
	pdf := renderWith(t, "slips", func(b *bytes.Buffer) error { return WriteResultSlips(b, Letter, slips...) })
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d pages, want 2 (three slips a page)", n)
	}
	wantText(t, pageText(t, pdf, 1), "RESULT SLIP", "Élite · Round 3 · Table 1", "Élite · Round 3 · Table 3",
		"PLAYER WENT FIRST FINAL SCORE", "Łukasz Żółw", "Spread (winner's)", "Signature: Élodie Müller")
	wantText(t, pageText(t, pdf, 2), "Table 4")
}

func TestBlankScoreSheet(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "blank", func(b *bytes.Buffer) error {
		return WriteBlankScoreSheet(b, A4, BlankScoreSheet{Tournament: "Mistrzostwa Polski — Kraków"})
	})
	if n := pages(t, pdf); n != 1 {
		t.Fatalf("%d pages, want 1", n)
	}
	wantText(t, pdfText(t, pdf), "Mistrzostwa Polski — Kraków", "SCORE SHEET", "Round", "Table",
		"RACK POS WORD SCORE TOTAL", "Final score", "Signature", "\n29\n")
}
