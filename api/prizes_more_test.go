package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// putPrizes sets a prize table.
func (f *fixture) putPrizes(token string, body any) response {
	f.t.Helper()
	return f.send(req{method: "PUT", path: f.tpath("/prizes"), token: token, body: body})
}

// The prizes from games recorded turn by turn, against the test's own
// reading of dougVEmely: Doug's DONATES (82) and RE.IgION (78) are the
// bingos (all seven tiles), Emely's TIL.. was withdrawn.
func TestPrizesFromRecordedGames(t *testing.T) {
	f := newFixture(t)
	table := map[string]any{"prizes": []map[string]any{
		{"type": "high-play"}, {"type": "best-bingo"}, {"type": "most-bingos"}, {"type": "high-win"},
		{"type": "signup", "player_id": f.players[1], "label": "first to sign up"},
	}}
	first := must[service.PrizesView](t, f.putPrizes(f.Director, table), http.StatusOK)
	if !first.Provisional || len(first.Prizes[0].Winners) != 0 {
		t.Fatalf("before any turn: %+v, want provisional and no winner", first)
	}
	finishDougVEmely(t, f)

	// The test's own figures.
	type play struct {
		seat, score int
		word        string
		bingo       bool
	}
	var plays []play
	for _, tc := range dougVEmely {
		if tc.kind == "withdraw" {
			for j := len(plays) - 1; j >= 0; j-- {
				if plays[j].seat == tc.seat {
					plays = append(plays[:j], plays[j+1:]...)
					break
				}
			}
			continue
		}
		_, word, _ := strings.Cut(tc.move, " ")
		plays = append(plays, play{tc.seat, tc.score, word, len(word)-strings.Count(word, ".") == 7})
	}
	best, bestBingo, bingos := plays[0], play{}, map[int]int{}
	for _, p := range plays {
		if p.score > best.score {
			best = p
		}
		if p.bingo {
			bingos[p.seat]++
			if p.score > bestBingo.score {
				bestBingo = p
			}
		}
	}
	most := 1
	if bingos[2] > bingos[1] {
		most = 2
	}

	got := must[service.PrizesView](t, f.get(f.tpath("/prizes"), ""), http.StatusOK)
	if got.Provisional {
		t.Errorf("provisional after the only round's game is finished")
	}
	check := func(k, seat, value int, detail string) {
		t.Helper()
		p := got.Prizes[k]
		if len(p.Winners) != 1 || p.Winners[0].PlayerID != f.players[seat-1] || p.Value == nil || *p.Value != value || p.Detail != detail {
			t.Errorf("prize %d (%s): %+v, want player %d, value %d, detail %q", k+1, p.Type, p, f.players[seat-1], value, detail)
		}
		if p.Type != "high-win" && (!p.FromRecordedGames || p.Round != 1) {
			t.Errorf("prize %d (%s): from_recorded_games %v round %d", k+1, p.Type, p.FromRecordedGames, p.Round)
		}
	}
	check(0, best.seat, best.score, best.word)
	check(1, bestBingo.seat, bestBingo.score, bestBingo.word)
	if p := got.Prizes[2]; len(p.Winners) != 1 || p.Winners[0].PlayerID != f.players[most-1] || *p.Value != bingos[most] {
		t.Errorf("most-bingos: %+v, want player %d with %d", p, f.players[most-1], bingos[most])
	}
	check(3, 1, 451, "")
	if p := got.Prizes[4]; len(p.Winners) != 1 || p.Winners[0].PlayerID != f.players[1] || p.Winners[0].Name != "Emely" {
		t.Errorf("signup: %+v", p)
	}
	// A table read back can be written again as it is.
	again := must[service.PrizesView](t, f.putPrizes(f.Director, got), http.StatusOK)
	if len(again.Prizes) != 5 || again.Prizes[4].Winners[0].PlayerID != f.players[1] {
		t.Errorf("written back: %+v", again)
	}
}

func TestPrizesRefused(t *testing.T) {
	f := newFixture(t)
	one := func(p map[string]any) map[string]any { return map[string]any{"prizes": []map[string]any{p}} }
	for _, tc := range []struct {
		body any
		code string
	}{
		{map[string]any{}, "missing-prizes"},
		{one(map[string]any{"type": "best-in-show"}), "bad-prize-type"},
		{one(map[string]any{"type": "rank"}), "bad-prize-place"},
		{one(map[string]any{"type": "class-rank", "place": -1, "class": "A"}), "bad-prize-place"},
		{one(map[string]any{"type": "class-rank", "place": 1}), "class-required"},
		{one(map[string]any{"type": "round-record", "first": 5, "last": 3}), "bad-prize-rounds"},
		{one(map[string]any{"type": "round-record", "first": 0, "last": 3}), "bad-prize-rounds"},
		{one(map[string]any{"type": "high-win", "first": 1, "last": 3}), "bad-prize-rounds"},
		{one(map[string]any{"type": "signup", "winners": []int64{999999}}), "unknown-player"},
		{one(map[string]any{"type": "rank", "place": 1, "division_id": 999999}), "unknown-division"},
	} {
		wantProblem(t, f.putPrizes(f.Director, tc.body), http.StatusBadRequest, tc.code)
	}
	if r := f.putPrizes(f.table, one(map[string]any{"type": "high-win"})); r.Status != http.StatusForbidden {
		t.Errorf("a table sets prizes: %d %s", r.Status, r.Body)
	}
	// Nothing refused was kept.
	if v := must[service.PrizesView](t, f.get(f.tpath("/prizes"), ""), http.StatusOK); len(v.Prizes) != 0 || !v.Provisional {
		t.Errorf("prizes after refusals: %+v", v)
	}
	// Several divisions: a prize says which; one that does is kept, and
	// the change is in the audit log with its reason.
	var divs []int64
	for _, name := range []string{"A", "B"} {
		divs = append(divs, must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": name}), http.StatusCreated).ID)
	}
	wantProblem(t, f.putPrizes(f.Director, one(map[string]any{"type": "rank", "place": 1})), http.StatusBadRequest, "division-required")
	body := one(map[string]any{"type": "rank", "place": 1, "division_id": divs[1], "label": "B winner"})
	body["reason"] = "prize list from the flyer"
	v := must[service.PrizesView](t, f.putPrizes(f.Director, body), http.StatusOK)
	if len(v.Prizes) != 1 || v.Prizes[0].DivisionID == nil || *v.Prizes[0].DivisionID != divs[1] || len(v.Prizes[0].Winners) != 0 || !v.Provisional {
		t.Errorf("division B's prize before any result: %+v", v)
	}
	found := false
	for _, e := range must[[]service.AuditEntry](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK) {
		found = found || e.Action == "set-prizes" && e.Reason == "prize list from the flyer" && strings.Contains(string(e.After), "B winner")
	}
	if !found {
		t.Errorf("no set-prizes entry in the audit log")
	}
}

// A class set by hand wins over the floors, needs a reason, and clears
// back to the computed one; floors are checked.
func TestPlayerClass(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Classes"}), http.StatusCreated).ID
	div := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "A",
		"settings": map[string]any{"class_floors": []int{1800, 1500}}}), http.StatusCreated)
	for _, name := range []string{"Doug", "Emely"} {
		p := must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1500, "division_id": div.ID}), http.StatusCreated)
		f.players = append(f.players, p.ID)
	}
	classes := func() map[int64]string {
		m := map[int64]string{}
		for _, r := range must[[]service.StandingRow](t, f.get(f.tpath(fmt.Sprintf("/standings?division=%d", div.ID)), ""), http.StatusOK) {
			m[r.PlayerID] = r.Class
		}
		return m
	}
	if c := classes(); c[f.players[0]] != "B" || c[f.players[1]] != "B" {
		t.Fatalf("classes by floors (ratings 1500): %v, want B", c)
	}
	path := f.tpath(fmt.Sprintf("/players/%d", f.players[0]))
	wantProblem(t, f.patch(path, f.Director, map[string]any{"class": "A"}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, f.patch(path, f.Director, map[string]any{"class": "A B", "reason": "x"}), http.StatusBadRequest, "bad-class")
	p := must[service.Player](t, f.patch(path, f.Director, map[string]any{"class": " A ", "reason": "plays up"}), http.StatusOK)
	if p.Class != "A" || classes()[f.players[0]] != "A" {
		t.Errorf("class set by hand: %q, standings %v", p.Class, classes())
	}
	must[service.Player](t, f.patch(path, f.Director, map[string]any{"class": "", "reason": "back"}), http.StatusOK)
	if c := classes()[f.players[0]]; c != "B" {
		t.Errorf("class cleared: %q, want B from the floors", c)
	}
	for _, floors := range [][]int{{1500, 1800}, {1800, 1800}, {0}, make([]int, 26)} {
		r := f.patch(f.tpath(fmt.Sprintf("/divisions/%d", div.ID)), f.Director, map[string]any{"settings": map[string]any{"class_floors": floors}, "reason": "x"})
		wantProblem(t, r, http.StatusBadRequest, "bad-settings")
	}
}
