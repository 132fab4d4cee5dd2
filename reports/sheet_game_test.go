package reports

import (
	"encoding/json"
	"strings"
	"testing"

	"tourney/scoring"
	"tourney/service"
)

// event builds a turn view: kind, seat, move, the computed score and
// the totals after it.
func event(seq int, kind string, seat int, move string, score int, totals ...int) service.TurnView {
	return service.TurnView{TurnEvent: service.TurnEvent{Seq: seq, Kind: kind, Seat: seat, Move: move, Score: score}, Totals: totals}
}

func breakdownJSON(t *testing.T, pos string, letters string, newMask string) json.RawMessage {
	t.Helper()
	w := scoring.WordScore{Word: letters, Position: pos, Main: true}
	for i, r := range letters {
		w.Letters = append(w.Letters, scoring.LetterScore{Letter: string(r), New: newMask[i] == '1'})
	}
	b, err := json.Marshal(scoring.Breakdown{Words: []scoring.WordScore{w}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestScoreSheetFromGame(t *testing.T) {
	board := make([]string, 15)
	for i := range board {
		board[i] = strings.Repeat(".", 15)
	}
	board[7] = "...WINDY......."
	board[6] = "..GALE........."

	windy := event(1, service.EventMove, 1, "8D WINDY", 32, 32, 0)
	windy.Rack, windy.ClaimedScore = "DINNVWY", ptr(30)
	gale := event(2, service.EventMove, 2, "7C GALE", 16, 32, 16)
	gale.ClaimedScore = ptr(16) // agreed: not kept
	gale.Breakdown = breakdownJSON(t, "7C", "GALE", "1111")
	double := event(3, service.EventChallenge, 1, "", 0, 32, 16)
	double.ChallengedTurn, double.Verdict, double.Words = 2, service.VerdictAcceptable, []string{"GALE", "AW"}
	through := event(4, service.EventMove, 2, "8D .....S", 13, 32, 29) // no breakdown: the board tells
	phony := event(5, service.EventMove, 1, "J6 ZO.", 20, 52, 29)
	phony.Breakdown, phony.Flag = breakdownJSON(t, "J6", "ZOS", "110"), "irregular:missed-start"
	off := event(6, service.EventChallenge, 2, "", -20, 32, 29)
	off.ChallengedTurn, off.Verdict, off.InvalidWords = 5, service.VerdictUnacceptable, []string{"ZOS"}
	exch := event(7, service.EventMove, 2, "-QV", 0, 32, 29)
	pass := event(8, service.EventMove, 1, "-", 0, 32, 29)
	rack := event(9, service.EventEndRack, 1, "", 0, 32, 29)
	rack.Rack = "AEI"

	g := &service.GameView{
		ID: 7, Round: 3, Table: 4, Variant: "naspa", ChallengeRule: "double", Lexicon: "NWL2023",
		Players: []service.SeatView{{Seat: 1, Name: "Élodie"}, {Seat: 2, Name: "Łukasz"}},
		Turns:   []service.TurnView{windy, gale, double, through, phony, off, exch, pass, rack},
		Board:   board, Unseen: "AEIQ", Status: service.StatusInProgress,
		Result: &service.ResultView{Over: true, Complete: true},
	}
	s := ScoreSheetFromGame(&service.Tournament{Name: "Open"}, g, scoring.StandardLayout())

	if s.Tournament != "Open" || s.Round != 3 || s.Table != 4 || s.Game != 7 || s.ChallengeRule != "double" || !s.Players[0].First || s.Players[1].First {
		t.Errorf("header %+v", s)
	}
	type line struct {
		seat      int
		kind      TurnKind
		pos, word string
		claimed   int
		withdrawn bool
		total     int
		note      string
	}
	want := []line{
		{1, TurnPlay, "8D", "WINDY", 30, false, 32, ""},
		{2, TurnPlay, "7C", "GALE", 0, false, 16, "challenged by Élodie (GALE, AW): acceptable; challenger loses a turn"},
		{1, TurnLost, "", "", 0, false, 32, "challenged GALE: acceptable"},
		{2, TurnPlay, "8D", "(WINDY)S", 0, false, 29, ""},
		{1, TurnPlay, "J6", "ZO(S)", 0, true, 32, "irregular play (missed-start); challenged by Łukasz: unacceptable, play withdrawn; not valid: ZOS"},
		{2, TurnExchange, "", "QV", 0, false, 29, ""},
		{1, TurnPass, "", "", 0, false, 32, ""},
	}
	if len(s.Turns) != len(want) {
		t.Fatalf("%d lines, want %d: %+v", len(s.Turns), len(want), s.Turns)
	}
	for i, w := range want {
		got := s.Turns[i]
		claimed := 0
		if got.Claimed != nil {
			claimed = *got.Claimed
		}
		if got.Seat != w.seat || got.Kind != w.kind || got.Position != w.pos || got.Word != w.word || claimed != w.claimed ||
			got.Withdrawn != w.withdrawn || got.Total != w.total || got.Note != w.note {
			t.Errorf("line %d:\n got %+v (claimed %d)\nwant %+v", i+1, got, claimed, w)
		}
	}
	if s.Result != nil {
		t.Error("a game in progress has a result")
	}
	if s.Board.Premiums[0][0] != (scoring.Premium{Letter: 1, Word: 3}) || s.Board.Start == nil || *s.Board.Start != (Square{7, 7}) {
		t.Errorf("board premiums %v start %v", s.Board.Premiums[0][0], s.Board.Start)
	}
}

func TestScoreSheetFromGameRulings(t *testing.T) {
	play := event(1, service.EventMove, 1, "8D WINDY", 32, 32, 0)
	bonus := event(2, service.EventChallenge, 2, "", 5, 37, 0)
	bonus.ChallengedTurn, bonus.Verdict = 1, service.VerdictAcceptable
	g := &service.GameView{ChallengeRule: "five-point", Players: []service.SeatView{{Seat: 1, Name: "A"}, {Seat: 2, Name: "B"}},
		Turns: []service.TurnView{play, bonus}}
	s := ScoreSheetFromGame(nil, g, nil)
	if got := s.Turns[0]; got.Bonus != 5 || got.Total != 37 || got.Points() != 37 || got.Note != "challenged by B: acceptable, +5" {
		t.Errorf("five-point: %+v", got)
	}

	// The director's own entries of a ruling.
	g.ChallengeRule = "double"
	g.Turns = []service.TurnView{
		event(1, service.EventMove, 1, "8D WINDY", 32, 32, 0),
		event(2, service.EventWithdraw, 1, "", -32, 0, 0),
		event(3, service.EventMove, 2, "8D GALE", 12, 0, 12),
		event(4, service.EventChallengeBonus, 2, "", 10, 0, 22),
		event(5, service.EventLostTurn, 1, "", 0, 0, 22),
	}
	s = ScoreSheetFromGame(nil, g, nil)
	if len(s.Turns) != 3 || !s.Turns[0].Withdrawn || s.Turns[0].Total != 0 || s.Turns[1].Bonus != 10 || s.Turns[1].Total != 22 ||
		s.Turns[2].Kind != TurnLost || s.Turns[2].Seat != 1 {
		t.Errorf("director's rulings: %+v", s.Turns)
	}
	if s.Board.Premiums != nil || s.Board.Start != nil {
		t.Error("no layout, yet premiums")
	}
}

func TestScoreSheetFromGameResult(t *testing.T) {
	g := &service.GameView{
		Players: []service.SeatView{{Seat: 1, Name: "Doug"}, {Seat: 2, Name: "Emely"}},
		Status:  service.StatusFinished, Unseen: "EGOP",
		Result: &service.ResultView{Over: true, Complete: true, Reason: "out", OutSeat: 2, BeforeAdjust: []int{451, 331},
			RackAdjust: []int{0, 14}, TimePenalty: []int{0, 0}, TieBreak: []int{0, 0}, Final: []int{451, 345}, WinnerSeat: 1, DecidedBy: "score"},
	}
	r := ScoreSheetFromGame(nil, g, nil).Result
	if r == nil || r.Winner != 1 || r.RackLeft[0] != "EGOP" || r.RackLeft[1] != "" || r.Spread(1) != 106 || r.Spread(2) != -106 {
		t.Fatalf("result %+v", r)
	}
	g.Result.Tie, g.Result.WinnerSeat = true, 0
	g.Turns = []service.TurnView{{TurnEvent: service.TurnEvent{Kind: service.EventEndRack, Seat: 1, Rack: "Q"}}}
	if r := ScoreSheetFromGame(nil, g, nil).Result; r.Winner != 0 || r.RackLeft[0] != "Q" {
		t.Errorf("tie %+v", r)
	}
	// A play that went out may still be challenged: no result yet.
	g.Status = service.StatusAwaitingAcceptance
	if ScoreSheetFromGame(nil, g, nil).Result != nil {
		t.Error("a result before the last play was accepted")
	}
}

func TestTournamentLayout(t *testing.T) {
	if l := TournamentLayout(&service.Tournament{Variant: "naspa"}); l == nil || l.Rows != 15 {
		t.Errorf("naspa layout %v", l)
	}
	if l := TournamentLayout(&service.Tournament{Variant: "naspa", Board: "=.=\n.*.\n=.="}); l == nil || l.Rows != 3 || l.At(0, 0).Word != 3 {
		t.Errorf("the director's board: %v", l)
	}
	if l := TournamentLayout(&service.Tournament{Variant: "no-such-rules"}); l != nil {
		t.Errorf("unknown rules: %v", l)
	}
}

func ptr[T any](v T) *T { return &v }
