package reports

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"tourney/service"
)

func floatp(v float64) *float64 { return &v }

// statsView is a division with full top-ten lists and recorded games,
// and one with no games at all.
func statsView() *service.StatsView {
	a := int64(1)
	full := service.DivisionStats{DivisionID: &a, Name: "Élite", Through: 12, Complete: 12, Players: 24, Games: 144, Ties: 2, Byes: 0, Forfeits: 1,
		AverageScore: floatp(391.46), AverageWinningScore: floatp(437.2), AverageLosingScore: floatp(345.71),
		FirstPlayerGames: 140, FirstPlayerWinPct: floatp(54.29), HigherRatedGames: 130, HigherRatedWinPct: floatp(61.54)}
	for i := range 10 {
		p := []service.PlayerStat{{PlayerID: int64(i + 1), Name: fmt.Sprintf("Łukasz Żółw %d", i), Score: 600 - i}, {PlayerID: 99, Name: "Zoë Brontë", Score: 300}}
		full.HighWins = append(full.HighWins, service.GameStat{Round: i + 1, Table: i + 2, Value: 600 - i, Players: p})
		full.HighLosses = append(full.HighLosses, service.GameStat{Round: i + 1, Value: 480 - i, Players: p})
		full.HighCombined = append(full.HighCombined, service.GameStat{Round: i + 1, Table: 1, Value: 900 - i, Players: p})
	}
	full.TurnStats = service.TurnStats{RecordedGames: 40, Bingos: 71, BingosPerGame: floatp(1.78), Turns: 1000, AverageTurnScore: floatp(33.12),
		Challenges: 25, ChallengesUpheld: 11}
	for i := range 10 {
		full.HighPlays = append(full.HighPlays, service.PlayStat{Round: 3, Table: 4, GameID: 9, PlayerID: 5, Name: "Søren Ørsted",
			Move: "8A QUIXOTRY", Word: "QUIXOTRY", Score: 365 - i, Bingo: i%2 == 0})
	}
	return &service.StatsView{TournamentID: 7, Tournament: "Mistrzostwa Polski — Kraków", Divisions: []service.DivisionStats{
		full, {Name: "Open", Players: 3, HighWins: []service.GameStat{}, HighLosses: []service.GameStat{}, HighCombined: []service.GameStat{}},
	}}
}

// A full division takes two pages (the second "continued"), an empty one
// says so; every page says which of how many it is.
func TestStatsSheet(t *testing.T) {
	needPoppler(t)
	for _, paper := range []Paper{A4, Letter} {
		pdf := renderWith(t, "stats-"+string(paper), func(b *bytes.Buffer) error { return WriteStats(b, paper, statsView()) })
		n := pages(t, pdf)
		if n != 3 {
			t.Fatalf("%s: %d pages, want 3", paper, n)
		}
		wantText(t, pageText(t, pdf, 1), "Mistrzostwa Polski — Kraków", "Élite · after round 12", "page 1 of 3",
			"Average score 391.5", "54.3% of 140 games", "From the 40 games recorded turn by turn", "Bingos per game 1.78",
			"Highest winning scores", "Łukasz Żółw 0", "600–300")
		wantText(t, pageText(t, pdf, 2), "Élite · after round 12 (continued)", "page 2 of 3", "Highest plays",
			"QUIXOTRY (bingo)", "8A QUIXOTRY", "come only from the 40 games recorded turn by turn")
		open := pageText(t, pdf, 3)
		wantText(t, open, "Open · before round 1", "page 3 of 3", "No game recorded turn by turn", "No games yet.",
			"No game was recorded turn by turn")
		if strings.Contains(open, "Highest plays") {
			t.Errorf("a division without recorded games lists no plays:\n%s", open)
		}
	}
}
