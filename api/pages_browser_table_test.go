package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

func TestBrowserTableGame(t *testing.T) {
	f := newFixture(t)
	net := &flaky{h: f.Handler}
	srv := httptest.NewServer(net)
	t.Cleanup(srv.Close)
	ctx := newChrome(t) // closed first: its connections end before the servers close
	run(t, ctx,
		chromedp.Navigate(srv.URL+"/table/1?code="+url.QueryEscape(f.table)),
		chromedp.WaitVisible(chromedp.ID("move")),
		// Dialogs answer yes; prompts give fixed answers.
		eval(`window.confirm = () => true; window.prompt = (q) => q.startsWith("Undo") ? "misentered" : "ABC"; window.alerts = []; window.alert = (m) => window.alerts.push(m); true`),
	)
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(loc, "code=") {
		t.Errorf("the code stayed in the URL: %s", loc)
	}

	// A wrong claim is shown plainly; the players call the director.
	run(t, ctx,
		enterMove("8D WINDY", "30", "32 points"),
		waitFor(`document.querySelectorAll("#board .sq.new").length === 5`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden && document.getElementById("disagree-text").textContent.includes("You claimed 30; the board gives 32")`),
		chromedp.Click(chromedp.ID("call-director")),
		waitFor(`document.querySelector('#totals .total[data-seat="1"] .score').textContent === "32"`),
	)
	if v := f.view(f.game); len(v.Turns) != 1 || v.Turns[0].Flag != "score-disagreement" {
		t.Fatalf("after turn 1: %+v", v.Turns)
	}

	// By tapping: start square C7, across, the word.
	run(t, ctx,
		chromedp.Click(chromedp.CSS(`#board .sq[data-sq="7C"]`)),
		chromedp.SendKeys(chromedp.ID("word"), "GALE"),
		waitFor(`document.getElementById("move").value === "7C GALE"`),
		chromedp.SendKeys(chromedp.ID("claim"), "16"),
		waitFor(`document.getElementById("preview").textContent.includes("16 points")`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`document.querySelector('#totals .total[data-seat="2"] .score').textContent === "16"`),
	)

	// Offline: two entries wait in the queue, then go in order once.
	run(t, ctx,
		chromedp.Func(func(context.Context, *chromedp.Target) error { net.down.Store(true); return nil }),
		chromedp.Click(chromedp.ID("pass")),
		chromedp.Click(chromedp.ID("exchange")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (2)"`),
	)
	if v := f.view(f.game); len(v.Turns) != 2 {
		t.Fatalf("%d turns while offline, want 2", len(v.Turns))
	}
	run(t, ctx,
		waitFor(`!document.getElementById("offline").hidden`),
		chromedp.Func(func(context.Context, *chromedp.Target) error { net.down.Store(false); return nil }),
		waitFor(`document.getElementById("queue").hidden`),
		waitFor(`document.getElementById("turns").children.length === 4`),
	)
	v := f.view(f.game)
	if len(v.Turns) != 4 || v.Turns[2].Move != "-" || v.Turns[3].Move != "-ABC" {
		t.Fatalf("after the offline period: %+v", v.Turns)
	}

	// Undo of the last turn, with a reason.
	run(t, ctx,
		chromedp.Click(chromedp.ID("undo")),
		waitFor(`window.alerts.length > 0 || document.getElementById("turns").textContent.includes("(undone)") || document.getElementById("turns").children.length === 3`),
	)
	alerts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.alerts`))
	if err != nil || len(alerts) > 0 {
		t.Fatalf("alerts %q, %v", alerts, err)
	}
	if v := f.view(f.game); v.Totals[1] != 16 || v.ToMove != 2 {
		t.Errorf("after undoing the exchange: totals %v, to move %d, turns %+v", v.Totals, v.ToMove, v.Turns)
	}
}

// openTable signs the tablet of table 1 in on srv and answers its dialogs:
// confirms yes, prompts fixed answers, alerts collected.
func openTable(t *testing.T, srv *httptest.Server, token string) context.Context {
	t.Helper()
	ctx := newChrome(t)
	run(t, ctx,
		chromedp.Navigate(srv.URL+"/table/1?code="+url.QueryEscape(token)),
		chromedp.WaitVisible(chromedp.ID("move")),
		eval(`window.confirm = () => true; window.prompt = (q) => q.startsWith("Undo") ? "misentered" : "ABC"; window.alerts = []; window.alert = (m) => window.alerts.push(m); true`),
	)
	return ctx
}

// setMove puts a move and a claim in the boxes as typing would.
func setMove(move, claim string) chromedp.Action[chromedp.Void] {
	return eval(fmt.Sprintf(`(() => { const m = document.getElementById("move"); m.value = %s; m.dispatchEvent(new Event("input"));
		const c = document.getElementById("claim"); c.value = %s; c.dispatchEvent(new Event("input")); return true })()`, jsString(move), jsString(claim)))
}

// recorded waits until nothing waits to be sent and the page lists n turns.
func recorded(n int) chromedp.Action[chromedp.Void] {
	return waitFor(fmt.Sprintf(`document.getElementById("queue").hidden && document.getElementById("turns").children.length === %d`, n))
}

// playMove enters a move by notation with the claimed score, after the
// preview shows that score.
func playMove(move string, score, turnsAfter int) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		setMove(move, strconv.Itoa(score)),
		waitFor(fmt.Sprintf(`(document.querySelector("#preview .score") || {}).textContent === "%d points"`, score)),
		chromedp.Click(chromedp.ID("confirm")),
		recorded(turnsAfter),
	)
}

func setNet(f *flaky, down bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(context.Context, *chromedp.Target) error { f.down.Store(down); return nil })
}

func noAlerts(t *testing.T, ctx context.Context) {
	t.Helper()
	alerts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.alerts`))
	if err != nil || len(alerts) > 0 {
		t.Fatalf("alerts %q, %v", alerts, err)
	}
}

// TestBrowserTableWholeGame plays doug_v_emely from the first move to both
// players confirming the result, all on the table page: a wrong claim
// corrected by accepting the computed score, a move by tapping, a blank
// marked by tapping its letter, the phony challenged off the board by the
// word judge, the acceptance of the play that went out, the final rack
// adjustment, and both confirmations.
func TestBrowserTableWholeGame(t *testing.T) {
	f := challengeGame(t, "double", nil)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)

	// Turn 1: a wrong claim is shown; the players accept the computed score.
	run(t, ctx,
		setMove("8D WINDY", "30"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "32 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden && document.getElementById("disagree-text").textContent.includes("You claimed 30; the board gives 32")`),
		chromedp.Click(chromedp.ID("accept-computed")),
		recorded(1),
		// Turn 2 by tapping: start square, direction, word.
		chromedp.Click(chromedp.CSS(`#board .sq[data-sq="7C"]`)),
		chromedp.SendKeys(chromedp.ID("word"), "GALE"),
		waitFor(`document.getElementById("move").value === "7C GALE"`),
		chromedp.SendKeys(chromedp.ID("claim"), "16"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "16 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		recorded(2),
	)
	if v := f.view(f.game); v.Turns[0].ClaimedScore == nil || *v.Turns[0].ClaimedScore != 32 || !v.Turns[0].Agrees || v.Turns[0].Flag != "" {
		t.Fatalf("turn 1 after accepting the computed score: %+v", v.Turns[0])
	}

	n := 2
	for i, tc := range dougVEmely[2:] {
		seq := i + 3
		switch {
		case tc.byDirector:
			// Ann challenges Emely's TIL..: TILAX is not a word.
			n++
			run(t, ctx,
				chromedp.Click(chromedp.ID("challenge")),
				waitFor(`!document.getElementById("verdict").hidden && document.querySelector("#verdict .word-judge").textContent === "NOT ACCEPTABLE"`),
				waitFor(`document.querySelector("#verdict .judged").textContent.includes("TILAX") && document.querySelector("#verdict .effect").textContent.includes("comes off the board")`),
				recorded(n),
				chromedp.Click(chromedp.ID("verdict-ok")),
			)
		case tc.move == "K5 RE.IgION":
			// Tapped, down, with the G marked as a blank by tapping it.
			n++
			run(t, ctx,
				chromedp.Click(chromedp.CSS(`#board .sq[data-sq="5K"]`)),
				chromedp.Click(chromedp.ID("dir")),
				chromedp.SendKeys(chromedp.ID("word"), "RE.IGION"),
				waitFor(`document.getElementById("move").value === "K5 RE.IGION" && document.querySelectorAll("#letters .letter").length === 7`),
				chromedp.Click(chromedp.CSS(`#letters .letter[data-index="4"]`)),
				waitFor(`document.getElementById("move").value === "K5 RE.IgION"`),
				waitFor(`(document.querySelector("#preview .score") || {}).textContent === "78 points" && document.querySelector("#preview .blank-note").textContent.includes("K9")`),
				waitFor(`document.querySelector('#board .sq[data-sq="9K"]').classList.contains("blank") && document.querySelectorAll("#preview .wt.blank").length > 0`),
				chromedp.SendKeys(chromedp.ID("claim"), "78"),
				chromedp.Click(chromedp.ID("confirm")),
				recorded(n),
			)
		default:
			n++
			run(t, ctx, playMove(tc.move, tc.score, n))
		}
		if t.Failed() {
			t.Fatalf("turn %d", seq)
		}
	}

	// Emely went out: Ann accepts, and the end-of-game screen shows the
	// rack adjustment and both totals; both players confirm.
	run(t, ctx,
		waitFor(`!document.getElementById("end").hidden && document.getElementById("accept-out") !== null`),
		chromedp.Click(chromedp.ID("accept-out")),
		waitFor(`document.getElementById("status").textContent === "finished" && document.getElementById("confirm-1") !== null`),
		waitFor(`document.querySelector("#end .winner").textContent === "Ann wins 451–345" && document.querySelector("#end table.final").textContent.includes("Rack adjustment")`),
		waitFor(`document.getElementById("entry").hidden && document.getElementById("confirm").hidden && document.getElementById("pass").hidden`),
		chromedp.Click(chromedp.ID("confirm-1")),
		waitFor(`document.querySelector("#end .confirmed") && document.querySelector("#end .confirmed").textContent.includes("Ann confirmed")`),
		chromedp.Click(chromedp.ID("confirm-2")),
		waitFor(`document.querySelector("#end .all-confirmed") !== null`),
	)
	noAlerts(t, ctx)
	v := f.view(f.game)
	if v.Status != service.StatusFinished || v.Result.Final[0] != 451 || v.Result.Final[1] != 345 || !v.Confirmed[0] || !v.Confirmed[1] {
		t.Fatalf("finished: status %s final %v confirmed %v", v.Status, v.Result.Final, v.Confirmed)
	}
	if len(v.Turns) != len(dougVEmely)+3 || len(v.Flags) != 0 {
		t.Fatalf("%d turns (want %d: the game, the acceptance, two confirmations), flags %+v", len(v.Turns), len(dougVEmely)+3, v.Flags)
	}
	if c := v.Turns[6]; c.Kind != service.EventChallenge || c.Verdict != service.VerdictUnacceptable || c.Seat != 1 {
		t.Fatalf("turn 7: %+v", c)
	}
}

// loseAnswers does the work of the next n POSTs and then drops the
// connection instead of answering: the tablet cannot know the entry went
// in, and must resend it with the same key.
type loseAnswers struct {
	h http.Handler
	n atomic.Int32
}

func (l *loseAnswers) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && l.n.Add(-1) >= 0 {
		l.h.ServeHTTP(httptest.NewRecorder(), r)
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	l.h.ServeHTTP(w, r)
}

// TestBrowserTableOffline: a play and a challenge of it made offline wait
// in order and go once (one answer lost on the way and resent); a waiting
// pass is taken back without being sent; an undo made offline goes when
// the connection returns.
func TestBrowserTableOffline(t *testing.T) {
	f := challengeGame(t, "double", nil)
	lost := &loseAnswers{h: f.Handler}
	net := &flaky{h: lost}
	srv := httptest.NewServer(net)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx,
		playMove("8D WINDY", 32, 1),
		setNet(net, true),
		setMove("7C GALE", "16"),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (1)"`),
		chromedp.Click(chromedp.ID("challenge")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (2)" && !document.getElementById("offline").hidden`),
		waitFor(`document.getElementById("turn-line").textContent.includes("Waiting for the verdict") && document.getElementById("confirm").disabled`),
		waitFor(`document.getElementById("waiting-list").textContent.includes("Bob: 7C GALE") && document.getElementById("waiting-list").textContent.includes("Ann challenges 7C GALE")`),
		waitFor(`document.querySelectorAll("#board .sq.queued").length === 4`),
	)
	if v := f.view(f.game); len(v.Turns) != 1 {
		t.Fatalf("%d turns while offline, want 1", len(v.Turns))
	}
	// Back, but the answer to the first entry is lost: it is resent.
	lost.n.Store(1)
	run(t, ctx,
		setNet(net, false),
		waitFor(`!document.getElementById("verdict").hidden && document.querySelector("#verdict .word-judge").textContent === "ACCEPTABLE"`),
		waitFor(`document.querySelector("#verdict .judged").textContent === "GALE · AW · LI · EN" && document.querySelector("#verdict .effect").textContent.includes("Ann loses the turn; Bob plays again")`),
		recorded(3),
		waitFor(`document.getElementById("to-move-name").textContent === "Bob"`),
	)
	v := f.view(f.game)
	if len(v.Turns) != 3 || v.Turns[1].Move != "7C GALE" || v.Turns[2].Kind != service.EventChallenge || v.Turns[2].Verdict != service.VerdictAcceptable || v.ToMove != 2 {
		t.Fatalf("after the connection returned: to move %d, turns %+v", v.ToMove, v.Turns)
	}

	// Offline again: a pass taken back before it was sent is never sent;
	// an exchange goes when the connection returns; its undo, made
	// offline, goes later still.
	run(t, ctx,
		setNet(net, true),
		chromedp.Click(chromedp.ID("pass")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (1)"`),
		chromedp.Click(chromedp.ID("undo")),
		waitFor(`document.getElementById("queue").hidden && document.getElementById("to-move-name").textContent === "Bob"`),
		chromedp.Click(chromedp.ID("exchange")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (1)"`),
		setNet(net, false),
		recorded(4),
		setNet(net, true),
		chromedp.Click(chromedp.ID("undo")),
		waitFor(`document.getElementById("waiting-list").textContent.includes("Undo turn 4 (-ABC)")`),
		setNet(net, false),
		recorded(3),
	)
	noAlerts(t, ctx)
	// The game shows the turns that stand; the undone exchange keeps its
	// number (the next is 5) and its audit entry.
	v = f.view(f.game)
	if len(v.Turns) != 3 || v.NextTurn != 5 || v.ToMove != 2 || v.Totals[0] != 32 || v.Totals[1] != 16 {
		t.Fatalf("at the end: next %d to move %d totals %v turns %+v", v.NextTurn, v.ToMove, v.Totals, v.Turns)
	}
	audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
	var undos int
	for _, a := range audit {
		if a.Action == "undo-turn" {
			undos++
		}
	}
	if undos != 1 {
		t.Fatalf("%d undos in the audit log, want 1: %+v", undos, audit)
	}
}

// TestBrowserTableRefresh: the director corrects a turn while the tablet
// is idle; the page shows it when it looks again (here, regaining focus).
func TestBrowserTableRefresh(t *testing.T) {
	f := newFixture(t)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx, playMove("8D WINDY", 32, 1))
	must[service.GameView](t, f.patch(gpath(f.game, "/turns/1"), f.Director, map[string]any{"move": "8D wINDY", "reason": "the W was a blank"}), http.StatusOK)
	run(t, ctx,
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`document.querySelector('#totals .total[data-seat="1"] .score').textContent === "16"`),
		waitFor(`document.querySelector('#board .sq[data-sq="8D"]').classList.contains("blank")`),
		waitFor(`document.getElementById("turns").textContent.includes("8D wINDY +16")`),
	)
}

// layoutProblems lists what is wrong with the page's layout at the
// current size: a page wider than the screen, a button or box under 48px,
// action buttons overlapping (or, in landscape, off the screen or the page
// scrolling at all), the board over the panel, text too small to read at
// arm's length.
const layoutProblems = `(() => {
  const out = [], vw = innerWidth, vh = innerHeight, landscape = vw > vh && vw >= 900, phone = vw < 600;
  const minText = phone ? 17 : 18, minHead = phone ? 19 : 20;
  const vis = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const hit = (r, s) => r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1;
  const name = (e) => e.id || e.textContent.trim().slice(0, 20);
  if (document.documentElement.scrollWidth > vw + 1) out.push("page is " + document.documentElement.scrollWidth + "px wide");
  if (landscape && document.documentElement.scrollHeight > vh + 1) out.push("landscape page scrolls: " + document.documentElement.scrollHeight);
  document.querySelectorAll("button:not(.sq), input").forEach((b) => {
    if (!vis(b)) return;
    const r = b.getBoundingClientRect(), fs = parseFloat(getComputedStyle(b).fontSize);
    if (r.height < 48 || r.width < 48) out.push(name(b) + " is " + Math.round(r.width) + "x" + Math.round(r.height));
    if (fs < minText) out.push(name(b) + " text is " + fs + "px");
    if (r.left < -1 || r.right > vw + 1) out.push(name(b) + " is off the side: " + Math.round(r.left) + ".." + Math.round(r.right));
    if (b.tagName === "BUTTON" && b.scrollWidth > b.clientWidth + 1) out.push(name(b) + " text does not fit");
  });
  const acts = [...document.querySelectorAll("#actions button, #end button")].filter(vis);
  acts.forEach((a, i) => {
    const r = a.getBoundingClientRect();
    if (landscape && (r.top < 0 || r.bottom > vh || r.right > vw)) out.push(name(a) + " is off the screen: " + Math.round(r.top) + ".." + Math.round(r.bottom));
    acts.slice(i + 1).forEach((b) => { if (hit(r, b.getBoundingClientRect())) out.push(name(a) + " overlaps " + name(b)); });
  });
  if (hit(document.querySelector(".board-wrap").getBoundingClientRect(), document.getElementById("panel").getBoundingClientRect())) out.push("the board overlaps the panel");
  const sq = document.querySelector("#board .sq").getBoundingClientRect();
  if (sq.width < (phone ? 22 : 34)) out.push("squares are " + Math.round(sq.width) + "px");
  [".total", "#turn-line", "#preview .score", "#verdict .word-judge", "#end .winner"].forEach((s) => {
    const e = document.querySelector(s);
    if (e && vis(e) && parseFloat(getComputedStyle(e).fontSize) < minHead) out.push(s + " text is " + getComputedStyle(e).fontSize);
  });
  return out;
})()`

var tableSizes = []struct {
	name string
	w, h int64
	opts []chromedp.EmulateViewportOption
}{
	{"tablet-landscape", 1024, 768, nil},
	{"tablet-portrait", 768, 1024, []chromedp.EmulateViewportOption{chromedp.EmulatePortrait, chromedp.EmulateTouch}},
	{"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch}},
}

// checkLayout checks the page at each size and, with TOURNEY_SCREENSHOTS
// set to a folder, saves what it looks like there (the screen as the
// player first sees it, and the whole page).
func checkLayout(t *testing.T, ctx context.Context, state string) {
	t.Helper()
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	for _, sz := range tableSizes {
		run(t, ctx, chromedp.EmulateViewport(sz.w, sz.h, sz.opts...))
		if os.Getenv("DBG") != "" {
			wide, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[innerWidth + "x" + innerHeight, ...[...document.querySelectorAll("#panel *")].filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "auto").slice(0, 8).map(e => e.tagName + "#" + e.id + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))]`))
			t.Logf("%s: %q", sz.name, wide)
		}
		run(t, ctx, waitFor(`innerWidth === `+strconv.FormatInt(sz.w, 10)))
		problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](layoutProblems))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Errorf("%s, %s: %s", state, sz.name, p)
		}
		if dir == "" {
			continue
		}
		screen, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		full, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join(dir, fmt.Sprintf("table-%s-%s-%dx%d", state, sz.name, sz.w, sz.h))
		if err := os.WriteFile(base+".png", screen, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+"-full.png", full, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(t, ctx, chromedp.EmulateViewport(1024, 768))
}

// TestBrowserTableLayout checks the page at a landscape tablet, a
// portrait tablet and a phone, in its busiest states: a verdict, a
// preview with a disagreement, and the end of the game.
func TestBrowserTableLayout(t *testing.T) {
	f := challengeGame(t, "double", nil)
	for i, tc := range dougVEmely[:6] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx,
		chromedp.Click(chromedp.ID("challenge")),
		waitFor(`!document.getElementById("verdict").hidden`),
		recorded(7),
	)
	checkLayout(t, ctx, "verdict")
	run(t, ctx,
		chromedp.Click(chromedp.CSS(`#board .sq[data-sq="9G"]`)),
		chromedp.SendKeys(chromedp.ID("word"), "EAu"),
		chromedp.SendKeys(chromedp.ID("claim"), "15"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "14 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden`),
	)
	checkLayout(t, ctx, "playing")

	// The rest of the game by the director's hand; the page sees it.
	for i, tc := range dougVEmely[7:] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 8, Player: tc.seat, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 1, Move: "-"}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(f.game, "/confirm"), f.table, map[string]any{"player": 2}), http.StatusCreated)
	run(t, ctx,
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`document.getElementById("confirm-1") !== null && document.querySelector("#end .confirmed") !== null`),
	)
	checkLayout(t, ctx, "end")
}

// TestBrowserTableRacksAndRefusal: after six scoreless turns the end
// screen asks for the tiles left on both racks; and an entry the server
// refuses (the director entered that turn meanwhile) is shown, not lost
// in silence.
func TestBrowserTableRacksAndRefusal(t *testing.T) {
	f := newFixture(t)
	net := &flaky{h: f.Handler}
	srv := httptest.NewServer(net)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx,
		playMove("8D WINDY", 32, 1),
		setNet(net, true),
		setMove("7C GALE", "16"),
		chromedp.Click(chromedp.ID("confirm")),
		chromedp.Click(chromedp.ID("pass")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (2)"`),
	)
	must[service.TurnResult](t, f.enter(f.game, f.Director, turn{Turn: 2, Player: 2, Move: "7C GAL"}), http.StatusCreated)
	run(t, ctx,
		setNet(net, false),
		waitFor(`!document.getElementById("refused").hidden && document.getElementById("refused-text").textContent.includes("Not recorded: Turn 2 · Emely: 7C GALE (16)")`),
		waitFor(`document.getElementById("refused-text").textContent.includes("Turn 3 · Doug: pass")`),
		recorded(2),
		chromedp.Click(chromedp.ID("refused-ok")),
		waitFor(`document.getElementById("to-move-name").textContent === "Doug"`),
	)
	for i := range 6 {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 3 + i, Player: 1 + i%2, Move: "-"}), http.StatusCreated)
	}
	run(t, ctx,
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`document.getElementById("rack-1") !== null && document.getElementById("rack-2") !== null`),
		chromedp.SendKeys(chromedp.ID("rack-1"), "aeiorst"),
		chromedp.Click(chromedp.CSS(`#end .rack-row button`)),
		waitFor(`document.getElementById("rack-1") === null && document.getElementById("rack-2") !== null`),
		chromedp.SendKeys(chromedp.ID("rack-2"), "AEIOLNU"),
		chromedp.Click(chromedp.CSS(`#end .rack-row button`)),
		waitFor(`document.getElementById("status").textContent === "finished" && document.getElementById("confirm-2") !== null`),
		waitFor(`document.querySelector("#end table.final").textContent.includes("Rack adjustment")`),
	)
	noAlerts(t, ctx)
	v := f.view(f.game)
	if v.Status != service.StatusFinished || len(v.Turns) != 10 || v.Turns[8].Rack != "AEIORST" || v.Turns[9].Rack != "AEIOLNU" {
		t.Fatalf("status %s, turns %+v", v.Status, v.Turns)
	}
}
