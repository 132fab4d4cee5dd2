package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"tourney/service"
)

// A lost tablet's code is revoked: it stops working at once, the other
// tables' codes go on working, and the list never shows a token.
func TestRevokeTableCode(t *testing.T) {
	f := newFixture(t) // table 1's code is f.table
	spare := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/credentials"), f.Director, map[string]any{"another": true}), http.StatusCreated)

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

// liveCodes are the ids of a tournament's unrevoked codes, by table.
func (f *fixture) liveCodes() map[int][]int64 {
	f.t.Helper()
	live := map[int][]int64{}
	for _, c := range must[[]service.Credential](f.t, f.get(f.tpath("/credentials"), f.Director), http.StatusOK) {
		if c.RevokedAt == nil {
			live[c.Table] = append(live[c.Table], c.ID)
		}
	}
	return live
}

// revocations are the audit log's revoke-credential entries.
func (f *fixture) revocations() []service.AuditEntry {
	f.t.Helper()
	var out []service.AuditEntry
	for _, a := range must[[]service.AuditEntry](f.t, f.get(f.tpath("/audit"), f.Director), http.StatusOK) {
		if a.Action == "revoke-credential" {
			out = append(out, a)
		}
	}
	return out
}

// replacedBy reads the replacement's id from a revocation's audit entry.
func replacedBy(t *testing.T, a service.AuditEntry) int64 {
	t.Helper()
	var after struct {
		ID         int64 `json:"id"`
		ReplacedBy int64 `json:"replaced_by"`
	}
	if err := json.Unmarshal(a.After, &after); err != nil {
		t.Fatalf("audit after %s: %v", a.After, err)
	}
	return after.ReplacedBy
}

// A table has one live code: a new one revokes the old (audited, "new
// code requested"), unless the director asks for another, which keeps
// both; the next new code then replaces both.
func TestNewTableCodeReplacesTheOld(t *testing.T) {
	f := newFixture(t) // table 1's code is f.table
	old := f.liveCodes()[1]
	f.credential(2)
	fresh := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/credentials"), f.Director, nil), http.StatusCreated)
	if fmt.Sprint(fresh.Replaced) != fmt.Sprint(old) {
		t.Fatalf("replaced %v, want the fixture's code %v", fresh.Replaced, old)
	}
	wantProblem(t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusUnauthorized, "bad-credentials")
	must[service.TurnResult](t, f.enter(f.game, fresh.Token, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	live := f.liveCodes()
	if fmt.Sprint(live[1]) != fmt.Sprint([]int64{fresh.ID}) || len(live[2]) != 1 {
		t.Fatalf("live codes %v, want table 1's new one and table 2's", live)
	}
	revs := f.revocations()
	if len(revs) != 1 || revs[0].Reason != service.ReasonCodeRequested || revs[0].Who != "director" || replacedBy(t, revs[0]) != fresh.ID {
		t.Fatalf("revocations %+v", revs)
	}

	// Another keeps table 1's code working: two live codes.
	spare := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/credentials"), f.Director, map[string]any{"another": true}), http.StatusCreated)
	if len(spare.Replaced) != 0 || len(f.liveCodes()[1]) != 2 {
		t.Fatalf("another: replaced %v, live %v", spare.Replaced, f.liveCodes())
	}
	must[service.TurnResult](t, f.enter(f.game, spare.Token, turn{Turn: 2, Player: 2, Move: "-"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(f.game, fresh.Token, turn{Turn: 3, Player: 1, Move: "-"}), http.StatusCreated)
	wantProblem(t, f.post(f.tpath("/tables/1/credentials"), f.Director, map[string]any{"another": "yes"}), http.StatusBadRequest, "bad-field")

	// Without it, the next code replaces both; table 2's is not touched.
	last := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/credentials"), f.Director, map[string]any{"another": false}), http.StatusCreated)
	if len(last.Replaced) != 2 {
		t.Fatalf("replaced %v, want both live codes", last.Replaced)
	}
	for _, tok := range []string{fresh.Token, spare.Token} {
		wantProblem(t, f.enter(f.game, tok, turn{Turn: 4, Player: 2, Move: "-"}), http.StatusUnauthorized, "bad-credentials")
	}
	if live := f.liveCodes(); fmt.Sprint(live[1]) != fmt.Sprint([]int64{last.ID}) || len(live[2]) != 1 {
		t.Fatalf("live codes %v", live)
	}
	if n := len(f.revocations()); n != 3 {
		t.Errorf("%d revocations in the audit log, want 3", n)
	}
}

// Codes asked for at the same moment for one table: one stays live.
func TestNewTableCodesAtOnce(t *testing.T) {
	f := newFixture(t)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			f.post(f.tpath("/tables/1/credentials"), f.Director, nil)
		})
	}
	wg.Wait()
	if live := f.liveCodes(); len(live[1]) != 1 {
		t.Fatalf("live codes %v, want one for table 1", live)
	}
	if n := len(f.revocations()); n != 8 {
		t.Errorf("%d revocations, want 8 (the fixture's code and 7 of the new ones)", n)
	}
}
