package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// liveEvent is a two-division event for the live pages, round 1 with a
// table of each way a result arrives: in Open (six players) a game in
// play entered by its tablet turn by turn, a game whose result the
// director keyed by hand (no turns recorded) and a game recorded and
// ended by the director; in Lite (four players) a game in play entered
// by its tablet and one keyed by hand.
type liveEvent struct {
	*hallEvent
	tablet, byHand, ended      int64 // Open's games
	tabletTable, byHandTable   int
	endedTable                 int
	liteTablet, liteByHand     int64
	liteTabletTab, liteHandTab int
	tokens                     map[int]string // each table's tablet
	liteResult                 service.RoundResult
}

// tabletTurn enters a turn as the table's tablet sends it.
func (e *liveEvent) tabletTurn(game int64, table int, in turn) {
	e.t.Helper()
	if e.tokens[table] == "" {
		e.tokens[table] = must[service.IssuedCredential](e.t, e.post(e.path(fmt.Sprintf("/tables/%d/credentials", table)), e.Director, nil), http.StatusCreated).Token
	}
	must[service.TurnResult](e.t, e.post(gpath(game, "/turns"), e.tokens[table], in), http.StatusCreated)
}

func newLiveEvent(t *testing.T, variant string) *liveEvent {
	t.Helper()
	ts := newTestServer(t)
	// No lexicon: the director rules on challenges (Word Chums' ENABLE is
	// not in the test's lexicons).
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Live Open", "variant": variant, "lexicon": ""}), http.StatusCreated)
	e := &liveEvent{hallEvent: &hallEvent{event: &event{testServer: ts, t: t, tournament: tour.ID, ids: map[string]int64{}}}, tokens: map[int]string{}}
	e.open = must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "Open", "settings": map[string]any{"rounds": 7}}), http.StatusCreated).ID
	e.lite = must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "Lite", "settings": map[string]any{"rounds": 5}}), http.StatusCreated).ID
	pair := func(div int64, prefix string, n int) []service.PairingView {
		for i := 1; i <= n; i++ {
			must[service.Player](t, e.post(e.path("/players"), e.Director,
				map[string]any{"name": fmt.Sprintf("%s%d %s", prefix, i, surnames[i%len(surnames)]), "rating": 2000 - i, "division_id": div}), http.StatusCreated)
		}
		return must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": div, "system": "koth"}), http.StatusCreated).Pairings
	}
	game := func(div int64, pv service.PairingView) int64 {
		if pv.GameID != nil {
			return *pv.GameID
		}
		return must[service.Game](t, e.post(e.path("/games"), e.Director, map[string]any{"round": 1, "table": pv.Table,
			"players": []int64{pv.Players[0].ID, pv.Players[1].ID}, "division_id": div}), http.StatusCreated).ID
	}
	byTablet := func(g int64, table int, turns []turn) {
		for _, in := range turns {
			e.tabletTurn(g, table, in)
		}
	}
	// keyed is the director's result typed in, the table's game untouched.
	keyed := func(pv service.PairingView, a, b int) service.RoundResult {
		return must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{
			"round": 1, "players": []int64{pv.Players[0].ID, pv.Players[1].ID}, "scores": []int{a, b}}), http.StatusCreated)
	}
	open, lite := pair(e.open, "O", 6), pair(e.lite, "L", 4)
	e.tablet, e.tabletTable = game(e.open, open[0]), open[0].Table
	e.byHand, e.byHandTable = game(e.open, open[1]), open[1].Table
	e.ended, e.endedTable = game(e.open, open[2]), open[2].Table
	e.liteTablet, e.liteTabletTab = game(e.lite, lite[0]), lite[0].Table
	e.liteByHand, e.liteHandTab = game(e.lite, lite[1]), lite[1].Table
	byTablet(e.tablet, e.tabletTable, liveGame)
	byTablet(e.liteTablet, e.liteTabletTab, liveGame[:1])
	keyed(open[1], 377, 412)
	e.liteResult = keyed(lite[1], 401, 388)
	for _, in := range liveGame {
		must[service.TurnResult](t, e.post(gpath(e.ended, "/turns"), e.Director, in), http.StatusCreated)
	}
	must[service.TurnResult](t, e.post(gpath(e.ended, "/turns"), e.Director, turn{Player: 2, Kind: "end", Move: "abandoned"}), http.StatusCreated)
	return e
}

// screens are the sizes the live pages are looked at on: a phone and a
// 1920x1080 stream, each with and without ?overlay=1.
var liveScreens = []struct {
	w, h  int64
	query string
}{{390, 844, ""}, {390, 844, "?overlay=1"}, {1920, 1080, ""}, {1920, 1080, "?overlay=1"}}

func screenName(page, query string) string {
	if query != "" {
		page += "-overlay"
	}
	return page
}

// fitsScreen is true when the page is no wider than the screen (and at a
// landscape size no taller) and every element matched by sel lies
// wholly on it.
func fitsScreen(sel string) string {
	return fmt.Sprintf(`(() => {
		const se = document.scrollingElement;
		if (se.scrollWidth > innerWidth || innerWidth > innerHeight && se.scrollHeight > innerHeight) return false;
		const shown = [...document.querySelectorAll(%s)];
		return shown.length > 0 && shown.every(e => { const r = e.getBoundingClientRect();
			return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5; });
	})()`, jsString(sel))
}

// A table whose result the director keyed by hand (no turns recorded)
// shows its finals, who won and "result entered by hand", never an empty
// board nor "No play yet": on its own page at a phone and at 1920x1080,
// with and without ?overlay=1, on the live boards (both divisions) and
// on its replay.
func TestBrowserLiveByHand(t *testing.T) {
	e := newLiveEvent(t, "naspa")
	ctx := newChrome(t)
	finals := func(table int, won, lost string, ws, ls int) string {
		sec := fmt.Sprintf(`document.querySelector('.live-table[data-table="%d"]')`, table)
		return fmt.Sprintf(`(() => { const s = %s; if (!s) return false;
			const w = s.querySelector(".live-winner"), l = [...s.querySelectorAll(".live-player:not(.live-winner)")];
			return !s.querySelector(".live-board") && !s.textContent.includes("No play yet") &&
				/result entered by hand/i.test(s.querySelector(".live-by-hand-note").textContent) &&
				w && w.textContent.includes(%q) && w.textContent.includes("won") && w.querySelector(".live-score").textContent === "%d" &&
				l.length === 1 && l[0].textContent.includes(%q) && l[0].querySelector(".live-score").textContent === "%d"; })()`, sec, won, ws, lost, ls)
	}
	for _, sc := range liveScreens {
		name := screenName("live-by-hand", sc.query)
		run(t, ctx, chromedp.EmulateViewport(sc.w, sc.h),
			chromedp.Navigate(fmt.Sprintf("%s/t/%d/live/%d%s", e.URL, e.tournament, e.byHandTable, sc.query)),
			waitFor(fmt.Sprintf(`innerWidth === %d && `, sc.w)+finals(e.byHandTable, "O4 Eriksson", "O3 Dubois", 412, 377)),
			importShot(name, sc.w, sc.h),
			waitFor(fitsScreen(".live-table, .live-score, .live-by-hand-note")))
	}
	for _, sz := range []struct{ w, h int64 }{{1366, 768}, {390, 844}} {
		run(t, ctx, chromedp.EmulateViewport(sz.w, sz.h),
			chromedp.Navigate(fmt.Sprintf("%s/t/%d/live", e.URL, e.tournament)),
			waitFor(`document.querySelectorAll(".live-table").length === 5`),
			waitFor(finals(e.byHandTable, "O4 Eriksson", "O3 Dubois", 412, 377)+" && "+finals(e.liteHandTab, "L3 Dubois", "L4 Eriksson", 401, 388)),
			// The game the director ended keeps its board, and says who won.
			waitFor(fmt.Sprintf(`(() => { const s = document.querySelector('.live-table[data-table="%d"]');
				return s.querySelector(".live-board") && s.querySelector(".live-winner").textContent.includes("O5 Fitzgerald") && !s.querySelector(".live-by-hand-note"); })()`, e.endedTable)),
			// A game in play names no winner.
			waitFor(fmt.Sprintf(`!document.querySelector('.live-table[data-table="%d"] .live-winner')`, e.tabletTable)),
			waitFor(`document.scrollingElement.scrollWidth <= innerWidth`),
			importShot("live-boards-by-hand", sz.w, sz.h))
	}
	// Amended to a tie while the boards are shown: both say "tie", no one won.
	amend := map[string]any{"players": e.liteResult.Players, "scores": []int{395, 395}, "reason": "misread the card"}
	must[service.RoundResult](t, e.patch(e.path(fmt.Sprintf("/results/%d", e.liteResult.ID)), e.Director, amend), http.StatusOK)
	run(t, ctx, waitFor(fmt.Sprintf(`(() => { const s = document.querySelector('.live-table[data-table="%d"]');
		return [...s.querySelectorAll(".live-player")].every(p => p.querySelector(".live-tie") && p.querySelector(".live-score").textContent === "395") &&
			!s.querySelector(".live-winner") && /result entered by hand/i.test(s.textContent); })()`, e.liteHandTab)))
	run(t, ctx, chromedp.EmulateViewport(1024, 900),
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/games/%d", e.URL, e.tournament, e.byHand)),
		waitFor(finals(e.byHandTable, "O4 Eriksson", "O3 Dubois", 412, 377)+` && !document.querySelector(".live-legend")`),
		importShot("live-replay-by-hand", 1024, 900),
		// The replay of the game ended by the director: its board, the
		// legend of its squares, who won.
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/games/%d", e.URL, e.tournament, e.ended)),
		waitFor(`document.getElementById("replay-main").dataset.step === "3" && document.querySelectorAll(".live-legend-item").length === 5 &&
			document.querySelector(".live-winner").textContent.includes("O5 Fitzgerald")`),
		importShot("live-replay-ended", 1024, 900))
}

// captionClear is true when the last play's caption lies clear of every
// highlight box (and at least one highlight is shown).
const captionClear = `(() => {
	const last = document.querySelector(".live-last").getBoundingClientRect();
	const boxes = [...document.querySelectorAll(".live-highlight")].map(h => h.getBoundingClientRect()).filter(r => r.height > 0);
	return boxes.length > 0 && last.height > 0 && boxes.every(r => r.bottom <= last.top || r.top >= last.bottom || r.right <= last.left || r.left >= last.right);
})()`

// The single-table page fits a phone and a 1920x1080 stream alike, with
// and without ?overlay=1, for a table of each division entered by its
// tablet: nothing wider than the screen, the whole board on it, and the
// last play's caption clear of the highlights, those read at the start
// and one that arrives while the page is shown.
func TestBrowserLiveTableFits(t *testing.T) {
	e := newLiveEvent(t, "naspa")
	ctx := newChrome(t)
	for _, sc := range liveScreens {
		name := screenName("live-table", sc.query)
		run(t, ctx, chromedp.EmulateViewport(sc.w, sc.h),
			chromedp.Navigate(fmt.Sprintf("%s/t/%d/live/%d%s", e.URL, e.tournament, e.tabletTable, sc.query)),
			waitFor(fmt.Sprintf(`innerWidth === %d && document.querySelector(".live-table .live-last") &&
				document.querySelector(".live-last").textContent.includes("WEARINGS at D8") && document.querySelectorAll(".live-highlight").length === 2`, sc.w)),
			importShot(name, sc.w, sc.h),
			waitFor(fitsScreen(".live-board, .live-last, .live-score")),
			waitFor(captionClear),
			waitFor(`!document.querySelector(".live-legend")`))
	}
	// Lite's table, its tablet playing a bingo while the page is shown:
	// the highlight arrives, and still covers nothing.
	turns := []turn{{Turn: 2, Player: 2, Rack: "AEGINRS", Move: "D8 .EARINGS"}, {Turn: 3, Player: 1, Rack: "AEEILST", Move: "-AEE"}}
	for i, sc := range liveScreens {
		name := screenName("live-table-lite", sc.query)
		run(t, ctx, chromedp.EmulateViewport(sc.w, sc.h),
			chromedp.Navigate(fmt.Sprintf("%s/t/%d/live/%d%s", e.URL, e.tournament, e.liteTabletTab, sc.query)),
			waitFor(fmt.Sprintf(`innerWidth === %d && document.querySelector(".live-table .live-last") && document.querySelectorAll(".live-highlight").length >= 2`, sc.w)))
		if i < len(turns) {
			e.tabletTurn(e.liteTablet, e.liteTabletTab, turns[i])
		}
		run(t, ctx,
			waitFor(`document.querySelectorAll(".live-highlight").length === 3 && document.querySelector(".live-highlight").textContent.includes("L2 Castellanos") &&
				document.querySelector(".live-last").textContent.includes(`+fmt.Sprintf("%q", []string{"WEARINGS at D8", "Exchanged 3 tiles", "Exchanged 3 tiles", "Exchanged 3 tiles"}[i])+`)`),
			importShot(name, sc.w, sc.h),
			waitFor(fitsScreen(".live-board, .live-last, .live-score")),
			waitFor(captionClear))
	}
}

// The live boards colour the premium squares as the tournament's
// variant's board has them, each named on it, in its title and in the
// legend in words: the standard board's DL, TL, DW, TW and Word Chums'
// L2, L3, L4, W2, W3 (on squares its board has them and the standard
// board has not), on every table of both divisions.
func TestBrowserLivePremiumLegend(t *testing.T) {
	ctx := newChrome(t)
	type square struct{ at, kind, label string }
	for _, c := range []struct {
		variant string
		squares []square // row*15+col of the square, its kind, its name
		legend  []string
	}{
		{"naspa", []square{{"0", "tw", "TW"}, {"3", "dl", "DL"}, {"20", "tl", "TL"}, {"16", "dw", "DW"}, {"34", "", ""}, {"224", "tw", "TW"}},
			[]string{"DL double letter", "TL triple letter", "DW double word", "TW triple word", "★ double word, start"}},
		{"wordchums", []square{{"0", "tw", "W3"}, {"3", "dl", "L2"}, {"20", "tl", "L3"}, {"16", "dw", "W2"}, {"34", "ql", "L4"}},
			[]string{"L2 double letter", "L3 triple letter", "L4 quadruple letter", "W2 double word", "W3 triple word", "★ double word, start"}},
	} {
		e := newLiveEvent(t, c.variant)
		run(t, ctx, chromedp.EmulateViewport(1366, 768),
			chromedp.Navigate(fmt.Sprintf("%s/t/%d/live", e.URL, e.tournament)),
			waitFor(`document.querySelectorAll(".live-table").length === 5 && document.querySelectorAll(".live-table .live-board").length === 3 &&
				document.querySelector(".live-legend").getClientRects().length === 1`),
			importShot("live-premiums-"+c.variant, 1366, 768))
		for _, sq := range c.squares {
			// On every board, an empty square by its kind, name and title.
			run(t, ctx, waitFor(fmt.Sprintf(`[...document.querySelectorAll(".live-table[data-table='%d'] .live-board, .live-table[data-table='%d'] .live-board")].every(b => {
				const s = b.querySelectorAll(".sq")[%s];
				return s.className === ("sq " + %q).trim() && (s.dataset.label || "") === %q && (%q === "" || s.title.startsWith(%q + ": "));
			})`, e.tabletTable, e.liteTabletTab, sq.at, sq.kind, sq.label, sq.kind, sq.label)))
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(".live-legend-item")].map(li => li.querySelector(".sq").dataset.label + " " + li.textContent.trim())`))
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.legend) {
			t.Errorf("%s: legend %q, want %q", c.variant, got, c.legend)
		}
		// Each kind its own colour, none the plain square's, in the legend
		// as on the board.
		distinct, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
			const bg = s => getComputedStyle(s).backgroundColor;
			const plain = bg(document.querySelector(".live-board .sq:not([class*=' '])"));
			const seen = new Set([plain]);
			return [...document.querySelectorAll(".live-legend-item")].every(li => {
				const kind = li.dataset.kind, c = bg(li.querySelector(".sq"));
				const onBoard = [...document.querySelectorAll(".live-board .sq")].filter(s => s.className === "sq " + kind);
				const fresh = !seen.has(c) || kind.endsWith("start");
				seen.add(c);
				// (The start square is under the first play on every board.)
				return fresh && (onBoard.length > 0 || kind.endsWith("start")) && onBoard.every(s => bg(s) === c);
			});
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if !distinct {
			t.Errorf("%s: premium squares are not each coloured their own way, on the board as in the legend", c.variant)
		}
	}
}
