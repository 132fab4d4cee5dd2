package api

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// phoneEvent is a two-division event for the public pages at phone
// width: Open (six players, round 1 paired, one result keyed by hand, a
// game in play at a table and a game recorded and ended by the director)
// and Lite (four players, round 1 complete), with prizes set.
type phoneEvent struct {
	*hallEvent
	live, done           int64 // the game in play, the game ended by the director
	liveTable, doneTable int
}

func newPhoneEvent(t *testing.T) *phoneEvent {
	t.Helper()
	e := &phoneEvent{hallEvent: twoDivisions(t, 6, 1, 4)}
	rp := must[service.RoundPairings](t, e.get(e.path(fmt.Sprintf("/rounds/1/pairings?division=%d", e.open)), ""), http.StatusOK)
	game := func(pv service.PairingView) int64 {
		if pv.GameID != nil {
			return *pv.GameID
		}
		return must[service.Game](t, e.post(e.path("/games"), e.Director, map[string]any{"round": 1, "table": pv.Table,
			"players": []int64{pv.Players[0].ID, pv.Players[1].ID}, "division_id": e.open}), http.StatusCreated).ID
	}
	e.live, e.liveTable = game(rp.Pairings[1]), rp.Pairings[1].Table
	e.done, e.doneTable = game(rp.Pairings[2]), rp.Pairings[2].Table
	for _, g := range []int64{e.live, e.done} {
		for _, in := range liveGame {
			must[service.TurnResult](t, e.post(gpath(g, "/turns"), e.Director, in), http.StatusCreated)
		}
	}
	must[service.TurnResult](t, e.post(gpath(e.done, "/turns"), e.Director, turn{Player: 2, Kind: "end", Move: "abandoned"}), http.StatusCreated)
	prizes := map[string]any{"prizes": []map[string]any{
		{"type": "rank", "place": 1, "label": "Champion of the Open division", "division_id": e.open},
		{"type": "rank", "place": 2, "division_id": e.open},
		{"type": "rank", "place": 1, "division_id": e.lite},
		{"type": "high-win", "division_id": e.open},
	}}
	if r := e.send(req{method: "PUT", path: e.path("/prizes"), token: e.Director, body: prizes}); r.Status != http.StatusOK {
		t.Fatalf("put prizes: %d %s", r.Status, r.Body)
	}
	return e
}

// phoneFit checks the page shown at the viewport's width: the document no
// wider than the screen, and every cell that figures (matched by figures,
// at least one shown) inside the screen.
func phoneFit(t *testing.T, name string, width int64, figures string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		t.Helper()
		got, err := chromedp.Evaluate[fitReport](fmt.Sprintf(`(() => {
			const shown = [...document.querySelectorAll(%s)].filter(e => e.getClientRects().length);
			const off = shown.filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth + 0.5; })
				.map(e => e.textContent.trim() + " at " + Math.round(e.getBoundingClientRect().left) + "–" + Math.round(e.getBoundingClientRect().right));
			return {width: document.documentElement.scrollWidth, viewport: innerWidth, shown: shown.length, off: off};
		})()`, jsString(figures)))(ctx, tg)
		if err != nil {
			return err
		}
		if got.Viewport != width || got.Width > width || got.Shown == 0 || len(got.Off) > 0 {
			t.Errorf("%s at %d px (viewport %d): document %d px wide, %d figures (%s) shown, off screen: %q",
				name, width, got.Viewport, got.Width, got.Shown, figures, got.Off)
		}
		return nil
	})
}

type fitReport struct {
	Width, Viewport int64
	Shown           int
	Off             []string
}

// Every public page of the server fits a phone (390x844) with the
// figures a player looks for on screen: scores, W–L, spread.
func TestBrowserPublicPagesPhone(t *testing.T) {
	e := newPhoneEvent(t)
	ctx := newChrome(t)
	base := fmt.Sprintf("%s/t/%d", e.URL, e.tournament)
	cases := []struct {
		name, path, ready, figures string
	}{
		{"home", e.URL + "/", `document.querySelector(".home-list")`, `.home-list h2, .home-links a`},
		{"projector", fmt.Sprintf("%s/standings?division=%d&every=600", base, e.open), `document.querySelector("#projector:not(.paged) .hall-standings td")`, `.hall-standings td.num`},
		{"projector-all", base + "/standings?every=600", `document.querySelector("#projector:not(.paged) .hall-standings td")`, `.hall-standings td.num`},
		{"projector-prizes", base + "/standings?show=prizes&every=600", `document.querySelector("#projector:not(.paged) .hall-prizes td")`, `.hall-prizes td`},
		{"live-boards", base + "/live", `document.querySelectorAll(".live-table").length >= 2`, `.live-score`},
		{"live-table", fmt.Sprintf("%s/live/%d", base, e.liveTable), `document.querySelector(".live-table .live-score")`, `.live-score, .live-last`},
		{"live-table-overlay", fmt.Sprintf("%s/live/%d?overlay=1", base, e.liveTable), `document.querySelector(".live-table .live-score")`, `.live-score, .live-last`},
		{"replay", fmt.Sprintf("%s/games/%d", base, e.done), `document.getElementById("replay-main").dataset.step === "3"`, `.live-score, .replay-steps button`},
	}
	for _, c := range cases {
		run(t, ctx, chromedp.EmulateViewport(390, 844),
			chromedp.Navigate(c.path),
			waitFor(`innerWidth === 390 && `+c.ready),
			shotAt("phone-"+c.name+"-390x844", 390, 844),
			phoneFit(t, c.name, 390, c.figures))
	}
}

// The single-table page fits a phone and a 1920x1080 stream alike, with
// and without ?overlay=1: the whole page on screen (at 1920x1080 no
// scrolling at all), the scores and the last play inside it, and the
// ticker's highlights never over the last play.
func TestBrowserLiveTableScreens(t *testing.T) {
	e := newPhoneEvent(t)
	ctx := newChrome(t)
	for _, sz := range []struct{ w, h int64 }{{1920, 1080}, {390, 844}, {1366, 768}} {
		for _, query := range []string{"", "?overlay=1"} {
			name := fmt.Sprintf("live-table%s-%dx%d", map[string]string{"": "", "?overlay=1": "-overlay"}[query], sz.w, sz.h)
			run(t, ctx, chromedp.EmulateViewport(sz.w, sz.h),
				chromedp.Navigate(fmt.Sprintf("%s/t/%d/live/%d%s", e.URL, e.tournament, e.liveTable, query)),
				waitFor(fmt.Sprintf(`innerWidth === %d && document.querySelector(".live-table .live-score") && !document.getElementById("live-ticker").hidden &&
					document.getElementById("live-ticker").closest(".live-table")`, sz.w)),
				shotAt(name, sz.w, sz.h),
				phoneFit(t, name, sz.w, `.live-score, .live-last, .live-board`))
			clear, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](fmt.Sprintf(`(() => {
				const last = document.querySelector(".live-last").getBoundingClientRect();
				const apart = [...document.querySelectorAll(".live-highlight")].every(h => {
					const r = h.getBoundingClientRect();
					return r.height === 0 || r.bottom <= last.top || r.top >= last.bottom || r.right <= last.left || r.left >= last.right;
				});
				const landscape = innerWidth > innerHeight;
				return [apart, !landscape || document.documentElement.scrollHeight <= %d && last.bottom <= %d,
					document.querySelector(".live-board").getBoundingClientRect().width >= Math.min(innerWidth, innerHeight) * 0.75];
			})()`, sz.h, sz.h)))
			if err != nil {
				t.Fatal(err)
			}
			if !clear[0] || !clear[1] || !clear[2] {
				t.Errorf("%s: highlights clear of the last play %v, one screen %v, board large %v", name, clear[0], clear[1], clear[2])
			}
		}
	}
}

// The live boards colour the premium squares as the variant's board has
// them, by kind and named as its score sheets name them: Word Chums'
// L2, L3, L4, W2, W3; the standard board's DL, TL, DW, TW.
func TestBrowserLivePremiumSquares(t *testing.T) {
	ts := newTestServer(t)
	ctx := newChrome(t)
	for _, c := range []struct {
		variant string
		want    map[string]string // class: label
		counts  map[string]int
	}{
		{"naspa", map[string]string{"dl": "DL", "tl": "TL", "dw": "DW", "tw": "TW"}, map[string]int{"dl": 24, "tl": 12, "dw": 17, "tw": 8}},
		{"wordchums", map[string]string{"dl": "L2", "tl": "L3", "ql": "L4", "dw": "W2", "tw": "W3"}, map[string]int{"ql": 8, "tw": 8}},
	} {
		tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Board " + c.variant, "variant": c.variant, "lexicon": ""}), http.StatusCreated)
		f := &fixture{testServer: ts, tournament: tour.ID}
		f.t = t
		f.addGame(1, 1, f.addPlayer("Ann"), f.addPlayer("Bo"))
		run(t, ctx, chromedp.EmulateViewport(1366, 768),
			chromedp.Navigate(fmt.Sprintf("%s/t/%d/live", ts.URL, tour.ID)),
			waitFor(`document.querySelectorAll(".live-table .live-board .sq").length === 225`),
			shotAt("live-premiums-"+c.variant, 1366, 768))
		for cls, label := range c.want {
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => {
				const sq = [...document.querySelectorAll(".live-board .sq.%s")];
				const plain = getComputedStyle(document.querySelector(".live-board .sq:not([class*=' '])")).backgroundColor;
				return [String(sq.length), String(sq.every(s => s.dataset.label === %q || s.classList.contains("start"))),
					String(sq.every(s => getComputedStyle(s).backgroundColor !== plain))];
			})()`, cls, label)))
			if err != nil {
				t.Fatal(err)
			}
			n, ok := c.counts[cls]
			if got[0] == "0" || ok && got[0] != itoa(int64(n)) || got[1] != "true" || got[2] != "true" {
				t.Errorf("%s: %s squares: %s (want %d), labelled %s %s, coloured %s", c.variant, cls, got[0], n, label, got[1], got[2])
			}
		}
	}
}
