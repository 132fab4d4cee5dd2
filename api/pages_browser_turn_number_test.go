package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// turnRow is a line of a turn list as a page draws it.
type turnRow struct {
	Turn, Seq, Num, Text string
	Fix                  bool
}

// The console's turn list and the tablet's, as their scripts draw them,
// number Doug v Emely's turns as the game view does (in a tournament of
// two divisions): a number on each play only, holds, rulings, the
// acceptance, the time penalty and confirmations unnumbered under it;
// the console's Correct buttons on plays and the time penalty, never on
// a hold, a ruling or a confirmation; Correct on turn 9 (EAU, stored
// after an undone pass) corrects turn 9.
func TestBrowserOneTurnNumber(t *testing.T) {
	e := newTurnEvent(t)
	e.play(e.gameB, e.tableB, turnNumberGame())
	v := e.view(e.gameB)
	bySeq := map[string]service.TurnView{}
	plays := 0
	for _, tv := range v.Turns {
		bySeq[strconv.Itoa(tv.Seq)] = tv
		if tv.Kind == service.EventMove {
			plays++
		}
	}

	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(e.fixture),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/games/%d", e.URL, e.tournament, e.gameB)),
		waitFor(fmt.Sprintf(`document.querySelectorAll("#turns tbody tr:not(.end-adjust)").length === %d`, len(v.Turns))),
	)
	for _, r := range readTurnRows(t, ctx, "#turns tbody tr:not(.end-adjust)", `{ Turn: x.dataset.turn, Seq: x.dataset.seq, Num: x.querySelector("td.num").textContent, Text: x.textContent, Fix: !!x.querySelector(".fix button") }`) {
		tv, ok := bySeq[r.Seq]
		if !ok || r.Turn != strconv.Itoa(tv.Turn) {
			t.Errorf("console row %+v: the game view says turn %d", r, tv.Turn)
			continue
		}
		play := tv.Kind == service.EventMove
		if wantNum := map[bool]string{true: r.Turn, false: ""}[play]; r.Num != wantNum {
			t.Errorf("console row %q (%s): number %q, want %q", r.Text, tv.Kind, r.Num, wantNum)
		}
		if wantFix := play || tv.Kind == service.EventTimePenalty; r.Fix != wantFix {
			t.Errorf("console row %q (%s): Correct button %v, want %v", r.Text, tv.Kind, r.Fix, wantFix)
		}
	}
	run(t, ctx,
		clickWhenThere(`#turn-9 .fix button`),
		waitFor(`document.getElementById("correct-move").value === "9G EAU"`),
		setValue("#correct-claim", "15"),
		chromedp.SendKeys(chromedp.ID("correct-reason"), "the sheet says 15"),
		submitForm("#correct-form", "Turn 9 corrected"),
		waitFor(`document.querySelector("#turn-9 .claimed").textContent.startsWith("15")`),
	)
	for _, tv := range e.view(e.gameB).Turns {
		if tv.Turn == 9 && tv.Kind == service.EventMove && (tv.ClaimedScore == nil || *tv.ClaimedScore != 15) {
			t.Errorf("turn 9 after the console's correction: %+v", tv)
		}
	}

	// The tablet at table 2 draws its list with the same numbers (the
	// director signed in here, the link asks first).
	run(t, ctx,
		chromedp.Navigate(e.URL+"/table/2?code="+url.QueryEscape(e.tableB)),
		clickWhenThere("#table-ask-yes"),
		chromedp.WaitReady(chromedp.CSS("#turns li.play")),
		waitFor(fmt.Sprintf(`document.querySelectorAll("#turns li.play").length === %d`, plays)),
	)
	rows := readTurnRows(t, ctx, "#turns li[data-seq]", `{ Turn: x.dataset.turn, Seq: x.dataset.seq, Num: x.dataset.play || "", Text: x.querySelector(".line") ? x.querySelector(".line").textContent : x.textContent }`)
	if len(rows) != len(v.Turns) {
		t.Fatalf("the tablet lists %d entries, want %d: %+v", len(rows), len(v.Turns), rows)
	}
	for _, r := range rows {
		tv, ok := bySeq[r.Seq]
		if !ok || r.Turn != strconv.Itoa(tv.Turn) {
			t.Errorf("tablet entry %+v: the game view says turn %d", r, tv.Turn)
			continue
		}
		play := tv.Kind == service.EventMove
		if play && (r.Num != r.Turn || !strings.HasPrefix(r.Text, r.Turn+". ")) || !play && (r.Num != "" || strings.HasPrefix(r.Text, r.Turn+". ")) {
			t.Errorf("tablet entry %q (%s, turn %s): play number %q", r.Text, tv.Kind, r.Turn, r.Num)
		}
	}
}

// readTurnRows reads the page's elements sel as turnRows, each made by
// the JavaScript object expression row over the element x.
func readTurnRows(t *testing.T, ctx context.Context, sel, row string) []turnRow {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(Array.from(document.querySelectorAll(`+jsString(sel)+`)).map(function (x) { return `+row+`; }))`))
	if err != nil {
		t.Fatal(err)
	}
	var rows []turnRow
	if err := json.Unmarshal([]byte(s), &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}
