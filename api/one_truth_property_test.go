package api

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// TestOneTruthProperty is issue 12's property, "one truth for every
// result": any random sequence of turn entries, hand results, voids,
// amendments and corrections over a small division leaves standings equal
// to standings recomputed from scratch from the stored records and hand
// results, and the standings JSON, the standings PDF, the cross-table and
// the .t export agree on every game.
//
// Every game replays dougVEmely, the first seat playing Doug's moves. A
// failure names its seed and the operations done; rerun one seed with
// -run 'OneTruth/seed=N'.
func TestOneTruthProperty(t *testing.T) {
	seeds := 8
	if testing.Short() {
		seeds = 3
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) { runOneTruth(t, seed) })
	}
}

func runOneTruth(t *testing.T, seed uint64) {
	names := []string{"Åsa Berg", "Bo Lind", "Cy Moreau", "Dora Núñez", "Ed Park", "Flo Quist"}
	if seed%4 == 3 {
		names = names[:5] // an odd division: a bye each round
	}
	w := &truthWorld{seed: seed, rng: rand.New(rand.NewPCG(seed, 12)), planned: 3, names: names}
	w.event = newEvent(t, nil, "", map[string]any{"rounds": w.planned}, names...)
	defer func() {
		if t.Failed() {
			t.Logf("seed %d, %d players; operations:\n%s", seed, len(names), strings.Join(w.log, "\n"))
		}
	}()

	system := []string{"koth", "random"}[w.rng.IntN(2)]
	w.logf("pair round 1 by %s", system)
	must[service.RoundPairings](t, w.post(w.path("/rounds/1/pairings"), w.Director, map[string]any{"system": system}), http.StatusCreated)
	w.checkTruth("after pairing round 1", false)

	ops := 25 + w.rng.IntN(16)
	for i := 1; i <= ops; i++ {
		w.step(w.load())
		if i%4 == 0 {
			w.checkTruth(fmt.Sprintf("after operation %d", len(w.log)), false)
		}
	}
	w.checkTruth("at the end", true)
}

// truthOp is an operation legal in the state it was chosen in.
type truthOp struct {
	weight int
	do     func()
}

// step does one random operation among those the state allows.
func (w *truthWorld) step(s *truthState) {
	var ops []truthOp
	add := func(weight int, do func()) { ops = append(ops, truthOp{weight, do}) }
	for _, g := range s.games {
		switch {
		case g.replayable() && g.result == nil:
			add(6, func() { w.advance(g, 1+w.rng.IntN(3)) })
			add(3, func() { w.finish(g) })
		case !g.live() && !g.view.RecordSetAside && g.result != nil:
			add(1, func() { w.refuseRecordBesideResult(g) })
		}
		if g.live() && g.view.Status == service.StatusInProgress {
			add(2, func() { w.end(g) })
		}
		if !g.live() && g.result == nil {
			add(5, func() { w.enterByHand(g) })
		}
		if !g.live() && g.result != nil {
			add(2, func() { w.amend(g) })
			add(1, func() { w.clear(g) })
			add(1, func() { w.refuseSecondResult(g) })
		}
		if g.live() {
			add(2, func() { w.voidAndEnter(g) })
			add(1, func() { w.void(g) })
			add(2, func() { w.correct(g) })
			add(1, func() { w.refuseOverRecord(g) })
		}
		if g.live() && g.result != nil {
			add(2, func() { w.voidAndAmend(g) })
			add(1, func() { w.clear(g) })
		}
		if len(g.view.Turns) > 0 {
			add(2, func() { w.undo(g) })
		}
	}
	if s.paired < w.planned {
		weight := 1
		if s.complete() {
			weight = 8
		}
		add(weight, func() { w.pairNext(s) })
	}
	total := 0
	for _, op := range ops {
		total += op.weight
	}
	n := w.rng.IntN(total)
	for _, op := range ops {
		if n < op.weight {
			op.do()
			return
		}
		n -= op.weight
	}
}

// handScores are random scores of a game entered by hand, 0 to 700
// (negative finals are not the matter here), now and then a tie.
func (w *truthWorld) handScores() []int {
	a := w.rng.IntN(701)
	if w.rng.IntN(10) == 0 {
		return []int{a, a}
	}
	return []int{a, w.rng.IntN(701)}
}

// players are the game's players in seat order, or the other way round.
func (w *truthWorld) players(g *truthGame) ([]int64, string) {
	ps := []int64{g.view.Players[0].PlayerID, g.view.Players[1].PlayerID}
	names := g.view.Players[0].Name + " v " + g.view.Players[1].Name
	if w.rng.IntN(2) == 0 {
		ps[0], ps[1] = ps[1], ps[0]
		names = g.view.Players[1].Name + " v " + g.view.Players[0].Name
	}
	return ps, names
}

// advance enters the game's next n steps of dougVEmely (the acceptance
// pass after the last play).
func (w *truthWorld) advance(g *truthGame, n int) {
	w.logf("%s: enter %d turns", g, n)
	next := g.view.NextTurn
	for i := len(g.view.Turns); i < len(g.view.Turns)+n && i <= len(dougVEmely); i++ {
		in := turn{Turn: next, Player: 1, Move: "-"}
		if i < len(dougVEmely) {
			tc := dougVEmely[i]
			in = turn{Turn: next, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}
		}
		must[service.TurnResult](w.t, w.post(gpath(g.id, "/turns"), w.Director, in), http.StatusCreated)
		next++
	}
}

// finish plays the game to its end and accepts the play that went out.
func (w *truthWorld) finish(g *truthGame) {
	w.logf("%s: play to the end", g)
	next := g.view.NextTurn
	for i := len(g.view.Turns); i <= len(dougVEmely); i++ {
		in := turn{Turn: next, Player: 1, Move: "-"}
		if i < len(dougVEmely) {
			tc := dougVEmely[i]
			in = turn{Turn: next, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}
		}
		must[service.TurnResult](w.t, w.post(gpath(g.id, "/turns"), w.Director, in), http.StatusCreated)
		next++
	}
	if v := must[service.GameView](w.t, w.get(gpath(g.id, ""), w.Director), http.StatusOK); v.Status != service.StatusFinished {
		w.t.Fatalf("game %d played to the end is %s", g.id, v.Status)
	}
}

// end ends a game where it stands, sometimes with the rack of the player
// to move when the next step of dougVEmely knows it and the deduction
// leaves their score positive.
func (w *truthWorld) end(g *truthGame) {
	how := []string{"time", "abandoned", "adjudicated"}[w.rng.IntN(3)]
	in := map[string]any{"how": how, "reason": "round over: " + how}
	racks := ""
	if i := len(g.view.Turns); i < len(dougVEmely) && g.replayable() && w.rng.IntN(2) == 0 {
		if tc := dougVEmely[i]; tc.rack != "" && tc.seat == g.view.ToMove && g.view.Totals[tc.seat-1] > 80 {
			in["racks"] = map[string]string{fmt.Sprint(tc.seat): tc.rack}
			racks = fmt.Sprintf(", seat %d holding %s", tc.seat, tc.rack)
		}
	}
	w.logf("%s: end (%s%s)", g, how, racks)
	must[service.GameView](w.t, w.post(gpath(g.id, "/end"), w.Director, in), http.StatusOK)
}

// enterByHand enters the result of a pairing whose game has no record.
func (w *truthWorld) enterByHand(g *truthGame) {
	ps, names := w.players(g)
	sc := w.handScores()
	w.logf("%s: enter %s %d-%d by hand", g, names, sc[0], sc[1])
	must[service.RoundResult](w.t, w.post(w.path("/results"), w.Director,
		map[string]any{"round": g.round, "players": ps, "scores": sc}), http.StatusCreated)
}

// refuseSecondResult: a pairing with a result takes no second one.
func (w *truthWorld) refuseSecondResult(g *truthGame) {
	ps, names := w.players(g)
	sc := w.handScores()
	w.logf("%s: enter %s %d-%d by hand again (refused)", g, names, sc[0], sc[1])
	wantProblem(w.t, w.post(w.path("/results"), w.Director,
		map[string]any{"round": g.round, "players": ps, "scores": sc}), http.StatusConflict, "already-entered")
}

// refuseRecordBesideResult: a game whose result was entered by hand
// takes no turns and cannot be ended from a record.
func (w *truthWorld) refuseRecordBesideResult(g *truthGame) {
	if w.rng.IntN(2) == 0 {
		w.logf("%s: end it with result %d in (refused)", g, g.result.ID)
		wantProblem(w.t, w.post(gpath(g.id, "/end"), w.Director, map[string]any{"how": "time", "reason": "time"}), http.StatusConflict, "game-has-result")
		return
	}
	i := len(g.view.Turns)
	if i >= len(dougVEmely) {
		i = 0
	}
	tc := dougVEmely[i]
	w.logf("%s: enter a turn with result %d in (refused)", g, g.result.ID)
	wantProblem(w.t, w.post(gpath(g.id, "/turns"), w.Director, turn{Turn: g.view.NextTurn, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}),
		http.StatusConflict, "game-has-result")
}

// refuseOverRecord: a game with a record refuses a hand result, a hand
// amendment or a clear that does not set the record aside.
func (w *truthWorld) refuseOverRecord(g *truthGame) {
	ps, names := w.players(g)
	sc := w.handScores()
	if g.result != nil && w.rng.IntN(2) == 0 {
		w.logf("%s: amend result %d to %s %d-%d without voiding the record (refused)", g, g.result.ID, names, sc[0], sc[1])
		wantProblem(w.t, w.patch(w.path(fmt.Sprintf("/results/%d", g.result.ID)), w.Director,
			map[string]any{"players": ps, "scores": sc, "reason": "card says so"}), http.StatusConflict, "game-has-record")
		return
	}
	w.logf("%s: enter %s %d-%d by hand over the record (refused)", g, names, sc[0], sc[1])
	wantProblem(w.t, w.post(w.path("/results"), w.Director,
		map[string]any{"round": g.round, "players": ps, "scores": sc}), http.StatusConflict, "game-has-record")
}

// voidAndEnter sets the record aside and enters the result by hand.
func (w *truthWorld) voidAndEnter(g *truthGame) {
	ps, names := w.players(g)
	sc := w.handScores()
	w.logf("%s: void the record and enter %s %d-%d", g, names, sc[0], sc[1])
	must[service.RoundResult](w.t, w.post(w.path("/results"), w.Director, map[string]any{"round": g.round, "players": ps, "scores": sc,
		"record": "void", "reason": "the scoresheet on paper is the true one"}), http.StatusCreated)
}

// amend changes a hand result.
func (w *truthWorld) amend(g *truthGame) {
	ps, names := w.players(g)
	sc := w.handScores()
	w.logf("%s: amend result %d to %s %d-%d", g, g.result.ID, names, sc[0], sc[1])
	must[service.RoundResult](w.t, w.patch(w.path(fmt.Sprintf("/results/%d", g.result.ID)), w.Director,
		map[string]any{"players": ps, "scores": sc, "reason": "misread the card"}), http.StatusOK)
}

// voidAndAmend sets a finished record aside and amends its result.
func (w *truthWorld) voidAndAmend(g *truthGame) {
	ps, names := w.players(g)
	sc := w.handScores()
	w.logf("%s: void the record and amend result %d to %s %d-%d", g, g.result.ID, names, sc[0], sc[1])
	must[service.RoundResult](w.t, w.patch(w.path(fmt.Sprintf("/results/%d", g.result.ID)), w.Director,
		map[string]any{"players": ps, "scores": sc, "record": "void", "reason": "the players agree on the card"}), http.StatusOK)
}

// clear removes a result; over a live record, the record is set aside.
func (w *truthWorld) clear(g *truthGame) {
	in := map[string]any{"clear": true, "reason": "entered for the wrong table"}
	if g.live() {
		in["record"] = "void"
		w.logf("%s: void the record and clear result %d", g, g.result.ID)
	} else {
		w.logf("%s: clear result %d", g, g.result.ID)
	}
	must[service.RoundResult](w.t, w.patch(w.path(fmt.Sprintf("/results/%d", g.result.ID)), w.Director, in), http.StatusOK)
}

// void sets the record aside, entering nothing.
func (w *truthWorld) void(g *truthGame) {
	w.logf("%s: void the record", g)
	must[service.GameView](w.t, w.post(gpath(g.id, "/void"), w.Director, map[string]any{"reason": "tablet lost"}), http.StatusOK)
}

// correct changes the claimed score of one of the game's plays: the
// computed score stands, so the result must not move.
func (w *truthWorld) correct(g *truthGame) {
	var plays []int
	for _, tv := range g.view.Turns {
		if tv.Kind == service.EventMove && tv.Move != "" {
			plays = append(plays, tv.Turn)
		}
	}
	if len(plays) == 0 {
		w.refuseOverRecord(g)
		return
	}
	turn, claimed := plays[w.rng.IntN(len(plays))], w.rng.IntN(90)
	w.logf("%s: correct turn %d's claimed score to %d", g, turn, claimed)
	must[service.GameView](w.t, w.patch(gpath(g.id, fmt.Sprintf("/turns/%d", turn)), w.Director,
		map[string]any{"claimed_score": claimed, "reason": "the table misheard"}), http.StatusOK)
}

// undo takes back the game's latest entry (a play, an acceptance, an end
// or a void).
func (w *truthWorld) undo(g *truthGame) {
	last := g.view.Turns[len(g.view.Turns)-1]
	w.logf("%s: undo turn %d (%s %s)", g, last.Seq, last.Kind, last.Move)
	must[service.GameView](w.t, w.post(gpath(g.id, "/undo"), w.Director,
		map[string]any{"turn": last.Seq, "reason": "entered by mistake"}), http.StatusOK)
}

// pairNext pairs the next round and makes it current: Swiss or KOTH on a
// complete round; on an incomplete one, refused, then forced with a
// reason, or round robin or random, which need no results.
func (w *truthWorld) pairNext(s *truthState) {
	n := s.paired + 1
	path := w.path(fmt.Sprintf("/rounds/%d/pairings", n))
	system := []string{"swiss", "koth"}[w.rng.IntN(2)]
	complete := s.complete()
	switch {
	case complete:
		w.logf("pair round %d by %s", n, system)
		must[service.RoundPairings](w.t, w.post(path, w.Director, map[string]any{"system": system}), http.StatusCreated)
	case w.rng.IntN(2) == 0:
		w.logf("pair round %d by %s while a round is incomplete (refused), then forced", n, system)
		wantProblem(w.t, w.post(path, w.Director, map[string]any{"system": system}), http.StatusConflict, "round-incomplete")
		must[service.RoundPairings](w.t, w.post(path, w.Director,
			map[string]any{"system": system, "force": true, "reason": "slow tables; pairing now"}), http.StatusCreated)
	default:
		system = []string{"rr", "random"}[w.rng.IntN(2)]
		w.logf("pair round %d by %s while a round is incomplete", n, system)
		must[service.RoundPairings](w.t, w.post(path, w.Director, map[string]any{"system": system}), http.StatusCreated)
	}
	in := map[string]any{"current_round": n}
	if !complete {
		in["force"], in["reason"] = true, "the slow tables finish meanwhile"
	}
	must[service.Tournament](w.t, w.patch(w.path(""), w.Director, in), http.StatusOK)
}

// Undoing a void brings the record back with its result: a hand result
// entered meanwhile gives way to the record's (finished), or goes (not
// finished). Found by the property.
func TestUndoVoidHandsResultBackToRecord(t *testing.T) {
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament, ids: map[string]int64{"Doug": f.players[0], "Emely": f.players[1]}}
	finishDougVEmely(t, f)
	hand := map[string]any{"round": 1, "players": f.players, "scores": []int{300, 400}, "record": "void", "reason": "paper card"}
	must[service.RoundResult](t, f.post(e.path("/results"), f.Director, hand), http.StatusCreated)
	wantStandings(t, e.standings(""), "1 Emely 1-0 +100", "2 Doug 0-1 -100")
	v := f.view(f.game)
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.Director, map[string]any{"turn": v.NextTurn - 1, "reason": "voided by mistake"}), http.StatusOK)
	v = f.view(f.game)
	if v.Status != service.StatusFinished || v.Official == nil || v.Official.Source != service.SourceRecorded || !slices.Equal(v.Official.Scores, []int{451, 345}) {
		t.Fatalf("after undoing the void: %s, official %+v", v.Status, v.Official)
	}
	wantStandings(t, e.standings(""), "1 Doug 1-0 +106", "2 Emely 0-1 -106")

	// Not finished: the record decides nothing yet, so no result.
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.Director, map[string]any{"turn": v.Turns[len(v.Turns)-1].Seq, "reason": "not accepted"}), http.StatusOK)
	must[service.GameView](t, f.post(gpath(f.game, "/void"), f.Director, map[string]any{"reason": "tablet lost"}), http.StatusOK)
	delete(hand, "record")
	must[service.RoundResult](t, f.post(e.path("/results"), f.Director, hand), http.StatusCreated)
	v = f.view(f.game)
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.Director, map[string]any{"turn": v.NextTurn - 1, "reason": "found the tablet"}), http.StatusOK)
	if v = f.view(f.game); v.Status != service.StatusAwaitingAcceptance || v.Official != nil {
		t.Fatalf("after undoing the void: %s, official %+v", v.Status, v.Official)
	}
	wantStandings(t, e.standings(""), "1 Doug 0-0 +0", "1 Emely 0-0 +0")
}

// A game whose result was entered by hand takes no turns and is not
// ended from a record (game-has-result) until the result is cleared.
// Found by the property.
func TestNoRecordBesideHandResult(t *testing.T) {
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament}
	r := must[service.RoundResult](t, f.post(e.path("/results"), f.Director, map[string]any{"round": 1, "players": f.players, "scores": []int{400, 380}}), http.StatusCreated)
	first := turn{Turn: 1, Player: 1, Move: "8D WINDY", Rack: "DINNVWY"}
	wantProblem(t, f.enter(f.game, f.table, first), http.StatusConflict, "game-has-result")
	wantProblem(t, f.enter(f.game, f.Director, first), http.StatusConflict, "game-has-result")
	wantProblem(t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "time"}), http.StatusConflict, "game-has-result")
	must[service.RoundResult](t, f.patch(e.path("/results/"+itoa(r.ID)), f.Director, map[string]any{"clear": true, "reason": "recorded instead"}), http.StatusOK)
	must[service.TurnResult](t, f.enter(f.game, f.table, first), http.StatusCreated)
}
