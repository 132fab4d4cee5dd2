package api

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// TestBrowserConsoleImportsGCG imports a game's record on the console's
// game view: a record the rules refuse is explained with its line; a
// record whose players sit the other way round asks who is who; the
// preview says in words which claim the board does not give; Save stores
// the turns and the game view shows them. No internal code is shown.
func TestBrowserConsoleImportsGCG(t *testing.T) {
	f := newFixture(t) // Doug and Emely at table 1
	ctx := newChrome(t)
	dir := t.TempDir()
	good := string(importBody(t))
	lineOf := func(s string) int {
		return strings.Count(good[:strings.Index(good, s)], "\n") + 1
	}
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	bad := write("bad.gcg", strings.Replace(good, ">doug: ?BDERUW A1 WEB", ">doug: ?BDERUW O1 WEB", 1))
	// doug, who moves first, is the record's #player2.
	swapped := write("swapped.gcg", strings.Replace(good, "#player1 doug doug\n#player2 emely emely", "#player1 emely emely\n#player2 doug doug", 1))

	run(t, ctx, consoleSignIn(f),
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/games/%d", f.URL, f.tournament, f.game)),
		waitFor(`!document.getElementById("import-card").hidden`),
		eval(collectText),
		chromedp.SetUploadFiles(chromedp.ID("gcg-file"), []string{bad}),
		waitFor(`document.querySelector("#import-form .form-status.error") !== null && document.querySelector("#import-form .form-status").textContent.includes("Nothing was imported. Line `+itoa(int64(lineOf(">doug: ?BDERUW A1 WEB")))+` of the record (doug: O1 WEB)")`),
		waitFor(`document.getElementById("import-preview").hidden`),
		importShot("import-refused", 1280, 800),

		chromedp.SetUploadFiles(chromedp.ID("gcg-file"), []string{swapped}),
		waitFor(`!document.getElementById("import-players").hidden && document.querySelector("#import-form .form-status").textContent.includes("The record's players (emely, doug) are not this game's in seat order (Doug, Emely)")`),
		// Each seat is first set to the record player of its name.
		waitFor(`document.querySelector('#import-seats select[name="seat1"]').value === "doug" && document.querySelector('#import-seats select[name="seat2"]').value === "emely"`),
		importShot("import-players", 768, 1024),
		chromedp.EmulateViewport(1280, 800),
		clickWhenThere(`#import-check`),
		waitFor(`!document.getElementById("import-preview").hidden`),
		waitFor(`document.getElementById("import-summary").textContent === "The record replays as 29 turns. Final: Doug 451, Emely 345; Doug wins."`),
		waitFor(`document.getElementById("import-points").textContent.includes("Turn 2 (Emely, 7C GALE, line `+itoa(int64(lineOf(">emely: ADEEGIL 7C GALE")))+`) was claimed as 14, the board gives 16.")`),
		waitFor(`document.querySelectorAll("#import-turns tbody tr").length === 29 && document.querySelectorAll("#import-turns tbody tr.flagged").length === 1`),
		waitFor(`document.querySelector("#import-turns tbody").textContent.includes("Emely thought GALE was worth 14.")`),
		waitFor(`document.getElementById("import-save").textContent === "Save the 29 turns"`),
	)
	if g := must[service.GameView](t, f.get(gpath(f.game, ""), f.Director), http.StatusOK); len(g.Turns) != 0 {
		t.Fatalf("checking the record saved %d turns", len(g.Turns))
	}
	run(t, ctx,
		importShot("import-preview", 1280, 800),
		importShot("import-preview", 768, 1024),
	)
	wantNoCodes(t, ctx)

	run(t, ctx,
		chromedp.EmulateViewport(1280, 800),
		// Save reloads the page; the live stream may show the turns on the
		// old page first, so wait for the new page (no mark) to show them.
		eval(`window.beforeSave = true`),
		clickWhenThere(`#import-save`),
		waitAcrossReloads(`window.beforeSave === undefined && document.readyState === "complete" &&
			document.querySelectorAll("#turns tbody tr:not(.end-adjust)").length === 29 &&
			document.getElementById("turn-end-adjust").textContent.includes("went out") &&
			document.getElementById("import-card").hidden &&
			document.querySelector("#turn-2").classList.contains("flagged") &&
			document.querySelector("#turn-2").textContent.includes("note: Emely thought GALE was worth 14.")`),
		importShot("import-saved", 1280, 800),
	)
	g := must[service.GameView](t, f.get(gpath(f.game, ""), f.Director), http.StatusOK)
	if len(g.Turns) != 29 || g.Status != service.StatusFinished || g.Players[0].Score != 451 || g.Players[1].Score != 345 {
		t.Fatalf("the game after Save: %d turns, %s, %+v", len(g.Turns), g.Status, g.Players)
	}
}

// importShot saves the screen at a size as DIR/name-WxH.png when
// TOURNEY_SCREENSHOTS=DIR is set, for a person to look at.
func importShot(name string, w, h int64) chromedp.Action[chromedp.Void] {
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if dir == "" {
			return nil
		}
		if _, err := chromedp.EmulateViewport(w, h)(ctx, tg); err != nil {
			return err
		}
		png, err := chromedp.CaptureScreenshot()(ctx, tg)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, w, h)), png, 0o644)
	})
}
