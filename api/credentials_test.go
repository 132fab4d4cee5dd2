package api

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"

	"tourney/service"
)

// A lost tablet's code is revoked: it stops working at once, the other
// tables' codes go on working, and the list never shows a token.
func TestRevokeTableCode(t *testing.T) {
	f := newFixture(t) // table 1's code is f.table
	spare := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/credentials"), f.Director, nil), http.StatusCreated)

	r := f.get(f.tpath("/credentials"), f.Director)
	list := must[[]service.Credential](t, r, http.StatusOK)
	if len(list) != 2 || list[0].Table != 1 || list[0].RevokedAt != nil || bytes.Contains(r.Body, []byte(spare.Token)) {
		t.Fatalf("credentials %s", r.Body)
	}
	wantProblem(t, f.get(f.tpath("/credentials"), f.table), http.StatusForbidden, "director-only")
	wantProblem(t, f.get(f.tpath("/credentials"), ""), http.StatusUnauthorized, "credentials-required")

	revoke := func(id int64, token string, body any) response {
		return f.post(f.tpath(fmt.Sprintf("/credentials/%d/revoke", id)), token, body)
	}
	wantProblem(t, revoke(list[0].ID, f.Director, map[string]any{}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, revoke(list[0].ID, f.table, map[string]any{"reason": "mine"}), http.StatusForbidden, "director-only")
	wantProblem(t, revoke(999, f.Director, map[string]any{"reason": "lost"}), http.StatusNotFound, "not-found")
	c := must[service.Credential](t, revoke(list[0].ID, f.Director, map[string]any{"reason": "tablet lost"}), http.StatusOK)
	if c.RevokedAt == nil {
		t.Fatalf("revoked credential %+v", c)
	}
	again := must[service.Credential](t, revoke(list[0].ID, f.Director, map[string]any{"reason": "again"}), http.StatusOK)
	if !again.RevokedAt.Equal(*c.RevokedAt) {
		t.Errorf("a second revocation moved the time: %v, then %v", c.RevokedAt, again.RevokedAt)
	}

	wantProblem(t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusUnauthorized, "bad-credentials")
	must[service.TurnResult](t, f.enter(f.game, spare.Token, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)

	audit := must[[]service.AuditEntry](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK)
	n := 0
	for _, a := range audit {
		if a.Action == "revoke-credential" {
			n++
			if a.Reason != "tablet lost" || a.Who != "director" {
				t.Errorf("audit entry %+v", a)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d revocations in the audit log, want 1", n)
	}

	// Another tournament's code is not this tournament's to revoke.
	other := must[service.Tournament](t, f.post("/api/v1/tournaments", f.Director, map[string]any{"name": "Other"}), http.StatusCreated)
	wantProblem(t, f.post(fmt.Sprintf("/api/v1/tournaments/%d/credentials/%d/revoke", other.ID, spare.ID), f.Director,
		map[string]any{"reason": "x"}), http.StatusNotFound, "not-found")
}

// A tablet signed in with a code that is then revoked loses its session.
func TestRevokedCodeEndsTheTabletSession(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.URL)
	b.get("/table/1?code=" + f.table) // sets the session and redirects
	if r := b.get("/table/1"); r.Status != http.StatusOK {
		t.Fatalf("table page once signed in: %d", r.Status)
	}
	list := must[[]service.Credential](t, f.get(f.tpath("/credentials"), f.Director), http.StatusOK)
	must[service.Credential](t, f.post(f.tpath(fmt.Sprintf("/credentials/%d/revoke", list[0].ID)), f.Director, map[string]any{"reason": "lost"}), http.StatusOK)
	if r := b.get("/table/1"); r.Status != http.StatusUnauthorized {
		t.Fatalf("table page after revocation: %d", r.Status)
	}
}
