package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The room view follows a challenge at a table: the hold, then the
// ruling; a phony the director rules out shows as withdrawn; and the
// game's page lists the same.
func TestBrowserConsoleAttentionChallenges(t *testing.T) {
	f := challengeGame(t, "double", nil) // Ann and Bob at table 1, TESTLEX
	f.play("8D WINDY", "7C GALE")
	ctx := newChrome(t)
	att := func(s string) chromedp.Action[chromedp.Void] {
		return waitFor(`document.getElementById("attention").textContent.includes(` + jsString(s) + `)`)
	}
	run(t, ctx, consoleSignIn(f),
		waitFor(`document.getElementById("live").textContent === "live"`),
		waitFor(`!document.getElementById("all-clear").hidden`),
	)
	must[service.GameView](t, f.post(gpath(f.game, "/hold"), f.table, map[string]any{"turn": 2, "player": 1}), http.StatusCreated)
	run(t, ctx,
		att("Table 1: play on hold (turn 2): GALE by Bob, challenge pending"),
		waitFor(`document.getElementById("all-clear").hidden && document.querySelector("#game-`+itoa(f.game)+`").classList.contains("attn")`),
	)
	must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	run(t, ctx,
		att("Table 1: challenge of GALE"),
		att(": acceptable, the play stands (turn 2)"),
		waitFor(`!document.getElementById("attention").textContent.includes("on hold")`),
	)
	// Bob plays on (Ann lost her turn); the director rules his play out by hand.
	f.play("E3 JAVE..N")
	must[service.ChallengeResult](t, f.challenge(f.Director, map[string]any{"turn": 5, "challenger": 1, "verdict": "unacceptable", "reason": "appeal upheld"}), http.StatusCreated)
	run(t, ctx,
		att(": unacceptable, JAVELIN withdrawn (turn 3)"), // the third play: holds and rulings have no number
		clickWhenThere(`#attention li:last-child a`),
		chromedp.WaitVisible(chromedp.ID("correct-form")),
		waitFor(`document.getElementById("attention").textContent.includes("JAVELIN withdrawn (turn 3)") && document.getElementById("attention").textContent.includes("acceptable, the play stands (turn 2)")`),
	)
}

// A table going quiet appears on the room view and on the game's page
// without an event and without polling: the server sends, with the list,
// when the clock alone changes it next, and the pages read it again then.
// (The pages' periodic re-read is an hour, so only next_change can bring
// the line.) The service's clock is the test's and stands still but when
// the test moves it: each page is drawn 3 s before the table goes quiet by
// the server's clock however long the browser takes to draw it, and the
// table goes quiet once the test has seen the page draw it in play (issue
// 41: on a running clock a slow start could draw the page after the
// moment, the line already there). Until then each read at next_change
// finds the table not yet quiet, and the page reads again at the new
// next_change; the read that finds it quiet is the last.
func TestBrowserConsoleAttentionQuietTable(t *testing.T) {
	was := attentionRecheck
	attentionRecheck = time.Hour
	t.Cleanup(func() { attentionRecheck = was }) // after the server has closed
	ts := newTestServer(t)
	clock := newTestClock(ts)
	f := bareFixture(t, ts) // table 1 is paired now
	clock.add(9*time.Minute + 57*time.Second)
	ctx := newChrome(t)
	quiet := `document.getElementById("attention").textContent.includes("Table 1: nothing entered, 10 minutes after the pairing")`
	// The page logs its reads of the list: "calm" or "quiet" (it has the
	// line) once answered. The one that brings the line is the last.
	lastRead := `(function (r) { return r.length > 0 && r.indexOf("quiet") === r.length - 1 && r.every(function (x) { return x === "calm" || x === "quiet"; }); })(window.attentionReads)`
	run(t, ctx, consoleSignIn(f),
		eval(`window.attentionReads = []; (function (f) { window.fetch = function (u) {
			var p = f.apply(this, arguments);
			if (String(u).endsWith("/attention")) {
				var i = window.attentionReads.push("pending") - 1;
				p.then(function (r) { return r.clone().text(); }).then(function (text) { window.attentionReads[i] = text.includes("nothing entered") ? "quiet" : "calm"; });
			}
			return p; }; })(window.fetch)`),
		waitFor(`document.querySelector("#game-`+itoa(f.game)+` .ago").textContent.startsWith("no entries")`),
		waitFor(`!(`+quiet+`) && !document.getElementById("all-clear").hidden`),
	)
	clock.add(3 * time.Second) // 10 minutes after the pairing
	run(t, ctx,
		waitFor(quiet),
		waitFor(`document.getElementById("all-clear").hidden && document.querySelector("#game-`+itoa(f.game)+`").classList.contains("attn")`),
		chromedp.Sleep(1500*time.Millisecond), // the next change is a minute away: no read meanwhile
		waitFor(lastRead),
		shotAt("attention-room-quiet", 1280, 800),
	)
	// Table 2 is paired now, and its game's page is open 9 min 57 s later.
	second := f.addGame(1, 2, f.addPlayer("C"), f.addPlayer("D"))
	clock.add(9*time.Minute + 57*time.Second)
	run(t, ctx,
		chromedp.Navigate(f.URL+gameConsolePath(f, second)),
		waitFor(`document.getElementById("attention").textContent === "Nothing."`),
	)
	clock.add(3 * time.Second)
	run(t, ctx,
		waitFor(`document.getElementById("attention").textContent === "nothing entered, 10 minutes after the pairing"`),
		waitFor(`document.getElementById("game-status").textContent === "in play"`),
	)
}

// attentionRoom is a room with something for the director at two of its
// three tables: a claim the board does not give at table 1, a play held
// for a challenge at table 2; table 3 has entered nothing. The service's
// clock runs ahead of the real one by what ahead holds.
func attentionRoom(t *testing.T, ahead *atomic.Int64) (f *fixture, games []int64) {
	t.Helper()
	ts := newTestServer(t)
	ts.Svc.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	f = &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Attention Open", "variant": "naspa", "lexicon": "TESTLEX", "challenge_rule": "double"}), http.StatusCreated).ID
	for _, n := range []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Fay"} {
		f.players = append(f.players, f.addPlayer(n))
	}
	must[service.Round](t, ts.post(f.tpath("/rounds"), ts.Director, map[string]any{"number": 1}), http.StatusCreated)
	for table := 1; table <= 3; table++ {
		games = append(games, f.addGame(1, table, f.players[2*table-2], f.players[2*table-1]))
	}
	must[service.Tournament](t, ts.patch(f.tpath(""), ts.Director, map[string]any{"current_round": 1}), http.StatusOK)
	must[service.TurnResult](t, f.enter(games[0], f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(31)}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(games[1], f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(games[1], f.Director, turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(games[1], "/hold"), f.Director, map[string]any{"turn": 2, "player": 1}), http.StatusCreated)
	return f, games
}

// drawnAttention is the room's list as drawn: each line's text, link
// and what it is about.
const drawnAttention = `[...document.querySelectorAll("#attention li")].map(function (li) {
	var a = li.querySelector("a");
	return [li.className, li.dataset.game || li.dataset.round || "", a ? a.getAttribute("href") : "", li.textContent].join("|");
})`

// The room draws the server's list line for line (GET .../attention):
// its words, the table and the link to the game, the tables marked; the
// game's page draws the game's (GET /games/:id/attention). Both at
// 1280x800, to look at.
func TestBrowserConsoleAttentionDrawsServerList(t *testing.T) {
	var ahead atomic.Int64
	f, games := attentionRoom(t, &ahead)
	want := func(l attentionList, room bool) []string {
		out := []string{}
		for _, it := range l.Attention {
			if !room {
				out = append(out, it.Text)
				continue
			}
			out = append(out, fmt.Sprintf("att|%d|/director/%d/games/%d|Table %d: %s", it.Game, f.tournament, it.Game, it.Table, it.Text))
		}
		return out
	}
	list := must[attentionList](t, f.get(f.tpath("/attention"), f.Director), http.StatusOK)
	room := want(list, true)
	if len(room) != 2 || !strings.HasSuffix(room[0], "Table 1: score disagreement on turn 1") || !strings.HasSuffix(room[1], "Table 2: play on hold (turn 2): GALE by Dee, challenge pending") {
		t.Fatalf("the server's list %q", room)
	}
	ctx := newChrome(t)
	drawn := func(want []string) chromedp.Action[chromedp.Void] {
		return waitFor(`JSON.stringify(` + drawnAttention + `) === ` + jsString(mustJSON(t, want)))
	}
	marked := func(game int64, yes bool) string {
		not := map[bool]string{true: "", false: "!"}[yes]
		return not + `document.querySelector("#game-` + itoa(game) + `").classList.contains("attn")`
	}
	run(t, ctx, consoleSignIn(f),
		waitFor(`document.getElementById("live").textContent === "live"`),
		drawn(room),
		waitFor(marked(games[0], true)+` && `+marked(games[1], true)+` && `+marked(games[2], false)+` && document.getElementById("all-clear").hidden`),
		shotAt("attention-room", 1280, 800),
	)
	gameLines := func(path string) chromedp.Action[chromedp.Void] {
		l := must[attentionList](t, f.get(path, f.Director), http.StatusOK)
		return waitFor(`JSON.stringify([...document.querySelectorAll("#attention li")].map(function (li) { return li.textContent; })) === ` + jsString(mustJSON(t, want(l, false))))
	}
	run(t, ctx,
		clickWhenThere(`#attention li[data-game="`+itoa(games[1])+`"] a`),
		chromedp.WaitVisible(chromedp.ID("correct-form")),
		gameLines(gpath(games[1], "/attention")),
		waitFor(`document.getElementById("attention").textContent.includes("play on hold")`),
		shotAt("attention-game", 1280, 800),
	)
	// The hold is settled: the game's page reads the list again on the
	// event and draws the ruling in its place, and so does the room.
	must[service.ChallengeResult](t, f.post(gpath(games[1], "/challenges"), f.Director, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	list = must[attentionList](t, f.get(f.tpath("/attention"), f.Director), http.StatusOK)
	room = want(list, true)
	if len(room) != 2 || !strings.Contains(room[1], "Table 2: challenge of GALE") {
		t.Fatalf("the server's list after the ruling %q", room)
	}
	run(t, ctx,
		gameLines(gpath(games[1], "/attention")),
		waitFor(`document.getElementById("attention").textContent.includes("challenge of GALE")`),
		chromedp.Navigate(f.URL+fmt.Sprintf("/director/%d", f.tournament)),
		drawn(room),
	)
}

// mustJSON is v as JSON text.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
