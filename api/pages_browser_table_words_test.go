package api

import (
	"context"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// collectText keeps every text the table page shows, from now on: each
// text node outside scripts (hidden ones too: they may show later),
// titles, aria-labels and placeholders, after every change to the page
// (the questions its dialog asks among them).
const collectText = `(() => {
  window.seenText = new Set();
  const grab = () => {
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (n.parentElement && n.parentElement.closest("script, style")) continue;
      const s = n.textContent.trim(); if (s) seenText.add(s);
    }
    document.querySelectorAll("[title], [aria-label], [placeholder]").forEach((e) => ["title", "aria-label", "placeholder"].forEach((a) => { const v = e.getAttribute(a); if (v) seenText.add(v); }));
    seenText.add(document.title);
  };
  new MutationObserver(grab).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  grab();
  return true;
})()`

// wantNoCodes fails for every internal code (internalCodes: read from
// the sources) that the page has shown since collectText.
func wantNoCodes(t *testing.T, ctx context.Context) {
	t.Helper()
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...window.seenText]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 20 {
		t.Fatalf("only %d texts collected", len(seen))
	}
	codes := screenCodes(internalCodes(t))
	for _, c := range codes {
		// A code as a word of its own: not part of a longer hyphenated word.
		re := regexp.MustCompile(`(^|[^a-z-])` + regexp.QuoteMeta(c) + `($|[^a-z-])`)
		for _, s := range seen {
			if re.MatchString(s) {
				t.Errorf("the internal code %s is on the page: %q", c, s)
			}
		}
	}
}

// fullyVisible lists what of an element is out of sight: past the edges
// of the screen, or cut off by a box around it that scrolls or clips.
func fullyVisible(sel string) string {
	return `(() => {
  const e = document.querySelector(` + jsString(sel) + `), out = [];
  if (!e || e.hidden) return [` + jsString(sel) + ` + " is not shown"];
  const r = e.getBoundingClientRect(), name = ` + jsString(sel) + `;
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + .5 || r.right > innerWidth + .5)
    out.push(name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round) + " on a " + innerWidth + "x" + innerHeight + " screen");
  for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const cs = getComputedStyle(a);
    if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
    const b = a.getBoundingClientRect();
    if (r.top < b.top - .5 || r.bottom > b.bottom + .5 || r.left < b.left - .5 || r.right > b.right + .5)
      out.push(name + " is cut off by " + a.tagName + "#" + a.id + "." + a.className);
  }
  return out;
})()`
}

// lastPlayMarked waits until the board marks n tiles as the last play,
// each saying which play it was.
func lastPlayMarked(n int, play string) chromedp.Action[chromedp.Void] {
	return waitFor(fmt.Sprintf(`(() => { const l = document.querySelectorAll("#board .sq.tile.last");
		return l.length === %d && [...l].every((s) => s.getAttribute("aria-label").includes("last play: " + %s)) &&
			document.querySelector("#turns li.last .line").textContent.includes(%s); })()`, n, jsString(play), jsString(play)))
}

// wantTurnLine waits until the page says whose turn it is, counting plays.
func wantTurnLine(want string) chromedp.Action[chromedp.Void] {
	return waitFor(`document.getElementById("turn-line").textContent === ` + jsString(want))
}

// TestBrowserTableWords plays doug_v_emely on the tablet, with on the
// way every kind of message the table can meet: lowercase letters that
// are too many blanks, a claim the board does not give (its breakdown
// beside it, whole on the screen of a landscape and a portrait tablet),
// a hold and a challenge (notes on the play, not turns of their own), a
// move the rules refuse, a play challenged off, a blank, going out, the
// acceptance and the confirmations. No internal code is ever on the
// page; turn numbers count plays; the last play is marked on the board.
func TestBrowserTableWords(t *testing.T) {
	f := challengeGame(t, "single", nil)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx, eval(collectText))

	// Lowercase is a blank: five are too many, and the page says why.
	run(t, ctx,
		setMove("8D windy", ""),
		waitFor(`document.querySelector("#preview .bad") && document.querySelector("#preview .bad").textContent.includes("Lowercase letters mean blanks, and this move has 5 of them. This game has 2 blanks, none on the board yet")`),
		waitFor(`!document.getElementById("blanks").hidden`),
		// A plain move: no blank buttons (they stay while the move is the
		// same but for blanks: it is cleared first).
		setMove("", ""),
		waitFor(`document.getElementById("blanks").hidden`),
		setMove("8D WINDY", "32"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "32 points"`),
		waitFor(`document.getElementById("blanks").hidden`),
		chromedp.Click(chromedp.ID("confirm")),
		recorded(1),
		lastPlayMarked(5, "Ann: 8D WINDY +32"),
		wantTurnLine("Turn 2: Bob to move"),
	)

	// A claim of 14 for GALE (16): the breakdown, cross-words and all, is
	// whole on the screen beside the message, on both tablets.
	for _, sz := range tableSizes[:2] {
		run(t, ctx,
			chromedp.EmulateViewport(sz.w, sz.h, sz.opts...),
			waitFor(fmt.Sprintf(`innerWidth === %d && innerHeight === %d`, sz.w, sz.h)),
			setMove("7C GALE", "14"),
			waitFor(`(document.querySelector("#preview .score") || {}).textContent === "16 points"`),
			chromedp.Click(chromedp.ID("confirm")),
			waitFor(`!document.getElementById("disagree").hidden && document.getElementById("disagree-text").textContent === "You claimed 14; the board gives 16:"`),
			waitFor(`document.querySelectorAll("#disagree-breakdown .wscore").length === 4`),
			waitFor(`document.querySelector("#disagree-breakdown .bd-total").textContent === "Total 16, not 14"`),
		)
		words, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#disagree-breakdown .wscore")].map((e) => e.textContent.trim()).join(" + ")`))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{"GALE", "AW", "LI", "EN"} {
			if !strings.Contains(words, w) {
				t.Errorf("%s: the breakdown beside the disagreement lacks %s: %s", sz.name, w, words)
			}
		}
		for _, sel := range []string{"#disagree", "#disagree-breakdown", "#accept-computed", "#call-director"} {
			problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fullyVisible(sel)))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range problems {
				t.Errorf("%s: %s", sz.name, p)
			}
		}
		tabletShot(t, ctx, fmt.Sprintf("table-disagree-%s-%dx%d", sz.name, sz.w, sz.h))
		run(t, ctx, setMove("", ""))
	}
	run(t, ctx,
		chromedp.EmulateViewport(1024, 768),
		setMove("7C GALE", "14"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "16 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden`),
		chromedp.Click(chromedp.ID("accept-computed")),
		recorded(2),
		lastPlayMarked(4, "Bob: 7C GALE +16"),
		// Ann holds GALE, then challenges it: it stands, no penalty (single
		// rule). Both are notes on play 2, and Ann's play is still turn 3.
		chromedp.Click(chromedp.ID("hold")),
		recorded(3),
		wantTurnLine("Turn 3: Ann to move"),
		waitFor(`document.querySelector('#turns [data-play="2"] .notes').textContent.includes("Ann held it")`),
		tapAnswer("challenge", ""),
		waitFor(`!document.getElementById("verdict").hidden && document.querySelector("#verdict .effect").textContent === "The play stands; no penalty."`),
		recorded(4),
		chromedp.Click(chromedp.ID("verdict-ok")),
		wantTurnLine("Turn 3: Ann to move"),
		waitFor(`document.querySelector('#turns [data-play="2"] .notes').textContent.includes("Ann challenged: ACCEPTABLE (GALE, AW, LI, EN). No penalty.")`),
		waitFor(`document.querySelectorAll("#turns [data-play]").length === 2`),
		lastPlayMarked(4, "Bob: 7C GALE +16"),
		// A move the rules refuse, sent anyway: refused in words.
		setMove("1A AX", ""),
		waitFor(`(document.querySelector("#preview .bad") || {textContent: ""}).textContent.includes("does not touch any tile on the board")`),
		chromedp.Click(chromedp.ID("confirm")),
		askOpen("Enter 1A AX anyway?"),
		answer(""),
		waitFor(`!document.getElementById("refused").hidden && document.getElementById("refused-text").textContent.includes("Not recorded: Turn 3 · Ann: 1A AX. The word does not touch any tile on the board")`),
		chromedp.Click(chromedp.ID("refused-ok")),
		wantTurnLine("Turn 3: Ann to move"),
	)

	n, plays := 4, 2
	for _, tc := range dougVEmely[2:] {
		switch {
		case tc.byDirector:
			// Ann challenges Bob's TIL..: it comes off the board; the last
			// play on the board is Ann's DONATES again.
			n++
			run(t, ctx,
				tapAnswer("challenge", ""),
				waitFor(`!document.getElementById("verdict").hidden && document.querySelector("#verdict .word-judge").textContent === "NOT ACCEPTABLE"`),
				recorded(n),
				chromedp.Click(chromedp.ID("verdict-ok")),
				waitFor(fmt.Sprintf(`document.querySelector('#turns [data-play="%d"] .notes').textContent.includes("The play came off the board")`, plays)),
				lastPlayMarked(7, "Ann: 10B DONATES +82"),
			)
		case tc.move == "K5 RE.IgION":
			// The blank typed as a lowercase letter: the blank buttons show.
			n++
			plays++
			run(t, ctx,
				setMove("K5 RE.IgION", "78"),
				waitFor(`!document.getElementById("blanks").hidden && document.querySelectorAll("#letters .letter.blank").length === 1`),
				waitFor(`(document.querySelector("#preview .score") || {}).textContent === "78 points"`),
				chromedp.Click(chromedp.ID("confirm")),
				recorded(n),
			)
		case tc.move == "F2 VOX":
			// Bob holds JAVE..N, then plays on: that accepts it.
			n += 2
			plays++
			run(t, ctx,
				chromedp.Click(chromedp.ID("hold")),
				recorded(n-1),
				waitFor(`document.getElementById("notice").textContent.includes("Bob holds E3 JAVE..N")`),
				wantTurnLine("Turn 4: Bob to move"),
				playMove(tc.move, tc.score, n),
				waitFor(`document.querySelector('#turns [data-play="3"] .notes').textContent.includes("Bob held it")`),
			)
		default:
			n++
			plays++
			run(t, ctx, playMove(tc.move, tc.score, n))
		}
		run(t, ctx, waitFor(fmt.Sprintf(`document.getElementById("entry").hidden || document.getElementById("turn-line").textContent.startsWith("Turn %d: ")`, plays+1)))
		if tc.move != "" && !tc.byDirector {
			run(t, ctx, waitFor(fmt.Sprintf(`document.querySelector("#turns li.last").dataset.play === "%d"`, plays)))
		}
		if t.Failed() {
			t.Fatalf("at %s", tc.move)
		}
	}

	// Bob went out: Ann accepts (a note on his play), both confirm.
	run(t, ctx,
		waitFor(`document.getElementById("accept-out") !== null`),
		chromedp.Click(chromedp.ID("accept-out")),
		waitFor(`document.getElementById("confirm-1") !== null`),
		waitFor(fmt.Sprintf(`document.querySelector('#turns [data-play="%d"] .notes').textContent.includes("Ann accepted it")`, plays)),
		lastPlayMarked(3, "Bob: 14L .aFS +21"),
		chromedp.Click(chromedp.ID("confirm-1")),
		waitFor(`document.getElementById("confirm-2") !== null && !document.getElementById("confirm-2").disabled`),
		chromedp.Click(chromedp.ID("confirm-2")),
		waitFor(`document.querySelector("#end .all-confirmed") !== null`),
		waitFor(fmt.Sprintf(`document.querySelectorAll("#turns [data-play]").length === %d`, plays)),
	)
	noAlerts(t, ctx)
	if plays != 26 {
		t.Errorf("%d plays, want 26", plays)
	}
	wantNoCodes(t, ctx)
}

// TestBrowserTableIrregularStart: a first play that misses the centre
// star stands under NASPA's rules; the tablet says so in words, with why,
// before and after it is entered, and names the squares as NASPA does.
func TestBrowserTableIrregularStart(t *testing.T) {
	f := newFixture(t)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	const why = "the first word must cover the centre star; it stands, and the director will see it"
	run(t, ctx,
		eval(collectText),
		waitFor(`document.querySelector('#board .sq[data-sq="1A"]').textContent === "TW" && document.querySelector('#board .sq[data-sq="1D"]').textContent === "DL"`),
		setMove("7D WINDY", ""),
		waitFor(`document.getElementById("preview").textContent.includes(`+jsString(why)+`)`),
		chromedp.Click(chromedp.ID("confirm")),
		recorded(1),
		waitFor(`document.getElementById("notice").textContent === "Turn 1 is recorded. Irregular play: `+why+`."`),
		waitFor(`document.querySelector('#turns [data-play="1"] .notes .flag').textContent.includes("the first word must cover the centre star")`),
		lastPlayMarked(5, "Doug: 7D WINDY"),
		// A claim the board does not give, sent to the director.
		setMove("6F AH", "99"),
		waitFor(`document.querySelector("#preview .score") !== null`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden`),
		chromedp.Click(chromedp.ID("call-director")),
		recorded(2),
		waitFor(`document.getElementById("notice").textContent.includes("The claim (99) is not what the board gives")`),
		waitFor(`document.querySelector('#turns [data-play="2"] .notes .flag').textContent.includes("claimed 99")`),
	)
	wantNoCodes(t, ctx)
}

// TestBrowserTableSquareNames: a Word Chums board names its squares as
// Word Chums does (L2, L4, W3), not as NASPA does.
func TestBrowserTableSquareNames(t *testing.T) {
	f := chumsTable(t, false, "Ann", "Bob")
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	labels, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...new Set([...document.querySelectorAll("#board .sq")].map((s) => s.textContent))].sort()`))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(labels, " ")
	for _, want := range []string{"L2", "L3", "L4", "W2", "W3"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s square on the Word Chums board: %s", want, got)
		}
	}
	for _, not := range []string{"DL", "TW", "2L", "3W"} {
		if strings.Contains(got, not) {
			t.Errorf("a %s square on the Word Chums board: %s", not, got)
		}
	}
	// After a move the board is drawn by the script: the same names.
	run(t, ctx, playMove("8H VAT", 16, 1),
		waitFor(`[...document.querySelectorAll("#board .sq")].some((s) => s.textContent === "L4") && ![...document.querySelectorAll("#board .sq")].some((s) => s.textContent === "4L")`))
}
