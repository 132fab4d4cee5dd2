package api

import (
	"context"
	"encoding/base64"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The first morning at a venue, as a director lives it: the server
// listens on every interface, the director's console is opened on
// localhost (as the no-argument start opens it), the round's table cards
// are printed from the console, and their QR codes, read from the PDF
// drawn as a picture, send tablets to the hall's address, never to
// localhost. A tablet signs in from each card; the cards are printed
// again and the tablets keep working; a result keyed by hand shows on
// the Room, on the game's page and on that table's tablet. Once with the
// laptop's own address on the hall's network, once with serve
// --public-url (a loopback address standing for the hall's name).
func TestBrowserFirstMorning(t *testing.T) {
	for _, tool := range []string{"zbarimg", "pdftoppm", "pdftotext"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing: CI installs zbar-tools and poppler-utils", tool)
			}
			t.Skipf("%s not installed (apt-get install zbar-tools poppler-utils)", tool)
		}
	}
	for _, tc := range []struct {
		name   string
		public bool
	}{{"hall network", false}, {"public URL", true}} {
		t.Run(tc.name, func(t *testing.T) { firstMorning(t, tc.public) })
	}
}

func firstMorning(t *testing.T, public bool) {
	ts := newTestServer(t)
	e := newEvent(t, ts, "", map[string]any{"rounds": 2}, "Ann", "Bob", "Cat", "Dan")
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 1}), http.StatusOK)
	tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK)
	if len(tables) != 2 || tables[0].GameID == nil || tables[1].GameID == nil {
		t.Fatalf("tables %+v", tables)
	}

	// Every interface, as the no-argument start and `serve` listen.
	ln, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	opts := Options{ListenAddr: ln.Addr().String()}
	var base string // where the cards must send tablets
	if public {
		base = "http://127.0.0.9:" + port // the hall's name, served through to this laptop
		opts.PublicURL = base
	} else {
		lan := service.LANAddress()
		if lan == nil {
			t.Skip("this machine is on no network: no LAN address to send tablets to")
		}
		base = "http://" + net.JoinHostPort(lan.String(), port)
	}
	h, err := NewWith(ts.Svc, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	ts.URL = "http://localhost:" + port // the director's browser, on the laptop
	f := &fixture{testServer: ts, tournament: e.tournament}

	shots := func(name string) chromedp.Action[chromedp.Void] {
		if public {
			name += "-public-url"
		}
		return chromedp.Steps(shotAt(name+"-1024x768", 1024, 768), shotAt(name+"-1280x800", 1280, 800))
	}
	director := newChrome(t)
	run(t, director, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", ts.URL, e.tournament)),
		waitFor(`[].some.call(document.querySelectorAll("a"), function (a) { return /\/rounds\/1\/tablecards\.pdf/.test(a.href) && !/table=/.test(a.href); })`),
		waitFor(`document.getElementById("tablet-address").textContent === `+jsString(base+"/table/…")),
		waitFor(`document.getElementById("tablet-warning").hidden`),
		shots("first-morning-rounds"),
	)
	printCards := func() map[int]string {
		t.Helper()
		b64, err := chromedp.Run(director, chromedp.Evaluate[string](`(function () {
			var a = [].find.call(document.querySelectorAll("a"), function (a) { return /\/rounds\/1\/tablecards\.pdf/.test(a.href) && !/table=/.test(a.href); });
			if (!/^http:\/\/localhost:/.test(a.href)) throw new Error("the card link is not the console's own: " + a.href);
			return fetch(a.href).then(function (r) {
				if (!r.ok) throw new Error("cards: " + r.status);
				return r.arrayBuffer();
			}).then(function (b) {
				var s = "", u = new Uint8Array(b);
				for (var i = 0; i < u.length; i++) s += String.fromCharCode(u[i]);
				return btoa(s);
			});
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		pdf, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			t.Fatal(err)
		}
		return readTableCards(t, pdf, base)
	}
	first := printCards()
	if len(first) != 2 {
		t.Fatalf("cards for tables %v, want 1 and 2", first)
	}

	// A tablet at each table opens its card's link, the code in the
	// fragment, on the hall's address.
	tablets := map[int]context.Context{}
	for _, table := range []int{1, 2} {
		ctx := newChrome(t)
		run(t, ctx,
			chromedp.Navigate(first[table]),
			chromedp.WaitVisible(chromedp.ID("move")),
			waitFor(`location.href === `+jsString(fmt.Sprintf("%s/table/%d", base, table))),
			waitFor(`document.getElementById("turn-line").textContent.startsWith("Turn 1:")`),
		)
		tablets[table] = ctx
	}

	// Printed again (a second copy for the wall, a reload): the same codes,
	// and the tablets keep working.
	if again := printCards(); !maps.Equal(again, first) {
		t.Fatalf("the cards printed again carry other links:\n%v\n%v", again, first)
	}
	run(t, tablets[1],
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.ID("move")),
		enterMove("8D WINDY", "32", "32 points"),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`document.querySelector('#totals .total[data-seat="1"] .score').textContent === "32"`),
		waitFor(`document.getElementById("turn-line").textContent.startsWith("Turn 2:")`),
		shots("first-morning-tablet-1"),
	)
	if v := f.view(*tables[0].GameID); len(v.Turns) != 1 {
		t.Fatalf("table 1 after the reprint: %+v", v.Turns)
	}

	// Table 2's slip comes to the director, who keys it by hand. The
	// page starts on table 2: table 1 is being recorded at its tablet.
	run(t, director,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/results", ts.URL, e.tournament)),
		chromedp.WaitVisible(chromedp.ID("key-results")),
		keyRow(2, 380, 402),
		shots("first-morning-results"),
	)
	game2 := *tables[1].GameID
	v := f.view(game2)
	if v.Status != service.StatusFinished {
		t.Fatalf("table 2's game is %q after its result was keyed", v.Status)
	}
	names := make([]string, len(v.Players))
	for i, p := range v.Players {
		names[i] = p.Name
	}
	winner := names[1] + " wins 402–380"

	// The Room says it too, with the result's scores; table 1 still in play.
	row := `document.getElementById("game-` + itoa(game2) + `")`
	run(t, director,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d", ts.URL, e.tournament)),
		waitFor(row+` && `+row+`.querySelector(".st").textContent === "finished, result entered by hand"`),
		waitFor(row+`.querySelector(".scores").textContent === "380 – 402"`),
		waitFor(`document.getElementById("game-`+itoa(*tables[0].GameID)+`").querySelector(".turn").textContent === "2"`),
		shots("first-morning-room"),
		// The game's own page.
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/games/%d", ts.URL, e.tournament, game2)),
		waitFor(`document.body.innerText.includes("finished")`),
		waitFor(`document.body.innerText.includes("402")`),
		waitFor(`document.getElementById("import-card").hidden`), // a game with a result takes no record
		shots("first-morning-game"),
	)
	// The table's tablet, open all along, shows the result and takes no move.
	run(t, tablets[2],
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`!document.getElementById("end").hidden && document.getElementById("end").textContent.includes(`+jsString(winner)+`)`),
		waitFor(`document.getElementById("entry").hidden && document.getElementById("actions").hidden`),
		shots("first-morning-tablet-2"),
	)
	wantProblem(t, f.enter(game2, cardCode(t, first[2]), turn{Turn: 1, Player: 1, Move: "-"}), http.StatusConflict, "game-has-result")
}

// readTableCards draws a table-card PDF as pictures, reads every QR code
// with zbarimg and the text with pdftotext, and returns each table's
// link; every link and every typed address must be on base.
func readTableCards(t *testing.T, pdf []byte, base string) map[int]string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "150", file, filepath.Join(dir, "card")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "card*.png"))
	links := map[int]string{}
	for _, png := range pngs {
		out, err := exec.Command("zbarimg", "--raw", "-q", "-Sdisable", "-Sqrcode.enable", png).Output()
		if err != nil {
			t.Fatalf("zbarimg found no QR code on %s: %v", filepath.Base(png), err)
		}
		for _, link := range strings.Fields(string(out)) {
			var table int
			var code string
			if _, err := fmt.Sscanf(strings.TrimPrefix(link, base), "/table/%d#code=%s", &table, &code); err != nil || !strings.HasPrefix(link, base+"/") {
				t.Fatalf("a card's QR code says %q, want %s/table/N#code=...", link, base)
			}
			if links[table] != "" && links[table] != link {
				t.Fatalf("table %d's card faces differ: %q, %q", table, links[table], link)
			}
			links[table] = link
		}
	}
	text, err := exec.Command("pdftotext", "-layout", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	host := strings.TrimPrefix(base, "http://")
	for table := range links {
		if want := fmt.Sprintf("%s/table/%d", host, table); !strings.Contains(string(text), want) {
			t.Errorf("the card's text does not name %s:\n%s", want, text)
		}
	}
	for _, wrong := range []string{"localhost", "127.0.0.1:"} {
		if strings.Contains(string(text), wrong) && !strings.Contains(base, wrong) {
			t.Errorf("a card names %s:\n%s", wrong, text)
		}
	}
	return links
}

// cardCode is the code in a card link's fragment.
func cardCode(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(u.Fragment, "code=")
}

// shotAt writes the page at width x height as DIR/name.png when
// TOURNEY_SCREENSHOTS=DIR is set.
func shotAt(name string, width, height int64) chromedp.Action[chromedp.Void] {
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if dir == "" {
			return nil
		}
		if _, err := chromedp.EmulateViewport(width, height)(ctx, tg); err != nil {
			return err
		}
		png, err := chromedp.CaptureScreenshot()(ctx, tg)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	})
}
