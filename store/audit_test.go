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

func TestAuditCRUD(t *testing.T) {
	s := mustOpen(t)
	ctx := context.Background()
	g := mustGame(t, s)
	h := &service.Game{TournamentID: g.TournamentID, Round: 2, Table: 1, Seats: g.Seats}
	ok(t, s.CreateGame(ctx, h))
	other := mustTournament(t, s)

	at := time.Date(2025, 3, 1, 11, 0, 0, 0, time.UTC)
	a1 := &service.AuditEntry{TournamentID: g.TournamentID, GameID: &g.ID, Who: "director", Action: "undo-turn", Reason: "misentered",
		Before: json.RawMessage(`{"turn":3}`), After: json.RawMessage(`{"turn":3,"undone":true}`), At: at}
	a2 := &service.AuditEntry{TournamentID: g.TournamentID, Who: "director", Action: "update-tournament"}
	a3 := &service.AuditEntry{TournamentID: g.TournamentID, GameID: &h.ID, Who: "table 1", Action: "correct-turn", After: json.RawMessage(`[1,2]`)}
	a4 := &service.AuditEntry{TournamentID: g.TournamentID, GameID: &g.ID, Who: "director", Action: "correct-turn"}
	a5 := &service.AuditEntry{TournamentID: other.ID, Who: "director", Action: "create"}
	for _, a := range []*service.AuditEntry{a1, a2, a3, a4, a5} {
		ok(t, s.AddAudit(ctx, a))
		if a.ID == 0 || a.At.IsZero() {
			t.Fatalf("AddAudit left %+v", a)
		}
	}
	// The tournament's entries, game or not, newest last.
	all, err := s.ListAudit(ctx, g.TournamentID, nil)
	ok(t, err)
	if !reflect.DeepEqual(all, []service.AuditEntry{*a1, *a2, *a3, *a4}) {
		t.Fatalf("tournament audit\n%+v", all)
	}
	one, err := s.ListAudit(ctx, g.TournamentID, &g.ID)
	ok(t, err)
	if !reflect.DeepEqual(one, []service.AuditEntry{*a1, *a4}) {
		t.Fatalf("game audit\n%+v", one)
	}
	// A game of another tournament lists nothing here.
	none, err := s.ListAudit(ctx, other.ID, &g.ID)
	ok(t, err)
	if len(none) != 0 {
		t.Fatalf("%d entries, want none", len(none))
	}

	missing := int64(999)
	if err := s.AddAudit(ctx, &service.AuditEntry{TournamentID: g.TournamentID, GameID: &missing, Who: "x", Action: "y"}); !errors.Is(err, service.ErrNotFound) {
		t.Fatalf("audit of a missing game: %v", err)
	}
}
