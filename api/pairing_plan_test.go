package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"tourney/service"
)

// planEvent is a tournament of two divisions, A (Ann, Bob, Cat, Dan) and
// B (Eve, Fay, Gus, Hal), with the settings given; e.division is A's.
func planEvent(t *testing.T, a, b map[string]any) (*event, [2]int64) {
	t.Helper()
	e := newEvent(t, nil, "", a, "Ann", "Bob", "Cat", "Dan")
	d := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B", "settings": b}), http.StatusCreated)
	for i, name := range []string{"Eve", "Fay", "Gus", "Hal"} {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director,
			map[string]any{"name": name, "rating": 1900 - 10*i, "division_id": d.ID}), http.StatusCreated)
		e.ids[name] = p.ID
	}
	return e, [2]int64{*e.division, d.ID}
}

// divisionNext reads a division as GET .../divisions shows it.
func (e *event) divisionNext(id int64) service.Division {
	e.t.Helper()
	for _, d := range must[[]service.Division](e.t, e.get(e.path("/divisions"), ""), http.StatusOK) {
		if d.ID == id {
			return d
		}
	}
	e.t.Fatalf("division %d is not listed", id)
	return service.Division{}
}

// pairDivision pairs a round of a division as the director (body may
// name the system; nil: the division's).
func (e *event) pairDivision(div int64, round int, body map[string]any) service.RoundPairings {
	e.t.Helper()
	if body == nil {
		body = map[string]any{}
	}
	body["division_id"] = div
	return must[service.RoundPairings](e.t, e.post(e.path(fmt.Sprintf("/rounds/%d/pairings", round)), e.Director, body), http.StatusCreated)
}

// roundOf reads a round of a division.
func (e *event) roundOf(div int64, round int) service.RoundPairings {
	e.t.Helper()
	return must[service.RoundPairings](e.t, e.get(e.path(fmt.Sprintf("/rounds/%d/pairings?division=%d", round, div)), ""), http.StatusOK)
}

// autoPaired are the audit's pairings by auto-pair: the round's system
// for each division (by id; 0 for a tournament without divisions), and
// the failures.
func (e *event) autoPaired() (paired map[int64][]string, failed []string) {
	e.t.Helper()
	paired = map[int64][]string{}
	for _, a := range must[[]service.AuditEntry](e.t, e.get(e.path("/audit"), e.Director), http.StatusOK) {
		if a.Who != service.AutoPairActor.Label {
			continue
		}
		switch a.Action {
		case "pair-round":
			var rp service.RoundPairings
			if err := json.Unmarshal(a.After, &rp); err != nil {
				e.t.Fatal(err)
			}
			div := int64(0) // a tournament without divisions
			if rp.DivisionID != nil {
				div = *rp.DivisionID
			}
			paired[div] = append(paired[div], fmt.Sprintf("%d %s", rp.Round, rp.System))
		case "auto-pair-failed":
			failed = append(failed, string(a.After))
		default:
			e.t.Errorf("auto-pair did %s", a.Action)
		}
	}
	return paired, failed
}

// The pairing plan decides each round's system: GET .../divisions shows
// the next round and its system, and POST .../pairings without a system
// pairs with that one (the plan's step, then the settings' pairing), in
// each of two divisions; a random round reports its seed; a system named
// in the request wins over the plan. Auto-pair is off: nothing is paired
// but by the director.
func TestPairingPlanPicksSystem(t *testing.T) {
	e, divs := planEvent(t,
		map[string]any{"rounds": 4, "pairing_plan": []map[string]any{{"rounds": "1", "system": "koth"},
			{"rounds": "2-3", "system": "rr", "first_round": 2}, {"rounds": "4", "system": "random"}}},
		map[string]any{"rounds": 4, "pairing": "koth", "pairing_plan": []map[string]any{{"rounds": "1-2", "system": "random"},
			{"rounds": "3", "system": "swiss"}}})
	want := [2][]string{{"koth", "rr", "rr", "random"}, {"random", "random", "swiss", "koth"}}
	for round := 1; round <= 4; round++ {
		for i, div := range divs {
			d := e.divisionNext(div)
			if d.NextRound != round || d.NextSystem != want[i][round-1] {
				t.Fatalf("division %s before round %d: next %d %q, want %d %q", d.Name, round, d.NextRound, d.NextSystem, round, want[i][round-1])
			}
			var again map[string]any
			if round == 4 && i == 0 {
				// The request's system wins over the plan's; paired again
				// without one, the plan's applies.
				if rp := e.pairDivision(div, round, map[string]any{"system": "swiss"}); rp.System != "swiss" || rp.Seed != nil {
					t.Errorf("a named system: paired by %s", rp.System)
				}
				again = map[string]any{"replace": true}
			}
			rp := e.pairDivision(div, round, again)
			if rp.System != d.NextSystem {
				t.Errorf("division %s round %d paired by %s; the division said %s", d.Name, round, rp.System, d.NextSystem)
			}
			if (rp.System == "random") != (rp.Seed != nil) {
				t.Errorf("division %s round %d (%s): seed %v", d.Name, round, rp.System, rp.Seed)
			}
			if len(rp.Pairings) != 2 || len(rp.Unpaired) != 0 {
				t.Fatalf("division %s round %d: %+v", d.Name, round, rp)
			}
			for j, p := range rp.Pairings {
				e.enterAt(round, p, 400+10*j, 350)
			}
		}
	}
	for _, div := range divs {
		if d := e.divisionNext(div); d.NextRound != 0 || d.NextSystem != "" {
			t.Errorf("division %s after its last round: next %d %q", d.Name, d.NextRound, d.NextSystem)
		}
	}
	if paired, failed := e.autoPaired(); len(paired) != 0 || len(failed) != 0 {
		t.Errorf("auto-pair off, yet %v %v", paired, failed)
	}
}

// How a round's last result arrives, in a division.
type lastResult func(e *event, round int, p service.PairingView)

// keyed: the director keys the scores.
func keyed(e *event, round int, p service.PairingView) { e.enterAt(round, p, 420, 380) }

// forfeit: the director enters a forfeit.
func forfeit(e *event, round int, p service.PairingView) {
	must[service.RoundResult](e.t, e.post(e.path("/results"), e.Director, map[string]any{"round": round, "kind": "forfeit",
		"players": []int64{p.Players[0].ID, p.Players[1].ID}}), http.StatusCreated)
}

// directorEnds: the table records two turns, then the director ends the
// game on time (its result comes from the record).
func directorEnds(e *event, round int, p service.PairingView) {
	c := must[service.IssuedCredential](e.t, e.post(e.path(fmt.Sprintf("/tables/%d/credentials", p.Table)), e.Director, nil), http.StatusCreated)
	f := &fixture{testServer: e.testServer, tournament: e.tournament}
	must[map[string]any](e.t, f.enter(*p.GameID, c.Token, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[map[string]any](e.t, f.enter(*p.GameID, c.Token, turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	v := must[service.GameView](e.t, e.post(gpath(*p.GameID, "/end"), e.Director, map[string]any{
		"how": "time", "reason": "time ran out", "racks": map[string]string{"1": "AGITNOI", "2": "ODVNJHA"}}), http.StatusOK)
	if v.Status != service.StatusFinished {
		e.t.Fatalf("the director's end: status %s", v.Status)
	}
}

// tablet: the table records the game turn by turn (Doug v Emely), the
// director ruling where the record says so, and the last turn (seat 1
// accepting the end) finishes it.
func tablet(e *event, round int, p service.PairingView) {
	c := must[service.IssuedCredential](e.t, e.post(e.path(fmt.Sprintf("/tables/%d/credentials", p.Table)), e.Director, nil), http.StatusCreated)
	f := &fixture{testServer: e.testServer, tournament: e.tournament}
	for i, tc := range dougVEmely {
		token := c.Token
		if tc.byDirector {
			token = e.Director
		}
		must[service.TurnResult](e.t, f.enter(*p.GameID, token, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	must[service.TurnResult](e.t, f.enter(*p.GameID, c.Token, turn{Turn: len(dougVEmely) + 1, Player: 1, Move: "-"}), http.StatusCreated)
}

// importedGCG: the director imports the game's record (doug_v_emely.gcg
// with the pairing's players, seat 1 as doug).
func importedGCG(e *event, round int, p service.PairingView) {
	b, err := os.ReadFile("testdata/gcg/doug_v_emely.gcg")
	if err != nil {
		e.t.Fatal(err)
	}
	text := strings.NewReplacer("doug", p.Players[0].Name, "emely", p.Players[1].Name).Replace(string(b))
	imp := must[service.GCGImport](e.t, e.send(req{method: "POST", path: gpath(*p.GameID, "/import.gcg"), token: e.Director, body: text,
		header: map[string]string{"Content-Type": "text/plain"}}), http.StatusCreated)
	if imp.Result == nil || len(imp.Result.Final) != 2 {
		e.t.Fatalf("the import gave no result: %+v", imp.Result)
	}
}

// With auto_pair on, the last result of a round pairs the next round by
// itself with the plan's system, however it arrives (keyed by hand, a
// forfeit, a game the director ended, a tablet's last turn, an imported
// record), audited by
// "auto-pair"; a
// division with auto_pair off waits for the director; a pairing that
// cannot be made is audited and leaves the round unpaired, while the
// result that completed the round stands.
func TestAutoPair(t *testing.T) {
	plan := func(auto bool, steps ...map[string]any) map[string]any {
		return map[string]any{"rounds": 3, "auto_pair": auto, "pairing_plan": steps}
	}
	step := func(rounds, sys string) map[string]any { return map[string]any{"rounds": rounds, "system": sys} }
	for _, tc := range []struct {
		name string
		a, b map[string]any
		last [2]lastResult
		// want: round 2's system in each division ("" unpaired);
		// failed: auto-pair failures audited.
		want   [2]string
		failed int
	}{
		{name: "keyed in A, a forfeit in B", a: plan(true, step("1", "koth"), step("2-3", "swiss")), b: plan(true, step("1-3", "random")),
			last: [2]lastResult{keyed, forfeit}, want: [2]string{"swiss", "random"}},
		{name: "ended by the director in A, keyed in B", a: plan(true, step("2", "koth")), b: plan(true, step("1", "koth"), step("2-3", "rr")),
			last: [2]lastResult{directorEnds, keyed}, want: [2]string{"koth", "rr"}},
		{name: "an imported record in A, ended by the director in B", a: plan(true, step("2-3", "random")), b: plan(true, step("2-3", "swiss")),
			last: [2]lastResult{importedGCG, directorEnds}, want: [2]string{"random", "swiss"}},
		{name: "a tablet's last turn in A, keyed in B", a: plan(true, step("2", "koth")), b: plan(true, step("2", "random")),
			last: [2]lastResult{tablet, keyed}, want: [2]string{"koth", "random"}},
		{name: "auto_pair off in B", a: plan(true, step("2-3", "random")), b: plan(false, step("2-3", "random")),
			last: [2]lastResult{forfeit, keyed}, want: [2]string{"random", ""}},
		{name: "a pairing that cannot be made", a: plan(true, step("2-3", "swiss")), b: map[string]any{"rounds": 3, "auto_pair": true},
			last: [2]lastResult{keyed, keyed}, want: [2]string{"swiss", ""}, failed: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, divs := planEvent(t, tc.a, tc.b)
			for i, div := range divs {
				rp := e.pairDivision(div, 1, map[string]any{"system": "koth"})
				if tc.failed > 0 && i == 1 {
					// B's round 1 waits for a result; round 2 is paired on
					// it by force and completes: Swiss cannot pair round 3
					// on an incomplete round 1.
					e.enterAt(1, rp.Pairings[0], 400, 300)
					r2 := e.pairDivision(div, 2, map[string]any{"system": "koth", "force": true, "reason": "table 2 is late"})
					e.enterAt(2, r2.Pairings[0], 400, 300)
					tc.last[i](e, 2, r2.Pairings[1])
					continue
				}
				e.enterAt(1, rp.Pairings[0], 400, 300)
				if got := e.roundOf(div, 2); len(got.Pairings) != 0 {
					t.Fatalf("round 2 paired before round 1 is complete: %+v", got.Pairings)
				}
				tc.last[i](e, 1, rp.Pairings[1])
			}
			paired, failed := e.autoPaired()
			for i, div := range divs {
				round := 2
				if tc.failed > 0 && i == 1 {
					round = 3
				}
				got := e.roundOf(div, round)
				d := e.divisionNext(div)
				switch {
				case tc.want[i] == "" && (len(got.Pairings) != 0 || len(paired[div]) != 0):
					t.Errorf("division %s: round %d paired by itself: %v", d.Name, round, paired[div])
				case tc.want[i] == "" && d.NextRound != round:
					t.Errorf("division %s: next round %d, want %d", d.Name, d.NextRound, round)
				case tc.want[i] != "" && (len(got.Pairings) != 2 || fmt.Sprint(paired[div]) != fmt.Sprintf("[%d %s]", round, tc.want[i])):
					t.Errorf("division %s: round %d %+v, auto-paired %v, want %s", d.Name, round, got.Pairings, paired[div], tc.want[i])
				case tc.want[i] != "" && d.NextRound != round+1:
					t.Errorf("division %s: next round %d after auto-pair, want %d", d.Name, d.NextRound, round+1)
				}
			}
			if len(failed) != tc.failed {
				t.Errorf("failures audited %v, want %d", failed, tc.failed)
			}
		})
	}
}

// A round the director took back is the director's: with auto_pair on in
// both divisions, round 2 is paired by itself in each; the director
// takes A's back (every pairing undone by hand); then B's round 2 ends,
// its last result arriving each way, and a latecomer joins A: B's round
// 3 is paired by itself, A's round 2 stays unpaired. Paired again by the
// director and played, A's round 3 is paired by itself.
func TestAutoPairLeavesARoundTakenBack(t *testing.T) {
	on := map[string]any{"rounds": 3, "auto_pair": true, "pairing_plan": []map[string]any{{"rounds": "2-3", "system": "koth"}}}
	for _, way := range []struct {
		name string
		last lastResult
	}{{"keyed", keyed}, {"forfeit", forfeit}, {"ended by the director", directorEnds}, {"tablet", tablet}, {"imported record", importedGCG}} {
		t.Run(way.name, func(t *testing.T) {
			e, divs := planEvent(t, on, on)
			for _, div := range divs {
				for _, p := range e.pairDivision(div, 1, map[string]any{"system": "koth"}).Pairings {
					e.enterAt(1, p, 400, 300)
				}
			}
			a, b := divs[0], divs[1]
			r2 := e.roundOf(a, 2)
			if len(r2.Pairings) != 2 || len(e.roundOf(b, 2).Pairings) != 2 {
				t.Fatalf("round 2 not paired by itself: %+v", r2)
			}
			var all []int64
			for _, p := range r2.Pairings {
				for _, pl := range p.Players {
					all = append(all, pl.ID)
				}
			}
			must[service.RoundPairings](t, e.send(req{method: "PUT", path: e.path("/rounds/2/pairings"), token: e.Director,
				body: map[string]any{"division_id": a, "unpair": all, "reason": "a latecomer is coming"}}), http.StatusOK)
			must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 2}), http.StatusOK)
			rb := e.roundOf(b, 2)
			e.enterAt(2, rb.Pairings[0], 410, 390)
			way.last(e, 2, rb.Pairings[1])
			must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": "Ivy", "rating": 1500, "division_id": a}), http.StatusCreated)
			if got := e.roundOf(a, 2); len(got.Pairings) != 0 {
				t.Fatalf("division A's round 2, taken back, paired again by itself: %+v", got.Pairings)
			}
			if d := e.divisionNext(a); !d.NextTakenBack || d.NextRound != 2 || e.divisionNext(b).NextTakenBack {
				t.Errorf("division A next %d, taken back %v; B taken back %v", d.NextRound, d.NextTakenBack, e.divisionNext(b).NextTakenBack)
			}
			if got := e.roundOf(b, 3); len(got.Pairings) != 2 {
				t.Errorf("division B's round 3 not paired by itself: %+v", got)
			}
			for _, p := range e.pairDivision(a, 2, nil).Pairings {
				if len(p.Players) == 2 {
					e.enterAt(2, p, 420, 380)
				}
			}
			if d := e.divisionNext(a); d.NextTakenBack {
				t.Errorf("division A, paired again by the director: still taken back")
			}
			paired, failed := e.autoPaired()
			want := fmt.Sprintf("map[%d:[2 koth 3 koth] %d:[2 koth 3 koth]]", a, b)
			if fmt.Sprint(paired) != want || len(failed) != 0 || len(e.roundOf(a, 3).Pairings) == 0 {
				t.Errorf("auto-paired %v, failed %v; want %s", paired, failed, want)
			}
		})
	}
}

// midEventT is a division of four after two rounds, as tsh writes it.
const midEventT = `Able, Ann     1800 2 3; 400 380
Bell, Bob     1700 1 4; 350 390
Cole, Cy      1600 4 1; 420 300
Dunn, Di      1500 3 2; 410 360
`

// A division imported mid-event from a .t file, with auto_pair and a
// plan, has its next round paired by itself on the imported standings
// as soon as the import is in (its rounds are complete); the other
// division is left alone.
func TestAutoPairAfterImport(t *testing.T) {
	e, divs := planEvent(t, map[string]any{"rounds": 3, "auto_pair": true, "pairing_plan": []map[string]any{{"rounds": "2-3", "system": "swiss"}}},
		map[string]any{"rounds": 4, "auto_pair": true, "pairing_plan": []map[string]any{{"rounds": "3", "system": "koth", "avoid_repeats": true}}})
	imported := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "C",
		"settings": map[string]any{"rounds": 4, "auto_pair": true, "pairing_plan": []map[string]any{{"rounds": "3-4", "system": "swiss"}}}}), http.StatusCreated)
	must[service.ImportResult](t, e.post(e.path("/import.t"), e.Director, map[string]any{"text": midEventT, "division_id": imported.ID}), http.StatusCreated)
	rp := e.roundOf(imported.ID, 3)
	if len(rp.Pairings) != 2 {
		t.Fatalf("round 3 after the import: %+v", rp)
	}
	paired, failed := e.autoPaired()
	if fmt.Sprint(paired) != fmt.Sprintf("map[%d:[3 swiss]]", imported.ID) || len(failed) != 0 {
		t.Errorf("auto-paired %v, failed %v", paired, failed)
	}
	for _, p := range rp.Pairings {
		if p.Kind != service.PairingGame || len(p.Players) != 2 || p.Reason == "" {
			t.Errorf("pairing %+v", p)
		}
	}
	if d := e.divisionNext(imported.ID); d.NextRound != 4 || d.NextSystem != "swiss" {
		t.Errorf("the imported division next: %d %q", d.NextRound, d.NextSystem)
	}
	for _, div := range divs {
		if d := e.divisionNext(div); d.NextRound != 1 || len(e.roundOf(div, 1).Pairings) != 0 {
			t.Errorf("division %s changed with the import: next %d", d.Name, d.NextRound)
		}
	}
}

// COP pairs the next round of a division imported mid-event from a .t
// file: the system the plan gives, its seed reported, the same seed the
// same pairings, a seed given kept; the second division pairs on its own.
func TestCOPPairingSeedReported(t *testing.T) {
	e, divs := planEvent(t, map[string]any{"rounds": 4}, map[string]any{"rounds": 4, "pairing_plan": []map[string]any{{"rounds": "1-4", "system": "random"}}})
	cop := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "C",
		"settings": map[string]any{"rounds": 4, "pairing_plan": []map[string]any{{"rounds": "3-4", "system": "cop"}},
			"cop": map[string]any{"simulations": 2000, "always_wins_simulations": 500}}}), http.StatusCreated)
	must[service.ImportResult](t, e.post(e.path("/import.t"), e.Director, map[string]any{"text": midEventT, "division_id": cop.ID}), http.StatusCreated)
	if d := e.divisionNext(cop.ID); d.NextRound != 3 || d.NextSystem != "cop" {
		t.Fatalf("next %d %q, want 3 cop", d.NextRound, d.NextSystem)
	}
	r := e.post(e.path("/rounds/3/pairings"), e.Director, map[string]any{"division_id": cop.ID})
	first := must[service.RoundPairings](t, r, http.StatusCreated)
	if first.System != "cop" || first.Seed == nil || len(first.Pairings) != 2 {
		t.Fatalf("COP round 3: system %q seed %v %+v", first.System, first.Seed, first.Pairings)
	}
	again := e.pairDivision(cop.ID, 3, map[string]any{"replace": true, "seed": *first.Seed})
	if again.Seed == nil || *again.Seed != *first.Seed || seating(again) != seating(first) {
		t.Errorf("the same seed paired differently: %s, then %s", seating(first), seating(again))
	}
	for _, p := range first.Pairings {
		if p.Reason == "" {
			t.Errorf("a COP pairing without its reason: %+v", p)
		}
	}
	// The other division pairs by its own plan, with its own seed.
	if rp := e.pairDivision(divs[1], 1, nil); rp.System != "random" || rp.Seed == nil {
		t.Errorf("division B: %s %v", rp.System, rp.Seed)
	}
}

// After pairs made by hand (PUT .../pairings), only_unpaired pairs the
// rest with the plan's system, in each of two divisions, the director's
// pairs kept.
func TestOnlyUnpairedWithPlan(t *testing.T) {
	e, divs := planEvent(t, map[string]any{"rounds": 3, "pairing_plan": []map[string]any{{"rounds": "1-3", "system": "koth", "avoid_repeats": true}}},
		map[string]any{"rounds": 3, "pairing_plan": []map[string]any{{"rounds": "1", "system": "random"}}})
	hand := [2][2]string{{"Ann", "Dan"}, {"Fay", "Gus"}}
	for i, div := range divs {
		must[service.RoundPairings](t, e.send(req{method: "PUT", path: e.path("/rounds/1/pairings"), token: e.Director, body: map[string]any{
			"division_id": div, "pairings": []map[string]any{{"players": []int64{e.ids[hand[i][0]], e.ids[hand[i][1]]}}}, "reason": "by hand"}}), http.StatusOK)
		rp := e.pairDivision(div, 1, map[string]any{"only_unpaired": true})
		if rp.System != []string{"koth", "random"}[i] {
			t.Errorf("division %d: paired by %s", i, rp.System)
		}
		if len(rp.Pairings) != 2 || len(rp.Unpaired) != 0 {
			t.Fatalf("division %d: %+v", i, rp)
		}
		kept := false
		for _, p := range rp.Pairings {
			names := p.Players[0].Name + " " + p.Players[1].Name
			kept = kept || names == hand[i][0]+" "+hand[i][1] || names == hand[i][1]+" "+hand[i][0]
		}
		if !kept {
			t.Errorf("division %d: the pair made by hand is gone: %+v", i, rp.Pairings)
		}
	}
}

// seating is a round's pairings as "table: players (reason)", in order.
func seating(rp service.RoundPairings) string {
	out := ""
	for _, p := range rp.Pairings {
		out += fmt.Sprintf("%d:", p.Table)
		for _, pl := range p.Players {
			out += " " + pl.Name
		}
		out += " (" + p.Reason + "); "
	}
	return out
}

// A tournament without divisions keeps its rules under settings.standings:
// its plan and auto_pair work as a division's.
func TestAutoPairWithoutDivisions(t *testing.T) {
	e := newEvent(t, nil, "", nil, "Ann", "Bob", "Cat", "Dan")
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"settings": map[string]any{"standings": map[string]any{
		"rounds": 2, "auto_pair": true, "pairing_plan": []map[string]any{{"rounds": "2", "system": "koth", "avoid_repeats": true}}}}}), http.StatusOK)
	rp := must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, nil), http.StatusCreated)
	if rp.System != "swiss" || len(rp.Pairings) != 2 {
		t.Fatalf("round 1: %+v", rp)
	}
	e.enterAt(1, rp.Pairings[0], 400, 300)
	e.enterAt(1, rp.Pairings[1], 410, 390)
	r2 := must[service.RoundPairings](t, e.get(e.path("/rounds/2/pairings"), ""), http.StatusOK)
	paired, failed := e.autoPaired()
	if len(r2.Pairings) != 2 || len(failed) != 0 || fmt.Sprint(paired) != "map[0:[2 koth]]" {
		t.Errorf("round 2 %+v; auto-paired %v, failed %v", r2.Pairings, paired, failed)
	}
}
