package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"testing"

	"tourney/service"
)

// groupFake stands in front of a test server for what the service does
// not do yet with tables of three or four and team games (the round's
// tables, pairings and status list only pairs; a table's result by hand
// takes only two scores): it answers those routes for the tables it
// fakes exactly as the service's views describe them (service.TableView,
// PairingView and RoundResult with 3-4 players, Teams, a score a seat or
// a team), keeps the results the console posts for them, and passes
// everything else, pairs included, to the real server. The console's
// pages are the real ones, reading what the fake answers.
type groupFake struct {
	t          *testing.T
	h          http.Handler
	tournament int64
	round      int

	mu     sync.Mutex
	tables map[int]*service.TableView // the faked tables, by number
	posted map[int][]tableBody        // what the console posted for each
}

// tableBody is a by-table result as the console posts it.
type tableBody struct {
	Scores []int  `json:"scores"`
	Reason string `json:"reason,omitempty"`
	Record string `json:"record,omitempty"`
}

// missingTeams is a MissingTable with the Teams flag the service's view
// lacks so far (the console reads it when there).
type missingTeams struct {
	service.MissingTable
	Teams bool `json:"teams,omitempty"`
}

type statusTeams struct {
	service.RoundStatus
	Missing []missingTeams `json:"missing"`
}

func newGroupFake(t *testing.T, h http.Handler, tournament int64, round int, tables ...service.TableView) *groupFake {
	g := &groupFake{t: t, h: h, tournament: tournament, round: round, tables: map[int]*service.TableView{}, posted: map[int][]tableBody{}}
	for i := range tables {
		g.tables[tables[i].Table] = &tables[i]
	}
	return g
}

func (g *groupFake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	base := fmt.Sprintf("/api/v1/tournaments/%d/rounds/%d", g.tournament, g.round)
	switch {
	case r.Method == http.MethodGet && r.URL.Path == fmt.Sprintf("/director/%d/results", g.tournament) && r.URL.Query().Get("round") == strconv.Itoa(g.round):
		g.resultsPage(w, r)
	case r.Method == http.MethodGet && r.URL.Path == base+"/tables":
		g.sendJSON(w, http.StatusOK, g.mergedTables(r))
	case r.Method == http.MethodGet && r.URL.Path == base+"/pairings":
		g.pairings(w, r)
	case r.Method == http.MethodGet && r.URL.Path == fmt.Sprintf("/api/v1/tournaments/%d/rounds", g.tournament):
		g.rounds(w, r)
	case r.Method == http.MethodGet && r.URL.Path == fmt.Sprintf("/api/v1/tournaments/%d/results", g.tournament) && r.URL.Query().Get("round") == strconv.Itoa(g.round):
		g.results(w, r)
	case r.Method == http.MethodPatch && resultPathRE.MatchString(r.URL.Path):
		n, _ := strconv.Atoi(resultPathRE.FindStringSubmatch(r.URL.Path)[1])
		g.mu.Lock()
		v := g.tables[n-1000]
		g.mu.Unlock()
		if v == nil {
			g.h.ServeHTTP(w, r)
			return
		}
		g.amend(w, r, v)
	case r.Method == http.MethodPost && tablePathRE.MatchString(r.URL.Path):
		m := tablePathRE.FindStringSubmatch(r.URL.Path)
		n, _ := strconv.Atoi(m[2])
		g.mu.Lock()
		_, faked := g.tables[n]
		g.mu.Unlock()
		if m[1] == strconv.Itoa(g.round) && faked {
			g.enter(w, r, n)
			return
		}
		g.h.ServeHTTP(w, r)
	default:
		g.h.ServeHTTP(w, r)
	}
}

var (
	tablePathRE  = regexp.MustCompile(`^/api/v1/tournaments/\d+/rounds/(\d+)/tables/(\d+)/result$`)
	resultPathRE = regexp.MustCompile(`^/api/v1/tournaments/\d+/results/(\d+)$`) // a faked table's result is 1000 + its table
)

// inner asks the real server and decodes its answer.
func (g *groupFake) inner(r *http.Request, path string, v any) {
	rec := httptest.NewRecorder()
	in := httptest.NewRequest(http.MethodGet, path, nil)
	in.Header = r.Header.Clone()
	g.h.ServeHTTP(rec, in)
	if rec.Code != http.StatusOK {
		g.t.Errorf("fake: GET %s: %d %s", path, rec.Code, rec.Body)
		return
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		g.t.Errorf("fake: GET %s: %v", path, err)
	}
}

func (g *groupFake) sendJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// mergedTables are the real server's tables of the round with the faked
// ones in their place, in table order.
func (g *groupFake) mergedTables(r *http.Request) []service.TableView {
	var real []service.TableView
	g.inner(r, fmt.Sprintf("/api/v1/tournaments/%d/rounds/%d/tables", g.tournament, g.round), &real)
	g.mu.Lock()
	defer g.mu.Unlock()
	out := slices.DeleteFunc(real, func(v service.TableView) bool { return g.tables[v.Table] != nil })
	for _, v := range g.tables {
		out = append(out, *v)
	}
	slices.SortFunc(out, func(a, b service.TableView) int { return a.Table - b.Table })
	return out
}

// resultsPage is the real Key results page with the merged tables as its
// first paint.
func (g *groupFake) resultsPage(w http.ResponseWriter, r *http.Request) {
	rec := httptest.NewRecorder()
	g.h.ServeHTTP(rec, r)
	data, err := json.Marshal(g.mergedTables(r))
	if err != nil {
		g.t.Error(err)
	}
	re := regexp.MustCompile(`(<script type="application/json" id="tables-data">)[^<]*(</script>)`)
	if !re.Match(rec.Body.Bytes()) {
		g.t.Errorf("fake: the results page has no tables-data")
	}
	body := re.ReplaceAllFunc(rec.Body.Bytes(), func(m []byte) []byte {
		sub := re.FindSubmatch(m)
		return slices.Concat(sub[1], data, sub[2])
	})
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.Header().Del("Content-Length")
	w.WriteHeader(rec.Code)
	_, _ = w.Write(body)
}

// pairings are the real round's with the faked tables as pairings.
func (g *groupFake) pairings(w http.ResponseWriter, r *http.Request) {
	var rp service.RoundPairings
	g.inner(r, r.URL.RequestURI(), &rp)
	g.mu.Lock()
	defer g.mu.Unlock()
	seated := map[int64]bool{}
	rp.Pairings = slices.DeleteFunc(rp.Pairings, func(p service.PairingView) bool { return g.tables[p.Table] != nil })
	for _, v := range g.tables {
		pv := service.PairingView{Table: v.Table, GameID: v.GameID, Players: v.Players, Teams: v.Teams, Result: v.Result, Reason: "set by the director"}
		rp.Pairings = append(rp.Pairings, pv)
		for _, p := range v.Players {
			seated[p.ID] = true
		}
	}
	slices.SortFunc(rp.Pairings, func(a, b service.PairingView) int { return a.Table - b.Table })
	rp.Unpaired = slices.DeleteFunc(rp.Unpaired, func(p service.PlayerRef) bool { return seated[p.ID] })
	g.sendJSON(w, http.StatusOK, rp)
}

// rounds is where the rounds stand, the faked tables counted in.
func (g *groupFake) rounds(w http.ResponseWriter, r *http.Request) {
	var list []service.RoundStatus
	g.inner(r, r.URL.RequestURI(), &list)
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]statusTeams, len(list))
	for i, rs := range list {
		out[i] = statusTeams{RoundStatus: rs, Missing: []missingTeams{}}
		for _, m := range rs.Missing {
			out[i].Missing = append(out[i].Missing, missingTeams{MissingTable: m})
		}
		if rs.Number != g.round {
			continue
		}
		for _, v := range g.tables {
			out[i].Games++
			if v.Result != nil {
				out[i].Results++
				continue
			}
			out[i].Missing = append(out[i].Missing, missingTeams{MissingTable: service.MissingTable{Table: v.Table, GameID: v.GameID, Players: v.Players, Status: v.Status}, Teams: v.Teams})
		}
		slices.SortFunc(out[i].Missing, func(a, b missingTeams) int { return a.Table - b.Table })
		out[i].Status = service.RoundInPlay
		if out[i].Results == out[i].Games {
			out[i].Status = service.RoundComplete
		}
	}
	g.sendJSON(w, http.StatusOK, out)
}

// enter keeps a faked table's result as the service will: scores in
// seat order, a score a seat (a team game: a team), a reason to change
// one already in; it answers with the result and every player's record.
func (g *groupFake) enter(w http.ResponseWriter, r *http.Request, table int) {
	var in tableBody
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		g.problem(w, service.Errorf(service.KindInvalid, "bad-json", "%v", err))
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	v := g.tables[table]
	g.posted[table] = append(g.posted[table], in)
	want := len(v.Players)
	if v.Teams {
		want = 2
	}
	if len(in.Scores) != want {
		g.problem(w, service.Errorf(service.KindInvalid, "bad-scores", "table %d takes %d scores in seat order, not %d", table, want, len(in.Scores)))
		return
	}
	amended := v.Result != nil
	if amended && in.Reason == "" {
		e := service.Errorf(service.KindConflict, "already-entered", "table %d already has a result in round %d; give a reason to amend it", table, g.round)
		e.Detail = v
		g.problem(w, e)
		return
	}
	res := &service.RoundResult{ID: int64(1000 + table), Round: g.round, Kind: service.ResultGame, GameID: v.GameID, Table: table,
		Scores: slices.Clone(in.Scores), Teams: v.Teams, Source: service.SourceEntered, Reason: in.Reason}
	for _, p := range v.Players {
		res.Players = append(res.Players, p.ID)
		res.Names = append(res.Names, p.Name)
	}
	v.Result, v.Scores = res, slices.Clone(in.Scores)
	g.sendJSON(w, http.StatusCreated, service.TableResult{Table: table, Result: *res, Amended: amended, Players: g.records(v)})
}

// records are the table's players' records from its result alone: pair
// by pair at a table of three or four, team against team.
func (g *groupFake) records(v *service.TableView) []service.PlayerStanding {
	score := func(i int) int {
		if v.Teams {
			return v.Scores[i%2]
		}
		return v.Scores[i]
	}
	var out []service.PlayerStanding
	for i, p := range v.Players {
		ps := service.PlayerStanding{PlayerID: p.ID, Name: p.Name}
		for j := range v.Players {
			if j == i || (v.Teams && j%2 == i%2) || (v.Teams && j != (i+1)%4) {
				continue // a team game is one game: against the next seat's team
			}
			d := score(i) - score(j)
			ps.Spread += d
			switch {
			case d > 0:
				ps.Wins++
			case d < 0:
				ps.Losses++
			default:
				ps.Wins, ps.Losses = ps.Wins+0.5, ps.Losses+0.5
			}
		}
		out = append(out, ps)
	}
	return out
}

func (g *groupFake) problem(w http.ResponseWriter, err error) {
	p := problemFor(err)
	var buf bytes.Buffer
	_ = json.NewEncoder(&buf).Encode(p)
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(p.Status)
	_, _ = w.Write(buf.Bytes())
}

// postedTo is what the console posted for a faked table.
func (g *groupFake) postedTo(table int) []tableBody {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.posted[table])
}

// results are the round's results with the faked tables' in.
func (g *groupFake) results(w http.ResponseWriter, r *http.Request) {
	var list []service.RoundResult
	g.inner(r, r.URL.RequestURI(), &list)
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, v := range g.tables {
		if v.Result != nil {
			list = append(list, *v.Result)
		}
	}
	slices.SortFunc(list, func(a, b service.RoundResult) int { return a.Table - b.Table })
	g.sendJSON(w, http.StatusOK, list)
}

// amend changes a faked table's result, as PATCH results/{id} does.
func (g *groupFake) amend(w http.ResponseWriter, r *http.Request, v *service.TableView) {
	var in tableBody
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		g.problem(w, service.Errorf(service.KindInvalid, "bad-json", "%v", err))
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.posted[v.Table] = append(g.posted[v.Table], in)
	if len(in.Scores) != len(v.Result.Scores) || in.Reason == "" {
		g.problem(w, service.Errorf(service.KindInvalid, "bad-scores", "give %d scores and a reason", len(v.Result.Scores)))
		return
	}
	v.Result.Scores, v.Scores, v.Result.Reason = slices.Clone(in.Scores), slices.Clone(in.Scores), in.Reason
	g.sendJSON(w, http.StatusOK, v.Result)
}
