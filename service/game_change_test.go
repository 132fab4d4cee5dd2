package service_test

import (
	"testing"

	"tourney/service"
)

// TestChangeAnswersTheGameAsStored: every change to a game (changeGame)
// answers with the game as a read of it afterwards shows it: the new
// event's id, the turns, the status. A change answered from the game in
// memory (an entry, a hold, a ruling, a confirmation) must not answer
// with an event the store has not numbered, and one with nothing to do
// stores nothing.
func TestChangeAnswersTheGameAsStored(t *testing.T) {
	e := newImportEnv(t)
	g := e.game(e.tournament("naspa", "double", ""), "Ann", "Bob")
	ctx := e.ctx
	type answer struct {
		id      int64 // the new event's id as answered (0: none answered)
		status  string
		turns   []service.TurnView // nil: the answer has no turns
		created bool               // for a confirmation: whether it stored one
	}
	steps := []struct {
		name      string
		change    func() (answer, error)
		wantKind  string // the kind of the game's latest event afterwards
		wantTurns int    // events the game has afterwards
	}{
		{"entry", func() (answer, error) {
			r, err := e.svc.EnterTurn(ctx, director, g, service.TurnInput{Player: 1, Move: "8H CAT"})
			if err != nil {
				return answer{}, err
			}
			return answer{id: r.ID, status: r.Status}, nil
		}, service.EventMove, 1},
		{"hold", func() (answer, error) {
			v, err := e.svc.Hold(ctx, director, g, service.HoldInput{Turn: 1, Player: 2})
			if err != nil {
				return answer{}, err
			}
			return answer{id: v.Turns[len(v.Turns)-1].ID, status: v.Status, turns: v.Turns}, nil
		}, service.EventHold, 2},
		{"ruling", func() (answer, error) {
			r, err := e.svc.Challenge(ctx, director, g, service.ChallengeInput{Turn: 1, Challenger: 2, Verdict: service.VerdictAcceptable, Reason: "in the book"})
			if err != nil {
				return answer{}, err
			}
			return answer{id: r.ID, status: r.Status}, nil
		}, service.EventChallenge, 3},
		{"end", func() (answer, error) {
			v, err := e.svc.EndGame(ctx, director, g, service.EndGameInput{How: "time", Reason: "round over"})
			if err != nil {
				return answer{}, err
			}
			return answer{id: v.Turns[len(v.Turns)-1].ID, status: v.Status, turns: v.Turns}, nil
		}, service.EventEnd, 4},
		{"confirmation", func() (answer, error) {
			v, created, err := e.svc.ConfirmResult(ctx, director, g, service.ConfirmInput{Player: 1})
			if err != nil {
				return answer{}, err
			}
			return answer{id: v.Turns[len(v.Turns)-1].ID, status: v.Status, turns: v.Turns, created: created}, nil
		}, service.EventConfirm, 5},
		{"confirmation again: nothing to do", func() (answer, error) {
			v, created, err := e.svc.ConfirmResult(ctx, director, g, service.ConfirmInput{Player: 1})
			if err != nil {
				return answer{}, err
			}
			if created {
				t.Error("a second confirmation of the same seat was stored")
			}
			return answer{id: v.Turns[len(v.Turns)-1].ID, status: v.Status, turns: v.Turns, created: true}, nil
		}, service.EventConfirm, 5},
	}
	for _, step := range steps {
		got, err := step.change()
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		stored := e.view(g)
		if len(stored.Turns) != step.wantTurns {
			t.Fatalf("%s: the game has %d events, want %d", step.name, len(stored.Turns), step.wantTurns)
		}
		last := stored.Turns[len(stored.Turns)-1]
		if last.Kind != step.wantKind {
			t.Errorf("%s: the latest event is a %s, want a %s", step.name, last.Kind, step.wantKind)
		}
		if got.id == 0 || got.id != last.ID {
			t.Errorf("%s: answered event id %d, stored %d", step.name, got.id, last.ID)
		}
		if got.status != stored.Status {
			t.Errorf("%s: answered status %q, stored %q", step.name, got.status, stored.Status)
		}
		for i, tv := range got.turns {
			if i >= len(stored.Turns) || tv.ID != stored.Turns[i].ID || tv.Seq != stored.Turns[i].Seq || tv.Kind != stored.Turns[i].Kind {
				t.Errorf("%s: answered turn %d is %d/%d/%s, stored %+v", step.name, i, tv.ID, tv.Seq, tv.Kind, stored.Turns[i].TurnEvent)
			}
		}
		if step.wantKind == service.EventConfirm && !got.created {
			t.Errorf("%s: a first confirmation was not stored", step.name)
		}
	}
}
