package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/gcg"
	"tourney/scoring"
	"tourney/service"
)

// The end-to-end test of the issue "The tournament service: persistence
// and REST API": a tournament is created through the HTTP API (a real
// server over a real SQLite file), every engine-written game record of
// ../shared/gcg is replayed into it turn by turn as the tables and the
// director would enter it, and each game's totals must be the ones
// `tourney verify` computes for the same file (gcg.ChooseRules, then
// scoring.LookupVariant and WithTiles, then gcg.Check).

// e2eKnownRecordDefects are engine-written records that are themselves
// wrong (see gcg/check_conformance_test.go, knownRecordDefects): the
// checker reports exactly this problem, and the record's own running
// totals are not the rules' totals.
var e2eKnownRecordDefects = map[string]string{
	"kmcelwee+scrabble/traditional484.gcg": gcg.CodeEndRackPoints,
}

// e2eEngineOrigins are the MANIFEST.tsv origins of engine-written games,
// whose every recorded score agrees with the rules.
var e2eEngineOrigins = map[string]bool{"ai-selfplay(quackle)": true, "human-vs-bot": true}

// e2eWorkers is how many games are entered at once, as several tables
// would: the server's single writer serialises the commits, the rest
// (HTTP, JSON, replay) overlaps.
const e2eWorkers = 4

// e2eGame is one record to replay, with what verify makes of it.
type e2eGame struct {
	file    string // relative to shared/gcg
	rec     *gcg.Record
	rules   string // the variant ChooseRules names
	variant *scoring.Variant
	report  *gcg.Report
	defect  bool     // a known defect of the record (e2eKnownRecordDefects)
	endRack bool     // the game must ask for a rack at its end
	special []string // why it is in the sample whatever its size: withdrawn, challenge-bonus, time-penalty, scoreless

	// Set up through the API.
	id    int64
	table string // the table's credential
}

func TestE2EReplaySharedGCG(t *testing.T) {
	dir := e2eSharedGCG(t)
	games := e2eLoadEngineGames(t, dir)
	sample := e2eSample(games)
	// A table that does not enter racks: a game that ends on scoreless
	// turns then waits for the racks, which the end-of-game lines give.
	var withheld []*e2eGame
	for _, g := range sample {
		if slices.Contains(g.special, "scoreless") {
			withheld = append(withheld, e2eWithoutRacks(g))
		}
	}
	sample = slices.Concat(sample, withheld)
	special := map[string]int{}
	for _, g := range sample {
		for _, why := range g.special {
			special[why]++
		}
	}
	t.Logf("%d engine-written records; replaying %d, among them every game with %v", len(games), len(sample), special)

	ts := newTestServer(t)
	c := &e2eClient{base: ts.URL, director: ts.Director, http: &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 2 * e2eWorkers},
	}}
	t.Cleanup(c.http.CloseIdleConnections)

	// One tournament per variant the records name (naspa for all of them
	// today), its games in round 1 at tables 1, 2, ...
	start := time.Now()
	tournaments := map[string]int64{}
	tables := map[string]int{}
	for _, g := range sample {
		tid, ok := tournaments[g.rules]
		if !ok {
			tour := must[service.Tournament](t, c.post(t, "/api/v1/tournaments", c.director,
				map[string]any{"name": "GCG replay (" + g.rules + ")", "variant": g.rules}), http.StatusCreated)
			if tour.Variant != g.rules {
				t.Fatalf("tournament variant %q, want %q", tour.Variant, g.rules)
			}
			tid, tournaments[g.rules] = tour.ID, tour.ID
		}
		tables[g.rules]++
		table := tables[g.rules]
		tpath := fmt.Sprintf("/api/v1/tournaments/%d", tid)
		var seats []int64
		for _, p := range g.rec.Players {
			name := p.Name
			if name == "" {
				name = p.Nick
			}
			pl := must[service.Player](t, c.post(t, tpath+"/players", c.director,
				map[string]any{"name": name, "rating": 1500}), http.StatusCreated)
			seats = append(seats, pl.ID)
		}
		gm := must[service.Game](t, c.post(t, tpath+"/games", c.director,
			map[string]any{"round": 1, "table": table, "players": seats}), http.StatusCreated)
		cred := must[service.IssuedCredential](t, c.post(t, fmt.Sprintf("%s/tables/%d/credentials", tpath, table), c.director, nil), http.StatusCreated)
		g.id, g.table = gm.ID, cred.Token
	}
	setup := time.Since(start)

	start = time.Now()
	work := make(chan *e2eGame)
	var wg sync.WaitGroup
	var mu sync.Mutex
	kinds := map[string]int{} // turns entered, by the kind the server recorded
	turns := 0
	for range e2eWorkers {
		wg.Go(func() {
			for g := range work {
				t.Run(g.file, func(t *testing.T) {
					got := e2eReplay(t, c, g)
					mu.Lock()
					for k, n := range got {
						kinds[k] += n
						turns += n
					}
					mu.Unlock()
				})
			}
		})
	}
	for _, g := range sample {
		work <- g
	}
	close(work)
	wg.Wait()
	elapsed := time.Since(start)
	t.Logf("set up %d games in %v; entered %d turns in %v (%.0f turns/s): %v",
		len(sample), setup.Round(time.Millisecond), turns, elapsed.Round(time.Millisecond), float64(turns)/elapsed.Seconds(), kinds)
}

// e2eSharedGCG is ../shared/gcg seen from the package: skipped when it is
// missing, except in CI, where it must be there.
func e2eSharedGCG(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "gcg"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.tsv")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared game records missing at %s: %v", dir, err)
		}
		t.Skipf("shared game records not found at %s", dir)
	}
	return dir
}

// e2eLoadEngineGames reads the engine-written records of the manifest and
// checks each as `tourney verify` does.
func e2eLoadEngineGames(t *testing.T, dir string) []*e2eGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	col := map[string]int{}
	for i, name := range strings.Split(lines[0], "\t") {
		col[name] = i
	}
	fileCol, okF := col["file"]
	originCol, okO := col["origin"]
	if !okF || !okO {
		t.Fatalf("MANIFEST.tsv header lacks file or origin: %q", lines[0])
	}
	variants := map[[2]string]*scoring.Variant{}
	var games []*e2eGame
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) <= max(fileCol, originCol) || !e2eEngineOrigins[f[originCol]] {
			continue
		}
		g := &e2eGame{file: f[fileCol]}
		if g.rec, err = gcg.ReadFile(filepath.Join(dir, g.file)); err != nil {
			t.Errorf("%s: an engine-written record must read: %v", g.file, err)
			continue
		}
		ch := gcg.ChooseRules(g.rec)
		if ch.Problem != nil {
			t.Errorf("%s: %s", g.file, ch.Problem.Msg)
			continue
		}
		if ch.Tiles != "english" {
			// The tournament would need the tile set's file; no
			// engine-written record needs one today.
			t.Errorf("%s: tile set %s: the test only sets up tournaments with the variant's own tiles", g.file, ch.Tiles)
			continue
		}
		key := [2]string{ch.Rules, ch.Tiles}
		v := variants[key]
		if v == nil {
			if v, err = scoring.LookupVariant(ch.Rules); err != nil {
				t.Fatalf("%s: %v", g.file, err)
			}
			if ts, ok := scoring.BuiltinTileSet(ch.Tiles); ok && ch.Tiles != "english" {
				v = v.WithTiles(ts)
			}
			variants[key] = v
		}
		g.rules = ch.Rules
		g.report = gcg.Check(g.rec, v)
		g.variant = v
		if want, ok := e2eKnownRecordDefects[g.file]; ok {
			g.defect = true
			if len(g.report.Problems) != 1 || g.report.Problems[0].Code != want {
				t.Errorf("%s: want exactly the known defect %s, got %+v", g.file, want, g.report.Problems)
			}
		} else if len(g.report.Problems) > 0 {
			t.Errorf("%s: verify finds problems in an engine-written record: %+v", g.file, g.report.Problems)
			continue
		}
		for _, e := range g.rec.Events {
			why := map[gcg.EventKind]string{gcg.Withdrawn: "withdrawn", gcg.ChallengeBonus: "challenge-bonus", gcg.TimePenalty: "time-penalty"}[e.Kind]
			if why != "" && !slices.Contains(g.special, why) {
				g.special = append(g.special, why)
			}
		}
		if g.report.Result.Reason == scoring.EndScoreless || g.report.Result.Reason == scoring.EndPasses {
			g.special = append(g.special, "scoreless")
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		t.Fatal("no engine-written records in MANIFEST.tsv")
	}
	return games
}

// e2eSampleSize is the least number of games replayed by default. The
// whole set (over 300 games, 7,700 turns) takes minutes with -race on two
// cores, every turn being a durable commit; set TOURNEY_E2E_ALL=1 to
// replay every engine-written game.
const e2eSampleSize = 60

// e2eSample is a deterministic sample of at least e2eSampleSize games that
// keeps every game with a withdrawn play, a challenge bonus, a time
// penalty or a scoreless ending, plus every k-th other game in file order;
// or every game with TOURNEY_E2E_ALL=1.
func e2eSample(games []*e2eGame) []*e2eGame {
	if os.Getenv("TOURNEY_E2E_ALL") == "1" {
		return games
	}
	var out, rest []*e2eGame
	for _, g := range games {
		if len(g.special) > 0 {
			out = append(out, g)
		} else {
			rest = append(rest, g)
		}
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i].file < rest[j].file })
	if need := e2eSampleSize - len(out); need > 0 && len(rest) > 0 {
		step := max(1, len(rest)/need)
		for i := 0; i < len(rest) && need > 0; i += step {
			out = append(out, rest[i])
			need--
		}
	}
	return out
}

// e2eWithoutRacks is a game's record with the rack column left empty on
// every line, checked as verify would check it.
func e2eWithoutRacks(g *e2eGame) *e2eGame {
	rec := *g.rec
	rec.Events = slices.Clone(rec.Events)
	for i := range rec.Events {
		rec.Events[i].Rack = ""
	}
	rec.Racks = nil
	return &e2eGame{file: g.file + "#without-racks", rec: &rec, rules: g.rules, variant: g.variant,
		report: gcg.Check(&rec, g.variant), defect: g.defect, endRack: true}
}

// e2eReplay enters one record's events into its game, checking each
// answer, then compares the game with verify's report. It returns the
// number of turns entered of each kind.
func e2eReplay(t *testing.T, c *e2eClient, g *e2eGame) map[string]int {
	rec, rep := g.rec, g.report
	n := len(rec.Players)
	defect := g.defect
	seatsOf := map[string][]int{} // a nick may be shared (Quackle's "NoName")
	for i, p := range rec.Players {
		seatsOf[p.Nick] = append(seatsOf[p.Nick], i+1)
	}
	// Where the game stands, from the latest answer.
	status, toMove, next := service.StatusInProgress, 1, 1
	var result *service.ResultView
	entered, kinds := 0, map[string]int{}
	enter := func(e *gcg.Event, token string, in service.TurnInput) *service.TurnResult {
		t.Helper()
		in.Turn = next
		r := c.post(t, fmt.Sprintf("/api/v1/games/%d/turns", g.id), token, in)
		if r.Status != http.StatusCreated {
			t.Fatalf("line %d (%s %s): status %d: %s", e.Line, in.Kind, in.Move, r.Status, r.Body)
		}
		res := must[service.TurnResult](t, r, http.StatusCreated)
		entered++
		kinds[res.Kind]++
		if res.Seq != next || res.NextTurn != next+1 || res.Player != in.Player {
			t.Fatalf("line %d: answer for entry %d of player %d, next %d; sent entry %d of player %d",
				e.Line, res.Seq, res.Player, res.NextTurn, next, in.Player)
		}
		if !res.Agrees || strings.Contains(res.Flag, "score-disagreement") {
			t.Errorf("line %d (%s %s): claimed %v, computed %d, flag %q", e.Line, in.Kind, in.Move, e2eIntp(res.ClaimedScore), res.Score, res.Flag)
		}
		if res.Flag != "" {
			t.Errorf("line %d (%s %s): flagged %q", e.Line, in.Kind, in.Move, res.Flag)
		}
		status, toMove, next, result = res.Status, res.ToMove, res.NextTurn, res.Result
		return &res
	}
	// seat finds the seat of an event's nick as the checker does: when
	// players share a nick, a turn is the player to move's and anything
	// else the player who moved last's.
	seat := func(e *gcg.Event) int {
		ss := seatsOf[e.Nick]
		if len(ss) == 0 {
			t.Fatalf("line %d: %q is not a player", e.Line, e.Nick)
		}
		if len(ss) == 1 {
			return ss[0]
		}
		want := toMove
		if e.Kind != gcg.Play && e.Kind != gcg.Exchange && e.Kind != gcg.Pass {
			want = (toMove+n-2)%n + 1
		}
		if slices.Contains(ss, want) {
			return want
		}
		return ss[0]
	}

	for i := range rec.Events {
		e := &rec.Events[i]
		s := seat(e)
		in := service.TurnInput{Player: s, Rack: e.Rack}
		score := e.Score
		token := g.table
		checkTotal := e.HasCumulative && !defect
		switch e.Kind {
		case gcg.Play:
			in.Kind, in.Move, in.ClaimedScore = service.EventMove, e.Position+" "+e.Word, &score
		case gcg.Exchange:
			in.Kind, in.Move, in.ClaimedScore = service.EventMove, "-"+e.Exchanged, &score
			if e.Exchanged == "" {
				in.Move = "-" + strconv.Itoa(e.Count)
			}
		case gcg.Pass:
			// After a play that went out, the service takes the
			// opponent's pass as accepting it.
			in.Kind, in.Move, in.ClaimedScore = service.EventMove, "-", &score
		case gcg.Withdrawn:
			in.Kind, in.Rack, in.ClaimedScore, token = service.EventWithdraw, "", &score, c.director
		case gcg.ChallengeBonus:
			in.Kind, in.Rack, in.Points, in.ClaimedScore, token = service.EventChallengeBonus, "", e.Score, &score, c.director
		case gcg.TimePenalty:
			in.Kind, in.Rack, in.Points, in.ClaimedScore = service.EventTimePenalty, "", -e.Score, &score
			checkTotal = false // the record's total includes the rack adjustments
		case gcg.EndRackPoints, gcg.EndRackPenalty:
			// The engine works the racks out when it can; it is told only
			// the ones it asks for.
			owner := s
			if e.Kind == gcg.EndRackPoints {
				if n != 2 {
					continue
				}
				owner = 3 - s
			}
			if result == nil || !result.Over || !slices.Contains(result.RacksNeeded, owner) {
				continue
			}
			in = service.TurnInput{Kind: service.EventEndRack, Player: owner, Rack: e.EndRack}
			checkTotal = false
		default:
			t.Fatalf("line %d: event kind %d the test does not know", e.Line, e.Kind)
		}
		wasAwaiting := status == service.StatusAwaitingAcceptance
		res := enter(e, token, in)
		if e.Kind == gcg.Pass && wasAwaiting && res.Kind != service.EventAccept {
			t.Errorf("line %d: a pass after a play that went out is entered as %q, want accept", e.Line, res.Kind)
		}
		if checkTotal && res.Totals[s-1] != e.Cumulative {
			t.Errorf("line %d: %s's total is %d after this turn; the record says %d", e.Line, e.Nick, res.Totals[s-1], e.Cumulative)
		}
	}
	// Nobody challenged the play that went out: the opponent accepts it.
	if status == service.StatusAwaitingAcceptance && n == 2 && result != nil && result.OutSeat > 0 {
		res := enter(&gcg.Event{Line: 0}, g.table, service.TurnInput{Player: 3 - result.OutSeat, Kind: service.EventAccept})
		if res.Status == service.StatusAwaitingAcceptance {
			t.Errorf("still awaiting acceptance after the opponent accepted")
		}
	}

	if g.endRack && kinds[service.EventEndRack] == 0 {
		t.Errorf("the game never asked for a rack at its end")
	}

	// The game as the director sees it, against verify's report.
	v := must[service.GameView](t, c.get(t, fmt.Sprintf("/api/v1/games/%d", g.id), c.director), http.StatusOK)
	want := rep.Result
	if len(v.Players) != n || len(v.Turns) != entered || v.NextTurn != entered+1 {
		t.Fatalf("game has %d players, %d turns, next turn %d; want %d, %d, %d", len(v.Players), len(v.Turns), v.NextTurn, n, entered, entered+1)
	}
	if !slices.Equal(v.Totals, rep.Game.Totals()) {
		t.Errorf("totals %v, verify %v", v.Totals, rep.Game.Totals())
	}
	for _, f := range v.Flags {
		t.Errorf("turn %d flagged %q", f.Turn, f.Flag)
	}
	for _, tv := range v.Turns {
		if !tv.Agrees {
			t.Errorf("turn %d (%s %s) stored as disagreeing: claimed %v, computed %d", tv.Seq, tv.Kind, tv.Move, e2eIntp(tv.ClaimedScore), tv.Score)
		}
	}
	wantStatus := service.StatusInProgress
	if want.Over {
		wantStatus = service.StatusFinished
		if !want.Complete {
			wantStatus = service.StatusAwaitingRacks
		}
	}
	if v.Status != wantStatus {
		t.Errorf("status %q, want %q", v.Status, wantStatus)
	}
	r := v.Result
	if r == nil {
		t.Fatal("the game view has no result")
	}
	if r.Over != want.Over || r.Complete != want.Complete || r.Reason != string(want.Reason) {
		t.Errorf("result over=%v complete=%v reason=%q; verify over=%v complete=%v reason=%q",
			r.Over, r.Complete, r.Reason, want.Over, want.Complete, want.Reason)
	}
	if !slices.Equal(r.Final, want.Final) || !slices.Equal(r.RackAdjust, want.RackAdjust) || !slices.Equal(r.TimePenalty, want.TimePenalty) {
		t.Errorf("final %v (racks %v, time %v); verify final %v (racks %v, time %v)",
			r.Final, r.RackAdjust, r.TimePenalty, want.Final, want.RackAdjust, want.TimePenalty)
	}
	if want.Over && want.Complete {
		wantWinner := want.Winner + 1 // 0 for a tie
		if r.WinnerSeat != wantWinner || r.Tie != (want.Winner < 0) {
			t.Errorf("winner seat %d (tie %v); verify's winner is seat %d", r.WinnerSeat, r.Tie, wantWinner)
		}
	}
	recorded := e2eRecordedTotals(rec)
	for i, p := range v.Players {
		if i >= len(want.Final) {
			break
		}
		if p.Score != want.Final[i] {
			t.Errorf("%s (seat %d) scores %d; verify says %d", rec.Players[i].Nick, p.Seat, p.Score, want.Final[i])
		}
		if !defect && recorded[i] != nil && p.Score != *recorded[i] {
			t.Errorf("%s (seat %d) scores %d; the record's last total is %d", rec.Players[i].Nick, p.Seat, p.Score, *recorded[i])
		}
	}
	return kinds
}

// e2eRecordedTotals is each seat's last running total in the record.
func e2eRecordedTotals(rec *gcg.Record) []*int {
	out := make([]*int, len(rec.Players))
	seatsOf := map[string][]int{}
	for i, p := range rec.Players {
		seatsOf[p.Nick] = append(seatsOf[p.Nick], i)
	}
	for i := range rec.Events {
		e := &rec.Events[i]
		if ss := seatsOf[e.Nick]; len(ss) == 1 && e.HasCumulative {
			out[ss[0]] = &e.Cumulative
		}
	}
	return out
}

func e2eIntp(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// e2eClient talks to the server from any goroutine, failing the test it
// is given.
type e2eClient struct {
	base, director string
	http           *http.Client
}

func (c *e2eClient) do(t *testing.T, method, path, token string, body any) response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	hr, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if rd != nil {
		hr.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(hr)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return response{Status: res.StatusCode, Header: res.Header, Body: b}
}

func (c *e2eClient) post(t *testing.T, path, token string, body any) response {
	t.Helper()
	return c.do(t, http.MethodPost, path, token, body)
}

func (c *e2eClient) get(t *testing.T, path, token string) response {
	t.Helper()
	return c.do(t, http.MethodGet, path, token, nil)
}
