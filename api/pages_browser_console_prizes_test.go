package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The console's prize page: three prizes added, one moved up, the table
// saved; the winners beside it follow the results live; a prize the
// server refuses is said in plain words; nothing cut on a laptop.
func TestBrowserConsolePrizes(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t) // closed first: the event stream ends before the server closes
	row := func(i int, cell string) string {
		return `(document.querySelector('#prizes tr[data-index="` + fmt.Sprint(i) + `"] td.` + cell + `') || {}).textContent || ""`
	}
	add := func(steps ...chromedp.Action[chromedp.Void]) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(append(steps, submitForm("#add-form", "Save the prize table to keep it"))...)
	}
	run(t, ctx, consoleSignIn(f),
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/prizes", f.URL, f.tournament)),
		waitFor(`document.querySelector('.tabs a[aria-current="page"]').textContent === "Prizes"`),
		waitFor(`document.querySelector("#prizes tbody").textContent.includes("No prizes yet")`),
		waitFor(`document.querySelectorAll('#add-form [name="winner"] option').length === 3`),
		// The fields follow the type.
		setValue(`#add-form [name="type"]`, "round-record"),
		waitFor(`!document.querySelector('#add-form [data-for="rounds"]').hidden && document.querySelector('#add-form [data-for="class"]').hidden`),
		add(setValue(`#add-form [name="type"]`, "high-win")),
		add(setValue(`#add-form [name="type"]`, "rank"), setValue(`#add-form [name="place"]`, "1"), setValue(`#add-form [name="label"]`, "Champion"),
			waitFor(`document.querySelector('#add-form [name="exclusive"]').checked`)),
		add(setValue(`#add-form [name="type"]`, "signup"), setValue(`#add-form [name="winner"]`, fmt.Sprint(f.players[1])), setValue(`#add-form [name="label"]`, "Best dressed"),
			waitFor(`document.querySelector('#add-form [data-for="place"]').hidden`)),
		waitFor(`document.getElementById("prizes-state").textContent === "Changes not saved yet."`),
		clickWhenThere(`#prizes button[aria-label="Move prize 2 up"]`),
		waitFor(row(0, "prize-name")+`.startsWith("Champion") && `+row(1, "prize-name")+`.startsWith("High win") && `+row(2, "prize-name")+`.startsWith("Best dressed")`),
		waitFor(`document.querySelector('#prizes button[aria-label="Move prize 1 up"]').disabled`),
		submitForm("#save-form", "Saved: 3 prizes."),
		waitFor(`document.querySelector("#add-form .form-status").hidden`), // no stale "Save the prize table to keep it"
		waitFor(row(2, "winners")+` === "Emely"`),
		waitFor(row(0, "winners")+` === "nobody yet"`),
		waitFor(`document.getElementById("prizes-state").textContent.startsWith("Provisional")`),
	)
	// The game ends: the winners beside the table follow, without a reload.
	finishDougVEmely(t, f)
	run(t, ctx,
		waitFor(row(0, "winners")+` === "Doug"`),
		waitFor(row(1, "winners")+` === "Doug" && `+row(1, "with")+` === "451, round 1"`),
		waitFor(`document.getElementById("prizes-state").textContent.startsWith("Final")`),
		importShot("console-prizes", 1280, 800),
		// A prize the server refuses: plain words, nothing saved.
		add(setValue(`#add-form [name="type"]`, "class-rank"), setValue(`#add-form [name="class"]`, "B-1")),
		submitForm("#save-form", "Nothing was saved."),
		waitFor(`!document.querySelector("#add-form .form-status").hidden`), // not saved: still to save
		waitFor(`document.querySelector("#save-form .form-status").textContent.startsWith("Prize 4 (Class B-1, 1st place): a class is a short word of letters and digits")`),
		waitFor(`!document.body.innerText.includes("bad-class")`),
	)
	for _, size := range [][2]int64{{1024, 768}, {1280, 800}} {
		run(t, ctx, chromedp.EmulateViewport(size[0], size[1]), importShot("console-prizes-refused", size[0], size[1]))
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](consoleLayoutProblems))
		if err != nil || bad != "" {
			t.Errorf("at %dx%d: %s %v", size[0], size[1], bad, err)
		}
	}
	// Removed, the table saves again.
	run(t, ctx,
		clickWhenThere(`#prizes button[aria-label="Remove prize 4"]`),
		waitFor(`document.querySelectorAll("#prizes tbody tr[data-index]").length === 3`),
		submitForm("#save-form", "Saved: 3 prizes."),
		waitFor(row(0, "winners")+` === "Doug"`),
	)
}

// Several divisions: a prize is for the division chosen, named after it,
// and the winner of a special prize is chosen among its players.
func TestBrowserConsolePrizesDivisions(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Two Divisions"}), http.StatusCreated).ID
	var divs []int64
	for _, name := range []string{"A", "B"} {
		divs = append(divs, must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": name}), http.StatusCreated).ID)
	}
	var dot int64
	for i, name := range []string{"Ann", "Bea", "Cal", "Dot"} {
		dot = must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1500, "division_id": divs[i/2]}), http.StatusCreated).ID
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.EmulateViewport(1024, 768),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/prizes", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll('#add-form [name="winner"] option').length === 3`),
		setValue(`#add-form [name="division_id"]`, fmt.Sprint(divs[1])),
		waitFor(`[].map.call(document.querySelectorAll('#add-form [name="winner"] option'), o => o.textContent).join() === "choose…,Cal,Dot"`),
		setValue(`#add-form [name="type"]`, "rank"),
		submitForm("#add-form", "Added as prize 1: 1st place, Division B."),
		setValue(`#add-form [name="type"]`, "signup"), setValue(`#add-form [name="winner"]`, fmt.Sprint(dot)),
		submitForm("#add-form", "Added as prize 2: Special prize, Division B."),
		submitForm("#save-form", "Saved: 2 prizes."),
		waitFor(`(document.querySelector('#prizes tr[data-index="1"] td.winners') || {}).textContent === "Dot"`),
	)
	v := must[service.PrizesView](t, f.get(f.tpath("/prizes"), ""), http.StatusOK)
	if len(v.Prizes) != 2 || v.Prizes[0].DivisionID == nil || *v.Prizes[0].DivisionID != divs[1] {
		t.Errorf("kept: %+v", v.Prizes)
	}
	bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](consoleLayoutProblems))
	if err != nil || bad != "" {
		t.Errorf("at 1024x768: %s %v", bad, err)
	}
}
