package reports

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"tourney/service"
)

func f64p(v float64) *float64 { return &v }

// How a prize is named and what it was won with, in the sheet's words
// (the projector uses the same).
func TestPrizeWords(t *testing.T) {
	a := int64(1)
	for _, tc := range []struct {
		p    service.Prize
		div  string
		want string
	}{
		{service.Prize{Type: service.PrizeRank, Place: 1}, "A", "1st place, Division A"},
		{service.Prize{Type: service.PrizeRank, Place: 22}, "Division Two", "22nd place, Division Two"},
		{service.Prize{Type: service.PrizeRank, Place: 12}, "", "12th place"},
		{service.Prize{Type: service.PrizeClassRank, Place: 2, Class: "B"}, "", "Class B, 2nd place"},
		{service.Prize{Type: service.PrizeHighWin, Place: 1}, "", "High win"},
		{service.Prize{Type: service.PrizeHighWin, Place: 3}, "", "High win, 3rd"},
		{service.Prize{Type: service.PrizeBRLH, Place: 1}, "", "Best record in the lower half"},
		{service.Prize{Type: service.PrizeRoundRecord, Place: 1, First: 1, Last: 7}, "", "Best record, rounds 1–7"},
		{service.Prize{Type: service.PrizeMostBingos, Place: 1, DivisionID: &a}, "", "Most bingos"},
	} {
		if got := PrizeDescription(tc.p, tc.div); got != tc.want {
			t.Errorf("%+v in %q: %q, want %q", tc.p, tc.div, got, tc.want)
		}
	}
	for _, tc := range []struct {
		r    service.PrizeResult
		w    service.PrizeWinner
		want string
	}{
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeHighWin}, Value: intp(612), Round: 3}, service.PrizeWinner{}, "612, round 3"},
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeHighWin}, Value: intp(612), Round: 3}, service.PrizeWinner{Round: 9}, "612, round 9"},
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeHighPlay}, Value: intp(167), Detail: "QUIXOTIC", Round: 2}, service.PrizeWinner{}, "QUIXOTIC 167, round 2"},
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeMostBingos}, Value: intp(1)}, service.PrizeWinner{}, "1 bingo"},
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeUpset}, Value: intp(412), Round: 5}, service.PrizeWinner{}, "by 412 rating points, round 5"},
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeHighRatingChange}, Value: intp(-3)}, service.PrizeWinner{}, "−3 rating points"},
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeRank}, Wins: f64p(5.5), Spread: intp(321)}, service.PrizeWinner{}, "5½ wins +321"},
		{service.PrizeResult{Prize: service.Prize{Type: service.PrizeSignup}}, service.PrizeWinner{}, ""},
	} {
		if got := PrizeValue(tc.r, tc.w); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.r, got, tc.want)
		}
	}
}

// A long table over two divisions: every prize on the sheet, in order,
// over pages numbered "page x of y"; provisional in the heading.
func TestPrizesSheet(t *testing.T) {
	needPoppler(t)
	a, b := int64(1), int64(2)
	v := &service.PrizesView{Provisional: true}
	for i := 1; i <= 30; i++ {
		div := &a
		if i > 15 {
			div = &b
		}
		v.Prizes = append(v.Prizes, service.PrizeResult{Prize: service.Prize{Type: service.PrizeRank, Place: (i-1)%15 + 1, DivisionID: div},
			Winners: []service.PrizeWinner{{PlayerID: int64(i), Name: fmt.Sprintf("Player %d Żółkiewski-Ørsted", i)}}, Wins: f64p(10), Spread: intp(400 - i)})
	}
	v.Prizes = append(v.Prizes, service.PrizeResult{Prize: service.Prize{Type: service.PrizeBestBingo, DivisionID: &a, Label: "Best bingo of the weekend"}, FromRecordedGames: true,
		Winners: []service.PrizeWinner{{Name: "Ann", Round: 2}, {Name: "Bob", Round: 5}}, Value: intp(98), Detail: "ZEPHYRS", Round: 2})
	sheet := PrizeSheet{Tournament: "Mistrzostwa Polski — Kraków", Divisions: []service.Division{{ID: 1, Name: "A"}, {ID: 2, Name: "Division B"}}, Prizes: v}
	pdf := renderWith(t, "prizes", func(w *bytes.Buffer) error { return WritePrizes(w, A4, sheet) })
	n := pages(t, pdf)
	if n < 2 {
		t.Fatalf("%d pages for 31 prizes in large type", n)
	}
	text := pdfText(t, pdf)
	wantText(t, text, "PROVISIONAL — results still to come", "1st place, Division A", "15th place, Division B",
		"Best bingo of the weekend *", "shared by 2", "ZEPHYRS 98, round 5", fmt.Sprintf("page %d of %d", n, n),
		"From the games recorded turn by turn only: Best bingo.")
	if i, j := strings.Index(text, "Player 3 "), strings.Index(text, "Player 4 "); i < 0 || j < i {
		t.Errorf("prizes out of order:\n%s", text)
	}
	v.Provisional = false
	if text := pdfText(t, renderWith(t, "prizes-final", func(w *bytes.Buffer) error { return WritePrizes(w, Letter, sheet) })); strings.Contains(text, "PROVISIONAL") {
		t.Errorf("final, still provisional:\n%s", text)
	}
}
