package reports

import (
	"bytes"
	"strings"
	"testing"

	"tourney/service"
)

func intp(n int) *int { return &n }

// ratingsView is two divisions: a NASPA one with a newcomer, a tie and a
// withdrawal, and a WESPA one.
func ratingsView() *service.RatingsView {
	a := int64(1)
	b := int64(2)
	return &service.RatingsView{TournamentID: 7, Tournament: "Mistrzostwa Polski — Kraków", Divisions: []service.DivisionRatings{
		{DivisionID: &a, Division: "Élite", System: "naspa", Through: 3, Complete: 3, Players: []service.RatingRow{
			{Rank: 1, PlayerID: 1, Name: "Élodie Müller", RatingBefore: 1850, Games: 3, Wins: 2, Performance: intp(2005), RatingAfter: 1855, Change: intp(5)},
			{Rank: 2, Tied: true, PlayerID: 2, Name: "Søren Ørsted", RatingBefore: 1702, Games: 3, Wins: 1.5, Performance: intp(1826), RatingAfter: 1707, Change: intp(5)},
			{Rank: 2, Tied: true, PlayerID: 3, Name: "Łukasz Żółw", RatingBefore: 1998, Games: 3, Wins: 1.5, Performance: intp(1726), RatingAfter: 1988, Change: intp(-10)},
			// Withdrawn: no rank, the others close up (tsh's ComputeRanks leaves
			// inactive players out; standings.TestWithdrawnTakeNoRank).
			{PlayerID: 4, Name: "Ana Peña", Unrated: true, Games: 3, Wins: 1, Performance: intp(1625), RatingAfter: 1625, Withdrawn: true},
			{Rank: 4, PlayerID: 5, Name: "Zoë Brontë", Unrated: true},
		}},
		{DivisionID: &b, Division: "Open", System: "wespa", Through: 1, Complete: 1, Players: []service.RatingRow{
			{Rank: 1, PlayerID: 6, Name: "Ngozi Okafor", RatingBefore: 1500, Games: 1, Wins: 1, Performance: intp(2006), RatingAfter: 1521, Change: intp(21)},
			{Rank: 2, PlayerID: 7, Name: "Kiri Tane", RatingBefore: 1600, Games: 1, Performance: intp(1094), RatingAfter: 1585, Change: intp(-15)},
		}},
	}}
}

// One page a division: its figures in standings order, a newcomer's
// "new" rating before and change, a player without games with dashes.
func TestRatings(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "ratings", func(b *bytes.Buffer) error { return WriteRatings(b, A4, ratingsView()) })
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d pages, want one a division", n)
	}
	wantText(t, pageText(t, pdf, 1), "Mistrzostwa Polski — Kraków", "RATING ESTIMATES", "Élite · after round 3",
		"Estimated by NASPA's formulas as tsh computes them; NASPA publishes the official ratings. New: unrated before. = shares the rank.",
		"RANK PLAYER BEFORE GAMES WON PERF. AFTER CHANGE",
		"1 Élodie Müller 1850 3 2 2005 1855 +5",
		"2= Søren Ørsted 1702 3 1½ 1826 1707 +5",
		"2= Łukasz Żółw 1998 3 1½ 1726 1988 −10",
		"– Ana Peña (withdrawn) new 3 1 1625 1625 new",
		"4 Zoë Brontë new 0 0 – – new")
	page2 := pageText(t, pdf, 2)
	wantText(t, page2, "Open · after round 1", "Estimated by WESPA's formulas", "1 Ngozi Okafor 1500 1 1 2006 1521 +21",
		"2 Kiri Tane 1600 1 0 1094 1585 −15")
	if strings.Contains(page2, "Élodie") || strings.Contains(page2, "New:") {
		t.Errorf("the second division's page shows the first's: %s", page2)
	}
}

// A long division runs onto more pages, every one headed.
func TestRatingsManyPlayers(t *testing.T) {
	needPoppler(t)
	v := ratingsView()
	v.Divisions = v.Divisions[:1]
	for i := range 70 {
		v.Divisions[0].Players = append(v.Divisions[0].Players, service.RatingRow{Rank: 6 + i, Name: "Player " + strings.Repeat("x", i%25),
			RatingBefore: 1000 + i, Games: 7, Wins: 3.5, Performance: intp(1100 + i), RatingAfter: 1010 + i, Change: intp(10)})
	}
	pdf := renderWith(t, "ratings-long", func(b *bytes.Buffer) error { return WriteRatings(b, Letter, v) })
	n := pages(t, pdf)
	if n < 2 {
		t.Fatalf("%d pages", n)
	}
	wantText(t, pageText(t, pdf, n), "RATING ESTIMATES", "RANK PLAYER BEFORE")
}
