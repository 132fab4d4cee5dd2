package api

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/service"
)

// TestPublicPDFsKeptUntilAChange: every public printout of an event of
// two divisions, for both and for each (?division=), is drawn once and
// then sent as it is to every reader, with an ETag and 304 for a reader
// holding it, until a result comes in, by each way results arrive. Then
// what it changes is drawn again and shows it, while division B's
// printouts keep their ETag; and what the public get is always what the
// director (whose printouts are drawn anew) gets.
func TestPublicPDFsKeptUntilAChange(t *testing.T) {
	for _, way := range []struct {
		name   string
		arrive func(t *testing.T, e *event, p service.PairingView)
	}{
		{"keyed by hand", func(t *testing.T, e *event, p service.PairingView) {
			must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{
				"round": 2, "players": []int64{p.Players[0].ID, p.Players[1].ID}, "scores": []int{433, 377}}), http.StatusCreated)
		}},
		{"forfeit", func(t *testing.T, e *event, p service.PairingView) {
			must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{
				"round": 2, "kind": "forfeit", "players": []int64{p.Players[0].ID, p.Players[1].ID}}), http.StatusCreated)
		}},
		{"tablet turn by turn", func(t *testing.T, e *event, p service.PairingView) {
			table := must[service.IssuedCredential](t, e.post(e.path(fmt.Sprintf("/tables/%d/credentials", p.Table)), e.Director, nil), http.StatusCreated).Token
			for i, tc := range dougVEmely {
				token := table
				if tc.byDirector {
					token = e.Director
				}
				must[service.TurnResult](t, e.post(gpath(*p.GameID, "/turns"), token, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
			}
			res := must[service.TurnResult](t, e.post(gpath(*p.GameID, "/turns"), table, turn{Turn: len(dougVEmely) + 1, Player: 1, Move: "-"}), http.StatusCreated)
			if res.Status != service.StatusFinished {
				t.Fatalf("the game is %s", res.Status)
			}
		}},
		{"ended by the director", func(t *testing.T, e *event, p service.PairingView) {
			for i, tc := range dougVEmely[:4] {
				must[service.TurnResult](t, e.post(gpath(*p.GameID, "/turns"), e.Director, turn{Turn: i + 1, Player: tc.seat, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
			}
			must[service.GameView](t, e.post(gpath(*p.GameID, "/end"), e.Director, map[string]any{"how": "time", "reason": "round over"}), http.StatusOK)
		}},
		{"imported GCG", func(t *testing.T, e *event, p service.PairingView) {
			data, err := os.ReadFile("testdata/gcg/doug_v_emely.gcg")
			if err != nil {
				t.Fatal(err)
			}
			r := e.send(req{method: "POST", path: gpath(*p.GameID, "/import.gcg?players=any"), token: e.Director, body: data,
				header: map[string]string{"Content-Type": "text/plain"}})
			if r.Status != http.StatusOK && r.Status != http.StatusCreated {
				t.Fatalf("import: %d %s", r.Status, r.Body)
			}
		}},
	} {
		t.Run(way.name, func(t *testing.T) {
			e, b := twoDivisionEvent(t)
			a := *e.division
			must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 2}), http.StatusOK)
			round2 := must[service.RoundPairings](t, e.get(e.path(fmt.Sprintf("/rounds/2/pairings?division=%d", a)), ""), http.StatusOK)
			p := round2.Pairings[0]
			if len(p.Players) != 2 || p.GameID == nil {
				t.Fatalf("round 2's first pairing: %+v", p)
			}
			type printed struct {
				path, etag string
				body       []byte
				changes    bool // with a result of division A's round 2 (round 1's pairings do not)
			}
			var all []printed
			for _, q := range []struct {
				query string
				hasA  bool
			}{{"", true}, {fmt.Sprintf("?division=%d", a), true}, {fmt.Sprintf("?division=%d", b), false}} {
				for _, what := range []string{"/standings.pdf", "/crosstable.pdf", "/scorecards.pdf", "/rounds/1/pairings.pdf", "/ratings.pdf", "/stats.pdf"} {
					all = append(all, printed{path: e.path(what + q.query), changes: q.hasA && what != "/rounds/1/pairings.pdf"})
				}
			}
			for i, pr := range all {
				r := e.get(pr.path, "")
				wantPDF(t, r)
				etag := r.Header.Get("ETag")
				if etag == "" || r.Header.Get("Cache-Control") != "no-cache" {
					t.Fatalf("%s: ETag %q, Cache-Control %q", pr.path, etag, r.Header.Get("Cache-Control"))
				}
				drawn := e.Srv.pdfs.drawings()
				again := e.get(pr.path, "")
				if string(again.Body) != string(r.Body) || again.Header.Get("ETag") != etag {
					t.Errorf("%s: asked again, another PDF (ETag %s, then %s)", pr.path, etag, again.Header.Get("ETag"))
				}
				if n := e.Srv.pdfs.drawings(); n != drawn {
					t.Errorf("%s: asked again, drawn again (%d drawings, then %d)", pr.path, drawn, n)
				}
				if r := e.send(req{method: "GET", path: pr.path, header: map[string]string{"If-None-Match": etag}}); r.Status != http.StatusNotModified || len(r.Body) != 0 {
					t.Errorf("%s: with If-None-Match %s: %d, %d bytes; want 304", pr.path, etag, r.Status, len(r.Body))
				}
				all[i].etag, all[i].body = etag, r.Body
			}

			way.arrive(t, e, p)
			for _, pr := range all {
				r := e.get(pr.path, "")
				wantPDF(t, r)
				etag := r.Header.Get("ETag")
				if pr.changes && etag == pr.etag {
					t.Errorf("%s: the same PDF after a result (ETag %s)", pr.path, etag)
				}
				if !pr.changes && etag != pr.etag {
					t.Errorf("%s: ETag %s after a result that does not show on it, want %s", pr.path, etag, pr.etag)
				}
				director := e.get(pr.path, e.Director)
				wantPDF(t, director)
				if d := director.Header.Get("ETag"); d != etag {
					t.Errorf("%s: the public's ETag %s, the director's (drawn now) %s", pr.path, etag, d)
				}
				if pr.changes && strings.Contains(pr.path, "standings") {
					text := pdfText(t, r.Body)
					if pdfText(t, pr.body) == text {
						t.Errorf("%s: the text did not change:\n%s", pr.path, text)
					}
					wantNames(t, "after the result", text, true, p.Players[0].Name, p.Players[1].Name)
				}
			}
		})
	}
}

// TestDirectorsPDFsNotKeptForThePublic: the director's printouts are
// drawn anew each time and, where they are the public's too, kept for
// them; table cards (the tables' codes) and a round's score sheets (the
// games in play) are drawn for their reader alone: the public never get
// the director's.
func TestDirectorsPDFsNotKeptForThePublic(t *testing.T) {
	e, b := twoDivisionEvent(t)
	a := *e.division
	round2 := must[service.RoundPairings](t, e.get(e.path(fmt.Sprintf("/rounds/2/pairings?division=%d", a)), ""), http.StatusOK)
	p := round2.Pairings[0]
	for i, tc := range dougVEmely[:2] { // a game in play, the public's not to see
		must[service.TurnResult](t, e.post(gpath(*p.GameID, "/turns"), e.Director, turn{Turn: i + 1, Player: tc.seat, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	pr := e.Srv.pdfs

	for _, div := range []int64{a, b} {
		path := e.path(fmt.Sprintf("/standings.pdf?division=%d", div))
		drawn := pr.drawings()
		first := e.get(path, e.Director)
		second := e.get(path, e.Director)
		wantPDF(t, first)
		wantPDF(t, second)
		if n := pr.drawings(); n != drawn+2 {
			t.Errorf("division %d: the director's standings twice: %d drawings, want 2", div, n-drawn)
		}
		public := e.get(path, "")
		wantPDF(t, public)
		if n := pr.drawings(); n != drawn+2 {
			t.Errorf("division %d: the public's standings after the director's were drawn again", div)
		}
		if public.Header.Get("ETag") != second.Header.Get("ETag") {
			t.Errorf("division %d: public ETag %s, director's %s", div, public.Header.Get("ETag"), second.Header.Get("ETag"))
		}
	}

	cards := e.path("/rounds/2/tablecards.pdf")
	r := e.get(cards, e.Director)
	wantPDF(t, r)
	if r.Header.Get("Cache-Control") != "no-store" || r.Header.Get("ETag") != "" {
		t.Errorf("table cards: Cache-Control %q, ETag %q; want no-store and none", r.Header.Get("Cache-Control"), r.Header.Get("ETag"))
	}
	drawn := pr.drawings()
	wantPDF(t, e.get(cards, e.Director))
	if pr.drawings() != drawn+1 {
		t.Error("the director's table cards asked again were not drawn again")
	}
	if r := e.get(cards, ""); r.Status == http.StatusOK {
		t.Errorf("the public got table cards: %d", r.Status)
	}

	sheets := e.path(fmt.Sprintf("/rounds/2/scoresheets.pdf?division=%d", a))
	wantPDF(t, e.get(sheets, e.Director))
	dir := pdfText(t, e.get(sheets, e.Director).Body)
	if !strings.Contains(dir, "WINDY") {
		t.Fatalf("the director's score sheets lack the game in play:\n%s", dir)
	}
	if r := e.get(sheets, ""); r.Status == http.StatusOK && strings.Contains(pdfText(t, r.Body), "WINDY") {
		t.Errorf("the public's score sheets show the game in play")
	}
	game := gpath(*p.GameID, "/scoresheet.pdf")
	wantPDF(t, e.get(game, e.Director))
	if r := e.get(game, ""); r.Status == http.StatusOK {
		t.Errorf("the public got the score sheet of a game in play")
	}
}

// TestPDFGate: no more printouts are drawn at once than there are places;
// the staff's are drawn before the public's waiting; a public printout
// past the queue is refused at once with 503 printouts-busy and
// Retry-After, and one that waits too long too; a reader who leaves
// leaves the queue.
func TestPDFGate(t *testing.T) {
	e, b := twoDivisionEvent(t)
	a := *e.division
	pr := e.Srv.pdfs
	pr.limit(1, 1, DefaultPDFCacheBytes, pdfWait)
	hold := pr.gate.tryEnter() // the one place: drawing something else
	if hold == nil || pr.gate.tryEnter() != nil {
		t.Fatal("a gate of one place")
	}

	type answer struct {
		who string
		r   response
	}
	answers := make(chan answer, 4)
	ask := func(who, path, token string) {
		go func() { answers <- answer{who, e.get(path, token)} }()
	}
	waiting := func(n int) {
		t.Helper()
		for range 5000 {
			if _, w, _ := pr.gate.counts(); w == n {
				return
			}
			time.Sleep(time.Millisecond)
		}
		_, w, _ := pr.gate.counts()
		t.Fatalf("%d printouts waiting, want %d", w, n)
	}
	ask("public A", e.path(fmt.Sprintf("/standings.pdf?division=%d", a)), "")
	waiting(1)
	// The queue holds one: a second public printout is refused at once.
	r := e.get(e.path(fmt.Sprintf("/standings.pdf?division=%d", b)), "")
	wantProblem(t, r, http.StatusServiceUnavailable, "printouts-busy")
	if r.Header.Get("Retry-After") == "" {
		t.Error("printouts-busy without Retry-After")
	}
	// Another reader of the same printout waits for the same drawing.
	ask("public A again", e.path(fmt.Sprintf("/standings.pdf?division=%d", a)), "")
	// The director's waits, past the queue, and goes first.
	ask("director", e.path(fmt.Sprintf("/crosstable.pdf?division=%d", b)), e.Director)
	waiting(2)
	hold()
	var order []string
	for range 3 {
		got := <-answers
		wantPDF(t, got.r)
		order = append(order, got.who)
	}
	if order[0] != "director" {
		t.Errorf("answered in the order %q, want the director's first", order)
	}
	idle := func() {
		t.Helper()
		for range 5000 { // the place rests after a drawing
			if drawing, _, _ := pr.gate.counts(); drawing == 0 {
				return
			}
			time.Sleep(time.Millisecond)
		}
		t.Fatal("the place to draw not given back")
	}
	idle()
	if _, w, most := pr.gate.counts(); w != 0 || most != 1 {
		t.Errorf("after: %d waiting, at most %d at once; want 0, 1", w, most)
	}

	// A public reader waits so long at most.
	pr.limit(1, 1, DefaultPDFCacheBytes, 50*time.Millisecond)
	hold = pr.gate.tryEnter()
	if hold == nil {
		t.Fatal("no place free")
	}
	r = e.get(e.path(fmt.Sprintf("/scorecards.pdf?division=%d", b)), "")
	wantProblem(t, r, http.StatusServiceUnavailable, "printouts-busy")
	waiting(0) // it left the queue
	hold()
	pr.limit(1, 1, DefaultPDFCacheBytes, pdfWait)
	wantPDF(t, e.get(e.path(fmt.Sprintf("/scorecards.pdf?division=%d", b)), ""))
}

// TestPDFGateAtMostItsPlaces: with many printouts asked at once, no more
// are drawn at once than the gate's places.
func TestPDFGateAtMostItsPlaces(t *testing.T) {
	for _, places := range []int{1, 2} {
		e, b := twoDivisionEvent(t)
		pr := e.Srv.pdfs
		pr.limit(places, 64, DefaultPDFCacheBytes, pdfWait)
		done := make(chan response)
		var paths []string
		for _, div := range []string{"", fmt.Sprintf("division=%d", *e.division), fmt.Sprintf("division=%d", b)} {
			for _, paper := range []string{"a4", "letter"} {
				for _, what := range []string{"/standings.pdf", "/crosstable.pdf", "/scorecards.pdf"} {
					paths = append(paths, e.path(what+"?paper="+paper+"&"+div))
				}
			}
		}
		for _, path := range paths {
			go func() { done <- e.get(path, "") }()
		}
		for range paths {
			wantPDF(t, <-done)
		}
		if _, _, most := pr.gate.counts(); most > places || most < 1 {
			t.Errorf("%d places: %d drawn at once", places, most)
		}
		if n := pr.drawings(); n != len(paths) {
			t.Errorf("%d places: %d drawings of %d printouts", places, n, len(paths))
		}
	}
}

// TestKeptPDFsBoundedInBytes: past the bytes allowed, the printout read
// least recently goes first.
func TestKeptPDFsBoundedInBytes(t *testing.T) {
	e, b := twoDivisionEvent(t)
	a := *e.division
	first := e.get(e.path(fmt.Sprintf("/standings.pdf?division=%d", a)), "")
	wantPDF(t, first)
	size := int64(len(first.Body))
	pr := e.Srv.pdfs
	pr.limit(1, 8, size*5/2, pdfWait) // room for two
	for _, path := range []string{
		fmt.Sprintf("/standings.pdf?division=%d", a), fmt.Sprintf("/standings.pdf?division=%d", b),
		fmt.Sprintf("/standings.pdf?division=%d", a), // read again: the latest
		fmt.Sprintf("/standings.pdf?division=%d&paper=letter", a),
	} {
		wantPDF(t, e.get(e.path(path), ""))
	}
	if n, count := pr.keptBytes(); n > size*5/2 || count != 2 {
		t.Errorf("%d bytes in %d printouts kept, want 2 within %d", n, count, size*5/2)
	}
	drawn := pr.drawings()
	wantPDF(t, e.get(e.path(fmt.Sprintf("/standings.pdf?division=%d", a)), ""))
	if pr.drawings() != drawn {
		t.Error("the printout read most recently was not kept")
	}
	wantPDF(t, e.get(e.path(fmt.Sprintf("/standings.pdf?division=%d", b)), ""))
	if pr.drawings() != drawn+1 {
		t.Error("the printout read least recently was kept")
	}
}

// TestStalePDFDrawnAgainBehind: a change that tells nobody (a player
// added) shows once the kept printout is older than pdfFresh: it is sent
// once more as it is while it is drawn again behind the others, and the
// new drawing is sent from then on.
func TestStalePDFDrawnAgainBehind(t *testing.T) {
	e, b := twoDivisionEvent(t)
	pr := e.Srv.pdfs
	var mu sync.Mutex
	now := time.Now()
	pr.setClock(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	for _, div := range []int64{*e.division, b} {
		path := e.path(fmt.Sprintf("/standings.pdf?division=%d", div))
		before := e.get(path, "")
		wantPDF(t, before)
		name := fmt.Sprintf("Late Comer %d", div)
		must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": name, "division_id": div}), http.StatusCreated)
		drawn := pr.drawings()
		if r := e.get(path, ""); string(r.Body) != string(before.Body) || pr.drawings() != drawn {
			t.Fatalf("division %d: the kept standings not sent as they are within pdfFresh", div)
		}
		mu.Lock()
		now = now.Add(pdfFresh)
		mu.Unlock()
		if r := e.get(path, ""); string(r.Body) != string(before.Body) {
			t.Errorf("division %d: the stale standings were not sent while drawn again", div)
		}
		// Drawn again when a reader finds a place free (the last drawing's
		// may still rest).
		for i := 0; pr.drawings() == drawn; i++ {
			if i == 2000 {
				t.Fatalf("division %d: the stale standings were not drawn again", div)
			}
			time.Sleep(time.Millisecond)
			e.get(path, "")
		}
		after := e.get(path, "")
		wantPDF(t, after)
		wantNames(t, "after the drawing behind", pdfText(t, after.Body), true, name)
	}
}
