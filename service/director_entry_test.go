package service_test

import (
	"errors"
	"testing"

	"tourney/service"
)

// decidedEvent is a two-division event with a game recorded at a tablet
// in each division: division A at table 1, division B at table 2.
type decidedEvent struct {
	*importEnv
	tid      int64
	games    [2]int64   // by division
	players  [2][]int64 // by division, in seat order
	tables   [2]service.Actor
	division [2]int64
}

func newDecidedEvent(t *testing.T) *decidedEvent {
	t.Helper()
	e := &decidedEvent{importEnv: newImportEnv(t)}
	e.tid = e.tournament("naspa", "single", "")
	for i, div := range []string{"A", "B"} {
		d, err := e.svc.CreateDivision(e.ctx, director, e.tid, service.DivisionInput{Name: div})
		if err != nil {
			t.Fatalf("division %s: %v", div, err)
		}
		e.division[i] = d.ID
		if _, err := e.svc.CreateRound(e.ctx, director, e.tid, service.RoundInput{Number: 1, DivisionID: &d.ID}); err != nil {
			t.Fatalf("round of %s: %v", div, err)
		}
		for _, n := range []string{div + " Ann", div + " Bob"} {
			p, err := e.svc.CreatePlayer(e.ctx, director, e.tid, service.PlayerInput{Name: &n, DivisionID: &d.ID})
			if err != nil {
				t.Fatalf("player %s: %v", n, err)
			}
			e.players[i] = append(e.players[i], p.ID)
		}
		g, err := e.svc.CreateGame(e.ctx, director, e.tid, service.GameInput{Round: 1, Table: i + 1, Players: e.players[i], DivisionID: &d.ID})
		if err != nil {
			t.Fatalf("game of %s: %v", div, err)
		}
		e.games[i] = g.ID
		c, err := e.svc.IssueTableCredential(e.ctx, director, e.tid, i+1, service.TableCodeInput{})
		if err != nil {
			t.Fatalf("table %d: %v", i+1, err)
		}
		if e.tables[i], err = e.svc.Authenticate(e.ctx, c.Token); err != nil {
			t.Fatalf("table %d signs in: %v", i+1, err)
		}
	}
	return e
}

// play enters the opening moves at division d's table.
func (e *decidedEvent) play(d int, moves ...string) {
	e.t.Helper()
	for i, m := range moves {
		if _, err := e.svc.EnterTurn(e.ctx, e.tables[d], e.games[d], service.TurnInput{Player: i%2 + 1, Move: m}); err != nil {
			e.t.Fatalf("table %d enters %s: %v", d+1, m, err)
		}
	}
}

func (e *decidedEvent) game(d int) *service.GameView {
	e.t.Helper()
	v, err := e.svc.GetGame(e.ctx, e.tables[d], e.games[d])
	if err != nil {
		e.t.Fatalf("table %d reads its game: %v", d+1, err)
	}
	return v
}

// lastTurn is the game's latest event number as the table sees it.
func lastTurn(v *service.GameView) int { return v.Turns[len(v.Turns)-1].Seq }

func wantDecided(t *testing.T, what, label string, err error, want string) {
	t.Helper()
	var e *service.Error
	if !errors.As(err, &e) || e.Type != "director-decided" || e.Kind != service.KindForbidden {
		t.Errorf("%s, table's %s: %v, want director-decided (forbidden)", what, label, err)
		return
	}
	if d, ok := e.Detail.(*service.DirectorEntry); !ok || d.What != want {
		t.Errorf("%s, table's %s: detail %#v, want what %q", what, label, e.Detail, want)
	}
}

// Nothing the director entered is undone from a table: after each kind
// of director's entry in division B's game, the table's undo, correction
// and challenge are refused (director-decided, with what the director
// did); division A's table, whose game the director left alone, still
// undoes its own entry. The director changes what they entered, with a
// reason.
func TestTableStopsAtDirectorsEntry(t *testing.T) {
	for _, c := range []struct {
		name   string
		decide func(e *decidedEvent) // the director's entry in division B's game
		what   string
	}{
		{"end", func(e *decidedEvent) {
			e.play(1, "8D WINDY", "7C GALE")
			if _, err := e.svc.EndGame(e.ctx, director, e.games[1], service.EndGameInput{How: "time", Reason: "time ran out",
				Racks: map[string]string{"1": "AGITNOI", "2": "ODVNJHA"}}); err != nil {
				e.t.Fatal(err)
			}
		}, service.DirectorEnded},
		{"ruling", func(e *decidedEvent) {
			e.play(1, "8D WINDY")
			if _, err := e.svc.Challenge(e.ctx, director, e.games[1], service.ChallengeInput{Turn: 1, Challenger: 2, Verdict: service.VerdictAcceptable, Reason: "word judge down"}); err != nil {
				e.t.Fatal(err)
			}
		}, service.DirectorRuled},
		{"hand result, record void", func(e *decidedEvent) {
			e.play(1, "8D WINDY", "7C GALE")
			if _, err := e.svc.EnterResult(e.ctx, director, e.tid, service.ResultInput{Round: 1, Players: e.players[1], Scores: []int{350, 340},
				Record: "void", Reason: "kept on paper"}); err != nil {
				e.t.Fatal(err)
			}
		}, service.DirectorResult},
		{"amendment", func(e *decidedEvent) {
			e.play(1, "8D WINDY", "7C GALE")
			if _, err := e.svc.EndGame(e.ctx, director, e.games[1], service.EndGameInput{How: "adjudicated", Reason: "dispute"}); err != nil {
				e.t.Fatal(err)
			}
			official := e.game(1).Official
			if official == nil {
				e.t.Fatal("no result after the end")
			}
			if _, err := e.svc.AmendResult(e.ctx, director, e.tid, official.ResultID, service.AmendInput{
				ResultInput: service.ResultInput{Scores: []int{300, 290}, Record: "void"}, Reason: "appeal upheld"}); err != nil {
				e.t.Fatal(err)
			}
		}, service.DirectorResult},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newDecidedEvent(t)
			e.play(0, "8D WINDY") // division A: the table's own entry
			c.decide(e)
			before := e.game(1)
			if before.DirectorEntry == nil || before.DirectorEntry.What != c.what {
				t.Errorf("the table's view: director_entry %+v, want %q", before.DirectorEntry, c.what)
			}
			table, g := e.tables[1], e.games[1]
			_, err := e.svc.UndoTurn(e.ctx, table, g, service.UndoInput{Turn: lastTurn(before), Reason: "mistake"})
			wantDecided(t, c.name, "undo", err, c.what)
			_, err = e.svc.CorrectTurn(e.ctx, table, g, 1, service.CorrectionInput{Move: pointerTo("8D WINDS"), Reason: "typo"})
			wantDecided(t, c.name, "correction", err, c.what)
			_, err = e.svc.Challenge(e.ctx, table, g, service.ChallengeInput{Turn: 1, Challenger: 2})
			wantDecided(t, c.name, "challenge", err, c.what)
			after := e.game(1)
			if len(after.Turns) != len(before.Turns) || after.Official != nil && before.Official != nil && after.Official.Scores[1] != before.Official.Scores[1] {
				t.Errorf("a refused change changed the game: %d turns, official %+v; was %d, %+v", len(after.Turns), after.Official, len(before.Turns), before.Official)
			}
			// Division A's table undoes its own entry.
			if _, err := e.svc.UndoTurn(e.ctx, e.tables[0], e.games[0], service.UndoInput{Turn: 1, Reason: "wrong square"}); err != nil {
				t.Errorf("division A's table undoes its own play: %v", err)
			}
			// The director undoes their entry, with a reason.
			if _, err := e.svc.UndoTurn(e.ctx, director, g, service.UndoInput{Turn: lastTurn(before), Reason: "entered in error"}); err != nil && c.what != service.DirectorResult {
				t.Errorf("the director undoes: %v", err)
			}
		})
	}
}

// After the director's ruling the game goes on: the table's next play is
// its own to undo. After the director's end the table adds nothing (no
// rack, no time penalty) that would change the director's result.
func TestTableGoesOnAfterRulingNotAfterEnd(t *testing.T) {
	e := newDecidedEvent(t)
	e.play(1, "8D WINDY")
	if _, err := e.svc.Challenge(e.ctx, director, e.games[1], service.ChallengeInput{Turn: 1, Challenger: 2, Verdict: service.VerdictAcceptable, Reason: "appeal"}); err != nil {
		t.Fatal(err)
	}
	r, err := e.svc.EnterTurn(e.ctx, e.tables[1], e.games[1], service.TurnInput{Player: 2, Move: "7C GALE"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.UndoTurn(e.ctx, e.tables[1], e.games[1], service.UndoInput{Turn: r.Seq, Reason: "wrong square"}); err != nil {
		t.Errorf("the table undoes its play after the ruling: %v", err)
	}

	e.play(0, "8D WINDY", "7C GALE")
	if _, err := e.svc.EndGame(e.ctx, director, e.games[0], service.EndGameInput{How: "time", Reason: "time", Racks: map[string]string{"1": "AGITNOI"}}); err != nil {
		t.Fatal(err)
	}
	for _, in := range []service.TurnInput{{Player: 2, Kind: service.EventEndRack, Rack: "ODVNJHA"}, {Player: 1, Kind: service.EventTimePenalty, Points: 10}} {
		_, err := e.svc.EnterTurn(e.ctx, e.tables[0], e.games[0], in)
		wantDecided(t, "end", in.Kind, err, service.DirectorEnded)
	}
	// A correction of the director's is the director's too.
	e2 := newDecidedEvent(t)
	e2.play(1, "8D WINDY")
	if _, err := e2.svc.CorrectTurn(e2.ctx, director, e2.games[1], 1, service.CorrectionInput{ClaimedScore: pointerTo(32), Reason: "sheet says 32"}); err != nil {
		t.Fatal(err)
	}
	_, err = e2.svc.UndoTurn(e2.ctx, e2.tables[1], e2.games[1], service.UndoInput{Turn: 1, Reason: "mistake"})
	wantDecided(t, "correction", "undo", err, service.DirectorCorrected)
}

func pointerTo[T any](v T) *T { return &v }
