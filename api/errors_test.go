package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// Every way a request can be wrong is a 4xx problem, never a 500.
func TestBadRequestsAreProblems(t *testing.T) {
	f := newFixture(t)
	turns := gpath(f.game, "/turns")
	for _, tc := range []struct {
		name   string
		r      req
		status int
		code   string
	}{
		{"malformed JSON", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":`}, 400, "malformed-json"},
		{"not JSON at all", req{method: "POST", path: "/api/v1/tournaments", body: `name=x`}, 400, "malformed-json"},
		{"unknown field", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":"x","colour":"red"}`}, 400, "unknown-field"},
		{"wrong type", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":5}`}, 400, "bad-field"},
		{"a list, not an object", req{method: "POST", path: "/api/v1/tournaments", body: `[]`}, 400, "bad-body"},
		{"two values", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":"x"} {}`}, 400, "malformed-json"},
		{"empty body", req{method: "POST", path: "/api/v1/tournaments", body: ``}, 400, "missing-body"},
		{"oversized body", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":"` + strings.Repeat("x", 1<<20) + `"}`}, 413, "body-too-large"},
		{"oversized body with a key", req{method: "POST", path: "/api/v1/tournaments", body: strings.Repeat(" ", 1<<20+1), header: withKey("big")}, 413, "body-too-large"},
		{"not JSON content", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":"x"}`, header: map[string]string{"Content-Type": "text/plain"}}, 415, "unsupported-media-type"},
		{"a form", req{method: "POST", path: "/api/v1/tournaments", body: `name=x`, header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}, 400, "malformed-json"},
		{"multipart", req{method: "POST", path: "/api/v1/tournaments", body: `--x--`, header: map[string]string{"Content-Type": "multipart/form-data; boundary=x"}}, 415, "unsupported-media-type"},
		{"turn with unknown field", req{method: "POST", path: turns, token: "TABLE", body: `{"player":1,"move":"8D WINDY","scroe":32}`}, 400, "unknown-field"},
		{"turn with text for a number", req{method: "POST", path: turns, token: "TABLE", body: `{"player":"one","move":"8D WINDY"}`}, 400, "bad-field"},
		{"turn without a seat", req{method: "POST", path: turns, token: "TABLE", body: `{"move":"8D WINDY"}`}, 400, "bad-player"},
		{"turn without a move", req{method: "POST", path: turns, token: "TABLE", body: `{"player":1}`}, 400, "missing-move"},
		{"non-numeric id", req{method: "GET", path: "/api/v1/games/abc"}, 400, "bad-id"},
		{"zero id", req{method: "GET", path: "/api/v1/tournaments/0"}, 400, "bad-id"},
		{"negative id", req{method: "GET", path: "/api/v1/tournaments/-3/players"}, 400, "bad-id"},
		{"id out of range", req{method: "GET", path: "/api/v1/games/99999999999999999999"}, 400, "bad-id"},
		{"table out of range", req{method: "POST", path: "/api/v1/tournaments/1/tables/4294967297/credentials", token: "DIRECTOR"}, 400, "bad-id"},
		{"bad turn number", req{method: "PATCH", path: gpath(f.game, "/turns/x"), token: "DIRECTOR", body: `{"reason":"x"}`}, 400, "bad-id"},
		{"no such game", req{method: "GET", path: "/api/v1/games/999"}, 404, "not-found"},
		{"no such tournament", req{method: "GET", path: "/api/v1/tournaments/999/players"}, 404, "not-found"},
		{"no such player", req{method: "PATCH", path: f.tpath("/players/999"), token: "DIRECTOR", body: `{"rating":1}`}, 404, "not-found"},
		{"unknown route", req{method: "GET", path: "/api/v1/nothing-here"}, 404, "no-such-route"},
		{"trailing slash", req{method: "GET", path: "/api/v1/tournaments/"}, 404, "no-such-route"},
		{"outside the API", req{method: "GET", path: "/no-such-page"}, 404, "no-such-route"},
		{"wrong method", req{method: "DELETE", path: "/api/v1/tournaments"}, 405, "method-not-allowed"},
		{"wrong method on a game", req{method: "PUT", path: gpath(f.game, "")}, 405, "method-not-allowed"},
		{"wrong token", req{method: "GET", path: "/api/v1/tournaments", token: "not-a-token"}, 401, "bad-credentials"},
		{"not a bearer token", req{method: "GET", path: "/api/v1/tournaments", header: map[string]string{"Authorization": "Basic ZGlyOnB3"}}, 401, "bad-credentials"},
		{"public may not create", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":"x"}`, token: "-"}, 401, "credentials-required"},
		{"public may not see the audit", req{method: "GET", path: f.tpath("/audit"), token: "-"}, 401, "credentials-required"},
		{"unknown variant", req{method: "POST", path: "/api/v1/tournaments", body: `{"name":"x","variant":"chess"}`}, 400, "unknown-variant"},
		{"table taken", req{method: "POST", path: f.tpath("/games"), body: map[string]any{"round": 1, "table": 1, "players": []int64{1, 2}}}, 409, "table-taken"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			switch tc.r.token {
			case "", "DIRECTOR":
				tc.r.token = f.Director
			case "TABLE":
				tc.r.token = f.table
			case "-":
				tc.r.token = ""
			}
			r := f.send(tc.r)
			wantProblem(t, r, tc.status, tc.code)
			if tc.status == 405 && r.Header.Get("Allow") == "" {
				t.Error("405 without an Allow header")
			}
			if tc.status == 401 && !strings.HasPrefix(r.Header.Get("WWW-Authenticate"), "Bearer") {
				t.Error("401 without WWW-Authenticate: Bearer")
			}
		})
	}
	if strings.Contains(f.Logs.String(), `"status":500`) {
		t.Fatalf("a bad request caused a 500:\n%s", f.Logs.String())
	}
}

func TestPublicReads(t *testing.T) {
	f := newFixture(t)
	for _, path := range []string{"/healthz", "/api/v1/openapi.json", "/api/v1/variants", "/api/v1/tournaments",
		f.tpath(""), f.tpath("/players"), f.tpath("/divisions"), f.tpath("/rounds"), f.tpath("/games")} {
		if r := f.get(path, ""); r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("GET %s: %d %s", path, r.Status, r.Body)
		}
	}
	variants := must[[]variantView](t, f.get("/api/v1/variants", ""), http.StatusOK)
	found := false
	for _, v := range variants {
		if v.Name == "naspa" {
			found = v.ChallengeRule == "double" && len(v.Decisions) > 0 && v.Description != ""
		}
	}
	if !found {
		t.Fatalf("variants %+v: naspa with its defaults and decisions", variants)
	}
	// The director's token lets everything be read; a game in progress is
	// not public.
	must[service.GameView](t, f.get(gpath(f.game, ""), f.Director), http.StatusOK)
	wantProblem(t, f.get(gpath(f.game, ""), ""), http.StatusUnauthorized, "credentials-required")
}

func TestTournamentSetUp(t *testing.T) {
	f := newFixture(t)
	tour := must[service.Tournament](t, f.get(f.tpath(""), ""), http.StatusOK)
	if tour.Variant != "naspa" || tour.ChallengeRule != "double" || tour.CurrentRound != 1 {
		t.Fatalf("defaults %+v", tour)
	}
	wespa := must[service.Tournament](t, f.post("/api/v1/tournaments", f.Director,
		map[string]any{"name": "Worlds", "variant": "wespa", "lexicon": "TESTLEX", "challenge_rule": "single"}), http.StatusCreated)
	if wespa.ID == 0 || wespa.Variant != "wespa" || wespa.Lexicon != "TESTLEX" || wespa.ChallengeRule != "single" {
		t.Fatalf("%+v", wespa)
	}
	tour = must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"name": "Test Open II"}), http.StatusOK)
	if tour.Name != "Test Open II" || tour.Variant != "naspa" {
		t.Fatalf("%+v", tour)
	}

	div := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "A"}), http.StatusCreated)
	div = must[service.Division](t, f.patch(f.tpath("/divisions/"+itoa(div.ID)), f.Director, map[string]any{"name": "Premier"}), http.StatusOK)
	if div.ID == 0 || div.Name != "Premier" {
		t.Fatalf("%+v", div)
	}
	// Doug is paired at table 1: his rating may change, not his division.
	p := must[service.Player](t, f.patch(f.tpath("/players/"+itoa(f.players[0])), f.Director,
		map[string]any{"rating": 1900, "reason": "new ratings list"}), http.StatusOK)
	if p.Name != "Doug" || p.Rating != 1900 || p.DivisionID != nil {
		t.Fatalf("%+v", p)
	}
	if ps := must[[]service.Player](t, f.get(f.tpath("/players"), ""), http.StatusOK); len(ps) != 2 {
		t.Fatalf("%+v", ps)
	}
	if rs := must[[]service.Round](t, f.get(f.tpath("/rounds"), ""), http.StatusOK); len(rs) != 1 || rs[0].Number != 1 {
		t.Fatalf("%+v", rs)
	}
	gs := must[[]service.Game](t, f.get(f.tpath("/games"), ""), http.StatusOK)
	if len(gs) != 1 || gs[0].ID != f.game || gs[0].Table != 1 || len(gs[0].Seats) != 2 || gs[0].Seats[0] != f.players[0] {
		t.Fatalf("%+v", gs)
	}
	if ds := must[[]service.Division](t, f.get(f.tpath("/divisions"), ""), http.StatusOK); len(ds) != 1 {
		t.Fatalf("%+v", ds)
	}
	// Empty lists are [], not null.
	if r := f.get(f.tpath("/results"), ""); string(r.Body) != "[]" {
		t.Fatalf("no results %s", r.Body)
	}
	// The renaming and the new rating are in the audit log.
	if a := must[[]service.AuditEntry](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK); len(a) != 2 || a[0].Action != "update-division" || a[1].Action != "update-player" {
		t.Fatalf("audit %+v", a)
	}
	cred := f.post(f.tpath("/tables/2/credentials"), f.Director, `{}`)
	var issued map[string]any
	json.Unmarshal(cred.Body, &issued)
	if cred.Status != http.StatusCreated || issued["token"] == "" || issued["id"] == nil || issued["table"] != float64(2) || issued["token_hash"] != nil {
		t.Fatalf("credential %d %s", cred.Status, cred.Body)
	}
}

func TestRequestLog(t *testing.T) {
	f := newFixture(t)
	f.get(gpath(f.game, ""), f.table)
	var found bool
	for _, line := range strings.Split(strings.TrimSpace(f.Logs.String()), "\n") {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if e["msg"] == "request" && e["method"] == "GET" && e["path"] == gpath(f.game, "") {
			found = e["status"] == float64(200) && e["actor"] == "table 1" && e["duration"] != nil && e["route"] == "/api/v1/games/:id"
		}
	}
	if !found {
		t.Fatalf("no request line for the game read:\n%s", f.Logs.String())
	}
}
