package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/challenges"
	"tourney/service"
)

// chumsTable is a Word Chums tournament (the ENABLE word list, invalid
// words refused as they are played) with one game at table 1 for the
// players named, in seat order, and table 1's code.
func chumsTable(t *testing.T, teams bool, names ...string) *fixture {
	t.Helper()
	ts := newTestServer(t)
	// A stand-in for ENABLE with the words these games play: the variant
	// asks for a list by that name.
	dir := t.TempDir()
	words := "AT\nMA\nMAT\nTA\nVAT\nVATS\nAE\nEX\nXI\nOX\n"
	if err := os.WriteFile(filepath.Join(dir, "ENABLE.txt"), []byte(words), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := challenges.OpenLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	ts.Svc.Lexicons = lib
	f := &fixture{testServer: ts}
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Chums Night", "variant": "wordchums"}), http.StatusCreated)
	if tour.Lexicon != "ENABLE" || tour.ChallengeRule != "void" {
		t.Fatalf("tournament %+v", tour)
	}
	f.tournament = tour.ID
	for _, n := range names {
		f.players = append(f.players, f.addPlayer(n))
	}
	must[service.Round](t, ts.post(f.tpath("/rounds"), ts.Director, map[string]any{"number": 1}), http.StatusCreated)
	f.game = must[service.Game](t, ts.post(f.tpath("/games"), ts.Director,
		map[string]any{"round": 1, "table": 1, "players": f.players, "teams": teams}), http.StatusCreated).ID
	f.table = f.credential(1)
	return f
}

// openTablet signs table 1's tablet in at a portrait tablet's size
// (820x1180); like openTable, it collects alerts and fails the test on
// a native dialog.
func openTablet(t *testing.T, srv *httptest.Server, token string) context.Context {
	t.Helper()
	ctx := newChrome(t)
	noNativeDialogs(t, ctx)
	run(t, ctx,
		chromedp.EmulateViewport(820, 1180, chromedp.EmulatePortrait, chromedp.EmulateTouch),
		chromedp.Navigate(srv.URL+"/table/1?code="+url.QueryEscape(token)),
		chromedp.WaitVisible(chromedp.ID("move")),
		waitFor(`innerWidth === 820`),
		eval(`window.alerts = []; window.alert = (m) => window.alerts.push(m); true`),
	)
	return ctx
}

// seatScores are the totals the page shows, by seat: "Ann 16|Bob 12|Cy 0".
const seatScores = `[].map.call(document.querySelectorAll("#totals .total"), function (d) { return d.querySelector(".name").textContent + " " + d.querySelector(".score").textContent; }).join("|")`

// toMove is the turn line and the seat marked to move: "Turn 2: Bob to move @2".
const toMove = `document.getElementById("turn-line").textContent + " @" + [].map.call(document.querySelectorAll("#totals .total.to-move"), function (d) { return d.dataset.seat; }).join()`

// tabletShot saves the screen as DIR/name.png (TOURNEY_SCREENSHOTS=DIR),
// at the size the page is open at.
func tabletShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	if dir == "" {
		return
	}
	for suffix, shot := range map[string]chromedp.Action[[]byte]{"": chromedp.CaptureScreenshot(), "-full": chromedp.FullScreenshot(100)} {
		png, err := chromedp.Run(ctx, shot)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+suffix+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// wantNoLayoutProblems checks the page at its size as the table page's
// layout test does (controls 48px and up, nothing off the side, text
// large enough to read at arm's length).
func wantNoLayoutProblems(t *testing.T, ctx context.Context, state string) {
	t.Helper()
	problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](layoutProblems))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s at 820x1180: %s", state, p)
	}
}

// TestBrowserGroupTableThreeSeats plays a Word Chums game of three on the
// table's tablet, at a portrait tablet's size: every seat's name and
// running score in the bar, the turn going round seat 1, 2, 3, 1, a word
// not in the list refused as it is played, then three passes each end
// the game; each player's tiles left, the result with three columns and
// three confirmations.
func TestBrowserGroupTableThreeSeats(t *testing.T) {
	f := chumsTable(t, false, "Ann", "Bob", "Cy")
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTablet(t, srv, f.table)

	run(t, ctx,
		waitFor(seatScores+` === "Ann 0|Bob 0|Cy 0"`),
		waitFor(toMove+` === "Turn 1: Ann to move @1"`),
		// Under the void rule there is nothing to challenge or hold.
		waitFor(`document.getElementById("challenge").hidden && document.getElementById("hold").hidden && !document.getElementById("pass").hidden`),
		// Ann: VAT through the start square (V 6, on a double word).
		playMove("8H VAT", 16, 1),
		waitFor(seatScores+` === "Ann 16|Bob 0|Cy 0"`),
		waitFor(toMove+` === "Turn 2: Bob to move @2"`),
		// Bob: MAT down through the A.
		playMove("I7 M.T", 9, 2),
		waitFor(seatScores+` === "Ann 16|Bob 9|Cy 0"`),
		waitFor(toMove+` === "Turn 3: Cy to move @3"`),
	)
	wantNoLayoutProblems(t, ctx, "playing")
	tabletShot(t, ctx, "table-three-seats-playing")
	checkLayout(t, ctx, "three-seats")
	run(t, ctx, chromedp.EmulateViewport(820, 1180, chromedp.EmulatePortrait, chromedp.EmulateTouch))

	// Cy first tries MAX, which the list does not have: the preview says
	// so, the page asks before sending it, the server refuses it in
	// words, and it is still Cy's turn; then VATS. The preview is waited
	// for before the tap: its words move the button.
	run(t, ctx,
		setMove("7I .AX", ""),
		waitFor(`document.querySelectorAll("#board .sq.new").length === 2`),
		waitFor(`window.tourneyTable.previewRefused() && document.getElementById("preview").textContent.includes("Not in the word list (ENABLE): MAX. ")`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`document.getElementById("ask").open`),
		chromedp.Click(chromedp.ID("ask-ok")),
		waitFor(`!document.getElementById("refused").hidden && document.getElementById("refused-text").textContent.includes("Not in the word list (ENABLE): MAX. ")`),
	)
	tabletShot(t, ctx, "table-three-seats-refused")
	run(t, ctx,
		chromedp.Click(chromedp.ID("refused-ok")),
		waitFor(toMove+` === "Turn 3: Cy to move @3"`),
		playMove("8H ...S", 9, 3),
		waitFor(seatScores+` === "Ann 16|Bob 9|Cy 9"`),
		waitFor(toMove+` === "Turn 4: Ann to move @1"`),
	)
	v := f.view(f.game)
	if len(v.Totals) != 3 || v.Totals[0] != 16 || v.Totals[1] != 9 || v.Totals[2] != 9 || v.ToMove != 1 || len(v.Turns) != 3 {
		t.Fatalf("after three turns: totals %v, to move %d, %d turns", v.Totals, v.ToMove, len(v.Turns))
	}

	// Three passes each end the game.
	for n := 4; n <= 12; n++ {
		run(t, ctx, tapAnswer("pass", ""), recorded(n))
		if n < 12 {
			seat := (n)%3 + 1
			run(t, ctx, waitFor(fmt.Sprintf(`document.querySelector("#totals .total.to-move").dataset.seat === "%d"`, seat)))
		}
	}
	run(t, ctx,
		waitFor(`document.getElementById("status").textContent === "racks to enter" && document.getElementById("rack-3") !== null`),
		waitFor(`document.getElementById("entry").hidden && document.getElementById("pass").hidden`),
	)
	tabletShot(t, ctx, "table-three-seats-racks")
	for seat, rack := range []string{"EEEEEEE", "QIIIIII", "OOOOOOO"} {
		run(t, ctx,
			chromedp.SendKeys(chromedp.ID(fmt.Sprintf("rack-%d", seat+1)), rack),
			eval(fmt.Sprintf(`document.getElementById("rack-%d").nextSibling.click()`, seat+1)),
			recorded(13+seat),
		)
	}
	v = f.view(f.game)
	if v.Status != service.StatusFinished || v.Result == nil || len(v.Result.Final) != 3 {
		t.Fatalf("after the racks: status %s result %+v", v.Status, v.Result)
	}
	// Each loses their own tiles: 7, 16, 7.
	if f := v.Result.Final; f[0] != 9 || f[1] != -7 || f[2] != 2 {
		t.Fatalf("final %v, want 9, -7, 2", f)
	}
	run(t, ctx,
		waitFor(`document.getElementById("status").textContent === "finished" && document.getElementById("confirm-3") !== null`),
		waitFor(`document.querySelector("#end .winner").textContent === "Ann wins with 9; Cy 2, Bob −7"`),
		waitFor(`[].map.call(document.querySelectorAll("#end table.final tr:first-child th"), function (th) { return th.textContent; }).join() === ",Ann,Bob,Cy"`),
		waitFor(`document.querySelector("#end table.final tr.total-line").textContent === "Final9−72"`),
		waitFor(`document.getElementById("confirm-2").textContent === "Bob: confirm 9, −7, 2"`),
	)
	wantNoLayoutProblems(t, ctx, "end")
	tabletShot(t, ctx, "table-three-seats-end")
	for seat := 1; seat <= 3; seat++ {
		run(t, ctx, chromedp.Click(chromedp.ID(fmt.Sprintf("confirm-%d", seat))),
			waitFor(fmt.Sprintf(`document.querySelectorAll("#end .confirmed").length === %d`, seat)))
	}
	run(t, ctx, waitFor(`document.querySelector("#end .all-confirmed").textContent === "Everyone has confirmed the result. Thank you!"`),
		waitFor(`document.getElementById("turns").textContent.includes("Ann confirms the result 9, −7, 2")`))
	tabletShot(t, ctx, "table-three-seats-confirmed")
	noAlerts(t, ctx)
	v = f.view(f.game)
	if len(v.Confirmed) != 3 || !v.Confirmed[0] || !v.Confirmed[1] || !v.Confirmed[2] {
		t.Fatalf("confirmed %v", v.Confirmed)
	}
	if strings.Contains(fmt.Sprint(v.Flags), "score") {
		t.Errorf("flags %+v", v.Flags)
	}
}

// teamTotals are the bar's teams: "25: Ann 16, Cy 9 | 9: Bob 9, Di 0".
const teamTotals = `[].map.call(document.querySelectorAll("#totals .team"), function (t) { return t.querySelector(".team-score").textContent + ": " + [].map.call(t.querySelectorAll(".total"), function (d) { return d.querySelector(".name").textContent + " " + d.querySelector(".score").textContent; }).join(", "); }).join(" | ")`

// TestBrowserGroupTableTeams plays a Word Chums team game on the tablet:
// the bar shows each team's total over its two players, the turn goes
// round the four seats, and the end names the winning pair with the
// teams' totals.
func TestBrowserGroupTableTeams(t *testing.T) {
	f := chumsTable(t, true, "Ann", "Bob", "Cy", "Di")
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTablet(t, srv, f.table)
	run(t, ctx,
		waitFor(`document.querySelector("main").dataset.teams === "1"`),
		waitFor(teamTotals+` === "0: Ann 0, Cy 0 | 0: Bob 0, Di 0"`),
		waitFor(toMove+` === "Turn 1: Ann to move @1"`),
		playMove("8H VAT", 16, 1),
		waitFor(toMove+` === "Turn 2: Bob to move @2"`),
		playMove("I7 M.T", 9, 2),
		waitFor(toMove+` === "Turn 3: Cy to move @3"`),
		playMove("8H ...S", 9, 3),
		waitFor(toMove+` === "Turn 4: Di to move @4"`),
		// Di: TA down from the T, TA across with Bob's T.
		playMove("J8 .A", 4, 4),
		waitFor(toMove+` === "Turn 5: Ann to move @1"`),
		waitFor(teamTotals+` === "25: Ann 16, Cy 9 | 13: Bob 9, Di 4"`),
	)
	wantNoLayoutProblems(t, ctx, "team game")
	tabletShot(t, ctx, "table-teams-playing")
	// The widest bar (two teams) at the other sizes too.
	checkLayout(t, ctx, "teams")
	run(t, ctx, chromedp.EmulateViewport(820, 1180, chromedp.EmulatePortrait, chromedp.EmulateTouch))
	for n := 5; n <= 16; n++ {
		run(t, ctx, tapAnswer("pass", ""), recorded(n))
	}
	for seat, rack := range []string{"EEEEEEE", "IIIIIII", "OOOOOOO", "UUUUNNN"} {
		run(t, ctx,
			waitFor(fmt.Sprintf(`document.getElementById("rack-%d") !== null`, seat+1)),
			chromedp.SendKeys(chromedp.ID(fmt.Sprintf("rack-%d", seat+1)), rack),
			eval(fmt.Sprintf(`document.getElementById("rack-%d").nextSibling.click()`, seat+1)),
			recorded(17+seat),
		)
	}
	v := f.view(f.game)
	if v.Status != service.StatusFinished || v.Result == nil || len(v.Result.TeamFinal) != 2 || v.Result.TeamFinal[0] != 11 || v.Result.TeamFinal[1] != -1 {
		t.Fatalf("after the racks: status %s result %+v", v.Status, v.Result)
	}
	run(t, ctx,
		waitFor(`document.getElementById("confirm-4") !== null`),
		waitFor(`document.querySelector("#end .winner").textContent === "Ann & Cy win 11 to −1"`),
		waitFor(`document.querySelector("#end table.final tr.team-line").textContent === "Team11−111−1"`),
		waitFor(`document.getElementById("confirm-3").textContent === "Cy: confirm 11 to −1"`),
		waitFor(teamTotals+` === "11: Ann 9, Cy 2 | −1: Bob 2, Di −3"`),
	)
	wantNoLayoutProblems(t, ctx, "team game over")
	tabletShot(t, ctx, "table-teams-end")
	noAlerts(t, ctx)
}
