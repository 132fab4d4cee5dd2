package service_test

import (
	"encoding/json"
	"testing"

	"tourney/service"
)

// TestLiveBoardsKeptRecords: the live boards are built from the records
// the last build kept, replaying only the games whose record changed.
// After every kind of change (a play, an exchange, the broadcast delay, a
// play challenged off, a player renamed, a result entered by hand, a game
// ended) they are the boards a service built afresh shows, and a table
// nothing happened at keeps its record.
func TestLiveBoardsKeptRecords(t *testing.T) {
	e := newImportEnv(t)
	ctx := e.ctx
	tid := e.tournament("naspa", "double", "")
	g1, g2 := e.game(tid, "Ann", "Bob"), e.game(tid, "Cat", "Dan")
	cat := e.view(g2).Players[0].PlayerID
	dan := e.view(g2).Players[1].PlayerID
	turn := func(g int64, seat int, move string) func() error {
		return func() error {
			_, err := e.svc.EnterTurn(ctx, director, g, service.TurnInput{Player: seat, Move: move})
			return err
		}
	}
	delay := func(n int) func() error {
		return func() error {
			st := service.Settings{service.BroadcastDelaySetting: n}
			_, err := e.svc.UpdateTournament(ctx, director, tid, service.TournamentInput{Settings: &st})
			return err
		}
	}
	steps := []struct {
		name string
		do   func() error
		kept int64 // a game whose record must be kept (0: none)
	}{
		{"a play at table 1", turn(g1, 1, "8H CAT"), 0},
		{"a play at table 2", turn(g2, 1, "8D WINDY"), g1},
		{"an exchange at table 1", turn(g1, 2, "-ABC"), g2},
		{"a play at table 1", turn(g1, 1, "I7 BAT"), g2},
		{"the delay set to one turn", delay(1), 0},
		{"a play at table 2 behind the delay", turn(g2, 2, "E7 HINT"), g1},
		{"the delay lifted", delay(0), 0},
		{"a play at table 2 challenged off", func() error {
			_, err := e.svc.Challenge(ctx, director, g2, service.ChallengeInput{Turn: 2, Challenger: 1, Verdict: service.VerdictUnacceptable, Reason: "not a word here"})
			return err
		}, g1},
		{"a player at table 2 renamed", func() error {
			name := "Catherine"
			_, err := e.svc.UpdatePlayer(ctx, director, tid, cat, service.PlayerInput{Name: &name, Reason: "her full name"})
			return err
		}, g1},
		{"table 2's record set aside", func() error {
			_, err := e.svc.VoidRecord(ctx, director, g2, service.VoidInput{Reason: "the scoresheet decides"})
			return err
		}, g1},
		{"table 2's result entered by hand", func() error {
			_, err := e.svc.EnterResult(ctx, director, tid, service.ResultInput{Round: 1, Players: []int64{cat, dan}, Scores: []int{400, 350}})
			return err
		}, g1},
		{"table 1 ended", func() error {
			_, err := e.svc.EndGame(ctx, director, g1, service.EndGameInput{How: "time", Reason: "round over"})
			return err
		}, g2},
	}
	read := func(svc *service.Service) (*service.Live, string) {
		t.Helper()
		l, err := svc.LiveBoards(ctx, tid)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		return l, string(b)
	}
	board := func(l *service.Live, g int64) *string {
		for _, tb := range l.Divisions[0].Tables {
			if tb.GameID == g && len(tb.Board) > 0 {
				return &tb.Board[0]
			}
		}
		t.Fatalf("game %d not on the live boards", g)
		return nil
	}
	before, _ := read(e.svc)
	for _, step := range steps {
		if err := step.do(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		after, got := read(e.svc)
		if _, want := read(service.New(e.st)); got != want {
			t.Fatalf("%s: the live boards built from kept records\n%s\nbuilt afresh\n%s", step.name, got, want)
		}
		if step.kept != 0 && board(after, step.kept) != board(before, step.kept) {
			t.Errorf("%s: game %d's record was replayed again, not kept", step.name, step.kept)
		}
		before = after
	}
	last := before.Divisions[0].Tables
	if last[0].Status != service.StatusFinished || last[1].Status != service.StatusFinished || last[1].Players[0].Name != "Catherine" || last[1].Players[0].Score != 400 {
		t.Errorf("at the end: %+v", last)
	}
}
