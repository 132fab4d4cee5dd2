package store

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"tourney/service"
)

func TestTurnCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)
	claimed := 48
	e1 := &service.TurnEvent{GameID: g.ID, Seq: 1, Kind: service.EventMove, Seat: 1, Move: "8D ZAX", Rack: "AEXZ",
		ClaimedScore: &claimed, Score: 50, Flag: "score-disagreement",
		Breakdown: json.RawMessage(`{"words":[{"word":"ZAX","score":50}]}`), EnteredBy: "table 1",
		CreatedAt: time.Date(2025, 3, 1, 10, 1, 2, 3, time.UTC)}
	e2 := &service.TurnEvent{GameID: g.ID, Seq: 2, Kind: service.EventChallengeBonus, Seat: 1, Points: 5, Score: 5, Agrees: true, EnteredBy: "director"}
	e3 := &service.TurnEvent{GameID: g.ID, Seq: 3, Kind: service.EventChallenge, Seat: 2, Agrees: true,
		ChallengedTurn: 1, Verdict: service.VerdictUnacceptable, Words: []string{"ZAX", "QI"}, InvalidWords: []string{},
		Lexicon: "NWL2023", DecidedBy: "lexicon"}
	// Appended out of order, listed by Seq.
	for _, e := range []*service.TurnEvent{e1, e3, e2} {
		ok(t, s.AppendTurn(ctx, e))
		if e.ID == 0 || e.CreatedAt.IsZero() {
			t.Fatalf("AppendTurn left %+v", e)
		}
	}
	es, err := s.ListTurns(ctx, g.ID)
	ok(t, err)
	if !reflect.DeepEqual(es, []service.TurnEvent{*e1, *e2, *e3}) {
		t.Fatalf("turns\n%+v\nwant\n%+v", es, []service.TurnEvent{*e1, *e2, *e3})
	}

	// Undo: the event is kept, marked, and still listed. Update writes
	// zero values (the flag cleared, the claim removed).
	e3.Undone, e3.Words, e3.InvalidWords, e3.Verdict = true, nil, []string{"QI"}, ""
	e1.Flag, e1.ClaimedScore, e1.Breakdown, e1.Score = "", nil, nil, 52
	ok(t, s.UpdateTurn(ctx, e3))
	ok(t, s.UpdateTurn(ctx, e1))
	es, err = s.ListTurns(ctx, g.ID)
	ok(t, err)
	if !reflect.DeepEqual(es, []service.TurnEvent{*e1, *e2, *e3}) {
		t.Fatalf("after update\n%+v\nwant\n%+v", es, []service.TurnEvent{*e1, *e2, *e3})
	}

	// Two tablets racing for turn 4: the second is told.
	ok(t, s.AppendTurn(ctx, &service.TurnEvent{GameID: g.ID, Seq: 4, Kind: service.EventMove, Seat: 1}))
	if err := s.AppendTurn(ctx, &service.TurnEvent{GameID: g.ID, Seq: 4, Kind: service.EventMove, Seat: 1}); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("duplicate seq: %v, want ErrDuplicate", err)
	}
	// Renumbering onto a taken seq is a duplicate too.
	e2.Seq = 1
	if err := s.UpdateTurn(ctx, e2); !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("update onto a taken seq: %v, want ErrDuplicate", err)
	}
	if err := s.UpdateTurn(ctx, &service.TurnEvent{ID: 999, GameID: g.ID, Seq: 9, Kind: "move"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("UpdateTurn(999): %v", err)
	}
	// Events of other games are not listed.
	other := mustGame(t, s)
	ok(t, s.AppendTurn(ctx, turn(other.ID, 1)))
	es, err = s.ListTurns(ctx, g.ID)
	ok(t, err)
	if len(es) != 4 {
		t.Fatalf("%d turns, want 4", len(es))
	}
}

func TestAppendTurnInTxWithDuplicateRollsBackAudit(t *testing.T) {
	// The shape of EnterTurn losing a race: the audit entry written
	// before the failed append goes too.
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)
	ok(t, s.AppendTurn(ctx, turn(g.ID, 1)))
	err := s.InTx(ctx, func(ctx context.Context) error {
		ok(t, s.AddAudit(ctx, &service.AuditEntry{TournamentID: g.TournamentID, GameID: &g.ID, Who: "t", Action: "enter-turn"}))
		return s.AppendTurn(ctx, turn(g.ID, 1))
	})
	if !errors.Is(err, service.ErrDuplicate) {
		t.Fatalf("InTx returned %v, want ErrDuplicate", err)
	}
	as, err := s.ListAudit(ctx, g.TournamentID, nil)
	ok(t, err)
	if len(as) != 0 {
		t.Fatalf("%d audit entries survived the rollback", len(as))
	}
}
