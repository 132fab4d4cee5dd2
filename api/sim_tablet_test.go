package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"

	"tourney/service"
)

// Games at the tablets: the table page's sign-in (its session and CSRF
// token) and the API it calls, entering a script of plays turn by turn
// with what happens at a real table: a phony through tiles on the board
// held and challenged off, a good play challenged, exchanges and passes,
// a wrong entry undone, a claimed score misheard, time running out (the
// director ends the game) and the players' confirmations.

// simStep is a play of a script: the seat, rack, move and the score the
// rules give it (dougVEmely's).
type simStep struct {
	seat        int
	rack, move  string
	score       int
	phony       bool // challenged off
	exchange    bool // an exchange (score 0)
	pass        bool // a pass (score 0)
	challenged  bool // a good play the opponent challenges (single rule: no penalty)
	undoneFirst bool // entered, undone by the table, entered again
	misclaimed  bool // the claimed score is not the board's
}

// simScript is one game's plays; the model's totals come from it.
type simScript struct {
	steps []simStep
	stop  int    // steps played before the director ends the game (len: played out)
	racks string // the rack the player to move holds at a director's end ("" none given)
	// A time penalty the table enters once the game is over: the seat
	// over time and the minutes (0: none), 10 points a minute.
	overSeat, overMinutes int
}

// dougScript is dougVEmely as a table plays it: Emely's TIL.. (through
// the A and X on the board) challenged off rather than withdrawn by the
// director.
func dougScript() []simStep {
	var out []simStep
	for _, tc := range dougVEmely {
		if tc.kind != "" {
			continue
		}
		out = append(out, simStep{seat: tc.seat, rack: tc.rack, move: tc.move, score: tc.score, phony: tc.move == "4B TIL.."})
	}
	return out
}

// tileValues are the English tiles' values (a blank, lower case, is 0).
var tileValues = map[rune]int{'A': 1, 'B': 3, 'C': 3, 'D': 2, 'E': 1, 'F': 4, 'G': 2, 'H': 4, 'I': 1, 'J': 8, 'K': 5, 'L': 1, 'M': 3,
	'N': 1, 'O': 1, 'P': 3, 'Q': 10, 'R': 1, 'S': 1, 'T': 1, 'U': 1, 'V': 4, 'W': 4, 'X': 8, 'Y': 4, 'Z': 10}

func rackValue(rack string) int {
	n := 0
	for _, r := range rack {
		n += tileValues[r]
	}
	return n
}

// leave is the rack less the tiles a move laid ('.' is a tile on the
// board, a lower-case letter a blank).
func leave(rack, move string) string {
	word := move[strings.IndexByte(move, ' ')+1:]
	left := []rune(rack)
	for _, r := range word {
		if r == '.' {
			continue
		}
		if r >= 'a' && r <= 'z' {
			r = '?'
		}
		for i, l := range left {
			if l == r {
				left = append(left[:i], left[i+1:]...)
				break
			}
		}
	}
	return string(left)
}

// finals are the scores the model gives a script: the plays that stood,
// then the end: played out (NASPA: the player who went out adds twice
// the other's rack), or ended by the director (each player loses the
// rack given).
func (s *simScript) finals() [2]int {
	var tot [2]int
	for _, st := range s.steps[:s.stop] {
		if !st.phony {
			tot[st.seat-1] += st.score
		}
	}
	if s.stop == len(s.steps) {
		last := s.steps[len(s.steps)-1]
		other := s.steps[len(s.steps)-2] // the other player's last play: their rack less it
		tot[last.seat-1] += 2 * rackValue(leave(other.rack, other.move))
		if s.overMinutes > 0 {
			tot[s.overSeat-1] -= 10 * s.overMinutes
		}
		return tot
	}
	if s.racks != "" {
		tot[s.steps[s.stop].seat-1] -= rackValue(s.racks)
	}
	return tot
}

// simTablet is a tablet signed in at a table with its code, as the page
// is: a session cookie and the page's CSRF token.
type simTablet struct {
	table int
	b     *browser
	csrf  string
}

// tablet signs a tablet in at a table (once; it stays signed in across
// rounds).
func (w *simWorld) tablet(table int) *simTablet {
	if tb := w.tablets[table]; tb != nil {
		return tb
	}
	code := simDo[service.IssuedCredential](w, "POST", w.path(fmt.Sprintf("/tables/%d/credentials", table)), nil, http.StatusCreated).Token
	b := newBrowser(w.t, w.URL)
	if r := b.get(fmt.Sprintf("/table/%d?code=%s", table, url.QueryEscape(code))); r.Status != http.StatusSeeOther {
		w.t.Fatalf("tablet sign-in at table %d: %d %s", table, r.Status, r.Body)
	}
	page := b.get(fmt.Sprintf("/table/%d", table))
	tb := &simTablet{table: table, b: b, csrf: pageCSRF(w.t, page)}
	w.tablets[table] = tb
	return tb
}

// send posts JSON as the table page does.
func (tb *simTablet) send(path string, body any) response {
	j, _ := json.Marshal(body)
	return tb.b.postJSON(path, string(j), map[string]string{csrfHeader: tb.csrf})
}

// view reads the game as the tablet does.
func (w *simWorld) tabletView(tb *simTablet, g *simGame) service.GameView {
	r := tb.b.do("GET", gpath(g.id, ""), nil, map[string]string{csrfHeader: tb.csrf})
	return must[service.GameView](w.t, r, http.StatusOK)
}

// playAtTablet plays the game's script at its table's tablet, the
// director ending it where the script stops early; the model's result is
// the script's.
func (w *simWorld) playAtTablet(g *simGame) {
	tb := w.tablet(g.table)
	s := g.script
	w.logf("%s: at the tablet, %d of %d plays%s", g, s.stop, len(s.steps), map[bool]string{true: ", then time runs out", false: ", played out"}[s.stop < len(s.steps)])
	next := w.enterSteps(g, tb)
	enter := func(in turn) {
		in.Turn = next
		next = must[service.TurnResult](w.t, tb.send(gpath(g.id, "/turns"), in), http.StatusCreated).NextTurn
	}
	if s.stop == len(s.steps) {
		// The other player's pass accepts the play that went out; both
		// confirm.
		last := s.steps[len(s.steps)-1]
		enter(turn{Player: 3 - last.seat, Move: "-"})
		if s.overMinutes > 0 {
			next = w.tabletView(tb, g).NextTurn
			w.logf("%s: seat %d was %d minutes over time", g, s.overSeat, s.overMinutes)
			simOK[map[string]any](w, tb.send(gpath(g.id, "/turns"), map[string]any{"turn": next, "player": s.overSeat, "kind": service.EventTimePenalty, "minutes": s.overMinutes}))
		}
		for seat := 1; seat <= 2; seat++ {
			if r := tb.send(gpath(g.id, "/confirm"), map[string]any{"player": seat}); r.Status != http.StatusOK && r.Status != http.StatusCreated {
				w.t.Fatalf("seed %d, step %q: confirm seat %d: %d %s", w.seed, w.step, seat, r.Status, r.Body)
			}
		}
		g.how, g.record, g.done, g.scores = "played out at the tablet", true, true, s.finals()
		return
	}
	w.directorEnds(g, tb)
}

// enterSteps enters the script's plays up to its stop at the tablet and
// returns the next turn number.
func (w *simWorld) enterSteps(g *simGame, tb *simTablet) int {
	s := g.script
	next := w.tabletView(tb, g).NextTurn
	enter := func(in turn) service.TurnResult {
		in.Turn = next
		r := tb.send(gpath(g.id, "/turns"), in)
		if r.Status != http.StatusCreated {
			w.t.Fatalf("seed %d, step %q: tablet turn %+v: %d %s", w.seed, w.step, in, r.Status, r.Body)
		}
		res := must[service.TurnResult](w.t, r, http.StatusCreated)
		next = res.NextTurn
		return res
	}
	for i, st := range s.steps[:s.stop] {
		opp := 3 - st.seat
		switch {
		case st.exchange:
			enter(turn{Player: st.seat, Move: "-" + st.rack[:2], Rack: st.rack, ClaimedScore: claim(0)})
			continue
		case st.pass:
			enter(turn{Player: st.seat, Move: "-", ClaimedScore: claim(0)})
			continue
		}
		claimed := st.score
		if st.misclaimed {
			claimed += 3
		}
		in := turn{Player: st.seat, Move: st.move, Rack: st.rack, ClaimedScore: claim(claimed)}
		res := enter(in)
		if res.Score != st.score {
			w.fail("tablet-score", "%s: %s scores %d at the tablet, the record says %d", g, st.move, res.Score, st.score)
		}
		if st.undoneFirst {
			r := tb.send(gpath(g.id, "/undo"), map[string]any{"turn": res.Seq, "reason": "typed the wrong square"})
			next = simOK[service.GameView](w, r).NextTurn
			enter(in)
		}
		played := next - 1
		switch {
		case st.phony && w.lexicon:
			simOK[service.GameView](w, tb.send(gpath(g.id, "/hold"), map[string]any{"turn": played, "player": opp}))
			c := simOK[service.ChallengeResult](w, tb.send(gpath(g.id, "/challenges"), map[string]any{"turn": played, "challenger": opp}))
			if c.Effect != "play-withdrawn" {
				w.fail("tablet-challenge", "%s: the phony %s challenged: %s, want play-withdrawn", g, st.move, c.Effect)
			}
			next = w.tabletView(tb, g).NextTurn
		case st.phony:
			must[service.TurnResult](w.t, w.post(gpath(g.id, "/turns"), w.Director,
				turn{Turn: next, Player: st.seat, Kind: service.EventWithdraw}), http.StatusCreated)
			next = w.tabletView(tb, g).NextTurn
		case st.challenged && w.lexicon && i+1 < len(s.steps) && w.inENABLE(res):
			c := simOK[service.ChallengeResult](w, tb.send(gpath(g.id, "/challenges"), map[string]any{"turn": played, "challenger": opp}))
			if c.Verdict != "acceptable" {
				w.fail("tablet-challenge", "%s: %s challenged: %s, want acceptable", g, st.move, c.Verdict)
			}
			next = w.tabletView(tb, g).NextTurn
		}
	}
	return next
}

// directorEnds: time ran out; the director ends the game from its record
// (with the rack of the player to move, sometimes), and the table's
// "Undo last" is refused: nothing the director entered is undone from a
// table.
func (w *simWorld) directorEnds(g *simGame, tb *simTablet) {
	s := g.script
	in := map[string]any{"how": "time", "reason": "round time ran out"}
	if s.racks != "" {
		in["racks"] = map[string]string{fmt.Sprint(s.steps[s.stop].seat): s.racks}
	}
	w.logf("%s: the director ends it (time%s)", g, map[bool]string{true: ", racks " + s.racks, false: ""}[s.racks != ""])
	must[service.GameView](w.t, w.post(gpath(g.id, "/end"), w.Director, in), http.StatusOK)
	g.how, g.record, g.done, g.scores = "ended by the director", true, true, s.finals()

	v := w.tabletView(tb, g)
	last := v.Turns[len(v.Turns)-1]
	w.logf("%s: the tablet tries to undo %s (turn %d)", g, last.Kind, last.Seq)
	r := tb.send(gpath(g.id, "/undo"), map[string]any{"turn": last.Seq, "reason": "we did not agree"})
	if r.Status == http.StatusForbidden {
		return
	}
	w.fail("table-undoes-director", "%s: the table undid the director's %s (turn %d): %d %s", g, last.Kind, last.Seq, r.Status, r.Body)
	// The lead's fix refuses it; meanwhile the director puts the
	// official result back by hand so that the model still holds.
	if v := w.view(g); v.Status == service.StatusFinished && v.Official != nil && !v.Official.EnteredByHand {
		w.amendResult(g, v.Official.ResultID, g.scores, true, "the table undid the director's end")
		return
	}
	w.enterByHandOver(g, g.scores, "the table undid the director's end")
}

// importGCG brings a game kept on paper in as its GCG record.
func (w *simWorld) importGCG(g *simGame) {
	data, err := os.ReadFile("testdata/gcg/doug_v_emely.gcg")
	if err != nil {
		w.t.Fatal(err)
	}
	w.logf("%s: import doug_v_emely.gcg", g)
	r := w.send(req{method: "POST", path: gpath(g.id, "/import.gcg?players=any"), token: w.Director, body: data,
		header: map[string]string{"Content-Type": "text/plain"}})
	if r.Status != http.StatusOK && r.Status != http.StatusCreated {
		w.t.Fatalf("seed %d, step %q: import: %d %s", w.seed, w.step, r.Status, r.Body)
	}
	g.how, g.record, g.done, g.scores = "imported GCG", true, true, [2]int{451, 345}
}

// view is the game as the director reads it.
func (w *simWorld) view(g *simGame) service.GameView {
	return must[service.GameView](w.t, w.get(gpath(g.id, ""), w.Director), http.StatusOK)
}

// simOK decodes a 200 or 201 answer.
func simOK[T any](w *simWorld, r response) T {
	w.t.Helper()
	if r.Status != http.StatusOK && r.Status != http.StatusCreated {
		w.t.Fatalf("seed %d, step %q: status %d: %s", w.seed, w.step, r.Status, r.Body)
	}
	return must[T](w.t, r, r.Status)
}

// inENABLE: every word the play formed is in ENABLE (dougVEmely was
// played under NWL23, so a few of its words are not).
func (w *simWorld) inENABLE(res service.TurnResult) bool {
	if res.Breakdown == nil {
		return false
	}
	var words []string
	for _, wd := range res.Breakdown.Words {
		words = append(words, wd.Word)
	}
	v, err := w.Svc.Lexicons.Judge("ENABLE", words)
	return err == nil && v.Acceptable
}
