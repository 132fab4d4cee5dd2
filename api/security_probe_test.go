package api

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"tourney/service"
	"tourney/store/pgtest"
)

// Issue 25: the security probe, repeatable. TestSecurityProbe runs, on a
// real listener on 127.0.0.1, every route of openapi.json as the public,
// as another table (its code and its tablet's session) and as a table of
// another tournament; malformed bodies and path parameters; concurrent
// repeats of one turn; guessing from many addresses; the judge during a
// game; 1,000 live-update streams; a 20 MB sign-in form. It asserts the
// security properties (no 5xx, every refusal) and prints the figures, to
// the file TOURNEY_PROBE_REPORT names as well when it is set.
func TestSecurityProbe(t *testing.T) {
	rep := &probeReport{}
	defer rep.write(t)
	t.Run("authorization", func(t *testing.T) { probeAuthorization(t, rep) })
	t.Run("malformed", func(t *testing.T) { probeMalformed(t, rep) })
	t.Run("concurrency", func(t *testing.T) { probeConcurrency(t, rep) })
	t.Run("lockout", func(t *testing.T) { probeLockout(t, rep) })
	t.Run("judge", func(t *testing.T) { probeJudge(t, rep) })
	t.Run("streams", func(t *testing.T) { probeStreams(t, rep) })
	t.Run("forms", func(t *testing.T) { probeForms(t, rep) })
}

// probeReport collects the summary's lines, section by section.
type probeReport struct {
	mu    sync.Mutex
	lines []string
}

func (r *probeReport) add(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines = append(r.lines, fmt.Sprintf(format, args...))
}

func (r *probeReport) write(t *testing.T) {
	run := "go test -run TestSecurityProbe ./api/"
	if testing.Short() {
		run = "go test -short -run TestSecurityProbe ./api/: the smaller run"
	}
	text := fmt.Sprintf("Security probe (%s; %s %s/%s, %d CPUs)\n", run, runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU()) +
		strings.Join(r.lines, "\n") + "\n"
	t.Logf("\n%s", text)
	if path := os.Getenv("TOURNEY_PROBE_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Errorf("report: %v", err)
		}
	}
}

// probeWorld is the probe's tournament: six players at three tables of
// round 1 (tables 1 and 2 playing, table 3's result entered), table
// codes for tables 1 and 2, a tablet signed in at each, a division, a
// print job; and a second tournament with a table code of its own.
type probeWorld struct {
	*fixture
	srv        *Server
	code2      string   // table 2's code
	tablet2    *browser // table 2's tablet, signed in
	csrf2      string
	foreign    string            // table 1's code in the other tournament
	params     map[string]string // path parameters by name
	tabletSess string            // table 1's tablet session token
}

// newProbeWorld builds the world on a server with the default limits,
// listening on 127.0.0.1.
func newProbeWorld(t *testing.T) *probeWorld {
	t.Helper()
	ts := newTestServer(t)
	h, srv := newServer(ts.Svc, slog.New(slog.NewJSONHandler(ts.Logs, nil)), Options{})
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	if !strings.HasPrefix(hs.URL, "http://127.0.0.1:") {
		t.Skipf("the test server listens on %s, not 127.0.0.1", hs.URL)
	}
	ts.URL, ts.Handler = hs.URL, h
	w := &probeWorld{fixture: &fixture{testServer: ts}, srv: srv}
	f := w.fixture
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Probe Open", "variant": "naspa", "lexicon": "TESTLEX", "start_date": "2026-11-28", "end_date": "2026-11-29"}), http.StatusCreated).ID
	div := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "A"}), http.StatusCreated)
	for _, name := range []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"} {
		f.players = append(f.players, must[service.Player](t, f.post(f.tpath("/players"), f.Director,
			map[string]any{"name": name, "rating": 1500, "division_id": div.ID}), http.StatusCreated).ID)
	}
	must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	// A broadcast delay of one play: the live boards show games in play,
	// but not table 1's only play (issue 27).
	must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": 1, "settings": map[string]any{service.BroadcastDelaySetting: 1}}), http.StatusOK)
	games := map[int]int64{}
	for _, tb := range must[[]struct {
		Table  int   `json:"table"`
		GameID int64 `json:"game_id"`
	}](t, f.get(f.tpath("/rounds/1/tables"), f.Director), http.StatusOK) {
		games[tb.Table] = tb.GameID
	}
	f.game = games[1]
	game2 := games[2]
	if f.game == 0 || game2 == 0 || games[3] == 0 {
		t.Fatalf("round 1's games by table: %v", games)
	}
	seats := func(game int64) (ids []int64) {
		for _, p := range f.view(game).Players {
			ids = append(ids, p.PlayerID)
		}
		return ids
	}
	f.table, w.code2 = f.credential(1), f.credential(2)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(game2, w.code2, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	result := must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": seats(games[3]), "scores": []int{400, 350}}), http.StatusCreated)

	tablet1 := signedInTablet(t, f, 1)
	w.tabletSess = sessionOf(tablet1, f.URL)
	w.tablet2 = browserFrom(t, f.URL, 1)
	if r := w.tablet2.get("/table/2?code=" + url.QueryEscape(w.code2)); r.Status != http.StatusSeeOther {
		t.Fatalf("table 2's sign-in: %d %s", r.Status, r.Body)
	}
	w.csrf2 = pageCSRF(t, w.tablet2.get("/table/2"))
	sessions := must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK)
	creds := must[[]service.Credential](t, f.get(f.tpath("/credentials"), f.Director), http.StatusOK)
	job := must[printJobDoc](t, f.post(f.tpath("/print-jobs"), f.Director, map[string]any{"kind": "scoresheets", "round": 1}), http.StatusAccepted)
	if len(sessions) == 0 || len(creds) == 0 || job.ID == "" {
		t.Fatalf("sessions %v, credentials %v, job %+v", sessions, creds, job)
	}

	other := bareFixture(t, ts)
	w.foreign = other.credential(1)

	photo := must[service.Player](t, f.send(req{method: "PUT", path: f.tpath("/players/" + itoa(f.players[0]) + "/photo"), token: f.Director,
		body: photoBytes(t, "face.png"), header: map[string]string{"Content-Type": "image/png"}}), http.StatusOK).Photo
	w.params = map[string]string{
		"path":       strings.TrimPrefix(photo, "pix/"),
		"tournament": itoa(f.tournament), "game": itoa(f.game), "division": itoa(div.ID),
		"player": itoa(f.players[0]), "round": "1", "table": "1", "credential": itoa(creds[0].ID),
		"result": itoa(result.ID), "turn": "1", "job": job.ID, "session": itoa(sessions[0].ID),
	}
	return w
}

// jobDone waits for the world's print job to finish.
func (w *probeWorld) jobDone(t *testing.T) {
	eventually(t, "the print job done", func() bool {
		var j printJobDoc
		r := w.get("/api/v1/print-jobs/"+w.params["job"], w.Director)
		return json.Unmarshal(r.Body, &j) == nil && j.Status == "done"
	})
}

// probeRoute is one method on one path of openapi.json.
type probeRoute struct {
	method, path string // path as documented: /api/v1/games/{id}
	body         bool   // it takes a request body
}

func (r probeRoute) String() string { return r.method + " " + r.path }

// openapiRoutes are the documented routes, in a stable order.
func openapiRoutes(t *testing.T) []probeRoute {
	t.Helper()
	raw, err := os.ReadFile("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var routes []probeRoute
	for path, ops := range doc.Paths {
		for method, op := range ops {
			switch method {
			case "get", "post", "put", "patch", "delete":
				var o struct {
					Body json.RawMessage `json:"requestBody"`
				}
				_ = json.Unmarshal(op, &o)
				routes = append(routes, probeRoute{strings.ToUpper(method), path, len(o.Body) > 0})
			}
		}
	}
	sort.Slice(routes, func(i, j int) bool {
		if routes[i].path != routes[j].path {
			return routes[i].path < routes[j].path
		}
		return routes[i].method < routes[j].method
	})
	if len(routes) < 70 {
		t.Fatalf("only %d routes in openapi.json", len(routes))
	}
	return routes
}

// pageRoutes are the pages people open (pages_*.go), asked like the API
// routes; the event streams are the streams section's.
var pageRoutes = []probeRoute{
	{"GET", "/director", false}, {"GET", "/director/{id}", false}, {"GET", "/director/{id}/setup", false},
	{"GET", "/director/{id}/rounds", false}, {"GET", "/director/{id}/results", false},
	{"GET", "/director/{id}/standings", false}, {"GET", "/director/{id}/games/{game}", false},
	{"GET", "/t/{id}/standings", false}, {"GET", "/table/{table}", false},
	{"GET", "/t/{id}/live", false}, {"GET", "/t/{id}/live/{table}", false}, {"GET", "/t/{id}/games/{game}", false},
}

func (r probeRoute) page() bool { return !strings.HasPrefix(r.path, "/api/") && r.path != "/healthz" }

var pathParam = regexp.MustCompile(`\{([a-z_]+)\}`)

// fill puts the world's values into a documented path; {id} is the game
// under /games/, else the tournament. bad, when not empty, replaces the
// value of every parameter instead.
func (w *probeWorld) fill(path, bad string) string {
	return pathParam.ReplaceAllStringFunc(path, func(m string) string {
		name := m[1 : len(m)-1]
		switch {
		case bad != "":
			return bad
		case name == "id" && strings.HasPrefix(path, "/api/v1/games/"):
			return w.params["game"]
		case name == "id":
			return w.params["tournament"]
		}
		v, ok := w.params[name]
		if !ok {
			w.t.Fatalf("no value for {%s} in %s", name, path)
		}
		return v
	})
}

// publicByDesign are the routes anyone may read without signing in, with
// the status the public gets: the service's health and description, and
// what the hall sees of a tournament (its settings, players, rounds,
// pairings, tables, results, standings and their printouts, blank sheets,
// the score sheets of decided games, statistics, prizes). The probe's division is not a team
// division, so its team standings answer the rule (422 no-teams).
var publicByDesign = map[string]int{
	"GET /healthz": 200, "GET /api/v1/openapi.json": 200, "GET /api/v1/variants": 200, "GET /api/v1/tournaments": 200,
	"GET /api/v1/tournaments/{id}": 200, "GET /api/v1/tournaments/{id}/divisions": 200,
	"GET /api/v1/tournaments/{id}/players": 200, "GET /api/v1/tournaments/{id}/rounds": 200,
	"GET /api/v1/tournaments/{id}/games": 200, "GET /api/v1/tournaments/{id}/results": 200,
	"GET /api/v1/tournaments/{id}/rounds/{round}/pairings": 200, "GET /api/v1/tournaments/{id}/rounds/{round}/pairings.pdf": 200,
	"GET /api/v1/tournaments/{id}/rounds/{round}/tables": 200, "GET /api/v1/tournaments/{id}/rounds/{round}/slips.pdf": 200,
	"GET /api/v1/tournaments/{id}/rounds/{round}/blank-scoresheets.pdf": 200,
	"GET /api/v1/tournaments/{id}/rounds/{round}/scoresheets.pdf":       200, // decided games only (canRead)
	"GET /api/v1/tournaments/{id}/blank-scoresheet.pdf":                 200,
	"GET /api/v1/tournaments/{id}/standings":                            200, "GET /api/v1/tournaments/{id}/standings.csv": 200,
	"GET /api/v1/tournaments/{id}/standings.pdf": 200, "GET /api/v1/tournaments/{id}/team-standings": 422,
	"GET /api/v1/tournaments/{id}/gibson": 200, "GET /api/v1/tournaments/{id}/ratings": 200,
	"GET /api/v1/tournaments/{id}/ratings.pdf": 200, "GET /api/v1/tournaments/{id}/crosstable.pdf": 200,
	"GET /api/v1/tournaments/{id}/scorecards.pdf": 200, "GET /api/v1/tournaments/{id}/export.t": 200,
	"GET /api/v1/tournaments/{id}/config.tsh": 200,
	// The statistics: figures of decided games (recorded ones only once finished).
	"GET /api/v1/tournaments/{id}/stats": 200, "GET /api/v1/tournaments/{id}/stats.pdf": 200,
	// The prize table and its winners (the ceremony's; provisional until the end).
	"GET /api/v1/tournaments/{id}/prizes": 200, "GET /api/v1/tournaments/{id}/prizes.pdf": 200,
	"GET /director": 200, "GET /t/{id}/standings": 200, // the sign-in form, the hall's standings
	// The live boards and highlights: games in play, behind the broadcast delay.
	"GET /api/v1/tournaments/{id}/live": 200, "GET /api/v1/tournaments/{id}/highlights": 200,
	"GET /t/{id}/live": 200, "GET /t/{id}/live/{table}": 200, "GET /t/{id}/games/{game}": 200, // their pages (the replay reads the game's view: decided games only)
	// tsh's tourney.js, for Woogles and overlays: results that are in.
	"GET /api/v1/tournaments/{id}/tourney.js": 200, "GET /t/{id}/html/tourney.js": 200,
	"GET /t/{id}/html/pix/{path}": 200, "GET /api/v1/tournaments/{id}/pix/{path}": 200, // and the players' photos it names
}

// probeBodies are bodies that pass a route's own checks of its input, so
// that the probe reaches the question of who may; other routes get {}.
var probeBodies = map[string]struct{ ctype, body string }{
	"PATCH /api/v1/games/{id}/challenges/{turn}": {mediaJSON, `{"reason":"probe"}`},
	"PATCH /api/v1/games/{id}/turns/{turn}":      {mediaJSON, `{"reason":"probe","player":1,"move":"8D WINDY"}`},
	"POST /api/v1/games/{id}/import.gcg":         {"text/plain", "#player1 A A\n#player2 B B\n"},
	"POST /api/v1/tournaments/{id}/import.t":     {"text/plain", "Ann 1500 2;\n"},
	"POST /api/v1/tournaments/{id}/judge":        {mediaJSON, `{"words":["WINDY"]}`},
}

// probeActor is someone the probe asks as.
type probeActor struct {
	name string
	do   func(method, path string, body io.Reader, header map[string]string) response
}

func (w *probeWorld) actors(t *testing.T) []probeActor {
	anon := newBrowser(t, w.URL)
	withToken := func(token string) func(string, string, io.Reader, map[string]string) response {
		return func(method, path string, body io.Reader, header map[string]string) response {
			h := map[string]string{"Authorization": "Bearer " + token}
			for k, v := range header {
				h[k] = v
			}
			return anon.do(method, path, body, h)
		}
	}
	return []probeActor{
		{"public", anon.do},
		{"table 2's code", withToken(w.code2)},
		{"table 2's tablet session", func(method, path string, body io.Reader, header map[string]string) response {
			h := map[string]string{csrfHeader: w.csrf2}
			for k, v := range header {
				h[k] = v
			}
			return w.tablet2.do(method, path, body, h)
		}},
		{"another tournament's table code", withToken(w.foreign)},
	}
}

// routeTally is what a route answered the probe.
type routeTally struct {
	attempts, refused, allowed, fivexx, other int
}

// probeAuthorization calls every route as each actor: a route not public
// by design must refuse them all (401, 403 or 404, as a problem); a
// public one must answer the public; none may answer 5xx.
func probeAuthorization(t *testing.T, rep *probeReport) {
	w := newProbeWorld(t)
	api := openapiRoutes(t)
	routes := append(api, pageRoutes...)
	actors := w.actors(t)
	tallies := map[string]*routeTally{}
	codes := map[string]int{}
	for _, rt := range routes {
		tl := &routeTally{}
		tallies[rt.String()] = tl
		path := w.fill(rt.path, "")
		for _, a := range actors {
			var body io.Reader
			header := map[string]string{}
			if b, ok := probeBodies[rt.String()]; ok {
				body, header["Content-Type"] = strings.NewReader(b.body), b.ctype
			} else if rt.body {
				body, header["Content-Type"] = strings.NewReader("{}"), mediaJSON
			}
			r := a.do(rt.method, path, body, header)
			tl.attempts++
			want, public := publicByDesign[rt.String()]
			switch {
			case r.Status >= 500:
				tl.fivexx++
				t.Errorf("%s as %s: %d %s", rt, a.name, r.Status, r.Body)
			case public && r.Status == want:
				tl.allowed++
				w.noLeak(t, rt, a.name, r)
			case public && a.name == "public":
				t.Errorf("%s is public by design, but the public gets %d, want %d: %.300s", rt, r.Status, want, r.Body)
			case rt.page() && (r.Status == 401 || r.Status == 403 || r.Status == 404 || r.Status == 303 && r.Header.Get("Location") == "/director"):
				tl.refused++
				w.noLeak(t, rt, a.name, r)
				codes[fmt.Sprintf("page %d", r.Status)]++
			case r.Status == 401 || r.Status == 403 || r.Status == 404:
				tl.refused++
				var p problemDoc
				if r.Header.Get("Content-Type") != "application/problem+json" || json.Unmarshal(r.Body, &p) != nil {
					t.Errorf("%s as %s: refused %d without a problem: %s", rt, a.name, r.Status, r.Body)
				}
				codes[fmt.Sprintf("%d %s", r.Status, p.Code)]++
			case r.Status < 300:
				tl.allowed++
				t.Errorf("%s as %s: allowed (%d): %.200s", rt, a.name, r.Status, r.Body)
			default:
				tl.other++
				t.Errorf("%s as %s: neither refused nor allowed: %d %.300s", rt, a.name, r.Status, r.Body)
			}
		}
	}
	w.reportAuthorization(rep, len(api), routes, tallies, codes)
	ok, of := w.directorControl(t, api)
	rep.add("   control: the director's GET of every route but the event stream answered: %d of %d (the probe's parameters name real objects)", ok, of)
}

// directorControl reads every GET route (but the event stream) as the
// director, who must get an answer: the refusals above are for want of
// rights, not of objects.
func (w *probeWorld) directorControl(t *testing.T, routes []probeRoute) (ok, of int) {
	w.jobDone(t)
	for _, rt := range routes {
		if rt.method != "GET" || strings.HasSuffix(rt.path, "/events") {
			continue
		}
		of++
		r := w.get(w.fill(rt.path, ""), w.Director)
		want, public := publicByDesign[rt.String()]
		// On PostgreSQL a backup is pg_dump's job: the route says so (409).
		pgBackup := pgtest.Enabled() && rt.String() == "GET /api/v1/backup" && r.Status == http.StatusConflict
		// A .TOU file waits for every result, as tsh's AUPAIR does: the
		// probe's game is in play.
		touWaits := rt.String() == "GET /api/v1/tournaments/{id}/submission.tou" && r.Status == http.StatusUnprocessableEntity &&
			strings.Contains(string(r.Body), "results-not-in")
		if r.Status < 300 || public && r.Status == want || pgBackup || touWaits {
			ok++
		} else {
			t.Errorf("control: %s as the director: %d %.200s", rt, r.Status, r.Body)
		}
	}
	return ok, of
}

// noLeak checks a public answer for what only table 1 and the director
// may see while the game is played: its play's word, and table codes.
func (w *probeWorld) noLeak(t *testing.T, rt probeRoute, who string, r response) {
	t.Helper()
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/pdf") || rt.path == "/api/v1/openapi.json" {
		return // compressed (the PDFs draw on what canRead lets through); the description's examples
	}
	for _, secret := range []string{"WINDY", w.table, w.code2, w.foreign} {
		if strings.Contains(string(r.Body), secret) {
			t.Errorf("%s as %s: the answer holds %q", rt, who, secret)
		}
	}
}

// reportAuthorization adds the per-route table, grouped by resource.
func (w *probeWorld) reportAuthorization(rep *probeReport, apiRoutes int, routes []probeRoute, tallies map[string]*routeTally, codes map[string]int) {
	var total routeTally
	public := 0
	rep.add("\n1. Authorization: %d routes of openapi.json and %d pages x 4 callers (the public, table 2's code, table 2's tablet session, another tournament's table code) against table 1's game in play and the tournament's objects", apiRoutes, len(routes)-apiRoutes)
	rep.add("   %-72s %8s %7s %7s %4s", "route", "attempts", "refused", "allowed", "5xx")
	order := map[string]int{"the service": 0, "the tournament": 1, "table 1's game (in play)": 2, "pages": 3}
	routes = append([]probeRoute(nil), routes...)
	sort.SliceStable(routes, func(i, j int) bool { return order[routeGroup(routes[i].path)] < order[routeGroup(routes[j].path)] })
	group := ""
	for _, rt := range routes {
		g := routeGroup(rt.path)
		if g != group {
			group = g
			rep.add("   [%s]", g)
		}
		tl := tallies[rt.String()]
		mark := ""
		if _, ok := publicByDesign[rt.String()]; ok {
			mark, public = " (public by design)", public+1
		}
		rep.add("   %-72s %8d %7d %7d %4d%s", rt, tl.attempts, tl.refused, tl.allowed, tl.fivexx, mark)
		total.attempts += tl.attempts
		total.refused += tl.refused
		total.allowed += tl.allowed
		total.fivexx += tl.fivexx
		total.other += tl.other
	}
	rep.add("   total: %d attempts on %d routes; %d refused, %d allowed (all on the %d routes public by design), %d other, %d 5xx; no public answer held table 1's play or a table code",
		total.attempts, len(routes), total.refused, total.allowed, public, total.other, total.fivexx)
	var cs []string
	for c, n := range codes {
		cs = append(cs, fmt.Sprintf("%s x%d", c, n))
	}
	sort.Strings(cs)
	rep.add("   refusals by answer: %s", strings.Join(cs, ", "))
}

// routeGroup is what a path is about.
func routeGroup(path string) string {
	switch {
	case strings.HasPrefix(path, "/api/v1/games/"):
		return "table 1's game (in play)"
	case strings.HasPrefix(path, "/api/v1/tournaments/{id}"), strings.HasPrefix(path, "/api/v1/print-jobs"):
		return "the tournament"
	case strings.HasPrefix(path, "/api/"), path == "/healthz":
		return "the service"
	}
	return "pages"
}
