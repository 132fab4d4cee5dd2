package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// officialEvent is two divisions whose round 1 results arrive every way:
// in A, Ann v Bob recorded at their tablet turn by turn (WINDY; Bob's
// phony WUZ down through its W, challenged off from the tablet; GALE; a
// pass) and ended by the director when time ran out, racks revealed, and
// Cy v Di keyed by hand; in B, Charlie forfeits to Eve, and Fay v Gus is
// ended by the director after one play.
type officialEvent struct {
	*event
	a, b     int64 // divisions
	recorded int64 // Ann v Bob
	handA    int64 // Cy v Di
	forfeitB int64 // Charlie v Eve
}

func newOfficialEvent(t *testing.T) *officialEvent {
	t.Helper()
	e := newEvent(t, nil, "", map[string]any{"rounds": 3}, "Ann Able", "Bob Brown", "Cy Cole", "Di Dove")
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"lexicon": "TESTLEX"}), http.StatusOK)
	oe := &officialEvent{event: e, a: *e.division}
	oe.b = must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B", "settings": map[string]any{"rounds": 3}}), http.StatusCreated).ID
	for i, name := range []string{"Brown, Charlie", "Eve Ek", "Fay Fox", "Gus Gee"} {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": name, "rating": 1900 - 10*i, "division_id": oe.b}), http.StatusCreated)
		e.ids[name] = p.ID
	}
	ra := oe.pair(1, oe.a)
	rb := oe.pair(1, oe.b)
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 1}), http.StatusOK)
	f := &fixture{testServer: e.testServer, tournament: e.tournament}

	// A: Ann v Bob at their tablet.
	rec := oe.at(ra, "Ann Able")
	oe.recorded = *rec.GameID
	token := f.credential(rec.Table) // Ann and Bob sit in the order the pairing gives; seat 1 starts
	must[service.TurnResult](t, f.enter(oe.recorded, token, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(oe.recorded, token, turn{Turn: 2, Player: 2, Move: "D8 WUZ"}), http.StatusCreated)
	ch := must[service.ChallengeResult](t, f.post(gpath(oe.recorded, "/challenges"), token, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	if ch.Verdict != service.VerdictUnacceptable {
		t.Fatalf("WUZ stood: %+v", ch)
	}
	must[service.TurnResult](t, f.enter(oe.recorded, token, turn{Player: 1, Move: "7C GALE"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(oe.recorded, token, turn{Player: 2, Move: "-"}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(oe.recorded, "/end"), e.Director, map[string]any{"how": "time", "reason": "time ran out",
		"racks": map[string]string{"1": "AGITNOI", "2": "ODVNJHA"}}), http.StatusOK)

	// A: Cy v Di keyed by hand.
	hand := oe.at(ra, "Cy Cole")
	oe.handA = *hand.GameID
	must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{"round": 1,
		"players": []int64{hand.Players[0].ID, hand.Players[1].ID}, "scores": []int{400, 350}}), http.StatusCreated)

	// B: Charlie forfeits to Eve; Fay v Gus ended by the director.
	fo := oe.at(rb, "Brown, Charlie")
	oe.forfeitB = *fo.GameID
	must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{"round": 1, "kind": "forfeit",
		"players": []int64{e.ids["Brown, Charlie"], e.ids["Eve Ek"]}}), http.StatusCreated)
	ended := oe.at(rb, "Fay Fox")
	must[service.TurnResult](t, f.enter(*ended.GameID, f.credential(ended.Table), turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(*ended.GameID, "/end"), e.Director, map[string]any{"how": "time", "reason": "round over"}), http.StatusOK)
	return oe
}

func (oe *officialEvent) pair(round int, div int64) service.RoundPairings {
	oe.t.Helper()
	return must[service.RoundPairings](oe.t, oe.post(oe.path(fmt.Sprintf("/rounds/%d/pairings", round)), oe.Director,
		map[string]any{"system": "koth", "division_id": div}), http.StatusCreated)
}

// tableOf is a game's table.
func (oe *officialEvent) tableOf(game int64) int {
	oe.t.Helper()
	return must[service.GameView](oe.t, oe.get(gpath(game, ""), oe.Director), http.StatusOK).Table
}

// at is the pairing a player is in.
func (oe *officialEvent) at(rp service.RoundPairings, name string) service.PairingView {
	oe.t.Helper()
	for _, pv := range rp.Pairings {
		for _, pl := range pv.Players {
			if pl.ID == oe.ids[name] {
				return pv
			}
		}
	}
	oe.t.Fatalf("%s is not paired in round %d: %+v", name, rp.Round, rp.Pairings)
	return service.PairingView{}
}

// The live boards show a table whose result was keyed by hand as that:
// entered_by_hand with its finals (a forfeit says so too), while a
// recorded game is not.
func TestLiveBoardsShowAResultKeyedByHand(t *testing.T) {
	oe := newOfficialEvent(t)
	l := must[service.Live](t, oe.get(oe.path("/live"), ""), http.StatusOK)
	if len(l.Divisions) != 2 {
		t.Fatalf("live divisions %+v", l.Divisions)
	}
	tables := map[int64]service.LiveTable{}
	for _, d := range l.Divisions {
		for _, lt := range d.Tables {
			tables[lt.GameID] = lt
		}
	}
	cases := []struct {
		name             string
		game             int64
		byHand, forfeit  bool
		scoresFromResult bool
	}{
		{"recorded at the tablet", oe.recorded, false, false, true},
		{"keyed by hand", oe.handA, true, false, true},
		{"forfeit", oe.forfeitB, true, true, true},
	}
	for _, tc := range cases {
		lt, ok := tables[tc.game]
		if !ok {
			t.Fatalf("%s: no table for game %d", tc.name, tc.game)
		}
		if lt.EnteredByHand != tc.byHand || lt.Forfeit != tc.forfeit || lt.Status != service.StatusFinished {
			t.Errorf("%s: entered_by_hand %v forfeit %v status %s", tc.name, lt.EnteredByHand, lt.Forfeit, lt.Status)
		}
		v := must[service.GameView](t, oe.get(gpath(tc.game, ""), ""), http.StatusOK)
		for i, p := range lt.Players {
			if v.Official == nil || p.Score != v.Official.Scores[i] {
				t.Errorf("%s: seat %d scores %d on the live boards, the official result %+v", tc.name, i+1, p.Score, v.Official)
			}
		}
	}
	if hand := tables[oe.handA]; hand.Players[0].Score != 400 || hand.Players[1].Score != 350 || hand.Turns != 0 || hand.LastPlay != nil {
		t.Errorf("the hand result's table %+v", hand)
	}
}

// The public replay is the server's replay: after Bob's phony WUZ (down
// from D8, through WINDY's W) is challenged off, the W stays at 8D and
// only U and Z come off; each step's board is the engine's, the last the
// game's, and the players' scores the official result.
func TestReplayKeepsTheTilePlayedThrough(t *testing.T) {
	oe := newOfficialEvent(t)
	r := must[service.GameReplay](t, oe.get(gpath(oe.recorded, "/replay"), ""), http.StatusOK)
	v := must[service.GameView](t, oe.get(gpath(oe.recorded, ""), ""), http.StatusOK)
	var kinds []string
	for _, s := range r.Steps {
		kinds = append(kinds, s.Kind+" "+s.Word)
	}
	if got := strings.Join(kinds, ", "); got != "play WINDY, play WUZ, withdrawn WUZ, play GALE, pass " {
		t.Fatalf("steps %q", got)
	}
	at := func(b []string, row, col int) byte { return b[row][col] }
	for i, s := range r.Steps {
		if at(s.Board, 7, 3) != 'W' || s.Board[7][3:8] != "WINDY" {
			t.Errorf("step %d (%s): row 8 reads %q: WINDY lost a tile", i+1, kinds[i], s.Board[7])
		}
		down := string([]byte{at(s.Board, 8, 3), at(s.Board, 9, 3)})
		want := ".."
		if s.Kind == "play" && s.Word == "WUZ" {
			want = "UZ"
		}
		if down != want {
			t.Errorf("step %d (%s): D9-D10 %q, want %q", i+1, kinds[i], down, want)
		}
	}
	if w := r.Steps[2]; w.Seat != 2 || w.Score != -r.Steps[1].Score || w.Score >= 0 {
		t.Errorf("the withdrawal %+v does not take WUZ's %d off seat 2", w, r.Steps[1].Score)
	}
	if last := r.Steps[len(r.Steps)-1]; strings.Join(last.Board, "/") != strings.Join(v.Board, "/") {
		t.Errorf("the last step's board is not the game's:\n%s\n%s", strings.Join(last.Board, "\n"), strings.Join(v.Board, "\n"))
	}
	for i, p := range r.Players {
		if p.Score != v.Official.Scores[i] {
			t.Errorf("seat %d: replay %d, official %d", i+1, p.Score, v.Official.Scores[i])
		}
	}
	// A game keyed by hand has no steps and says so.
	hand := must[service.GameReplay](t, oe.get(gpath(oe.handA, "/replay"), ""), http.StatusOK)
	if !hand.EnteredByHand || len(hand.Steps) != 0 || hand.Players[0].Score != 400 {
		t.Errorf("hand result's replay %+v", hand)
	}
	// A game in play is the table's and the director's only.
	g := oe.pairRound2(t)
	wantProblem(t, oe.get(gpath(g, "/replay"), ""), http.StatusUnauthorized, "credentials-required")
}

// pairRound2 pairs round 2 in A and makes it current; it gives a game of
// the round, begun.
func (oe *officialEvent) pairRound2(t *testing.T) int64 {
	rp := oe.pair(2, oe.a)
	must[service.Tournament](t, oe.patch(oe.path(""), oe.Director, map[string]any{"current_round": 2, "force": true, "reason": "test"}), http.StatusOK)
	f := &fixture{testServer: oe.testServer, tournament: oe.tournament}
	g := *rp.Pairings[0].GameID
	must[service.TurnResult](t, f.enter(g, oe.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	return g
}

// withdrawAndEnterLate: after round 1, Charlie withdraws from B and Hal
// enters B late (round 1 missed); B's round 2 is paired; A's round 2 is
// paired and then Di withdraws, so her game there is her opponent's
// forfeit win.
func (oe *officialEvent) withdrawAndEnterLate(t *testing.T) (ra2 service.RoundPairings) {
	t.Helper()
	must[service.Player](t, oe.post(oe.path(fmt.Sprintf("/players/%d/withdraw", oe.ids["Brown, Charlie"])), oe.Director, map[string]any{"reason": "taken ill"}), http.StatusOK)
	hal := must[service.Player](t, oe.post(oe.path("/players"), oe.Director, map[string]any{"name": "Hal Hay", "rating": 1500, "division_id": oe.b}), http.StatusCreated)
	oe.ids["Hal Hay"] = hal.ID
	must[[]service.RoundResult](t, oe.post(oe.path(fmt.Sprintf("/players/%d/late-entry", hal.ID)), oe.Director, nil), http.StatusOK)
	oe.pair(2, oe.b)
	oe.pair(2, oe.a)
	must[service.Player](t, oe.post(oe.path(fmt.Sprintf("/players/%d/withdraw", oe.ids["Di Dove"])), oe.Director, map[string]any{"reason": "went home"}), http.StatusOK)
	return must[service.RoundPairings](t, oe.get(oe.path(fmt.Sprintf("/rounds/2/pairings?division=%d", oe.a)), ""), http.StatusOK)
}

// A withdrawn player is "withdrawn", never "bye", and a late entrant's
// missed round "late entry": in the pairings JSON (kind; bye only for a
// bye), the pairings PDF, the projector and the published round pages
// (publish tests); the opponent of a player who withdrew after the
// pairing has a forfeit win.
func TestWithdrawnAndLateEntryAreNotByes(t *testing.T) {
	oe := newOfficialEvent(t)
	oe.withdrawAndEnterLate(t)
	pairings := func(round int, div int64) service.RoundPairings {
		return must[service.RoundPairings](t, oe.get(oe.path(fmt.Sprintf("/rounds/%d/pairings?division=%d", round, div)), ""), http.StatusOK)
	}
	cases := []struct {
		name     string
		round    int
		div      int64
		who      string
		kind     string
		alone    bool
		printed  string // on the pairings PDF
		division string
	}{
		{"withdrawn before the pairing", 2, oe.b, "Brown, Charlie", service.PairingWithdrawn, true, "Charlie Brown – withdrawn", "B"},
		{"late entry", 1, oe.b, "Hal Hay", service.PairingLateEntry, true, "Hal Hay – late entry", "B"},
		{"withdrawn after the pairing", 2, oe.a, "Di Dove", service.PairingForfeit, false, "Di Dove (withdrawn)", "A"},
		{"a game", 1, oe.a, "Ann Able", service.PairingGame, false, "Ann Able", "A"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rp := pairings(tc.round, tc.div)
			pv := oe.at(rp, tc.who)
			if pv.Kind != tc.kind || pv.Bye || (len(pv.Players) == 1) != tc.alone {
				t.Errorf("%s's round %d: kind %q bye %v players %d", tc.who, tc.round, pv.Kind, pv.Bye, len(pv.Players))
			}
			for _, p := range rp.Pairings {
				if p.Bye != (p.Kind == service.PairingBye) {
					t.Errorf("pairing %+v: bye %v for kind %q", p.Players, p.Bye, p.Kind)
				}
			}
			if tc.kind == service.PairingForfeit {
				if pv.Result == nil || pv.Result.Kind != service.ResultForfeit || pv.Result.Winner == nil || *pv.Result.Winner == oe.ids[tc.who] {
					t.Errorf("%s's opponent has no forfeit win: %+v", tc.who, pv.Result)
				}
				for _, pl := range pv.Players {
					if pl.Withdrawn != (pl.ID == oe.ids[tc.who]) {
						t.Errorf("withdrawn marks %+v", pv.Players)
					}
				}
			}
			r := oe.get(oe.path(fmt.Sprintf("/rounds/%d/pairings.pdf?division=%d", tc.round, tc.div)), "")
			if r.Status != http.StatusOK {
				t.Fatalf("pairings.pdf: %d %s", r.Status, r.Body)
			}
			text := pdfText(t, r.Body)
			if !strings.Contains(text, tc.printed) {
				t.Errorf("the pairings PDF lacks %q:\n%s", tc.printed, text)
			}
			if tc.alone && strings.Contains(text, "bye") {
				t.Errorf("the pairings PDF says bye:\n%s", text)
			}
		})
	}

	// The projector shows each division's latest round: "withdrawn", and
	// Di's table a forfeit; no bye anywhere.
	page := string(oe.get(fmt.Sprintf("/t/%d/standings", oe.tournament), "").Body)
	for _, want := range []string{`Charlie Brown</span></td><td class="num">withdrawn</td>`, `Di Dove (withdrawn)</span></td><td class="num">forfeit</td>`} {
		if !strings.Contains(page, want) {
			t.Errorf("the projector lacks %q", want)
		}
	}
	if strings.Contains(page, ">bye<") {
		t.Errorf("the projector says bye")
	}
}
