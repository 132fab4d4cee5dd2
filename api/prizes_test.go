package api

import (
	"fmt"
	"math/rand"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// The prize table's "Done means": a realistic event (45 players, 22
// rounds, rating classes, unrated players, byes, a tied game, a
// withdrawn leader, deliberate ties) imported as a .t file, a prize of
// every type, and every winner and value checked against figures the
// test computes itself, with straight loops over the data it wrote.

// prizeEvent is the raw data of a generated event.
type prizeEvent struct {
	n, rounds int
	names     []string
	ratings   []int
	hand      []string // class set by hand in the file ("" none)
	opp       [][]int  // opp[i][r]: the opponent's index, -1 for a bye
	score     [][]int  // score[i][r]: i's score; a bye's is its spread
}

const prizeByeSpread = 50

// newPrizeEvent generates the event deterministically.
func newPrizeEvent(seed int64) *prizeEvent {
	rng := rand.New(rand.NewSource(seed))
	e := &prizeEvent{n: 45, rounds: 22}
	for i := 0; i < e.n; i++ {
		e.names = append(e.names, fmt.Sprintf("Player%02d, Pat", i+1))
		rating := 900 + rng.Intn(1300)
		if i >= e.n-3 {
			rating = 0 // unrated: the lowest class
		}
		e.ratings = append(e.ratings, rating)
		hand := ""
		if i == 20 || i == 30 {
			hand = "A" // set by hand: wins over the floors
		}
		e.hand = append(e.hand, hand)
		e.opp = append(e.opp, make([]int, e.rounds))
		e.score = append(e.score, make([]int, e.rounds))
	}
	for r := 0; r < e.rounds; r++ {
		perm := rng.Perm(e.n)
		bye := perm[e.n-1]
		e.opp[bye][r], e.score[bye][r] = -1, prizeByeSpread
		for k := 0; k+1 < e.n-1; k += 2 {
			a, b := perm[k], perm[k+1]
			sa, sb := 250+rng.Intn(300), 250+rng.Intn(300)
			if sa == sb {
				sb++
			}
			if k == 0 {
				// Deliberate figures: high wins tied at 800 (rounds 2 and
				// 7), high losses tied at 700 (rounds 3 and 5), low wins
				// tied at 200 (rounds 6 and 8), a tied game in round 4.
				switch r + 1 {
				case 2:
					sa, sb = 800, 300
				case 7:
					sa, sb = 800, 350
				case 3:
					sa, sb = 700, 720
				case 5:
					sa, sb = 700, 710
				case 6:
					sa, sb = 200, 150
				case 8:
					sa, sb = 200, 190
				case 4:
					sa, sb = 400, 400
				}
			}
			e.opp[a][r], e.opp[b][r] = b, a
			e.score[a][r], e.score[b][r] = sa, sb
		}
	}
	return e
}

// record is a player's wins and spread over rounds first..last (1-based).
func (e *prizeEvent) record(i, first, last int) (wins float64, spread int) {
	for r := first - 1; r < last; r++ {
		o := e.opp[i][r]
		if o < 0 {
			wins, spread = wins+1, spread+e.score[i][r]
			continue
		}
		d := e.score[i][r] - e.score[o][r]
		spread += d
		switch {
		case d > 0:
			wins++
		case d == 0:
			wins += 0.5
		}
	}
	return wins, spread
}

// tieTwo makes the two best players after the withdrawn one equal on
// wins and spread (when they have the same wins), raising the lower
// one's winning score in a game against someone else.
func (e *prizeEvent) tieTwo(skip int) bool {
	order := e.order(map[int]bool{skip: true})
	for k := 0; k < 2; k++ {
		a, b := order[k], order[k+1]
		wa, sa := e.record(a, 1, e.rounds)
		wb, sb := e.record(b, 1, e.rounds)
		if wa != wb || sa == sb {
			continue
		}
		for r := 0; r < e.rounds; r++ {
			o := e.opp[b][r]
			if o >= 0 && o != a && e.score[b][r] > e.score[o][r] && e.score[b][r]+sa-sb < 800 {
				e.score[b][r] += sa - sb
				return true
			}
		}
	}
	return false
}

// order is the players but those left out, best record first, equal
// records in line order.
func (e *prizeEvent) order(out map[int]bool) []int {
	var ids []int
	for i := 0; i < e.n; i++ {
		if !out[i] {
			ids = append(ids, i)
		}
	}
	slices.SortStableFunc(ids, func(a, b int) int {
		wa, sa := e.record(a, 1, e.rounds)
		wb, sb := e.record(b, 1, e.rounds)
		switch {
		case wa != wb:
			if wa > wb {
				return -1
			}
			return 1
		case sa != sb:
			return sb - sa
		}
		return 0
	})
	return ids
}

// tFile writes the event as tsh does: "Name Rating opps; scores; p12
// ...; class A".
func (e *prizeEvent) tFile() string {
	var b strings.Builder
	for i := 0; i < e.n; i++ {
		var opps, scores, p12 []string
		for r := 0; r < e.rounds; r++ {
			o := e.opp[i][r]
			opps = append(opps, fmt.Sprint(o+1))
			scores = append(scores, fmt.Sprint(e.score[i][r]))
			switch {
			case o < 0:
				p12 = append(p12, "0")
			case i < o:
				p12 = append(p12, "1")
			default:
				p12 = append(p12, "2")
			}
		}
		fmt.Fprintf(&b, "%s %d %s; %s; p12 %s", e.names[i], e.ratings[i], strings.Join(opps, " "), strings.Join(scores, " "), strings.Join(p12, " "))
		if e.hand[i] != "" {
			fmt.Fprintf(&b, "; class %s", e.hand[i])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// class is a player's class under the floors: by hand, else by rating,
// unrated in the lowest.
func (e *prizeEvent) class(i int, floors []int) string {
	if e.hand[i] != "" {
		return e.hand[i]
	}
	if e.ratings[i] > 0 {
		for k, f := range floors {
			if e.ratings[i] >= f {
				return string(rune('A' + k))
			}
		}
	}
	return string(rune('A' + len(floors)))
}

// wantPrize is what the test expects of a prize: winners (indices) and
// value.
type wantPrize struct {
	winners []int
	value   *int
}

// pickBest gives the place-th candidate (best first by key, candidates
// in the order given for equal keys) not held, with everyone tied with it.
type testCand struct {
	who   []int
	key   [2]int
	value int
}

func pickBest(cands []testCand, place int, held map[int]bool) wantPrize {
	all := slices.Clone(cands)
	slices.SortStableFunc(all, func(a, b testCand) int {
		if a.key[0] != b.key[0] {
			return b.key[0] - a.key[0]
		}
		return b.key[1] - a.key[1]
	})
	if len(all) < place {
		return wantPrize{}
	}
	free := func(c testCand) bool {
		for _, w := range c.who {
			if held[w] {
				return false
			}
		}
		return true
	}
	above := func(a, b [2]int) bool { return a[0] > b[0] || a[0] == b[0] && a[1] > b[1] }
	// The place-th; when they hold a prize, the next who does not.
	natural := all[place-1].key
	var top *testCand
	for i := range all {
		if !above(all[i].key, natural) && free(all[i]) {
			top = &all[i]
			break
		}
	}
	if top == nil {
		return wantPrize{}
	}
	w := wantPrize{value: &top.value}
	for _, c := range all {
		if c.key == top.key && free(c) {
			for _, p := range c.who {
				if !slices.Contains(w.winners, p) {
					w.winners = append(w.winners, p)
				}
			}
		}
	}
	return w
}

func TestPrizesEveryType(t *testing.T) {
	floors := []int{1800, 1500}
	// The leader withdraws at the end; two of the next three are tied
	// (the first generated event where they can be).
	var e *prizeEvent
	var leader int
	for seed := int64(26); ; seed++ {
		e = newPrizeEvent(seed)
		if leader = e.order(nil)[0]; e.tieTwo(leader) {
			break
		}
	}

	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Prize Open", "variant": "naspa"}), http.StatusCreated).ID
	config := `#tourney division A {"rounds":22,"class_floors":[1800,1500]}` + "\n"
	imp := must[service.ImportResult](t, ts.post(f.tpath("/import.t"), ts.Director, map[string]any{"text": e.tFile(), "config": config, "division": "A"}), http.StatusCreated)
	if len(imp.Players) != e.n || imp.Rounds != e.rounds {
		t.Fatalf("import: %d players, %d rounds", len(imp.Players), imp.Rounds)
	}
	ids := make([]int64, e.n)
	index := map[int64]int{}
	for i, p := range imp.Players {
		ids[i], index[p.ID] = p.ID, i
		if p.Class != e.hand[i] {
			t.Errorf("player %d: class %q after import, want %q", i, p.Class, e.hand[i])
		}
	}
	must[service.Player](t, ts.post(f.tpath(fmt.Sprintf("/players/%d/withdraw", ids[leader])), ts.Director, map[string]any{"unplayed": "none", "reason": "went home"}), http.StatusOK)

	// Classes in the standings: by hand, by floors, unrated lowest.
	rows := must[[]service.StandingRow](t, ts.get(f.tpath("/standings"), ""), http.StatusOK)
	for _, r := range rows {
		if want := e.class(index[r.PlayerID], floors); r.Class != want {
			t.Errorf("%s (rating %d): class %q in the standings, want %q", r.Name, r.Rating, r.Class, want)
		}
	}

	// The ratings view, for the rating-change prize.
	ratings := must[service.RatingsView](t, ts.get(f.tpath("/ratings"), ""), http.StatusOK)

	signup := ids[7]
	prizes := []map[string]any{
		{"type": "rank", "place": 1, "label": "$500"},
		{"type": "rank", "place": 2, "label": "$300"},
		{"type": "rank", "place": 3, "label": "$200"},
		{"type": "class-rank", "place": 1, "class": "A"},
		{"type": "class-rank", "place": 1, "class": "B"},
		{"type": "class-rank", "place": 2, "class": "B"},
		{"type": "class-rank", "place": 1, "class": "C"},
		{"type": "rank", "place": 1, "exclusive": false, "label": "trophy"},
		{"type": "high-win"},
		{"type": "high-loss"},
		{"type": "low-win"},
		{"type": "low-loss"},
		{"type": "high-combined"},
		{"type": "upset"},
		{"type": "brlh"},
		{"type": "overseed"},
		{"type": "high-rating-change"},
		{"type": "round-record", "first": 5, "last": 9},
		{"type": "signup", "winners": []int64{signup}},
		{"type": "high-win", "exclusive": true},
		{"type": "high-play"},
		{"type": "best-bingo"},
		{"type": "most-bingos"},
	}
	must[service.PrizesView](t, ts.send(req{method: "PUT", path: f.tpath("/prizes"), token: ts.Director, body: map[string]any{"prizes": prizes}}), http.StatusOK)
	got := must[service.PrizesView](t, ts.get(f.tpath("/prizes"), ""), http.StatusOK)
	if got.Provisional {
		t.Errorf("provisional after the last round")
	}

	// The test's own figures.
	active := map[int]bool{}
	for i := 0; i < e.n; i++ {
		active[i] = i != leader
	}
	type rec struct {
		wins   float64
		spread int
	}
	recs := make([]rec, e.n)
	for i := range recs {
		recs[i].wins, recs[i].spread = e.record(i, 1, e.rounds)
	}
	rank := func(i int) int {
		n := 1
		for j := 0; j < e.n; j++ {
			if active[j] && (recs[j].wins > recs[i].wins || recs[j].wins == recs[i].wins && recs[j].spread > recs[i].spread) {
				n++
			}
		}
		return n
	}
	seed := make([]int, e.n)
	byRating := make([]int, e.n)
	for i := range byRating {
		byRating[i] = i
	}
	slices.SortStableFunc(byRating, func(a, b int) int { return e.ratings[b] - e.ratings[a] })
	for s, i := range byRating {
		seed[i] = s + 1
	}
	placeCands := func(keep func(i int) bool) []testCand {
		var cs []testCand
		for i := 0; i < e.n; i++ {
			if active[i] && keep(i) {
				cs = append(cs, testCand{who: []int{i}, key: [2]int{-rank(i)}})
			}
		}
		return cs
	}
	type game struct{ round, w, l, ws, ls int }
	var games []game
	var ties []game
	for r := 0; r < e.rounds; r++ {
		for i := 0; i < e.n; i++ {
			o := e.opp[i][r]
			if o < i {
				continue // a bye, or seen from the other side
			}
			g := game{r + 1, i, o, e.score[i][r], e.score[o][r]}
			if g.ws < g.ls {
				g = game{r + 1, o, i, g.ls, g.ws}
			}
			if g.ws == g.ls {
				ties = append(ties, g)
				continue
			}
			games = append(games, g)
		}
	}
	gameCands := func(fn func(g game) (who []int, v int, ok bool)) []testCand {
		var cs []testCand
		for _, g := range games {
			if who, v, ok := fn(g); ok {
				cs = append(cs, testCand{who: who, key: [2]int{v}, value: max(v, -v)})
			}
		}
		return cs
	}
	held := map[int]bool{}
	var want []wantPrize
	exclusive := func(w wantPrize) wantPrize {
		for _, p := range w.winners {
			held[p] = true
		}
		return w
	}
	for _, p := range prizes[:3] {
		want = append(want, exclusive(pickBest(placeCands(func(int) bool { return true }), p["place"].(int), held)))
	}
	for _, p := range prizes[3:7] {
		c := p["class"].(string)
		want = append(want, exclusive(pickBest(placeCands(func(i int) bool { return e.class(i, floors) == c }), p["place"].(int), held)))
	}
	want = append(want, pickBest(placeCands(func(int) bool { return true }), 1, nil))
	want = append(want,
		pickBest(gameCands(func(g game) ([]int, int, bool) { return []int{g.w}, g.ws, true }), 1, nil),
		pickBest(gameCands(func(g game) ([]int, int, bool) { return []int{g.l}, g.ls, true }), 1, nil),
		pickBest(gameCands(func(g game) ([]int, int, bool) { return []int{g.w}, -g.ws, true }), 1, nil),
		pickBest(gameCands(func(g game) ([]int, int, bool) { return []int{g.l}, -g.ls, true }), 1, nil),
	)
	// high-combined counts the tied game too.
	games = append(games, ties...)
	want = append(want, pickBest(gameCands(func(g game) ([]int, int, bool) { return []int{g.w, g.l}, g.ws + g.ls, true }), 1, nil))
	games = games[:len(games)-len(ties)]
	want = append(want, pickBest(gameCands(func(g game) ([]int, int, bool) {
		rw, rl := e.ratings[g.w], e.ratings[g.l]
		return []int{g.w}, rl - rw, rw > 0 && rl > rw
	}), 1, nil))
	var brlh, over, rr []testCand
	for i := 0; i < e.n; i++ {
		if !active[i] {
			continue
		}
		if seed[i]*2 > e.n {
			brlh = append(brlh, testCand{who: []int{i}, key: [2]int{int(recs[i].wins * 2), recs[i].spread}})
		}
		if v := seed[i] - rank(i); v > 0 {
			over = append(over, testCand{who: []int{i}, key: [2]int{v}, value: v})
		}
		w, s := e.record(i, 5, 9)
		rr = append(rr, testCand{who: []int{i}, key: [2]int{int(w * 2), s}})
	}
	want = append(want, pickBest(brlh, 1, nil), pickBest(over, 1, nil))
	var change []testCand
	for _, dr := range ratings.Divisions {
		for _, r := range dr.Players {
			if i := index[r.PlayerID]; active[i] && r.Change != nil && r.Games > 0 {
				change = append(change, testCand{who: []int{i}, key: [2]int{*r.Change}, value: *r.Change})
			}
		}
	}
	want = append(want, pickBest(change, 1, nil), pickBest(rr, 1, nil))
	want = append(want, wantPrize{winners: []int{index[signup]}})
	want = append(want, exclusive(pickBest(gameCands(func(g game) ([]int, int, bool) { return []int{g.w}, g.ws, true }), 1, held)))
	want = append(want, wantPrize{}, wantPrize{}, wantPrize{}) // no game recorded turn by turn

	if len(got.Prizes) != len(prizes) {
		t.Fatalf("%d prizes, want %d", len(got.Prizes), len(prizes))
	}
	sharedPlace, passedOver := false, false
	for k, p := range got.Prizes {
		var gotIdx []int
		for _, w := range p.Winners {
			gotIdx = append(gotIdx, index[w.PlayerID])
			if w.Name != imp.Players[index[w.PlayerID]].Name {
				t.Errorf("prize %d: winner %d named %q", k+1, w.PlayerID, w.Name)
			}
		}
		slices.Sort(gotIdx)
		wantIdx := slices.Clone(want[k].winners)
		slices.Sort(wantIdx)
		if !slices.Equal(gotIdx, wantIdx) {
			t.Errorf("prize %d (%s %v): winners %v, want %v", k+1, p.Type, prizes[k], gotIdx, wantIdx)
		}
		if w := want[k].value; w != nil && p.Type != "rank" && p.Type != "class-rank" && p.Type != "brlh" && p.Type != "round-record" {
			if p.Value == nil || *p.Value != *w {
				t.Errorf("prize %d (%s): value %v, want %d", k+1, p.Type, p.Value, *w)
			}
		}
		if p.Type == "rank" && len(p.Winners) > 1 {
			sharedPlace = true
		}
		if p.Type == "class-rank" && len(want[k].winners) > 0 {
			best := pickBest(placeCands(func(i int) bool { return e.class(i, floors) == p.Class }), p.Place, nil)
			passedOver = passedOver || !slices.Equal(best.winners, want[k].winners)
		}
		if p.FromRecordedGames != (k >= 20) {
			t.Errorf("prize %d (%s): from_recorded_games %v", k+1, p.Type, p.FromRecordedGames)
		}
	}
	// The figures the test built in must have happened.
	if !sharedPlace {
		t.Errorf("no place prize was shared: the tie did not happen")
	}
	if !passedOver {
		t.Errorf("no class prize passed over a player holding a place prize")
	}
	if hw := got.Prizes[8]; len(hw.Winners) != 2 || *hw.Value != 800 {
		t.Errorf("high-win: %+v, want two winners at 800", hw)
	}
	if hl := got.Prizes[9]; len(hl.Winners) != 2 || *hl.Value != 700 {
		t.Errorf("high-loss: %+v, want two winners at 700", hl)
	}
	if lw := got.Prizes[10]; len(lw.Winners) != 2 || *lw.Value != 200 {
		t.Errorf("low-win: %+v, want two winners at 200", lw)
	}
	if hc := got.Prizes[12]; len(hc.Winners) != 2 || hc.Round == 0 {
		t.Errorf("high-combined: %+v, want both players and the round", hc)
	}
	// Places as directors award them: each rank prize goes to the best
	// ranked players who do not hold one yet (the 2nd place prize to
	// the 3rd player when the first two share 1st).
	holding := map[int]bool{}
	for k, p := range got.Prizes[:3] {
		if len(p.Winners) == 0 {
			t.Fatalf("rank prize %d has no winner", k+1)
		}
		best := 0
		for i := 0; i < e.n; i++ {
			if active[i] && !holding[i] && (best == 0 || rank(i) < best) {
				best = rank(i)
			}
		}
		for _, w := range p.Winners {
			if r := rank(index[w.PlayerID]); r != best {
				t.Errorf("rank prize %d: winner ranked %d, want the best ranked not yet holding one (%d)", k+1, r, best)
			}
			holding[index[w.PlayerID]] = true
		}
	}
	for _, p := range got.Prizes[:7] {
		for _, w := range p.Winners {
			if w.PlayerID == ids[leader] {
				t.Errorf("the withdrawn leader wins %s %d", p.Type, p.Place)
			}
		}
	}

	// The .t file keeps the classes set by hand; config.tsh says how many
	// classes and carries tsh's prize lines.
	tfile := ts.get(f.tpath("/export.t"), "")
	if !strings.Contains(string(tfile.Body), "class A") || strings.Count(string(tfile.Body), "; class ") != 2 {
		t.Errorf("export.t: the two hand-set classes are not both written:\n%.400s", tfile.Body)
	}
	conf := string(ts.get(f.tpath("/config.tsh"), "").Body)
	for _, line := range []string{"classes A 3\n", "prize rank 1 A $500\n", "prize rank 3 A $200\n", "prize highwin 1 A -\n", "prize upset 1 A -\n"} {
		if !strings.Contains(conf, line) {
			t.Errorf("config.tsh lacks %q:\n%s", line, conf)
		}
	}
	if strings.Contains(conf, "prize brlh") || strings.Contains(conf, "class-rank") {
		t.Errorf("config.tsh has a prize tsh does not know:\n%s", conf)
	}
}
