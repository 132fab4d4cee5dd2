package api

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
)

// overlayRead is what the overlay's script read of one public read.
type overlayRead struct {
	First, ByTag, BySince int
	ETag, LastModified    string
	TagAgain, SinceAgain  string // the ETag the 304s came with
	Body                  string
}

// An overlay served from another site (another origin: another port)
// reads the feed and the highlights as tsh's readers do, conditionally:
// 200, then 304 to If-None-Match and to If-Modified-Since, the ETag and
// Last-Modified read in its script (exposed to it), each conditional
// fetch let through by a preflight; and it follows the public update
// stream with an EventSource from there.
func TestBrowserOverlayOtherOrigin(t *testing.T) {
	fe := newFeedEvent(t)
	fe.keyTable(1, 1, map[string]any{"scores": []int{400, 350}, "division_id": *fe.division}, http.StatusCreated)
	fe.play(0, 5) // DONATES, a bingo: a highlight
	var preflights atomic.Int32
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") == "GET" {
			preflights.Add(1)
		}
		fe.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(api.Close)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><title>Overlay</title><p>An overlay on another site</p>")
	}))
	t.Cleanup(site.Close)
	if strings.EqualFold(site.URL, api.URL) {
		t.Fatal("one origin")
	}
	feed := fmt.Sprintf("%s/t/%d/html/tourney.js", api.URL, fe.tournament)
	highlights := fmt.Sprintf("%s/api/v1/tournaments/%d/highlights", api.URL, fe.tournament)
	stream := fmt.Sprintf("%s/t/%d/updates", api.URL, fe.tournament)

	ctx := newChrome(t)
	run(t, ctx, chromedp.Navigate(site.URL+"/overlay"), waitFor(`document.title === "Overlay"`))
	script := `(async () => {
	  const out = {};
	  for (const [name, url] of [["feed", ` + jsString(feed) + `], ["highlights", ` + jsString(highlights) + `]]) {
	    const first = await fetch(url, {cache: "no-store"});
	    const r = {First: first.status, ETag: first.headers.get("ETag") || "", LastModified: first.headers.get("Last-Modified") || "", Body: await first.text()};
	    const byTag = await fetch(url, {headers: {"If-None-Match": r.ETag}});
	    const bySince = await fetch(url, {headers: {"If-Modified-Since": r.LastModified}});
	    r.ByTag = byTag.status; r.TagAgain = byTag.headers.get("ETag") || "";
	    r.BySince = bySince.status; r.SinceAgain = bySince.headers.get("ETag") || "";
	    out[name] = r;
	  }
	  return JSON.stringify(out);
	})()`
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](script, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("the overlay's fetches: %v", err)
	}
	var got map[string]overlayRead
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	want := map[string]string{"feed": "newt={", "highlights": "DONATES"}
	for name, text := range want {
		r := got[name]
		if r.First != http.StatusOK || !strings.Contains(r.Body, text) {
			t.Fatalf("%s: %d, %.80q", name, r.First, r.Body)
		}
		if _, err := http.ParseTime(r.LastModified); err != nil || r.ETag == "" {
			t.Fatalf("%s: the script read ETag %q, Last-Modified %q", name, r.ETag, r.LastModified)
		}
		if r.ByTag != http.StatusNotModified || r.BySince != http.StatusNotModified || r.TagAgain != r.ETag || r.SinceAgain != r.ETag {
			t.Fatalf("%s: If-None-Match %d (ETag %q), If-Modified-Since %d (ETag %q), held %q", name, r.ByTag, r.TagAgain, r.BySince, r.SinceAgain, r.ETag)
		}
	}
	if n := preflights.Load(); n < 2 {
		t.Fatalf("%d preflights for the conditional fetches, want one per read at least", n)
	}

	run(t, ctx,
		eval(`window.heard = []; window.es = new EventSource(`+jsString(stream)+`);
		  es.addEventListener("open", () => heard.push("open"));
		  es.addEventListener("error", () => heard.push("error"));
		  for (const kind of ["result", "pairings", "players", "game", "turn", "highlight"]) es.addEventListener(kind, () => heard.push(kind))`),
		waitFor(`heard.includes("open")`),
	)
	fe.keyTable(1, 1, map[string]any{"scores": []int{401, 350}, "division_id": *fe.division, "reason": "slip misread"}, http.StatusOK)
	run(t, ctx, waitFor(`heard.includes("result") && !heard.includes("error")`), eval(`es.close()`))
}
