package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"tourney/service"
)

// resultWays are the ways a round's result arrives that matter to the
// registration desk's tests.
var resultWays = []struct {
	name string
	way  lastResult
}{
	{"keyed", keyed}, {"forfeit", forfeit}, {"director ends", directorEnds}, {"tablet", tablet}, {"imported record", importedGCG},
}

// checkIn checks a player in (body nil) or undoes it.
func (e *event) checkIn(name string, body any, status int) response {
	e.t.Helper()
	r := e.post(e.path(fmt.Sprintf("/players/%d/check-in", e.ids[name])), e.Director, body)
	if r.Status != status {
		e.t.Fatalf("check-in %s: status %d, want %d: %s", name, r.Status, status, r.Body)
	}
	return r
}

// player reads a player from the list.
func (e *event) player(name string) service.Player {
	e.t.Helper()
	for _, p := range must[[]service.Player](e.t, e.get(e.path("/players"), e.Director), http.StatusOK) {
		if p.ID == e.ids[name] {
			return p
		}
	}
	e.t.Fatalf("%s is not listed", name)
	return service.Player{}
}

// pairedNames are a round's players in games and byes, sorted, as
// "Ann-Bob" per pairing with the kind of a one-player one.
func pairedNames(rp service.RoundPairings) string {
	var out []string
	for _, p := range rp.Pairings {
		var names []string
		for _, pl := range p.Players {
			names = append(names, pl.Name)
		}
		sort.Strings(names)
		s := strings.Join(names, "-")
		if len(p.Players) == 1 {
			s += "(" + p.Kind + ")"
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// auditActions are the audit entries of an action, their after parts.
func (e *event) auditActions(action string) []map[string]any {
	e.t.Helper()
	var out []map[string]any
	for _, a := range must[[]service.AuditEntry](e.t, e.get(e.path("/audit"), e.Director), http.StatusOK) {
		if a.Action == action {
			var m map[string]any
			if err := json.Unmarshal(a.After, &m); err != nil {
				e.t.Fatal(err)
			}
			out = append(out, m)
		}
	}
	return out
}

// With check_in_required in division A, round 1 pairs only the players
// checked in there, while B (not required) pairs everyone; a player
// checking in after round 1 was paired gets it as a late entrant's missed
// round, and round 2 pairs them; a check-in undone before pairing leaves
// the player out, and cannot be undone once they are paired. Round 1's
// result arrives each way.
func TestCheckIn(t *testing.T) {
	for _, tc := range resultWays {
		t.Run(tc.name, func(t *testing.T) {
			e, divs := planEvent(t, map[string]any{"check_in_required": true}, map[string]any{})
			for _, name := range []string{"Ann", "Bob", "Cat"} {
				var p service.Player
				if err := json.Unmarshal(e.checkIn(name, nil, http.StatusOK).Body, &p); err != nil || !p.CheckedIn {
					t.Fatalf("check-in %s: %+v %v", name, p, err)
				}
			}
			// Cat's check-in is undone: she has not arrived after all.
			var p service.Player
			if err := json.Unmarshal(e.checkIn("Cat", map[string]any{"checked_in": false}, http.StatusOK).Body, &p); err != nil || p.CheckedIn {
				t.Fatalf("undo: %+v %v", p, err)
			}
			a := e.pairDivision(divs[0], 1, nil)
			if got := pairedNames(a); got != "Ann-Bob" || len(a.Unpaired) != 0 {
				t.Fatalf("A round 1: %s, unpaired %v", got, a.Unpaired)
			}
			b := e.pairDivision(divs[1], 1, nil)
			if got := pairedNames(b); got != "Eve-Gus Fay-Hal" {
				t.Fatalf("B round 1: %s", got)
			}
			e.checkIn("Ann", map[string]any{"checked_in": false}, http.StatusConflict)
			wantProblem(t, e.post(e.path(fmt.Sprintf("/players/%d/check-in", e.ids["Ann"])), e.Director, map[string]any{"checked_in": false}),
				http.StatusConflict, "player-has-results")
			tc.way(e, 1, a.Pairings[0])
			for _, pv := range b.Pairings {
				keyed(e, 1, pv)
			}
			// Cat and Dan arrive after round 1 was paired.
			e.checkIn("Cat", map[string]any{"reason": "arrived late"}, http.StatusOK)
			e.checkIn("Dan", nil, http.StatusOK)
			a = e.roundOf(divs[0], 1)
			if got := pairedNames(a); got != "Ann-Bob Cat(late-entry) Dan(late-entry)" {
				t.Fatalf("A round 1 after the late check-ins: %s", got)
			}
			rows := e.standings(fmt.Sprintf("?division=%d", divs[0]))
			if len(rows) != 4 {
				t.Fatalf("A standings:\n%s", lines(rows))
			}
			for _, r := range rows {
				if (r.Name == "Cat" || r.Name == "Dan") && (r.Losses != 1 || r.Spread != -50 || r.Forfeits != 1) {
					t.Fatalf("A standings:\n%s", lines(rows))
				}
			}
			a2 := e.pairDivision(divs[0], 2, nil)
			if len(a2.Pairings) != 2 || len(a2.Unpaired) != 0 || !strings.Contains(pairedNames(a2), "Cat") || !strings.Contains(pairedNames(a2), "Dan") {
				t.Fatalf("A round 2: %s", pairedNames(a2))
			}
			if b2 := e.pairDivision(divs[1], 2, nil); len(b2.Pairings) != 2 {
				t.Fatalf("B round 2: %s", pairedNames(b2))
			}
			checks := e.auditActions("check-in")
			if len(checks) != 6 {
				t.Fatalf("%d check-in audit entries: %v", len(checks), checks)
			}
			if late := checks[4]; late["missed"] != "forfeit" || late["results"] == nil {
				t.Errorf("Cat's late check-in audited as %v", late)
			}
		})
	}
}

// A player who never arrives (A requires check-in) is withdrawn at the
// desk (a result for them, not checked in, is refused in words):
// nothing is recorded for them, round 1 pairs without them, a
// withdrawal's bad treatment is refused in words; arriving after all,
// they are reinstated (checking in first is refused: reinstate first),
// check in, and join with round 1 missed. B, which
// does not require check-in, is paired as usual. Round 1's results arrive
// each way.
func TestNoShowWithdrawn(t *testing.T) {
	for _, tc := range resultWays {
		t.Run(tc.name, func(t *testing.T) {
			e, divs := planEvent(t, map[string]any{"check_in_required": true}, map[string]any{})
			for _, name := range []string{"Ann", "Bob", "Cat"} {
				e.checkIn(name, nil, http.StatusOK)
			}
			withdraw := func(body map[string]any) response {
				return e.post(e.path(fmt.Sprintf("/players/%d/withdraw", e.ids["Dan"])), e.Director, body)
			}
			// Not checked in: a result for him is refused in words.
			wantProblem(t, e.post(e.path("/results"), e.Director, map[string]any{"round": 1, "players": []int64{e.ids["Cat"], e.ids["Dan"]}, "scores": []int{400, 300}}),
				http.StatusConflict, "not-checked-in")
			wantProblem(t, withdraw(map[string]any{"reason": "no show", "unplayed": "maybe"}), http.StatusBadRequest, "bad-entry")
			if p := must[service.Player](t, withdraw(map[string]any{"reason": "no show"}), http.StatusOK); p.Withdrawn != "forfeit" || p.CheckedIn {
				t.Fatalf("Dan withdrawn: %+v", p)
			}
			a := e.pairDivision(divs[0], 1, nil)
			if got := pairedNames(a); got != "Ann-Bob Cat(bye)" {
				t.Fatalf("A round 1 without Dan: %s", got)
			}
			b := e.pairDivision(divs[1], 1, nil)
			tc.way(e, 1, a.Pairings[0])
			for _, pv := range b.Pairings {
				keyed(e, 1, pv)
			}
			if rows := e.standings(fmt.Sprintf("?division=%d", divs[0])); len(rows) != 3 {
				t.Fatalf("A standings with Dan withdrawn before arriving:\n%s", lines(rows))
			}
			// Dan arrives after all.
			wantProblem(t, e.post(e.path(fmt.Sprintf("/players/%d/check-in", e.ids["Dan"])), e.Director, nil), http.StatusConflict, "player-withdrawn")
			must[service.Player](t, e.post(e.path(fmt.Sprintf("/players/%d/reinstate", e.ids["Dan"])), e.Director, map[string]any{"reason": "arrived after all"}), http.StatusOK)
			e.checkIn("Dan", map[string]any{"reason": "arrived after all"}, http.StatusOK)
			for _, r := range e.standings(fmt.Sprintf("?division=%d", divs[0])) {
				if r.Name == "Dan" && (r.Losses != 1 || r.Forfeits != 1 || r.Withdrawn) {
					t.Fatalf("Dan after arriving: %+v", r)
				}
			}
			if a2 := e.pairDivision(divs[0], 2, nil); len(a2.Pairings) != 2 || !strings.Contains(pairedNames(a2), "Dan") {
				t.Fatalf("A round 2: %s", pairedNames(a2))
			}
			if w := e.auditActions("withdraw-player"); len(w) != 1 || w[0]["unplayed"] != "forfeit" {
				t.Errorf("withdrawal audited as %v", w)
			}
		})
	}
}

// A player moves between divisions: before a result, their pairing in a
// round not played is taken back (the opponent left unpaired) and they
// join the other division with its paired round missed as a late
// entrant's; after a result, 409 player-has-results unless games: keep,
// which leaves the game where it was played (the player shown withdrawn
// there) and goes on in the new division from the next round. The
// result arrives each way; moves are audited.
func TestMovePlayer(t *testing.T) {
	for _, tc := range resultWays {
		t.Run(tc.name, func(t *testing.T) {
			e, divs := planEvent(t, map[string]any{}, map[string]any{})
			move := func(name string, body map[string]any) response {
				return e.post(e.path(fmt.Sprintf("/players/%d/move", e.ids[name])), e.Director, body)
			}
			a := e.pairDivision(divs[0], 1, nil)
			b := e.pairDivision(divs[1], 1, nil)
			if got := pairedNames(a); got != "Ann-Cat Bob-Dan" {
				t.Fatalf("A round 1: %s", got)
			}
			// Dan, not played yet, moves to B.
			wantProblem(t, move("Dan", map[string]any{"division_id": divs[1]}), http.StatusBadRequest, "missing-reason")
			wantProblem(t, move("Dan", map[string]any{"division_id": divs[0], "reason": "x"}), http.StatusBadRequest, "same-division")
			p := must[service.Player](t, move("Dan", map[string]any{"division_id": divs[1], "reason": "entered in the wrong division"}), http.StatusOK)
			if p.DivisionID == nil || *p.DivisionID != divs[1] {
				t.Fatalf("moved: %+v", p)
			}
			a = e.roundOf(divs[0], 1)
			if got := pairedNames(a); got != "Ann-Cat" || len(a.Unpaired) != 1 || a.Unpaired[0].Name != "Bob" {
				t.Fatalf("A round 1 after the move: %s, unpaired %v", got, a.Unpaired)
			}
			if got := pairedNames(e.roundOf(divs[1], 1)); got != "Dan(late-entry) Eve-Gus Fay-Hal" {
				t.Fatalf("B round 1 after the move: %s", got)
			}
			// Bob gets Cat... no: the director pairs Bob a bye, and the
			// results arrive; Cat (A) then moves, having played.
			must[service.RoundPairings](t, e.send(req{method: "PUT", path: e.path("/rounds/1/pairings"), token: e.Director,
				body: map[string]any{"division_id": divs[0], "pairings": []map[string]any{{"players": []int64{e.ids["Bob"]}}}, "reason": "odd one out"}}), http.StatusOK)
			tc.way(e, 1, a.Pairings[0])
			for _, pv := range b.Pairings {
				keyed(e, 1, pv)
			}
			wantProblem(t, move("Cat", map[string]any{"division_id": divs[1], "reason": "wrong division"}), http.StatusConflict, "player-has-results")
			must[service.Player](t, move("Cat", map[string]any{"division_id": divs[1], "reason": "wrong division", "games": "keep"}), http.StatusOK)
			rowsA := e.standings(fmt.Sprintf("?division=%d", divs[0]))
			names := func(rows []service.StandingRow) []string {
				var out []string
				for _, r := range rows {
					out = append(out, r.Name)
				}
				sort.Strings(out)
				return out
			}
			if got := names(rowsA); !slices.Equal(got, []string{"Ann", "Bob", "Cat"}) {
				t.Fatalf("A standings:\n%s", lines(rowsA))
			}
			for _, r := range rowsA {
				if r.Name == "Cat" && (!r.Withdrawn || r.Wins+r.Losses != 1) {
					t.Fatalf("Cat in A: %+v", r)
				}
			}
			rowsB := e.standings(fmt.Sprintf("?division=%d", divs[1]))
			if got := names(rowsB); !slices.Equal(got, []string{"Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}) {
				t.Fatalf("B standings:\n%s", lines(rowsB))
			}
			// Dan missed B's round 1 (a late entrant's forfeit); Cat's
			// round 1 is in A, with no outcome in B.
			for _, r := range rowsB {
				if r.Name == "Dan" && (r.Losses != 1 || r.Spread != -50) || r.Name == "Cat" && (r.Wins+r.Losses != 0 || r.Spread != 0) {
					t.Fatalf("%s in B: %+v", r.Name, r)
				}
			}
			// Cat's kept game is corrected where it was played: amended in
			// A (the record set aside), A's standings follow, B's do not.
			var kept *service.RoundResult
			for _, pv := range e.roundOf(divs[0], 1).Pairings {
				if pv.Result != nil && slices.Contains(pv.Result.Players, e.ids["Cat"]) {
					kept = pv.Result
				}
			}
			if kept == nil {
				t.Fatal("Cat's round 1 result is not in A")
			}
			fix := map[string]any{"kind": "game", "players": []int64{e.ids["Ann"], e.ids["Cat"]}, "scores": []int{300, 477}, "reason": "scores misread"}
			if tc.name != "keyed" && tc.name != "forfeit" {
				fix["record"] = "void" // the game's record gave the result
			}
			am := must[service.RoundResult](t, e.send(req{method: "PATCH", path: e.path(fmt.Sprintf("/results/%d", kept.ID)), token: e.Director, body: fix}), http.StatusOK)
			if am.DivisionID == nil || *am.DivisionID != divs[0] {
				t.Fatalf("amended %+v", am)
			}
			for _, r := range e.standings(fmt.Sprintf("?division=%d", divs[0])) {
				if r.Name == "Cat" && (r.Wins != 1 || r.Spread != 177) || r.Name == "Ann" && (r.Losses != 1 || r.Spread != -177) {
					t.Fatalf("%s in A after the amendment: %+v", r.Name, r)
				}
			}
			for _, r := range e.standings(fmt.Sprintf("?division=%d", divs[1])) {
				if r.Name == "Cat" && (r.Wins+r.Losses != 0 || r.Spread != 0) {
					t.Fatalf("Cat in B after the amendment in A: %+v", r)
				}
			}
			// Round 2: Cat and Dan are paired in B, Cat no more in A.
			a2 := e.pairDivision(divs[0], 2, nil)
			if got := pairedNames(a2); got != "Ann-Bob Cat(withdrawn)" {
				t.Fatalf("A round 2: %s", got)
			}
			b2 := e.pairDivision(divs[1], 2, nil)
			if got := pairedNames(b2); len(b2.Pairings) != 3 || !strings.Contains(got, "Cat") || !strings.Contains(got, "Dan") {
				t.Fatalf("B round 2: %s", got)
			}
			moves := e.auditActions("move-player")
			if len(moves) != 2 || moves[0]["pairings_removed"] != float64(1) || moves[1]["games"] != "keep" {
				t.Fatalf("move audit: %v", moves)
			}
		})
	}
}
