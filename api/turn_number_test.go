package api

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tourney/service"
)

// turnStep is one entry of the game the turn-number tests play: who
// enters what, and the turn number every surface must show for it
// (wantTurn 0: the entry is undone right after and shows nowhere).
type turnStep struct {
	what     string // move, hold, challenge, undo, time-penalty, accept, confirm
	seat     int
	move     string
	rack     string
	verdict  string // a challenge's ruling, by the director
	wantTurn int
}

// turnNumberGame is Doug v Emely (../shared/gcg doug_v_emely.gcg) under
// the single challenge rule with what a tablet and the director add: a
// hold and an upheld challenge of the first play, a challenge that takes
// a phony off, an exchange and a pass, a pass undone at the table, the
// acceptance of the play that went out, a time penalty and both
// confirmations. Plays are numbered from 1; everything else carries the
// number of the play it follows; the undone pass leaves no gap.
func turnNumberGame() []turnStep {
	steps := []turnStep{
		{what: "move", seat: 1, rack: "DINNVWY", move: "8D WINDY", wantTurn: 1},
		{what: "hold", seat: 2, wantTurn: 1},
		{what: "challenge", seat: 2, verdict: "acceptable", wantTurn: 1},
		{what: "move", seat: 2, rack: "ADEEGIL", move: "7C GALE", wantTurn: 2},
		{what: "move", seat: 1, rack: "AEJNOSV", move: "E3 JAVE..N", wantTurn: 3},
		{what: "move", seat: 2, rack: "DEILOVX", move: "F2 VOX", wantTurn: 4},
		{what: "move", seat: 1, rack: "ADENOST", move: "10B DONATES", wantTurn: 5},
		{what: "move", seat: 2, rack: "DEIILTZ", move: "4B TIL..", wantTurn: 6},
		{what: "challenge", seat: 1, verdict: "unacceptable", wantTurn: 6},
		{what: "move", seat: 1, rack: "AAEINRU", move: "-3", wantTurn: 7},
		{what: "move", seat: 2, rack: "DEIILTZ", move: "-", wantTurn: 8},
		{what: "move", seat: 1, rack: "AAEINRU", move: "-"}, // entered by mistake...
		{what: "undo"}, // ...and taken back: the next play is turn 9 again
		{what: "move", seat: 1, rack: "AAEINRU", move: "9G EAU", wantTurn: 9},
	}
	n := 9
	for _, tc := range dougVEmely[8:] {
		n++
		steps = append(steps, turnStep{what: "move", seat: tc.seat, rack: tc.rack, move: tc.move, wantTurn: n})
	}
	return append(steps,
		turnStep{what: "accept", seat: 1, wantTurn: n},
		turnStep{what: "time-penalty", seat: 2, wantTurn: n},
		turnStep{what: "confirm", seat: 1, wantTurn: n},
		turnStep{what: "confirm", seat: 2, wantTurn: n},
	)
}

// turnEvent is a tournament of two divisions: A (Ann, Bob) at table 1,
// B (Doug, Emely) at table 2, under the single challenge rule with no
// lexicon (the director rules on challenges).
type turnEvent struct {
	*fixture
	gameA, gameB   int64
	tableA, tableB string
}

func newTurnEvent(t *testing.T) *turnEvent {
	t.Helper()
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Turn Open", "variant": "naspa", "challenge_rule": "single"}), http.StatusCreated).ID
	e := &turnEvent{fixture: f}
	ids := map[string]int64{}
	for _, div := range []struct {
		name    string
		players []string
	}{{"A", []string{"Ann", "Bob"}}, {"B", []string{"Doug", "Emely"}}} {
		d := must[service.Division](t, ts.post(f.tpath("/divisions"), ts.Director, map[string]any{"name": div.name}), http.StatusCreated)
		for _, name := range div.players {
			ids[name] = must[service.Player](t, ts.post(f.tpath("/players"), ts.Director,
				map[string]any{"name": name, "rating": 1500, "division_id": d.ID}), http.StatusCreated).ID
		}
	}
	e.gameA = f.addGame(1, 1, ids["Ann"], ids["Bob"])
	e.gameB = f.addGame(1, 2, ids["Doug"], ids["Emely"])
	e.tableA, e.tableB = f.credential(1), f.credential(2)
	return e
}

// play enters steps into game at its table (rulings and the time penalty
// by the director), checking after each that the game view numbers the
// new entry as the step says.
func (e *turnEvent) play(game int64, token string, steps []turnStep) {
	t := e.t
	t.Helper()
	for i, s := range steps {
		v := e.view(game)
		last := func() service.TurnView { return v.Turns[len(v.Turns)-1] }
		var r response
		switch s.what {
		case "move":
			r = e.enter(game, token, turn{Turn: v.NextTurn, Player: s.seat, Move: s.move, Rack: s.rack})
		case "accept":
			r = e.enter(game, token, turn{Turn: v.NextTurn, Player: s.seat, Kind: service.EventAccept})
		case "time-penalty":
			r = e.post(gpath(game, "/turns"), e.Director, map[string]any{"player": s.seat, "kind": service.EventTimePenalty, "points": 10})
		case "hold":
			r = e.post(gpath(game, "/hold"), token, map[string]any{"turn": last().Seq, "player": s.seat})
		case "challenge":
			r = e.post(gpath(game, "/challenges"), e.Director, map[string]any{"turn": lastPlay(v).Seq, "challenger": s.seat, "verdict": s.verdict, "reason": "ruled"})
		case "undo":
			r = e.post(gpath(game, "/undo"), token, map[string]any{"turn": last().Seq, "reason": "entered by mistake"})
		case "confirm":
			r = e.post(gpath(game, "/confirm"), token, map[string]any{"player": s.seat})
		}
		if r.Status/100 != 2 {
			t.Fatalf("step %d (%s %s): status %d: %s", i, s.what, s.move, r.Status, r.Body)
		}
		v = e.view(game)
		if s.what == "undo" {
			continue
		}
		if got := last(); got.Turn != s.wantTurn && s.wantTurn > 0 {
			t.Fatalf("step %d (%s %s): the game view numbers it turn %d, want %d", i, s.what, s.move, got.Turn, s.wantTurn)
		}
	}
}

func lastPlay(v service.GameView) service.TurnView {
	for i := len(v.Turns) - 1; i >= 0; i-- {
		if v.Turns[i].Kind == service.EventMove {
			return v.Turns[i]
		}
	}
	return service.TurnView{}
}

// TurnNumbers over the game's events: what the game view says.
func TestTurnNumbersOfEvents(t *testing.T) {
	ev := func(seq int, kind string, challenged int, undone bool) service.TurnEvent {
		return service.TurnEvent{Seq: seq, Kind: kind, ChallengedTurn: challenged, Undone: undone}
	}
	for _, tc := range []struct {
		name   string
		events []service.TurnEvent
		want   []int
	}{
		{"nothing yet", nil, []int{}},
		{"plays, a hold and a ruling", []service.TurnEvent{ev(1, "move", 0, false), ev(2, "hold", 1, false), ev(3, "challenge", 1, false), ev(4, "move", 0, false)}, []int{1, 1, 1, 2}},
		{"a play challenged off keeps its number", []service.TurnEvent{ev(1, "move", 0, false), ev(2, "move", 0, false), ev(3, "challenge", 2, false), ev(4, "move", 0, false)}, []int{1, 2, 2, 3}},
		{"a withdrawal and a lost turn", []service.TurnEvent{ev(1, "move", 0, false), ev(2, "withdraw", 0, false), ev(3, "move", 0, false), ev(4, "lost-turn", 0, false), ev(5, "move", 0, false)}, []int{1, 1, 2, 2, 3}},
		{"an undone play leaves no gap", []service.TurnEvent{ev(1, "move", 0, false), ev(2, "move", 0, true), ev(3, "move", 0, false)}, []int{1, 0, 2}},
		{"the end: racks, penalties, confirmations", []service.TurnEvent{ev(1, "move", 0, false), ev(2, "move", 0, false), ev(3, "end-rack", 0, false), ev(4, "time-penalty", 0, false), ev(5, "confirm", 0, false), ev(6, "confirm", 0, false)}, []int{1, 2, 2, 2, 2, 2}},
		{"before the first play", []service.TurnEvent{ev(1, "time-penalty", 0, false), ev(2, "move", 0, false)}, []int{0, 1}},
		{"a ruling on an older play", []service.TurnEvent{ev(1, "move", 0, false), ev(2, "move", 0, false), ev(3, "challenge", 1, false)}, []int{1, 2, 1}},
	} {
		if got := service.TurnNumbers(tc.events); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// One turn number on every surface: the game view, the tablet's list,
// the console's attention list, the score sheet, highlights and the GCG
// export number Doug v Emely's turns alike, in a tournament of two
// divisions; after an undo the next play takes the number again.
func TestOneTurnNumberEverySurface(t *testing.T) {
	e := newTurnEvent(t)
	steps := turnNumberGame()
	// Division A's game has its own numbers, from 1.
	e.play(e.gameA, e.tableA, []turnStep{{what: "move", seat: 1, move: "8D WINDY", wantTurn: 1}, {what: "move", seat: 2, move: "-", wantTurn: 2}})
	// The hold, as the console's attention list says it.
	e.play(e.gameB, e.tableB, steps[:2])
	att := string(e.get(gpath(e.gameB, "/attention"), e.Director).Body)
	if !strings.Contains(att, "play on hold (turn 1)") {
		t.Errorf("attention %s, want the hold on turn 1", att)
	}
	e.play(e.gameB, e.tableB, steps[2:])

	// The game view: every event's turn, and its seq.
	raw := e.get(gpath(e.gameB, ""), e.Director)
	var doc struct {
		Turns []map[string]any `json:"turns"`
	}
	if err := json.Unmarshal(raw.Body, &doc); err != nil {
		t.Fatal(err)
	}
	var want []turnStep
	for _, s := range steps {
		if s.wantTurn > 0 {
			want = append(want, s)
		}
	}
	if len(doc.Turns) != len(want) {
		t.Fatalf("the game view has %d events, want %d", len(doc.Turns), len(want))
	}
	seqs := map[int]bool{}
	for i, ev := range doc.Turns {
		turn, okT := ev["turn"].(float64)
		seq, okS := ev["seq"].(float64)
		if !okT || !okS || int(turn) != want[i].wantTurn || seqs[int(seq)] {
			t.Errorf("event %d (%v %v): turn %v seq %v, want turn %d and a seq of its own", i, ev["kind"], ev["move"], ev["turn"], ev["seq"], want[i].wantTurn)
		}
		seqs[int(seq)] = true
	}
	v := e.view(e.gameB)
	if v.Status != service.StatusFinished {
		t.Fatalf("status %s, want finished", v.Status)
	}
	plays := map[int]service.TurnView{} // by turn number
	for _, tv := range v.Turns {
		if tv.Kind == service.EventMove {
			if _, dup := plays[tv.Turn]; dup {
				t.Errorf("two plays numbered %d", tv.Turn)
			}
			plays[tv.Turn] = tv
		}
	}
	last := want[len(want)-1].wantTurn
	for n := 1; n <= last; n++ {
		if _, ok := plays[n]; !ok {
			t.Errorf("no play numbered %d: numbers skip", n)
		}
	}

	t.Run("tablet", func(t *testing.T) { checkTabletTurns(t, e, v) })
	t.Run("score sheet", func(t *testing.T) { checkSheetTurns(t, e, v, plays) })
	t.Run("highlights", func(t *testing.T) {
		hs := must[[]service.Highlight](t, e.get(e.tpath("/highlights"), ""), http.StatusOK)
		found := map[string]int{}
		for _, h := range hs {
			if h.GameID == e.gameB {
				found[h.Kind+" "+strconv.Itoa(h.Turn)]++
			}
		}
		// DONATES (82, a bingo) is turn 5; RE.IgION (78, a bingo) turn 19.
		for _, k := range []string{"bingo 5", "bingo 19"} {
			if found[k] != 1 {
				t.Errorf("highlights %v, want %q once", found, k)
			}
		}
		if p := plays[19]; p.Move != "K5 RE.IgION" {
			t.Errorf("turn 19 is %q, want K5 RE.IgION", p.Move)
		}
	})
	t.Run("gcg", func(t *testing.T) { checkGCGTurns(t, e, plays, last) })
	t.Run("correct by number", func(t *testing.T) {
		// PATCH .../turns/{turn} names the turn players know: 9 is EAU,
		// whose seq is larger (the undone pass took one).
		if plays[9].Seq == 9 {
			t.Fatalf("EAU's seq is 9: the test no longer tells turn from seq")
		}
		g := must[service.GameView](t, e.patch(gpath(e.gameB, "/turns/9"), e.Director, map[string]any{"claimed_score": 15, "reason": "the sheet says 15"}), http.StatusOK)
		for _, tv := range g.Turns {
			if tv.Kind == service.EventMove && tv.Turn == 9 && (tv.Move != "9G EAU" || tv.ClaimedScore == nil || *tv.ClaimedScore != 15) {
				t.Errorf("turn 9 after the correction: %+v", tv)
			}
		}
		// The time penalty carries the last play's number; seq picks it.
		var pen service.TurnView
		for _, tv := range g.Turns {
			if tv.Kind == service.EventTimePenalty {
				pen = tv
			}
		}
		g = must[service.GameView](t, e.patch(gpath(e.gameB, "/turns/"+strconv.Itoa(pen.Turn)), e.Director, map[string]any{"points": 20, "seq": pen.Seq, "reason": "clock misread"}), http.StatusOK)
		if g.Result == nil || g.Result.TimePenalty[1] != 20 {
			t.Errorf("after correcting the penalty: %+v", g.Result)
		}
		wantProblem(t, e.patch(gpath(e.gameB, "/turns/3"), e.Director, map[string]any{"points": 5, "seq": pen.Seq, "reason": "x"}), http.StatusNotFound, "not-found")
		// The audit log names the turn by its number.
		audit := must[[]service.AuditEntry](t, e.get(gpath(e.gameB, "/audit"), e.Director), http.StatusOK)
		var before struct {
			Turn int `json:"turn"`
			Seq  int `json:"seq"`
		}
		for _, a := range audit {
			if a.Action == "correct-turn" {
				_ = json.Unmarshal(a.Before, &before)
				break
			}
		}
		if before.Turn != 9 || before.Seq != plays[9].Seq {
			t.Errorf("the audit's first correction names turn %d seq %d, want 9 and %d", before.Turn, before.Seq, plays[9].Seq)
		}
	})
	// Division A's game kept its own numbers.
	if a := e.view(e.gameA); len(a.Turns) != 2 || a.Turns[0].Turn != 1 || a.Turns[1].Turn != 2 {
		t.Errorf("division A's game: %+v", a.Turns)
	}
}

var tabletLine = regexp.MustCompile(`<li data-turn="(\d+)" data-seq="(\d+)">([^<]*)</li>`)

// checkTabletTurns reads table 2's page: every play's line starts with
// its turn number; every other line carries its play's number.
func checkTabletTurns(t *testing.T, e *turnEvent, v service.GameView) {
	b := newBrowser(t, e.URL)
	if r := b.get("/table/2?code=" + url.QueryEscape(e.tableB)); r.Status != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", r.Status)
	}
	page := b.get("/table/2")
	wantPage(t, page, http.StatusOK)
	bySeq := map[int]service.TurnView{}
	for _, tv := range v.Turns {
		bySeq[tv.Seq] = tv
	}
	lines := tabletLine.FindAllStringSubmatch(string(page.Body), -1)
	if len(lines) != len(v.Turns) {
		t.Fatalf("the tablet lists %d entries, want %d", len(lines), len(v.Turns))
	}
	for _, m := range lines {
		turn, _ := strconv.Atoi(m[1])
		seq, _ := strconv.Atoi(m[2])
		text := html.UnescapeString(m[3])
		tv, ok := bySeq[seq]
		if !ok || tv.Turn != turn {
			t.Errorf("tablet line %q: turn %d seq %d, the game view says turn %d", text, turn, seq, tv.Turn)
			continue
		}
		numbered := strings.HasPrefix(text, strconv.Itoa(turn)+". ")
		if numbered != (tv.Kind == service.EventMove) {
			t.Errorf("tablet line %q (%s): numbered %v, want only plays numbered", text, tv.Kind, numbered)
		}
	}
}

// checkSheetTurns reads the score sheet: each play's line starts with
// its turn number, then its rack.
func checkSheetTurns(t *testing.T, e *turnEvent, v service.GameView, plays map[int]service.TurnView) {
	r := e.get(gpath(e.gameB, "/scoresheet.pdf"), e.Director)
	wantPDF(t, r)
	text := strings.Join(strings.Fields(pdfText(t, r.Body)), " ")
	for n, p := range plays {
		what := strings.Fields(p.Move)[0]
		switch {
		case p.Move == "-":
			what = "pass"
		case strings.HasPrefix(p.Move, "-"):
			what = "exchange"
		}
		if want := fmt.Sprintf("%d %s %s", n, p.Rack, what); !strings.Contains(text, want) {
			t.Errorf("the score sheet lacks %q:\n%s", want, text)
		}
	}
}

// checkGCGTurns reads the GCG export: its move lines (plays, exchanges,
// passes; not withdrawals, bonuses, penalties or racks left) are the
// turns in order, the k-th line turn k.
func checkGCGTurns(t *testing.T, e *turnEvent, plays map[int]service.TurnView, last int) {
	r := e.get(gpath(e.gameB, "/export.gcg"), e.Director)
	if r.Status != http.StatusOK {
		t.Fatalf("export.gcg: %d %s", r.Status, r.Body)
	}
	k := 0
	for _, line := range strings.Split(string(r.Body), "\n") {
		f := strings.Fields(line)
		if !strings.HasPrefix(line, ">") || len(f) < 4 || f[2] == "--" || strings.HasPrefix(f[1], "(") || strings.HasPrefix(f[2], "(") {
			continue
		}
		k++
		p := plays[k]
		want := strings.Fields(p.Move)[0]
		if strings.HasPrefix(want, "-") {
			want = "-"
		}
		if got := f[2]; got != want && !(want == "-" && strings.HasPrefix(got, "-")) {
			t.Errorf("GCG move line %d %q, want turn %d (%s)", k, line, k, p.Move)
		}
	}
	if k != last {
		t.Errorf("GCG has %d move lines, want %d turns:\n%s", k, last, r.Body)
	}
}
