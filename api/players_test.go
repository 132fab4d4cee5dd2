package api

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"tourney/service"
)

// lastAudit is the newest entry of the tournament's audit log.
func (f *fixture) lastAudit() service.AuditEntry {
	f.t.Helper()
	audit := must[[]service.AuditEntry](f.t, f.get(f.tpath("/audit"), f.Director), http.StatusOK)
	if len(audit) == 0 {
		f.t.Fatal("the audit log is empty")
	}
	return audit[len(audit)-1]
}

func (f *fixture) patchPlayer(id int64, body map[string]any) response {
	f.t.Helper()
	return f.patch(f.tpath("/players/"+itoa(id)), f.Director, body)
}

// A player renamed with a reason: the audit entry has the reason and the
// player before and after, and the projector page is told.
func TestPlayerRenamedWithReason(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	notices, err := f.Svc.WatchPublic(ctx, f.tournament)
	if err != nil {
		t.Fatal(err)
	}
	p := must[service.Player](t, f.patchPlayer(f.players[0], map[string]any{"name": "  Douglas  ", "reason": "misspelt on the entry form"}), http.StatusOK)
	if p.Name != "Douglas" || p.Rating != 1500 {
		t.Fatalf("player %+v, want Douglas, rating kept", p)
	}
	a := f.lastAudit()
	var before, after service.Player
	if err := json.Unmarshal(a.Before, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(a.After, &after); err != nil {
		t.Fatal(err)
	}
	if a.Action != "update-player" || a.Reason != "misspelt on the entry form" || a.Who != "director" ||
		before.ID != p.ID || before.Name != "Doug" || after.Name != "Douglas" {
		t.Fatalf("audit entry %+v (before %s, after %s)", a, a.Before, a.After)
	}
	select {
	case batch := <-notices:
		if len(batch) != 1 || batch[0].Kind != service.NoticePlayers {
			t.Errorf("notices %+v, want players", batch)
		}
	case <-time.After(5 * time.Second):
		t.Error("no notice for the watchers")
	}
	ps := must[[]service.Player](t, f.get(f.tpath("/players"), ""), http.StatusOK)
	if ps[0].Name != "Douglas" {
		t.Errorf("players %+v", ps)
	}
}

// A rating changes with a reason, also for a player already paired; a
// change without a reason is refused and changes nothing; a request
// that changes nothing needs none and writes nothing.
func TestPlayerRatingChange(t *testing.T) {
	f := newFixture(t)
	wantProblem(t, f.patchPlayer(f.players[1], map[string]any{"rating": 1720}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, f.patchPlayer(f.players[1], map[string]any{"rating": 1720, "reason": "  "}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, f.patchPlayer(f.players[1], map[string]any{"rating": 4001, "reason": "typo"}), http.StatusBadRequest, "bad-rating")
	wantProblem(t, f.patch(f.tpath("/players/"+itoa(f.players[1])), f.table, map[string]any{"rating": 1, "reason": "x"}), http.StatusForbidden, "director-only")
	p := must[service.Player](t, f.patchPlayer(f.players[1], map[string]any{"rating": 1720, "reason": "the new ratings list"}), http.StatusOK)
	if p.Rating != 1720 || p.Name != "Emely" {
		t.Fatalf("player %+v", p)
	}
	if a := f.lastAudit(); a.Action != "update-player" || a.Reason != "the new ratings list" ||
		!json.Valid(a.Before) || !json.Valid(a.After) {
		t.Fatalf("audit entry %+v", a)
	}
	n := len(must[[]service.AuditEntry](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK))
	must[service.Player](t, f.patchPlayer(f.players[1], map[string]any{"rating": 1720, "name": "Emely"}), http.StatusOK)
	if m := len(must[[]service.AuditEntry](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK)); m != n {
		t.Errorf("a change of nothing wrote %d audit entries", m-n)
	}
}

// A name cannot be emptied, nor made of spaces.
func TestPlayerEmptyNameRefused(t *testing.T) {
	f := newFixture(t)
	wantProblem(t, f.patchPlayer(f.players[0], map[string]any{"name": "", "reason": "x"}), http.StatusBadRequest, "missing-name")
	wantProblem(t, f.patchPlayer(f.players[0], map[string]any{"name": "   ", "reason": "x"}), http.StatusBadRequest, "missing-name")
	if ps := must[[]service.Player](t, f.get(f.tpath("/players"), ""), http.StatusOK); ps[0].Name != "Doug" {
		t.Fatalf("players %+v", ps)
	}
}

// A player's division changes until they are paired or have a result in
// it; then it is refused with player-has-results, and nothing changes.
func TestPlayerDivisionChange(t *testing.T) {
	f := newFixture(t)
	a := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "A"}), http.StatusCreated)
	b := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "B"}), http.StatusCreated)
	cleo := f.addPlayer("Cleo")
	p := must[service.Player](t, f.patchPlayer(cleo, map[string]any{"division_id": a.ID, "reason": "entered late, in A"}), http.StatusOK)
	if p.DivisionID == nil || *p.DivisionID != a.ID {
		t.Fatalf("player %+v, want division A", p)
	}
	p = must[service.Player](t, f.patchPlayer(cleo, map[string]any{"division_id": b.ID, "reason": "rated for B"}), http.StatusOK)
	if p.DivisionID == nil || *p.DivisionID != b.ID {
		t.Fatalf("player %+v, want division B", p)
	}
	wantProblem(t, f.patchPlayer(cleo, map[string]any{"division_id": 999, "reason": "x"}), http.StatusBadRequest, "unknown-division")

	// Doug is paired at table 1 of round 1.
	pr := wantProblem(t, f.patchPlayer(f.players[0], map[string]any{"division_id": a.ID, "rating": 1600, "reason": "wrong group"}), http.StatusConflict, "player-has-results")
	if pr.Detail == "" {
		t.Fatal("no detail")
	}
	ps := must[[]service.Player](t, f.get(f.tpath("/players"), ""), http.StatusOK)
	if ps[0].DivisionID != nil || ps[0].Rating != 1500 {
		t.Fatalf("a refused change changed %+v", ps[0])
	}

	// Dana and Eli have a result and no game in division B.
	dana, eli := f.addPlayer("Dana"), f.addPlayer("Eli")
	for _, id := range []int64{dana, eli} {
		must[service.Player](t, f.patchPlayer(id, map[string]any{"division_id": b.ID, "reason": "B"}), http.StatusOK)
	}
	must[map[string]any](t, f.post(f.tpath("/results"), f.Director, map[string]any{"round": 1, "players": []int64{dana, eli}, "scores": []int{400, 350}}), http.StatusCreated)
	wantProblem(t, f.patchPlayer(eli, map[string]any{"division_id": a.ID, "reason": "moved"}), http.StatusConflict, "player-has-results")
	// Naming the division they are in is no change of division.
	must[service.Player](t, f.patchPlayer(eli, map[string]any{"division_id": b.ID, "name": "Eli Ek", "reason": "full name"}), http.StatusOK)
}
