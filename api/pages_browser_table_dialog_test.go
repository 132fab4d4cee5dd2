package api

import (
	"context"
	"fmt"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tourney/service"
)

// noNativeDialogs fails the test if the page opens one of the browser's
// own pop-ups (alert, confirm, prompt): the table asks in its own dialog.
// A pop-up that opens anyway is dismissed so the page does not hang.
func noNativeDialogs(t *testing.T, ctx context.Context) {
	t.Helper()
	var opened atomic.Int32
	var last atomic.Value
	dialogs := chromedp.Events(ctx, cdppage.JavascriptDialogOpening)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			opened.Add(1)
			last.Store(ev.Message)
			_, _ = chromedp.Call(ctx, cdppage.HandleJavaScriptDialog, cdppage.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	t.Cleanup(func() {
		if n := opened.Load(); n > 0 {
			t.Errorf("the page opened %d native dialogs (the last: %q)", n, last.Load())
		}
	})
}

// askOpen waits for the page's dialog to ask, with a title holding title.
func askOpen(title string) chromedp.Action[chromedp.Void] {
	return waitFor(`document.getElementById("ask").open && document.getElementById("ask-title").textContent.includes(` + jsString(title) + `)`)
}

// answer answers the page's open dialog: the text in its field, if it
// has one, then its confirm button; it waits for the dialog to close.
func answer(value string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		waitFor(`document.getElementById("ask").open`),
		eval(fmt.Sprintf(`(() => { const i = document.getElementById("ask-input"); i.value = %s; i.dispatchEvent(new Event("input")); return true })()`, jsString(value))),
		chromedp.Click(chromedp.ID("ask-ok")),
		waitFor(`!document.getElementById("ask").open`),
	)
}

// tapAnswer taps one of the table's buttons and answers the dialog it
// opens (see answer).
func tapAnswer(id, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(chromedp.Click(chromedp.ID(id)), answer(value))
}

// askBig lists what of the open dialog is smaller than a finger or too
// small to read: buttons under 48px tall, text under 20px.
const askBig = `(() => {
  const out = [], d = document.getElementById("ask");
  if (!d.open) return ["the dialog is not open"];
  d.querySelectorAll("button").forEach((b) => { const r = b.getBoundingClientRect(); if (r.height < 48) out.push(b.id + " is " + r.height + "px tall"); });
  d.querySelectorAll("h2, p:not([hidden]), label, input, button").forEach((e) => { if (e.hidden || e.closest("[hidden]")) return; const s = parseFloat(getComputedStyle(e).fontSize); if (s < 20) out.push((e.id || e.tagName) + " text is " + s + "px"); });
  const r = d.getBoundingClientRect();
  if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) out.push("the dialog is off the screen");
  return out;
})()`

func wantBigDialog(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](askBig))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("%s: %s", what, b)
	}
}

// TestBrowserTableDialogs plays a pass, an exchange, an undo, a
// challenge and a refused move through the table's own dialog, never the browser's pop-ups:
// Cancel and Escape leave the game as it was, Enter confirms, an undo
// needs its reason and an exchange its tiles. The dialog is large on a
// portrait and a landscape tablet (screenshots with TOURNEY_SCREENSHOTS).
func TestBrowserTableDialogs(t *testing.T) {
	f := challengeGame(t, "single", nil)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx, playMove("8D WINDY", 32, 1))

	// Pass: Cancel, then Escape, leave it; the button enters it.
	for _, sz := range []struct{ w, h int64 }{{768, 1024}, {1024, 768}} {
		run(t, ctx,
			chromedp.EmulateViewport(sz.w, sz.h),
			chromedp.Click(chromedp.ID("pass")),
			askOpen("Bob passes?"),
		)
		wantBigDialog(t, ctx, fmt.Sprintf("pass at %dx%d", sz.w, sz.h))
		tabletShot(t, ctx, fmt.Sprintf("table-dialog-pass-%dx%d", sz.w, sz.h))
		run(t, ctx, chromedp.Click(chromedp.ID("ask-cancel")), waitFor(`!document.getElementById("ask").open`))
	}
	run(t, ctx,
		chromedp.Click(chromedp.ID("pass")),
		askOpen("Bob passes?"),
		chromedp.KeyEvent(kb.Escape),
		waitFor(`!document.getElementById("ask").open`),
	)
	if v := f.view(f.game); len(v.Turns) != 1 {
		t.Fatalf("cancelled pass entered: %+v", v.Turns)
	}
	run(t, ctx,
		chromedp.Click(chromedp.ID("pass")),
		askOpen("Bob passes?"),
		chromedp.KeyEvent(kb.Enter),
		recorded(2),
	)

	// Exchange: empty is refused in words; Enter in the field confirms.
	run(t, ctx,
		chromedp.Click(chromedp.ID("exchange")),
		askOpen("Ann exchanges"),
		waitFor(`document.activeElement === document.getElementById("ask-input")`),
	)
	wantBigDialog(t, ctx, "exchange")
	tabletShot(t, ctx, "table-dialog-exchange-1024x768")
	run(t, ctx,
		chromedp.Click(chromedp.ID("ask-ok")),
		waitFor(`document.getElementById("ask").open && !document.getElementById("ask-error").hidden && document.getElementById("ask-error").textContent.includes("letters exchanged")`),
		chromedp.SendKeys(chromedp.ID("ask-input"), "aei\r"),
		recorded(3),
	)
	if v := f.view(f.game); v.Turns[2].Move != "-AEI" {
		t.Fatalf("the exchange: %+v", v.Turns[2])
	}

	// Undo the exchange: the reason is required.
	run(t, ctx,
		chromedp.EmulateViewport(768, 1024),
		chromedp.Click(chromedp.ID("undo")),
		askOpen("Undo turn 3?"),
		waitFor(`document.getElementById("ask-text").textContent === "Ann: exchanged 3"`), // the count, never the letters (issue 37)
	)
	wantBigDialog(t, ctx, "undo")
	tabletShot(t, ctx, "table-dialog-undo-768x1024")
	run(t, ctx,
		chromedp.Click(chromedp.ID("ask-ok")),
		waitFor(`document.getElementById("ask").open && document.getElementById("ask-error").textContent === "Write why the entry is undone."`),
	)
	tabletShot(t, ctx, "table-dialog-undo-reason-768x1024")
	run(t, ctx, answer("tapped by mistake"), waitFor(`document.getElementById("queue").hidden && document.getElementById("turn-line").textContent === "Turn 3: Ann to move"`))
	if v := f.view(f.game); len(v.Turns) != 2 || v.ToMove != 1 {
		t.Fatalf("after undoing the exchange: to move %d, %+v", v.ToMove, v.Turns)
	}

	// Ann plays; Bob challenges it through the dialog.
	run(t, ctx,
		chromedp.EmulateViewport(1024, 768),
		setMove("7C GALE", "16"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "16 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`document.getElementById("queue").hidden && document.getElementById("turns").textContent.includes("Ann: 7C GALE +16")`),
		chromedp.Click(chromedp.ID("challenge")),
		askOpen("Bob challenges?"),
		waitFor(`document.getElementById("ask-text").textContent.includes("Bob challenges Ann's 7C GALE")`),
	)
	wantBigDialog(t, ctx, "challenge")
	tabletShot(t, ctx, "table-dialog-challenge-1024x768")
	run(t, ctx,
		answer(""),
		waitFor(`!document.getElementById("verdict").hidden && document.querySelector("#verdict .word-judge").textContent === "ACCEPTABLE"`),
		waitFor(`document.getElementById("queue").hidden && document.getElementById("turns").textContent.includes("Bob challenged: ACCEPTABLE")`),
		chromedp.Click(chromedp.ID("verdict-ok")),
	)

	// A move the board refuses: entered only once the players say so.
	run(t, ctx,
		chromedp.EmulateViewport(1024, 768),
		setMove("1A AX", ""),
		waitFor(`(document.querySelector("#preview .bad") || {textContent: ""}).textContent.includes("does not touch any tile on the board")`),
		chromedp.Click(chromedp.ID("confirm")),
		askOpen("Enter 1A AX anyway?"),
		waitFor(`document.getElementById("ask-text").textContent.includes("does not touch any tile on the board") && document.getElementById("ask-field").hidden`),
	)
	wantBigDialog(t, ctx, "refused move")
	tabletShot(t, ctx, "table-dialog-refused-1024x768")
	run(t, ctx,
		chromedp.Click(chromedp.ID("ask-cancel")),
		waitFor(`!document.getElementById("ask").open && document.getElementById("move").value === "1A AX"`),
	)
	v := f.view(f.game)
	if len(v.Turns) != 4 || v.ToMove != 2 {
		t.Fatalf("the refused move went in after Cancel: to move %d, %+v", v.ToMove, v.Turns)
	}
	if v.Status != service.StatusInProgress {
		t.Fatalf("status %s", v.Status)
	}
}
