package api

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"

	"tourney/service"
	"tourney/standings"
)

// truthWorld is one seed's run of the one-truth property: a division
// played through the API by random operations, with the log of what was
// done so that a failure can be replayed.
type truthWorld struct {
	*event
	seed    uint64
	rng     *rand.Rand
	planned int      // rounds the division plans
	names   []string // players in entry order
	log     []string // operations done so far
}

// logf adds an operation to the log.
func (w *truthWorld) logf(format string, args ...any) {
	w.log = append(w.log, fmt.Sprintf("%3d. ", len(w.log)+1)+fmt.Sprintf(format, args...))
}

// truthGame is a pairing of two players with its game, as the server now
// shows it: the game view and the pairing's stored result, if any.
type truthGame struct {
	round, table int
	id           int64
	view         service.GameView
	result       *service.RoundResult
}

// live: the game has a record that decides its result (turns not set
// aside).
func (g *truthGame) live() bool {
	return len(g.view.Turns) > 0 && !g.view.RecordSetAside
}

// replayable: every active entry is a step of dougVEmely (or its final
// acceptance) and the game is still being played, so the next step of
// that game may be entered.
func (g *truthGame) replayable() bool {
	if g.view.Status != service.StatusInProgress && g.view.Status != service.StatusAwaitingAcceptance {
		return false
	}
	if len(g.view.Turns) > len(dougVEmely) {
		return false
	}
	for i, tv := range g.view.Turns {
		want := dougVEmely[i].kind
		if want == "" {
			want = service.EventMove
		}
		if tv.Kind != want {
			return false
		}
	}
	return true
}

func (g *truthGame) String() string {
	return fmt.Sprintf("game %d (round %d table %d, %s, %d entries)", g.id, g.round, g.table, g.view.Status, len(g.view.Turns))
}

// truthState is the division as the server shows it.
type truthState struct {
	rounds  []service.RoundStatus
	paired  int // the last round with pairings
	games   []*truthGame
	results []service.RoundResult
}

// load reads the whole division back.
func (w *truthWorld) load() *truthState {
	w.t.Helper()
	s := &truthState{rounds: w.rounds()}
	s.results = must[[]service.RoundResult](w.t, w.get(w.path("/results"), ""), http.StatusOK)
	for _, r := range s.rounds {
		if r.Games == 0 {
			continue
		}
		s.paired = max(s.paired, r.Number)
		rp := must[service.RoundPairings](w.t, w.get(w.path(fmt.Sprintf("/rounds/%d/pairings", r.Number)), ""), http.StatusOK)
		for _, p := range rp.Pairings {
			if p.Bye || len(p.Players) != 2 {
				continue
			}
			if p.GameID == nil {
				w.t.Fatalf("round %d table %d (%s v %s) has no game", r.Number, p.Table, p.Players[0].Name, p.Players[1].Name)
			}
			g := &truthGame{round: r.Number, table: p.Table, id: *p.GameID}
			g.view = must[service.GameView](w.t, w.get(gpath(g.id, ""), w.Director), http.StatusOK)
			for i := range s.results {
				if rr := &s.results[i]; rr.Round == r.Number && rr.Kind == service.ResultGame && slices.Contains(rr.Players, p.Players[0].ID) {
					g.result = rr
				}
			}
			s.games = append(s.games, g)
		}
	}
	return s
}

// complete: every pairing of the rounds paired so far has its result.
func (s *truthState) complete() bool {
	for _, r := range s.rounds {
		if r.Number <= s.paired && r.Status != service.RoundComplete {
			return false
		}
	}
	return true
}

// tally is a player's record as counted from scratch.
type tally struct {
	wins, losses float64
	spread       int
}

func (t *tally) add(mine, theirs int, tieBreakWon *bool) {
	switch {
	case mine > theirs || mine == theirs && tieBreakWon != nil && *tieBreakWon:
		t.wins++
	case mine < theirs || mine == theirs && tieBreakWon != nil:
		t.losses++
	default:
		t.wins, t.losses = t.wins+0.5, t.losses+0.5
	}
	t.spread += mine - theirs
}

// scoresBySeat is a result's scores in the game's seat order.
func scoresBySeat(r *service.RoundResult, v *service.GameView) []int {
	out := make([]int, len(v.Players))
	for i, seat := range v.Players {
		for j, id := range r.Players {
			if id == seat.PlayerID && j < len(r.Scores) {
				out[i] = r.Scores[j]
			}
		}
	}
	return out
}

// checkTruth is the property: standings recomputed from scratch from the
// records and the hand results equal the server's standings; every
// game's official result is its stored result; the .t export reads back
// with the same scores. With pdfs, the standings and cross-table PDFs
// print the same.
func (w *truthWorld) checkTruth(when string, pdfs bool) {
	t := w.t
	t.Helper()
	s := w.load()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("seed %d, %s: %s", w.seed, when, fmt.Sprintf(format, args...))
	}

	// 1. The oracle: a finished record gives the result, else the hand
	// result; byes and forfeits as the results say.
	want := map[int64]*tally{}
	for _, id := range w.ids {
		want[id] = &tally{}
	}
	counted := map[int64]bool{} // results the games account for
	for _, g := range s.games {
		v := &g.view
		var scores []int
		var winner *int64
		if g.result != nil && v.Status != service.StatusFinished {
			fail("%s has its result in (%s) but its status is %s", g, g.result.Source, v.Status)
		}
		switch {
		case v.Status == service.StatusFinished && !v.ResultByHand():
			if v.Result == nil || len(v.Result.Final) != 2 {
				fail("%s is finished without a final result: %+v", g, v.Result)
			}
			scores, winner = v.Result.Final, v.Result.WinnerPlayerID
			if g.result == nil {
				fail("%s is finished %v but round %d has no result for it", g, scores, g.round)
			}
			if got := scoresBySeat(g.result, v); !slices.Equal(got, scores) {
				fail("%s is finished %v, but its stored result is %v (%s)", g, scores, got, g.result.Source)
			}
		case g.result != nil:
			scores, winner = scoresBySeat(g.result, v), g.result.Winner
		default:
			continue
		}
		if g.result != nil {
			counted[g.result.ID] = true
		}
		for i, seat := range v.Players {
			var won *bool
			if scores[0] == scores[1] && winner != nil {
				won = new(bool)
				*won = *winner == seat.PlayerID
			}
			want[seat.PlayerID].add(scores[i], scores[1-i], won)
		}
	}
	for _, r := range s.results {
		if counted[r.ID] {
			continue
		}
		if r.Kind == service.ResultGame {
			fail("result %d (round %d, %v %v) is a game no pairing shows", r.ID, r.Round, r.Names, r.Scores)
		}
		// A bye or forfeit: the first player's spread, the other's the
		// opposite.
		for i, id := range r.Players {
			sp := r.Spread
			if i == 1 {
				sp = -sp
			}
			x := want[id]
			switch {
			case sp > 0:
				x.wins++
			case sp < 0:
				x.losses++
			}
			x.spread += sp
		}
	}
	rows := w.standings("")
	if len(rows) != len(w.ids) {
		fail("standings have %d rows, want %d:\n%s", len(rows), len(w.ids), lines(rows))
	}
	var diffs []string
	for _, r := range rows {
		x := want[r.PlayerID]
		if x == nil || r.Wins != x.wins || r.Losses != x.losses || r.Spread != x.spread || r.RawSpread != x.spread {
			diffs = append(diffs, fmt.Sprintf("%s: standings %g-%g %+d (raw %+d), from scratch %g-%g %+d",
				r.Name, r.Wins, r.Losses, r.Spread, r.RawSpread, x.wins, x.losses, x.spread))
		}
	}
	if diffs != nil {
		fail("standings differ from the ones recomputed from the records and results:\n%s\nstandings:\n%s\n%s",
			strings.Join(diffs, "\n"), lines(rows), describe(s))
	}

	// 2. Each game's official result is its stored result, and a live
	// record has no hand result beside it.
	for _, g := range s.games {
		if g.live() && g.result != nil && g.result.Source != service.SourceRecorded {
			fail("%s has a live record beside a hand result %d %v (%s)", g, g.result.ID, g.result.Scores, g.result.Source)
		}
		o := g.view.Official
		switch {
		case g.result == nil && o != nil:
			fail("%s has official result %+v but no stored result", g, o)
		case g.result != nil && o == nil:
			fail("%s has no official result but stored result %d %v", g, g.result.ID, g.result.Scores)
		case g.result != nil:
			if got := scoresBySeat(g.result, &g.view); o.ResultID != g.result.ID || !slices.Equal(o.Scores, got) || o.Source != g.result.Source ||
				o.EnteredByHand != (g.result.Source != service.SourceRecorded) {
				fail("%s: official result %+v, stored result %d %v by seat (%s)", g, o, g.result.ID, got, g.result.Source)
			}
		}
	}

	// 3. The .t export reads back with every score the results give.
	w.checkExport(s, fail)

	if pdfs {
		w.checkPDFs(s, rows, fail)
	}
}

// describe is the division as loaded, for failure messages.
func describe(s *truthState) string {
	var b strings.Builder
	for _, g := range s.games {
		fmt.Fprintf(&b, "  %s", g)
		if g.view.Result != nil && g.view.Status == service.StatusFinished && !g.view.ResultByHand() {
			fmt.Fprintf(&b, " final %v", g.view.Result.Final)
		}
		if g.result != nil {
			fmt.Fprintf(&b, "; result %d %v %v (%s)", g.result.ID, g.result.Names, g.result.Scores, g.result.Source)
		}
		b.WriteString("\n")
	}
	for _, r := range s.results {
		if r.Kind != service.ResultGame {
			fmt.Fprintf(&b, "  round %d %s %v spread %+d (%s)\n", r.Round, r.Kind, r.Names, r.Spread, r.Source)
		}
	}
	return b.String()
}

// checkExport reads export.t back with the standings package and compares
// every player's every round with /results.
func (w *truthWorld) checkExport(s *truthState, fail func(string, ...any)) {
	t := w.t
	t.Helper()
	r := w.get(w.path("/export.t"), "")
	if r.Status != http.StatusOK {
		fail("export.t: %d %s", r.Status, r.Body)
	}
	d, err := standings.ParseT(r.Body, "A", standings.DefaultConfig(standings.RealmNASPA))
	if err != nil {
		fail("export.t does not read back: %v\n%s", err, r.Body)
	}
	line := map[int64]int{}
	for _, p := range d.Players() {
		id, ok := w.ids[p.Name]
		for name, i := range w.ids { // written as tsh holds names: "Surname, Given"
			if !ok && asTSHName(name) == p.Name {
				id, ok = i, true
			}
		}
		if !ok {
			fail("export.t has player %q, not in the division\n%s", p.Name, r.Body)
		}
		line[id] = p.ID
	}
	if len(line) != len(w.ids) {
		fail("export.t has %d players, want %d\n%s", len(line), len(w.ids), r.Body)
	}
	type key struct {
		id    int64
		round int
	}
	want := map[key]service.RoundResult{}
	for _, rr := range s.results {
		for _, id := range rr.Players {
			want[key{id, rr.Round}] = rr
		}
	}
	for name, id := range w.ids {
		for round := 1; round <= max(s.paired, 1); round++ {
			got, ok := d.Result(line[id], round)
			rr, has := want[key{id, round}]
			switch {
			case ok != has:
				fail("export.t: %s round %d has a result %v (%+v), /results %v (%+v)\n%s", name, round, ok, got, has, rr, r.Body)
			case !has:
				continue
			}
			var mine, theirs int
			var opp int64
			switch {
			case rr.Kind == service.ResultGame && rr.Players[0] == id:
				mine, theirs, opp = rr.Scores[0], rr.Scores[1], rr.Players[1]
			case rr.Kind == service.ResultGame:
				mine, theirs, opp = rr.Scores[1], rr.Scores[0], rr.Players[0]
			}
			if rr.Kind == service.ResultGame {
				if got.Score != mine || got.OppScore != theirs || got.Opponent != line[opp] {
					fail("export.t: %s round %d reads %d-%d v line %d, /results %d-%d v %s\n%s",
						name, round, got.Score, got.OppScore, got.Opponent, mine, theirs, w.nameOf(opp), r.Body)
				}
				continue
			}
			sp := rr.Spread
			if rr.Players[0] != id {
				sp = -sp
			}
			if got.Spread() != sp {
				fail("export.t: %s round %d (%s) reads spread %+d, /results %+d\n%s", name, round, rr.Kind, got.Spread(), sp, r.Body)
			}
		}
	}
	// The standings it gives are the server's.
	rows := w.standings("")
	byName := map[string]service.StandingRow{}
	for _, r := range rows {
		byName[asTSHName(r.Name)] = r // the file holds "Surname, Given"
	}
	for _, x := range d.Standings(max(s.paired, 1)) {
		if g := byName[x.Name]; g.Wins != x.Wins || g.Losses != x.Losses || g.Spread != x.Spread {
			fail("export.t standings: %s %g-%g %+d, server %g-%g %+d", x.Name, x.Wins, x.Losses, x.Spread, g.Wins, g.Losses, g.Spread)
		}
	}
}

func (w *truthWorld) nameOf(id int64) string {
	for n, i := range w.ids {
		if i == id {
			return n
		}
	}
	return fmt.Sprint(id)
}

// printedRecord and printedSpread are a record and spread as the PDFs
// print them: an en dash, halves as ½, a true minus.
func printedRecord(wins, losses float64) string {
	half := func(v float64) string {
		s := fmt.Sprint(int(v))
		if v-float64(int(v)) >= 0.5 {
			if int(v) == 0 {
				return "½"
			}
			s += "½"
		}
		return s
	}
	return half(wins) + "–" + half(losses)
}

func printedSpread(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "0"
}

// checkPDFs: the standings PDF has each player's line with the record and
// spread of the standings; the cross-table has each player's record and
// spread on their line and every game's scores as each player sees them.
func (w *truthWorld) checkPDFs(s *truthState, rows []service.StandingRow, fail func(string, ...any)) {
	t := w.t
	t.Helper()
	r := w.get(w.path("/standings.pdf"), "")
	wantPDF(t, r)
	text := pdfText(t, r.Body)
	for _, row := range rows {
		if want := row.Name + " " + printedRecord(row.Wins, row.Losses) + " " + printedSpread(row.Spread); !strings.Contains(text, want) {
			fail("standings PDF lacks %q:\n%s", want, text)
		}
	}

	r = w.get(w.path("/crosstable.pdf"), "")
	wantPDF(t, r)
	text = pdfText(t, r.Body)
	textLines := strings.Split(text, "\n")
	for _, row := range rows {
		// The player's line, then the line of scores under it.
		i := slices.IndexFunc(textLines, func(l string) bool { return strings.Contains(l, " "+row.Name+" ") })
		if i < 0 {
			fail("cross-table lacks %s:\n%s", row.Name, text)
		}
		tail := printedRecord(row.Wins, row.Losses) + " " + printedSpread(row.Spread)
		if !strings.HasSuffix(strings.TrimSpace(textLines[i]), tail) {
			fail("cross-table line %q does not end with %q:\n%s", textLines[i], tail, text)
		}
		under := ""
		if i+1 < len(textLines) {
			under = textLines[i+1]
		}
		var scores []string
		for _, rr := range s.results {
			if rr.Kind == service.ResultBye && rr.Players[0] == row.PlayerID {
				scores = append(scores, printedSpread(rr.Spread))
			}
			if rr.Kind != service.ResultGame {
				continue
			}
			switch row.PlayerID {
			case rr.Players[0]:
				scores = append(scores, fmt.Sprintf("%d–%d", rr.Scores[0], rr.Scores[1]))
			case rr.Players[1]:
				scores = append(scores, fmt.Sprintf("%d–%d", rr.Scores[1], rr.Scores[0]))
			}
		}
		// The scores are under the results, on the name's line (between
		// the name and the record) when the line is tall enough for the
		// name to be set large, else on the line under it.
		line := strings.TrimSpace(textLines[i])
		onLine := strings.Fields(strings.TrimSuffix(line[strings.Index(line, row.Name)+len(row.Name):], tail))
		if got := strings.Fields(under); !slices.Equal(got, scores) && !slices.Equal(onLine, scores) {
			fail("cross-table: %s's scores read %q (or %q on the line), want %q:\n%s", row.Name, got, onLine, scores, text)
		}
	}
}
