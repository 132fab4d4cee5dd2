package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// TestBrowserTableOffline: a play and a challenge of it made offline wait
// in order and go once (one answer lost on the way and resent); a waiting
// pass is taken back without being sent; an undo made offline goes when
// the connection returns.
// openFlakyTable opens the table page through a connection the test can
// cut (see flaky).
func openFlakyTable(t *testing.T, h http.Handler, token string) (context.Context, *flaky) {
	t.Helper()
	net := &flaky{h: h}
	srv := httptest.NewServer(net)
	t.Cleanup(srv.Close)
	return openTable(t, srv, token), net
}

func TestBrowserTableOffline(t *testing.T) {
	f := challengeGame(t, "double", nil)
	lost := &loseAnswers{h: f.Handler}
	ctx, net := openFlakyTable(t, lost, f.table)
	run(t, ctx,
		playMove("8D WINDY", 32, 1),
		setNet(net, true),
		setMove("7C GALE", "16"),
		waitFor(previewOffline),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (1)"`),
		tapAnswer("challenge", ""),
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
		tapAnswer("pass", ""),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (1)"`),
		// The page refuses to take back an entry while a send of it is under
		// way (it says to wait); a player taps again, and so does the test,
		// and confirms in the dialog.
		waitFor(`(function () {
			if (!document.getElementById("queue").hidden) {
				if (document.getElementById("ask").open) document.getElementById("ask-ok").click(); else document.getElementById("undo").click();
				return false;
			}
			return document.getElementById("to-move-name").textContent === "Bob";
		})()`),
		tapAnswer("exchange", "ABC"),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (1)"`),
		setNet(net, false),
		recorded(4),
		setNet(net, true),
		tapAnswer("undo", "misentered"),
		waitFor(`document.getElementById("waiting-list").textContent.includes("Undo turn 3 (Bob: exchanged 3)")`),
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

// TestBrowserTableRacksAndRefusal: after six scoreless turns the end
// screen asks for the tiles left on both racks; and an entry the server
// refuses (the director entered that turn meanwhile) is shown, not lost
// in silence.
func TestBrowserTableRacksAndRefusal(t *testing.T) {
	f := newFixture(t)
	ctx, net := openFlakyTable(t, f.Handler, f.table)
	run(t, ctx,
		playMove("8D WINDY", 32, 1),
		setNet(net, true),
		setMove("7C GALE", "16"),
		waitFor(previewOffline),
		chromedp.Click(chromedp.ID("confirm")),
		tapAnswer("pass", ""),
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

// previewOffline: the preview has said it cannot reach the server. A test
// waits for it before tapping Confirm, as its words move the button.
const previewOffline = `document.getElementById("preview").textContent.includes("No connection")`
