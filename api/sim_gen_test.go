package api

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"tourney/service"
)

// The generator: an event of two to four divisions played round by
// round, every result arriving one of the ways a result arrives, with
// withdrawals, late entries, amendments and a settings change between
// rounds. Every step is logged; the cheap surfaces are checked after each
// step, every surface after each round.

var simFirstNames = []string{"Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lu", "Mo", "Ned", "Oz", "Pia", "Quin", "Rae", "Sol", "Tess", "Uma", "Vic", "Wen", "Xan", "Yuri", "Zoe"}
var simLastNames = []string{"Able", "Brown", "Chen", "Dubois", "Eze", "Fox", "García", "Hahn", "Ito", "Jones", "Kowalski", "Lund", "Møller", "Novak", "Okafor"}

func (w *simWorld) playEvent() {
	m := &simModel{players: map[int64]*simPlayer{}, games: map[int64]*simGame{}, rounds: 3, current: 1}
	w.model = m
	if testing.Short() {
		m.rounds = 2
	}
	rule := pick(w, []string{"double", "single"})
	w.single = rule == "single"
	in := map[string]any{"name": fmt.Sprintf("Simulated Open %d", w.seed), "variant": "naspa", "challenge_rule": rule, "lexicon": ""}
	if w.lexicon {
		in["lexicon"] = "ENABLE"
	}
	w.logf("create the tournament (%s challenge)", rule)
	w.tournament = simDo[service.Tournament](w, "POST", "/api/v1/tournaments", in, http.StatusCreated).ID

	nDivs := 2 + w.rng.IntN(3)
	for i := range nDivs {
		d := &simDiv{name: string(rune('A' + i)), byeSpread: 50, forfeit: 50, classFloors: []int{1750}}
		w.logf("add division %s (%d rounds, class floor %v)", d.name, m.rounds, d.classFloors)
		d.id = simDo[service.Division](w, "POST", w.path("/divisions"),
			map[string]any{"name": d.name, "settings": map[string]any{"rounds": m.rounds, "class_floors": d.classFloors}}, http.StatusCreated).ID
		m.divs = append(m.divs, d)
		for range 4 + w.rng.IntN(3) {
			w.addPlayer(d)
		}
	}
	w.setPrizes()
	w.checkCheap()

	for round := 1; round <= m.rounds; round++ {
		if round > 1 {
			w.between(round)
		}
		for _, d := range m.divs {
			w.pair(d, round)
		}
		if round > 1 {
			w.logf("make round %d current", round)
			simDo[service.Tournament](w, "PATCH", w.path(""), map[string]any{"current_round": round}, http.StatusOK)
			m.current = round
		}
		w.checkCheap()
		var games []*simGame
		for _, d := range m.divs {
			games = append(games, d.roundGames(round)...)
		}
		w.rng.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
		for _, g := range games {
			w.result(g)
			w.checkCheap()
		}
		w.amendSome(round)
		w.logf("round %d complete", round)
		w.checkAll(round == m.rounds)
	}
}

// addPlayer enters a player in a division.
func (w *simWorld) addPlayer(d *simDiv) *simPlayer {
	n := len(w.model.players)
	p := &simPlayer{name: simFirstNames[n%len(simFirstNames)] + " " + simLastNames[(n*7+int(w.seed))%len(simLastNames)],
		rating: 1400 + 25*w.rng.IntN(25), div: d}
	w.logf("add player %s (%d) to %s", p.name, p.rating, d.name)
	p.id = simDo[service.Player](w, "POST", w.path("/players"),
		map[string]any{"name": p.name, "rating": p.rating, "division_id": d.id}, http.StatusCreated).ID
	d.players = append(d.players, p)
	w.model.players[p.id] = p
	return p
}

// between rounds: now and then a withdrawal, a late entry, a settings
// change.
func (w *simWorld) between(round int) {
	m := w.model
	if w.chance(1, 2) {
		d := pick(w, m.divs)
		if act := d.active(); len(act) >= 4 {
			p := pick(w, act)
			w.logf("%s withdraws from %s after round %d", p.name, d.name, round-1)
			simDo[service.Player](w, "POST", w.path(fmt.Sprintf("/players/%d/withdraw", p.id)), map[string]any{"reason": "family emergency"}, http.StatusOK)
			p.withdrawn = round - 1
		}
	}
	for _, d := range m.divs {
		for _, p := range d.players {
			if p.withdrawn > 0 && w.chance(1, 3) {
				w.logf("%s comes back to %s for round %d", p.name, d.name, round)
				simDo[service.Player](w, "POST", w.path(fmt.Sprintf("/players/%d/reinstate", p.id)), map[string]any{"reason": "back from the hospital"}, http.StatusOK)
				p.withdrawn = 0
			}
		}
	}
	if w.chance(1, 2) {
		d := pick(w, m.divs)
		p := w.addPlayer(d)
		p.late = round
		missed := pick(w, []string{"forfeit", "forfeit", "bye"})
		w.logf("%s enters %s late, in round %d, missed rounds a %s", p.name, d.name, round, missed)
		simDo[[]service.RoundResult](w, "POST", w.path(fmt.Sprintf("/players/%d/late-entry", p.id)), map[string]any{"missed": missed, "reason": "stuck in traffic"}, http.StatusOK)
		for r := 1; r < round; r++ {
			u := &simUnopposed{round: r, player: p, kind: "forfeit", spread: -d.forfeit, why: "late"}
			if missed == "bye" {
				u.kind, u.spread = "bye", d.byeSpread
			}
			d.unopposed = append(d.unopposed, u)
		}
	}
	if w.chance(1, 2) {
		d := pick(w, m.divs)
		d.byeSpread, d.patched = pick(w, []int{30, 40, 60}), true
		w.logf("change %s's bye spread to %d (one key: the rest of its rules stay)", d.name, d.byeSpread)
		simDo[service.Division](w, "PATCH", w.path(fmt.Sprintf("/divisions/%d", d.id)),
			map[string]any{"settings": map[string]any{"bye_spread": d.byeSpread}, "reason": "the director's rules"}, http.StatusOK)
	}
	w.checkCheap()
}

// pair pairs a division's round and takes its games, byes and forfeits
// into the model.
func (w *simWorld) pair(d *simDiv, round int) {
	system := "koth"
	if round > 1 {
		system = pick(w, []string{"swiss", "koth"})
	}
	w.logf("pair %s round %d by %s", d.name, round, system)
	rp := simDo[service.RoundPairings](w, "POST", w.path(fmt.Sprintf("/rounds/%d/pairings", round)),
		map[string]any{"system": system, "division_id": d.id}, http.StatusCreated)
	d.paired = round
	m := w.model
	recs := map[int64]*simRecord{}
	for _, x := range d.standings() {
		recs[x.p.id] = x
	}
	seen := map[int64]bool{}
	for _, p := range rp.Pairings {
		if len(p.Players) == 1 && m.players[p.Players[0].ID] != nil && m.players[p.Players[0].ID].withdrawn > 0 {
			// A withdrawn player's round: a forfeit, never a bye.
			if p.Bye {
				w.fail("withdrawn-as-bye", "%s round %d: withdrawn %s is a bye in the pairings JSON (%q)", d.name, round, p.Players[0].Name, p.Reason)
			}
			continue
		}
		for _, ref := range p.Players {
			pl := m.players[ref.ID]
			if pl == nil || pl.div != d || pl.withdrawn > 0 || seen[ref.ID] {
				w.fail("pairings", "%s round %d pairs %s (%d), not an active player of the division, or twice: %+v", d.name, round, ref.Name, ref.ID, rp.Pairings)
			}
			seen[ref.ID] = true
		}
		switch {
		case p.Bye && len(p.Players) == 1:
			d.unopposed = append(d.unopposed, &simUnopposed{round: round, player: m.players[p.Players[0].ID], kind: "bye", spread: d.byeSpread, why: "bye"})
		case len(p.Players) == 2 && p.GameID != nil:
			g := &simGame{id: *p.GameID, div: d, round: round, table: p.Table, seats: [2]*simPlayer{m.players[p.Players[0].ID], m.players[p.Players[1].ID]}}
			d.games = append(d.games, g)
			m.games[g.id] = g
			w.checkReason(g, p.Reason, recs)
		default:
			w.fail("pairings", "%s round %d: a pairing that is neither a game nor a bye: %+v", d.name, round, p)
		}
	}
	for _, p := range d.active() {
		if !seen[p.id] {
			w.fail("pairings", "%s round %d leaves %s unpaired", d.name, round, p.name)
		}
	}
	for _, p := range d.players {
		if p.withdrawn > 0 {
			d.unopposed = append(d.unopposed, &simUnopposed{round: round, player: p, kind: "forfeit", spread: -d.forfeit, why: "withdrawn"})
		}
	}
}

// result brings a game's result in one of the ways results arrive.
func (w *simWorld) result(g *simGame) {
	switch n := w.rng.IntN(10); {
	case n < 4:
		g.script = w.script(false)
		w.playAtTablet(g)
	case n < 6:
		g.script = w.script(true)
		w.playAtTablet(g)
	case n < 7:
		g.script = w.script(true)
		g.script.racks = ""
		w.playSome(g)
		w.enterByHandOver(g, w.handScores(), "the tablet's battery died; the paper scoresheet")
	case n < 8:
		w.importGCG(g)
	default:
		w.enterByHand(g, w.handScores())
	}
}

// script is a game's play at the tablet: dougVEmely with, now and then,
// an exchange and a pass, a wrong entry undone, a misheard claim, a good
// play challenged; cut short when time runs out.
func (w *simWorld) script(short bool) *simScript {
	steps := dougScript()
	for i := range steps {
		steps[i].undoneFirst = w.chance(1, 25)
		steps[i].misclaimed = w.chance(1, 25)
		steps[i].challenged = w.single && !steps[i].phony && w.chance(1, 20)
	}
	if w.chance(1, 2) {
		at := 1 + w.rng.IntN(4) // early: the bag holds plenty
		s := steps[at]
		ins := []simStep{{seat: s.seat, rack: s.rack, exchange: true}, {seat: 3 - s.seat, pass: true}}
		steps = slices.Insert(steps, at, ins...)
	}
	sc := &simScript{steps: steps, stop: len(steps)}
	if w.chance(1, 4) {
		sc.overSeat, sc.overMinutes = 1+w.rng.IntN(2), 1+w.rng.IntN(3)
	}
	if short {
		sc.stop = 3 + w.rng.IntN(len(steps)-5)
		if st := steps[sc.stop]; !st.exchange && !st.pass && w.chance(1, 2) {
			sc.racks = st.rack
		}
	}
	return sc
}

// playSome plays the script's first plays at the tablet and leaves the
// game in play.
func (w *simWorld) playSome(g *simGame) {
	w.logf("%s: %d plays at the tablet, then it dies", g, g.script.stop)
	w.enterSteps(g, w.tablet(g.table))
}

// handScores are a game's scores on a paper slip, now and then a tie.
func (w *simWorld) handScores() [2]int {
	a := 250 + w.rng.IntN(300)
	if w.chance(1, 12) {
		return [2]int{a, a}
	}
	return [2]int{a, 250 + w.rng.IntN(300)}
}

// enterByHand keys a result from the slip: by players (either order) or
// by table (seat order).
func (w *simWorld) enterByHand(g *simGame, sc [2]int) {
	if w.chance(1, 2) {
		w.logf("%s: key %d-%d by table", g, sc[0], sc[1])
		simDo[map[string]any](w, "POST", w.path(fmt.Sprintf("/rounds/%d/tables/%d/result", g.round, g.table)),
			map[string]any{"scores": sc, "division_id": g.div.id}, http.StatusCreated)
	} else {
		ps, s := []int64{g.seats[1].id, g.seats[0].id}, []int{sc[1], sc[0]}
		w.logf("%s: key %s %d, %s %d", g, g.seats[1].name, sc[1], g.seats[0].name, sc[0])
		simDo[service.RoundResult](w, "POST", w.path("/results"), map[string]any{"round": g.round, "players": ps, "scores": s}, http.StatusCreated)
	}
	g.how, g.record, g.done, g.scores = "keyed by hand", false, true, sc
}

// enterByHandOver sets the game's record aside and keys the result.
func (w *simWorld) enterByHandOver(g *simGame, sc [2]int, reason string) {
	w.logf("%s: set the record aside, key %d-%d (%s)", g, sc[0], sc[1], reason)
	simDo[service.RoundResult](w, "POST", w.path("/results"), map[string]any{"round": g.round, "players": []int64{g.seats[0].id, g.seats[1].id},
		"scores": sc, "record": "void", "reason": reason}, http.StatusCreated)
	g.how, g.record, g.done, g.scores = "record set aside, keyed", false, true, sc
}

// amendResult changes a result (setting a record aside when void).
func (w *simWorld) amendResult(g *simGame, id int64, sc [2]int, void bool, reason string) {
	in := map[string]any{"players": []int64{g.seats[0].id, g.seats[1].id}, "scores": sc, "reason": reason}
	if void {
		in["record"] = "void"
	}
	w.logf("%s: amend result %d to %d-%d (%s)", g, id, sc[0], sc[1], reason)
	simDo[service.RoundResult](w, "PATCH", w.path(fmt.Sprintf("/results/%d", id)), in, http.StatusOK)
	g.how, g.done, g.scores = "amended", true, sc
	if void {
		g.record = false
	}
}

// amendSome amends a few of the round's results: a keyed one misread, or
// a recorded one whose paper card the players agree on.
func (w *simWorld) amendSome(round int) {
	for _, d := range w.model.divs {
		for _, g := range d.roundGames(round) {
			if !w.chance(1, 6) {
				continue
			}
			v := w.view(g)
			if v.Official == nil {
				w.fail("game-view", "%s: no official result", g)
				continue
			}
			w.amendResult(g, v.Official.ResultID, w.handScores(), g.record, "the card was misread")
			w.checkCheap()
		}
	}
}
