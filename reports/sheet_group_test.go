package reports

import (
	"strings"
	"testing"

	"tourney/scoring"
	"tourney/service"
)

// threeSeatGame is a finished Word Chums game of three: Ann opens WINDY,
// Bob plays GALE, Cy passes; then everyone passes three times and each
// loses their rack.
func threeSeatGame() *service.GameView {
	board := make([]string, 15)
	for i := range board {
		board[i] = strings.Repeat(".", 15)
	}
	board[7] = "...WINDY......."
	board[6] = "..GALE........."
	turns := []service.TurnView{
		event(1, service.EventMove, 1, "8D WINDY", 32, 32, 0, 0),
		event(2, service.EventMove, 2, "7C GALE", 16, 32, 16, 0),
		event(3, service.EventMove, 3, "-", 0, 32, 16, 0),
	}
	for n := 4; n <= 12; n++ {
		turns = append(turns, event(n, service.EventMove, (n-1)%3+1, "-", 0, 32, 16, 0))
	}
	for seat, rack := range map[int]string{1: "AE", 2: "Q", 3: "XYZ"} {
		e := event(12+seat, service.EventEndRack, seat, "", 0, 32, 16, 0)
		e.Rack = rack
		turns = append(turns, e)
	}
	return &service.GameView{
		ID: 9, Round: 2, Table: 3, Variant: "wordchums", ChallengeRule: "void", Lexicon: "ENABLE",
		Players: []service.SeatView{{Seat: 1, Name: "Ann Able"}, {Seat: 2, Name: "Bob Baker"}, {Seat: 3, Name: "Cy Çelik"}},
		Turns:   turns, Board: board, Status: service.StatusFinished,
		Result: &service.ResultView{Over: true, Complete: true, Reason: "passes", BeforeAdjust: []int{32, 16, 0},
			RackAdjust: []int{-2, -10, -22}, TimePenalty: []int{0, 0, 0}, TieBreak: []int{0, 0, 0}, Final: []int{30, 6, -22},
			WinnerSeat: 1, DecidedBy: "score"},
	}
}

// A game of three prints three columns side by side, each with its
// player's turns, end-of-game lines and final score.
func TestGroupScoreSheetThreeSeats(t *testing.T) {
	needPoppler(t)
	s := ScoreSheetFromGame(&service.Tournament{Name: "Chums Cup"}, threeSeatGame(), scoring.StandardLayout())
	if len(s.Players) != 3 || s.Teams || s.Result == nil || len(s.Result.Final) != 3 {
		t.Fatalf("sheet %+v", s)
	}
	if got := s.Result.RackLeft; got[0] != "AE" || got[1] != "Q" || got[2] != "XYZ" {
		t.Errorf("racks left %q", got)
	}
	pdf := render(t, "sheet-three-seats", A4, s)
	if n := pages(t, pdf); n != 1 {
		t.Fatalf("%d pages, want 1", n)
	}
	text := pdfText(t, pdf)
	wantText(t, text, "Round 2 · Table 3 · Game 9", "Rules: wordchums",
		"Ann Able went first Bob Baker player 2 Cy Çelik player 3",
		"# POS WORD SCORE TOTAL # POS WORD SCORE TOTAL # POS WORD SCORE TOTAL",
		"8D WINDY 32 32", "7C GALE 16 16",
		"From play 32 From play 16 From play 0",
		"Tiles left AE −2 Tiles left Q −10 Tiles left XYZ −22",
		"Final score 30 Final score 6 Final score -22",
		"Spread +24 Spread −24 Spread −52",
		"Winner: Ann Able, 30 to 6 to -22, spread +24. The game ended after consecutive passes.")
	if title := pdfInfo(t, pdf, "Title"); title != "Score sheet: Round 2, table 3: Ann Able vs Bob Baker vs Cy Çelik" {
		t.Errorf("title %q", title)
	}
}

// A team game prints the teams: its title pairs the partners, each
// column says its team, and the result block adds the team totals.
func TestGroupScoreSheetTeams(t *testing.T) {
	needPoppler(t)
	g := threeSeatGame()
	g.Players = append(g.Players, service.SeatView{Seat: 4, Name: "Di Dee"})
	g.Result = &service.ResultView{Over: true, Complete: true, Reason: "passes", BeforeAdjust: []int{32, 16, 0, 0},
		RackAdjust: []int{-2, -10, -22, -1}, Final: []int{30, 6, -22, -1}, TeamFinal: []int{8, 5}, WinnerSeat: 1, DecidedBy: "score"}
	g.Turns = g.Turns[:3]
	s := ScoreSheetFromGame(&service.Tournament{Name: "Chums Cup"}, g, scoring.StandardLayout())
	if !s.Teams || s.versus() != "Ann Able & Cy Çelik vs Bob Baker & Di Dee" {
		t.Fatalf("teams %v, %q", s.Teams, s.versus())
	}
	pdf := render(t, "sheet-teams", A4, s)
	wantText(t, pdfText(t, pdf), "went first, team 1", "team 2",
		"Team 1 total 8 Team 2 total 5 Team 1 total 8 Team 2 total 5",
		"Winner: team 1 (Ann Able and Cy Çelik), 8 to 5, spread +3.")
	if title := pdfInfo(t, pdf, "Title"); !strings.HasSuffix(title, "Ann Able & Cy Çelik vs Bob Baker & Di Dee") {
		t.Errorf("title %q", title)
	}
}

// A team game's result typed by the director is the two teams' scores:
// each seat shows its team's, and the winner is a team.
func TestGroupScoreSheetTeamsByHand(t *testing.T) {
	needPoppler(t)
	g := threeSeatGame()
	g.Players = []service.SeatView{{Seat: 1, PlayerID: 1, Name: "Ann"}, {Seat: 2, PlayerID: 2, Name: "Bob"}, {Seat: 3, PlayerID: 3, Name: "Cy"}, {Seat: 4, PlayerID: 4, Name: "Di"}}
	g.Result, g.Status = nil, service.StatusVoided
	g.Official = &service.OfficialResult{Kind: service.ResultGame, EnteredByHand: true, Scores: []int{340, 380}, WinnerPlayerID: ptr(int64(4))}
	s := ScoreSheetFromGame(nil, g, nil)
	r := s.Result
	if r == nil || !s.Teams || r.Winner != 2 || r.Spread(1) != -40 || r.Spread(4) != 40 || r.Final[2] != 340 {
		t.Fatalf("result %+v", r)
	}
	wantText(t, pdfText(t, render(t, "sheet-teams-by-hand", A4, s)),
		"Team result entered 340 Team result entered 380 Team result entered 340 Team result entered 380",
		"Winner: team 2 (Bob and Di), 380 to 340, spread +40.")
}

// A spread asked of a seat the scores do not reach is 0, not a crash.
func TestGroupSpreadOutOfRange(t *testing.T) {
	r := &SheetResult{Final: []int{400, 380}}
	if got := r.Spread(3); got != 0 {
		t.Errorf("Spread(3) = %d", got)
	}
}
