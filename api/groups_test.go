package api

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// Issue 13: tables of three or four and 2-vs-2 team games inside a
// tournament: games entered turn by turn reach the standings pairwise
// (and as teams), group pairings over two rounds, hand results for
// tables.

// groupFixture is a Word Chums tournament with one division whose
// settings are given, and its players.
type groupFixture struct {
	ts      *testServer
	tpath   string
	div     int64
	players []int64
}

func newGroupFixture(t *testing.T, settings map[string]any, names ...string) *groupFixture {
	t.Helper()
	ts := newTestServer(t)
	body := map[string]any{"name": "Chums Open", "variant": "wordchums", "lexicon": "", "challenge_rule": "double", "tiles": multiTinyTiles}
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, body), http.StatusCreated)
	f := &groupFixture{ts: ts, tpath: fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)}
	div := must[service.Division](t, ts.post(f.tpath+"/divisions", ts.Director, map[string]any{"name": "A", "settings": settings}), http.StatusCreated)
	f.div = div.ID
	for i, name := range names {
		p := must[service.Player](t, ts.post(f.tpath+"/players", ts.Director,
			map[string]any{"name": name, "rating": 1600 - 10*i, "division_id": div.ID}), http.StatusCreated)
		f.players = append(f.players, p.ID)
	}
	return f
}

// play enters multiOutTurns (and the end racks) in a game of four.
func (f *groupFixture) play(t *testing.T, gameID int64) service.GameView {
	t.Helper()
	turns := gpath(gameID, "/turns")
	var last service.TurnResult
	for _, in := range multiOutTurns {
		in.Kind = service.EventMove
		last = must[service.TurnResult](t, f.ts.post(turns, f.ts.Director, in), http.StatusCreated)
	}
	if last.Status == service.StatusAwaitingAcceptance {
		last = must[service.TurnResult](t, f.ts.post(turns, f.ts.Director, service.TurnInput{Kind: service.EventAccept, Player: 2}), http.StatusCreated)
	}
	if last.Result == nil {
		t.Fatalf("no result after the last turn: %+v", last)
	}
	for _, seat := range last.Result.RacksNeeded {
		must[service.TurnResult](t, f.ts.post(turns, f.ts.Director, service.TurnInput{Kind: service.EventEndRack, Player: seat, Rack: multiEndRacks[seat]}), http.StatusCreated)
	}
	v := must[service.GameView](t, f.ts.get(gpath(gameID, ""), f.ts.Director), http.StatusOK)
	if v.Status != service.StatusFinished || v.Result == nil {
		t.Fatalf("game %d: status %q", gameID, v.Status)
	}
	return v
}

func (f *groupFixture) standings(t *testing.T) map[int64]service.StandingRow {
	t.Helper()
	rows := must[[]service.StandingRow](t, f.ts.get(fmt.Sprintf("%s/standings?division=%d", f.tpath, f.div), ""), http.StatusOK)
	out := map[int64]service.StandingRow{}
	for _, r := range rows {
		out[r.PlayerID] = r
	}
	return out
}

// pairwise is each seat's wins, losses and spread against every other
// seat of a table.
func pairwise(final []int) (wins, losses []float64, spread []int) {
	n := len(final)
	wins, losses, spread = make([]float64, n), make([]float64, n), make([]int, n)
	for i := range final {
		for j := range final {
			if i == j {
				continue
			}
			spread[i] += final[i] - final[j]
			switch {
			case final[i] > final[j]:
				wins[i]++
			case final[i] < final[j]:
				losses[i]++
			default:
				wins[i] += 0.5
				losses[i] += 0.5
			}
		}
	}
	return
}

func TestFourPlayerGameReachesStandings(t *testing.T) {
	f := newGroupFixture(t, map[string]any{"group_size": 4}, "Ann Lee", "Bo Chen", "Cy Diaz", "Di Egan")
	game := must[service.Game](t, f.ts.post(f.tpath+"/games", f.ts.Director,
		map[string]any{"round": 1, "table": 1, "players": f.players, "division_id": f.div}), http.StatusCreated)
	v := f.play(t, game.ID)
	final := v.Result.Final
	wins, losses, spread := pairwise(final)
	got := f.standings(t)
	for i, id := range f.players {
		r := got[id]
		if r.Wins != wins[i] || r.Losses != losses[i] || r.Spread != spread[i] || r.Played != 3 || r.Points != final[i] {
			t.Errorf("seat %d (final %v): standings %+v; want %v-%v spread %d, 3 played, %d points", i+1, final, r, wins[i], losses[i], spread[i], final[i])
		}
	}
	// The result is the table's, recorded from the game.
	res := must[[]service.RoundResult](t, f.ts.get(fmt.Sprintf("%s/results?division=%d", f.tpath, f.div), ""), http.StatusOK)
	if len(res) != 1 || !slices.Equal(res[0].Players, f.players) || !slices.Equal(res[0].Scores, final) || res[0].Source != service.SourceRecorded ||
		res[0].GameID == nil || *res[0].GameID != game.ID {
		t.Errorf("results: %+v", res)
	}
	// The game view's official result is the stored one.
	v = must[service.GameView](t, f.ts.get(gpath(game.ID, ""), f.ts.Director), http.StatusOK)
	if v.Official == nil || !slices.Equal(v.Official.Scores, final) {
		t.Errorf("official result %+v, final %v", v.Official, final)
	}
	// A .t file cannot hold it: a clear refusal, not a wrong file.
	r := f.ts.get(fmt.Sprintf("%s/export.t?division=%d", f.tpath, f.div), f.ts.Director)
	wantProblem(t, r, http.StatusUnprocessableEntity, "t-file-two-player")
}

func TestTeamGameReachesStandings(t *testing.T) {
	f := newGroupFixture(t, nil, "Ann Lee", "Bo Chen", "Cy Diaz", "Di Egan")
	p := f.players
	must[service.Division](t, f.ts.patch(fmt.Sprintf("%s/divisions/%d", f.tpath, f.div), f.ts.Director,
		map[string]any{"name": "A", "settings": map[string]any{"teams": [][2]int64{{p[0], p[2]}, {p[1], p[3]}}}}), http.StatusOK)
	game := must[service.Game](t, f.ts.post(f.tpath+"/games", f.ts.Director,
		map[string]any{"round": 1, "table": 1, "players": p, "teams": true, "division_id": f.div}), http.StatusCreated)
	v := f.play(t, game.ID)
	team := v.Result.TeamFinal
	if len(team) != 2 {
		t.Fatalf("team final %v", v.Result)
	}
	got := f.standings(t)
	for i, id := range p {
		mine, theirs := team[i%2], team[1-i%2]
		w, l := 0.0, 0.0
		switch {
		case mine > theirs:
			w = 1
		case mine < theirs:
			l = 1
		default:
			w, l = 0.5, 0.5
		}
		r := got[id]
		if r.Wins != w || r.Losses != l || r.Spread != mine-theirs || r.Played != 1 || r.Points != mine {
			t.Errorf("seat %d (teams %v): standings %+v; want %v-%v spread %d", i+1, team, r, w, l, mine-theirs)
		}
	}
	rows := must[[]service.TeamStandingRow](t, f.ts.get(fmt.Sprintf("%s/team-standings?division=%d", f.tpath, f.div), ""), http.StatusOK)
	winner := 0
	if team[1] > team[0] {
		winner = 1
	}
	if len(rows) != 2 || rows[0].Players[0].ID != p[winner] || rows[0].Players[1].ID != p[winner+2] ||
		rows[0].Wins != 1 || rows[0].Spread != team[winner]-team[1-winner] || rows[1].Losses != 1 || rows[0].Played != 1 {
		t.Errorf("team standings (teams %v): %+v", team, rows)
	}
}

// TestGroupPairingTwoRounds: a division of nine in tables of three is
// paired over two rounds, results are entered by table, and round 2's
// Swiss tables avoid round 1's meetings.
func TestGroupPairingTwoRounds(t *testing.T) {
	f := newGroupFixture(t, map[string]any{"group_size": 3}, "Ann Lee", "Bo Chen", "Cy Diaz", "Di Egan", "Ed Fay", "Flo Gu", "Gil Ho", "Hal Ito", "Ida Jo")
	met := map[[2]int64]bool{}
	for round := 1; round <= 2; round++ {
		rp := must[service.RoundPairings](t, f.ts.post(fmt.Sprintf("%s/rounds/%d/pairings", f.tpath, round), f.ts.Director,
			map[string]any{"division_id": f.div}), http.StatusCreated)
		if len(rp.Pairings) != 3 || len(rp.Unpaired) != 0 {
			t.Fatalf("round %d: %+v", round, rp)
		}
		for i, pv := range rp.Pairings {
			if len(pv.Players) != 3 || pv.GameID == nil || pv.Table != i+1 {
				t.Fatalf("round %d table %d: %+v", round, i+1, pv)
			}
			for a := range pv.Players {
				for b := a + 1; b < 3; b++ {
					k := [2]int64{min(pv.Players[a].ID, pv.Players[b].ID), max(pv.Players[a].ID, pv.Players[b].ID)}
					if met[k] {
						t.Errorf("round %d: %s and %s meet again", round, pv.Players[a].Name, pv.Players[b].Name)
					}
					met[k] = true
				}
			}
			game := must[service.GameView](t, f.ts.get(gpath(*pv.GameID, ""), f.ts.Director), http.StatusOK)
			if len(game.Players) != 3 || game.Players[0].PlayerID != pv.Players[0].ID {
				t.Errorf("game %d seats %+v, pairing %+v", game.ID, game.Players, pv.Players)
			}
			tr := must[service.TableResult](t, f.ts.post(fmt.Sprintf("%s/rounds/%d/tables/%d/result", f.tpath, round, pv.Table), f.ts.Director,
				map[string]any{"scores": []int{400 + 10*i, 350, 300}}), http.StatusCreated)
			if len(tr.Players) != 3 || !slices.Equal(tr.Result.Scores, []int{400 + 10*i, 350, 300}) {
				t.Errorf("table result: %+v", tr)
			}
		}
		if round == 1 {
			must[service.Tournament](t, f.ts.patch(f.tpath, f.ts.Director, map[string]any{"current_round": 2}), http.StatusOK)
		}
	}
	got := f.standings(t)
	total := 0.0
	for _, r := range got {
		total += r.Wins
		if r.Played != 4 || r.Wins+r.Losses != 4 {
			t.Errorf("%s: %+v, want 4 pairwise games", r.Name, r)
		}
	}
	if total != 18 { // 6 tables of three, 3 pairwise games each
		t.Errorf("wins in all: %v, want 18", total)
	}
	tables := must[[]service.TableView](t, f.ts.get(fmt.Sprintf("%s/rounds/2/tables", f.tpath), f.ts.Director), http.StatusOK)
	if len(tables) != 3 || len(tables[0].Players) != 3 || !slices.Equal(tables[0].Scores, []int{400, 350, 300}) {
		t.Errorf("round 2 tables: %+v", tables)
	}
}

// TestHandResultsForTables: results with three and four players (and a
// team game) entered by hand; the checks a table's entry makes.
func TestHandResultsForTables(t *testing.T) {
	f := newGroupFixture(t, map[string]any{"group_size": 4}, "Ann Lee", "Bo Chen", "Cy Diaz", "Di Egan", "Ed Fay", "Flo Gu", "Gil Ho")
	p := f.players
	post := func(body map[string]any) response {
		return f.ts.post(f.tpath+"/results", f.ts.Director, body)
	}
	four := must[service.RoundResult](t, post(map[string]any{"round": 1, "players": p[:4], "scores": []int{300, 420, 380, 300}}), http.StatusCreated)
	if !slices.Equal(four.Players, p[:4]) || len(four.Names) != 4 || four.Winner == nil || *four.Winner != p[1] || four.Spread != -120-80 {
		t.Errorf("four: %+v", four)
	}
	three := must[service.RoundResult](t, post(map[string]any{"round": 1, "players": p[4:], "scores": []int{350, 350, 200}}), http.StatusCreated)
	if three.Winner != nil || !three.Tie {
		t.Errorf("three with a shared top score: %+v", three)
	}
	for _, c := range []struct {
		name string
		body map[string]any
		code string
	}{
		{"scores short", map[string]any{"round": 2, "players": p[:3], "scores": []int{1, 2}}, "bad-scores"},
		{"five players", map[string]any{"round": 2, "players": p[:5], "scores": []int{1, 2, 3, 4, 5}}, "bad-players"},
		{"already in", map[string]any{"round": 1, "players": p[:4], "scores": []int{1, 2, 3, 4}}, "already-entered"},
		{"team of three", map[string]any{"round": 2, "players": p[:3], "scores": []int{1, 2}, "teams": true}, "bad-players"},
		{"a spread", map[string]any{"round": 2, "players": p[:3], "scores": []int{1, 2, 3}, "spread": 5}, "bad-entry"},
	} {
		if r := post(c.body); r.Status < 400 || !strings.Contains(string(r.Body), `"code":"`+c.code+`"`) {
			t.Errorf("%s: %d %s, want %s", c.name, r.Status, r.Body, c.code)
		}
	}
	got := f.standings(t)
	if r := got[p[1]]; r.Wins != 3 || r.Spread != 120+40+120 || r.Played != 3 {
		t.Errorf("Bo: %+v", r)
	}
	if r := got[p[4]]; r.Wins != 1.5 || r.Losses != 0.5 || r.Spread != 150 {
		t.Errorf("Ed: %+v", r)
	}
	// Amended by id: scores in seat order, the players kept.
	am := must[service.RoundResult](t, f.ts.patch(fmt.Sprintf("%s/results/%d", f.tpath, three.ID), f.ts.Director,
		map[string]any{"scores": []int{360, 350, 200}, "reason": "slip misread"}), http.StatusOK)
	if am.Winner == nil || *am.Winner != p[4] {
		t.Errorf("amended: %+v", am)
	}
	// Pairings show the tables that the results made.
	rp := must[service.RoundPairings](t, f.ts.get(fmt.Sprintf("%s/rounds/1/pairings?division=%d", f.tpath, f.div), ""), http.StatusOK)
	if len(rp.Pairings) != 2 || len(rp.Pairings[0].Players) != 4 || rp.Pairings[0].Result == nil {
		t.Errorf("pairings: %+v", rp)
	}
}

// TestTeamPairingKeepsPartners: a team division of three teams pairs one
// team game (partners in seats 1 and 3, 2 and 4) and gives the odd team
// out a bye, both partners.
func TestTeamPairingKeepsPartners(t *testing.T) {
	f := newGroupFixture(t, nil, "Ann Lee", "Bo Chen", "Cy Diaz", "Di Egan", "Ed Fay", "Flo Gu")
	p := f.players
	teams := [][2]int64{{p[0], p[3]}, {p[1], p[4]}, {p[2], p[5]}}
	must[service.Division](t, f.ts.patch(fmt.Sprintf("%s/divisions/%d", f.tpath, f.div), f.ts.Director,
		map[string]any{"name": "A", "settings": map[string]any{"teams": teams}}), http.StatusOK)
	rp := must[service.RoundPairings](t, f.ts.post(f.tpath+"/rounds/1/pairings", f.ts.Director, map[string]any{"division_id": f.div}), http.StatusCreated)
	if len(rp.Pairings) != 3 || !rp.Pairings[0].Teams || len(rp.Pairings[0].Players) != 4 || !rp.Pairings[1].Bye || !rp.Pairings[2].Bye {
		t.Fatalf("pairings: %+v", rp.Pairings)
	}
	seats := rp.Pairings[0].Players
	partner := map[int64]int64{}
	for _, tm := range teams {
		partner[tm[0]], partner[tm[1]] = tm[1], tm[0]
	}
	if partner[seats[0].ID] != seats[2].ID || partner[seats[1].ID] != seats[3].ID {
		t.Errorf("partners apart: %+v", seats)
	}
	game := must[service.GameView](t, f.ts.get(gpath(*rp.Pairings[0].GameID, ""), f.ts.Director), http.StatusOK)
	if len(game.Players) != 4 {
		t.Errorf("team game seats: %+v", game.Players)
	}
	rows := must[[]service.TeamStandingRow](t, f.ts.get(fmt.Sprintf("%s/team-standings?division=%d", f.tpath, f.div), ""), http.StatusOK)
	if len(rows) != 3 || rows[0].Byes != 1 || rows[0].Wins != 1 {
		t.Errorf("team standings after the bye: %+v", rows)
	}
	// A team of three, or a partner in two teams, is refused.
	r := f.ts.patch(fmt.Sprintf("%s/divisions/%d", f.tpath, f.div), f.ts.Director,
		map[string]any{"name": "A", "settings": map[string]any{"teams": [][2]int64{{p[0], p[1]}, {p[1], p[2]}}}})
	wantProblem(t, r, http.StatusBadRequest, "bad-settings")
}
