package api

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"tourney/service"
)

// The simulator's checks of the JSON and CSV surfaces against the model:
// the standings (JSON and CSV), the game views, a round's tables and the
// results with their byes and forfeits.

// checkCheap checks the surfaces read after every step: each division's
// standings and the current round's games and tables.
func (w *simWorld) checkCheap() {
	w.t.Helper()
	for _, d := range w.model.divs {
		w.checkStandings(d)
		for _, g := range d.roundGames(w.model.current) {
			w.checkGameView(g)
		}
		if d.paired >= w.model.current {
			w.checkTables(d, w.model.current)
		}
	}
}

// checkAll checks every surface (after a round).
func (w *simWorld) checkAll(final bool) {
	w.t.Helper()
	for _, d := range w.model.divs {
		w.checkStandings(d)
		w.checkStandingsCSV(d)
		for _, g := range d.games {
			w.checkGameView(g)
		}
		for r := 1; r <= d.paired; r++ {
			w.checkTables(d, r)
		}
		w.checkResults(d)
		w.checkPairingsKinds(d)
	}
	live := w.checkLive()
	for _, g := range w.model.games {
		w.checkRecord(g, live)
	}
	w.checkPrints()
	w.checkExportT()
	w.checkFeed()
	w.checkProjector()
	w.checkAttention()
	w.checkPublicGames()
	w.checkFigures(final)
	w.checkPublished()
}

// checkStandings: the standings JSON has every player of the division
// with the model's record, rank, class and withdrawal, in the model's
// order wherever the model's keys tell two players apart.
func (w *simWorld) checkStandings(d *simDiv) {
	w.t.Helper()
	rows := must[[]service.StandingRow](w.t, w.getOK(w.dpath("/standings", d), ""), http.StatusOK)
	want := d.standings()
	if len(rows) != len(want) {
		w.fail("standings", "%s: %d rows, the model %d:\n%s\n%s", d.name, len(rows), len(want), lines(rows), d.describe())
		return
	}
	pos := map[int64]int{}
	for i, r := range rows {
		pos[r.PlayerID] = i
	}
	for _, x := range want {
		i, ok := pos[x.p.id]
		if !ok {
			w.fail("standings", "%s: %s missing:\n%s\n%s", d.name, x.p.name, lines(rows), d.describe())
			return
		}
		r := rows[i]
		if r.Wins != x.wins || r.Losses != x.losses || r.Spread != x.spread || r.Withdrawn != (x.p.withdrawn > 0) || r.Rank != x.rank ||
			r.Played != x.played || r.Byes != x.byes || r.Forfeits != x.forfeits || r.Points != x.points {
			w.fail("standings", "%s: %s reads rank %d %g-%g %+d (played %d, byes %d, forfeits %d, points %d, withdrawn %v); the model: rank %d %g-%g %+d (%d, %d, %d, %d, %v)\n%s\n%s",
				d.name, x.p.name, r.Rank, r.Wins, r.Losses, r.Spread, r.Played, r.Byes, r.Forfeits, r.Points, r.Withdrawn,
				x.rank, x.wins, x.losses, x.spread, x.played, x.byes, x.forfeits, x.points, x.p.withdrawn > 0, lines(rows), d.describe())
			return
		}
		if c := d.class(x.p); r.Class != c {
			w.fail("settings-merge", "%s: %s (rating %d) is class %q, the division's floors %v make %q", d.name, x.p.name, x.p.rating, r.Class, d.classFloors, c)
		}
	}
	for i := range want {
		for j := i + 1; j < len(want); j++ {
			if !want[i].equalKeys(want[j]) && pos[want[i].p.id] > pos[want[j].p.id] {
				w.fail("standings", "%s: %s is above %s; the model puts them the other way:\n%s\n%s", d.name, want[j].p.name, want[i].p.name, lines(rows), d.describe())
				return
			}
		}
	}
}

// checkStandingsCSV: the CSV has a line per player with the record.
func (w *simWorld) checkStandingsCSV(d *simDiv) {
	w.t.Helper()
	r := w.getOK(w.dpath("/standings.csv", d), "")
	recs, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
	if err != nil || len(recs) < 1 {
		w.fail("standings-csv", "%s: the CSV does not read: %v\n%s", d.name, err, r.Body)
		return
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, need := range []string{"name", "wins", "losses", "spread", "rank"} {
		if _, ok := col[need]; !ok {
			w.fail("standings-csv", "%s: no %s column: %q", d.name, need, recs[0])
			return
		}
	}
	byName := map[string][]string{}
	for _, rec := range recs[1:] {
		byName[rec[col["name"]]] = rec
	}
	for _, x := range d.standings() {
		rec, ok := byName[x.p.name]
		if !ok {
			w.fail("standings-csv", "%s: no line for %s:\n%s", d.name, x.p.name, r.Body)
			return
		}
		wins, _ := strconv.ParseFloat(rec[col["wins"]], 64)
		losses, _ := strconv.ParseFloat(rec[col["losses"]], 64)
		spread, _ := strconv.Atoi(strings.TrimPrefix(rec[col["spread"]], "+"))
		rank := ""
		if x.rank > 0 {
			rank = strconv.Itoa(x.rank)
		}
		if wins != x.wins || losses != x.losses || spread != x.spread || rec[col["rank"]] != rank {
			w.fail("standings-csv", "%s: %s's line %q; the model: rank %q %g-%g %+d", d.name, x.p.name, rec, rank, x.wins, x.losses, x.spread)
			return
		}
	}
}

// checkGameView: the game's official result is the model's, by seat.
func (w *simWorld) checkGameView(g *simGame) {
	w.t.Helper()
	v := w.view(g)
	if len(v.Players) != 2 || v.Players[0].PlayerID != g.seats[0].id || v.Players[1].PlayerID != g.seats[1].id {
		w.fail("game-view", "%s: seats %+v", g, v.Players)
		return
	}
	o := v.Official
	switch {
	case !g.done && o != nil:
		w.fail("game-view", "%s: official result %+v before any is in", g, o)
	case g.done && o == nil:
		w.fail("game-view", "%s: no official result (status %s)", g, v.Status)
	case g.done && !slices.Equal(o.Scores, g.scores[:]):
		w.fail("game-view", "%s: official %v, the model %v", g, o.Scores, g.scores)
	case g.done && o.EnteredByHand == g.record:
		w.fail("game-view", "%s: entered by hand %v, the model's record %v", g, o.EnteredByHand, g.record)
	case g.done && g.record && (v.Result == nil || !slices.Equal(v.Result.Final, g.scores[:])):
		w.fail("game-view", "%s: the record's final %+v, the model %v", g, v.Result, g.scores)
	}
}

// checkTables: a round's tables (public) show each game's players in
// seat order and its result.
func (w *simWorld) checkTables(d *simDiv, round int) {
	w.t.Helper()
	tables := must[[]service.TableView](w.t, w.getOK(w.dpath(fmt.Sprintf("/rounds/%d/tables", round), d), ""), http.StatusOK)
	byTable := map[int]service.TableView{}
	for _, tv := range tables {
		byTable[tv.Table] = tv
	}
	for _, g := range d.roundGames(round) {
		tv, ok := byTable[g.table]
		if !ok {
			w.fail("round-tables", "%s: round %d has no table %d: %+v", g, round, g.table, tables)
			return
		}
		if len(tv.Players) != 2 || tv.Players[0].ID != g.seats[0].id || tv.Players[1].ID != g.seats[1].id {
			w.fail("round-tables", "%s: table %d seats %+v", g, g.table, tv.Players)
			return
		}
		switch {
		case g.done && !slices.Equal(tv.Scores, g.scores[:]):
			w.fail("round-tables", "%s: table %d shows %v, the model %v", g, g.table, tv.Scores, g.scores)
		case !g.done && tv.Result != nil:
			w.fail("round-tables", "%s: table %d has a result %+v before any is in", g, g.table, tv.Result)
		}
	}
}

// checkResults: the division's results are the model's games, byes and
// forfeits, nothing else.
func (w *simWorld) checkResults(d *simDiv) {
	w.t.Helper()
	rs := must[[]service.RoundResult](w.t, w.getOK(w.dpath("/results", d), ""), http.StatusOK)
	type key struct {
		round int
		p     int64
	}
	un := map[key]*simUnopposed{}
	for _, u := range d.unopposed {
		un[key{u.round, u.player.id}] = u
	}
	games, seen := 0, 0
	for _, r := range rs {
		switch r.Kind {
		case service.ResultGame:
			games++
			g := w.model.games[derefID(r.GameID)]
			if g == nil || g.div != d || !g.done {
				w.fail("results", "%s: result %d (round %d, %v %v) is no game of the model's with a result", d.name, r.ID, r.Round, r.Names, r.Scores)
				continue
			}
			for i, id := range r.Players {
				if s := g.seatOf(id); s < 0 || r.Scores[i] != g.scores[s] {
					w.fail("results", "%s: result %d reads %v %v; the model %s", d.name, r.ID, r.Names, r.Scores, g)
				}
			}
		default:
			seen++
			u := un[key{r.Round, r.Players[0]}]
			if u == nil || u.kind != r.Kind || u.spread != r.Spread {
				w.fail("results", "%s: round %d %s of %v spread %+d; the model has %+v\n%s", d.name, r.Round, r.Kind, r.Names, r.Spread, u, d.describe())
			}
		}
	}
	done := 0
	for _, g := range d.games {
		if g.done {
			done++
		}
	}
	if games != done || seen != len(d.unopposed) {
		w.fail("results", "%s: %d game results and %d byes and forfeits; the model %d and %d\n%s", d.name, games, seen, done, len(d.unopposed), d.describe())
	}
}

func derefID(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
