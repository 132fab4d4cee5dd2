package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// withStreamLimits is the fixture served again, over the same service, by
// a server with these stream limits (listening on 127.0.0.1, so that a
// test's own streams may come from other loopback addresses). Made
// before the test's browser, it closes after it.
func withStreamLimits(t *testing.T, f *fixture, opts Options) *fixture {
	t.Helper()
	r, _ := newServer(f.Svc, slog.New(slog.NewJSONHandler(f.Logs, nil)), opts)
	hs := httptest.NewServer(r)
	t.Cleanup(hs.Close)
	if !strings.HasPrefix(hs.URL, "http://127.0.0.1:") {
		t.Skipf("the test server listens on %s, not 127.0.0.1", hs.URL)
	}
	ts := *f.testServer
	ts.URL, ts.Handler = hs.URL, r
	g := *f
	g.testServer = &ts
	return &g
}

// paused is the words of a page whose live updates wait to reconnect.
const paused = `/^Live updates paused: reconnecting in \d+ s$/.test(document.getElementById("live").textContent)`

// The room view whose stream is refused (every place for the directors'
// pages taken: 503 streams-full) says in words that its live updates wait
// and when they try again, tries again by itself, waiting longer each
// time (1 s, 2, 4 ... up to 30), and once connected shows the room as on
// its first load: here an address that guessed codes meanwhile, which the
// page would otherwise read only at its next recheck (an hour).
func TestBrowserConsoleStreamReconnects(t *testing.T) {
	was := attentionRecheck
	attentionRecheck = time.Hour
	t.Cleanup(func() { attentionRecheck = was }) // after the server has closed
	f := withStreamLimits(t, newFixture(t), Options{MaxStaffStreams: 1})
	clock := newTestClock(f.testServer)
	status, body, release := openEvents(t, clientFrom("127.0.0.2"), fmt.Sprintf("%s/api/v1/tournaments/%d/events", f.URL, f.tournament), f.Director)
	defer release()
	if status != http.StatusOK {
		t.Fatalf("the test's console stream: %d %s", status, body)
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		waitFor(paused),
		importShot("console-paused", 1280, 800),
		importShot("console-paused", 1024, 768),
		waitFor(`document.getElementById("live").className === "offline"`),
		// The waits between tries: 1 s doubling to 30 s.
		waitFor(`JSON.stringify([0, 1000, 2000, 4000, 8000, 16000, 30000].map(liveStream.nextWait)) === "[1000,2000,4000,8000,16000,30000,30000]"`),
	)
	g := browserFrom(t, f.URL, 21)
	for i := range service.GuessingAlert + 1 {
		g.get(fmt.Sprintf("/table/1?code=WRONG%d", i))
		clock.add(5 * time.Minute)
	}
	release()
	guesser := `[...document.querySelectorAll("#attention li.guess-att")].some(function (li) { return li.textContent === "Someone at 127.0.0.21 is guessing codes"; })`
	run(t, ctx,
		waitAcrossReloads(`document.getElementById("live").textContent === "live" && `+guesser),
	)
}

// The projector's standings page whose stream is refused (every
// spectator's place taken) says so in words, tries again by itself, and
// once connected reads itself again: a result keyed meanwhile shows.
func TestBrowserPublicStreamReconnects(t *testing.T) {
	f := withStreamLimits(t, newFixture(t), Options{MaxStreams: 1})
	status, body, release := openEvents(t, clientFrom("127.0.0.2"), fmt.Sprintf("%s/t/%d/updates", f.URL, f.tournament), "")
	defer release()
	if status != http.StatusOK {
		t.Fatalf("the test's spectator stream: %d %s", status, body)
	}
	ctx := newChrome(t)
	run(t, ctx,
		chromedp.Navigate(f.URL+"/t/"+itoa(f.tournament)+"/standings"),
		chromedp.WaitVisible(chromedp.CSS(".standings")),
		waitFor(paused),
		importShot("projector-paused", 1280, 800),
	)
	a, b := f.addPlayer("Cat"), f.addPlayer("Dan")
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": []int64{a, b}, "scores": []int{420, 350}}), http.StatusCreated)
	release()
	run(t, ctx,
		waitAcrossReloads(`document.getElementById("live").textContent === "live"`),
		waitAcrossReloads(`[...document.querySelectorAll(".standings tbody tr")].some(tr => tr.textContent.includes("Cat") && tr.textContent.includes("+70"))`),
	)
}

// The tablet whose follow stream is refused (every tablet's place taken)
// says so in the bar in its own words, tries again by itself, and the
// words go once it hears the round again.
func TestBrowserTabletStreamReconnects(t *testing.T) {
	f := withStreamLimits(t, newFixture(t), Options{MaxStaffStreams: 1})
	other := browserFrom(t, f.URL, 2)
	if r := other.get("/table/2?code=" + url.QueryEscape(f.credential(2))); r.Status != http.StatusSeeOther {
		t.Fatalf("table 2's sign-in: %d %s", r.Status, r.Body)
	}
	held, status := readEvents(t, other.c, fmt.Sprintf("%s/t/%d/updates", f.URL, f.tournament), nil)
	defer held.close()
	if status != http.StatusOK {
		t.Fatalf("table 2's stream: %d %s", status, held.body)
	}
	ctx := newChrome(t)
	words := `document.getElementById("follow-words")`
	run(t, ctx,
		chromedp.Navigate(f.URL+"/table/1?code="+url.QueryEscape(f.table)),
		chromedp.WaitVisible(chromedp.ID("board")),
		waitFor(`!`+words+`.hidden && /^Round updates paused: trying again in \d+ seconds?$/.test(`+words+`.textContent)`),
		importShot("table-paused", 820, 1180),
	)
	held.close()
	run(t, ctx, waitFor(words+`.hidden && `+words+`.textContent === ""`))
}
