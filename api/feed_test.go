package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"tourney/service"
)

// The readers of tsh's tourney.js, read faithfully in Go, so that the
// feed is checked the way they take it.

// asTSHName is a name as tsh's files hold it: "Surname, Given".
func asTSHName(name string) string { return (&service.Player{Name: name}).TSHName() }

// lpsRead is letsplayscrabble's loadTournamentFile: the text from its
// first "{", evaluated as a JavaScript expression; here the one JSON
// object that starts there (the rest may only be the ";" ending the
// statement), which must have divisions. JavaScript's undefined (tsh's
// players[0], its "profile") is read as JSON's null, as the loader's
// readers take both alike.
func lpsRead(t *testing.T, text []byte) map[string]any {
	t.Helper()
	i := bytes.IndexByte(text, '{')
	if i < 0 {
		t.Fatalf("no object in %q", text)
	}
	text = jsUndefinedAsNull(text)
	dec := json.NewDecoder(bytes.NewReader(text[i:]))
	var data map[string]any
	if err := dec.Decode(&data); err != nil {
		t.Fatalf("the object from the first {: %v", err)
	}
	if rest := strings.TrimSpace(string(text[i+int(dec.InputOffset()):])); rest != ";" {
		t.Fatalf("after the object: %q, want \";\"", rest)
	}
	if data["divisions"] == nil {
		t.Fatalf("no divisions: %s", text)
	}
	return data
}

// The fields liwords' tsh_newt_json parser reads, with its types.
type lwNewt struct {
	Config    json.RawMessage `json:"config"`
	Divisions []lwDivision    `json:"divisions"`
}

type lwDivision struct {
	Name    lwName            `json:"name"`
	MaxR    int               `json:"maxr"`
	Players []json.RawMessage `json:"players"`
}

type lwPlayer struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Rating   int    `json:"rating"`
	Scores   []int  `json:"scores"`
	Pairings []int  `json:"pairings"`
	Etc      struct {
		Board []int `json:"board"`
		P12   []int `json:"p12"`
	} `json:"etc"`
}

// lwName is liwords' flexString: a name written as a string or a number
// (tsh writes a division named 1 as 1).
type lwName string

func (n *lwName) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*n = lwName(s)
		return nil
	}
	var num json.Number
	if err := json.Unmarshal(b, &num); err != nil {
		return err
	}
	*n = lwName(num.String())
	return nil
}

// lwGame is a game of a round as liwords derives it: the starter first,
// final once either score is not 0.
type lwGame struct {
	Table         int
	First, Second string
	Scores        [2]int
	Finalized     bool
}

// lwRead is liwords' extractNewtJSON and ParseDivision: after "newt=",
// trailing blanks and ";" trimmed, undefined as null; players that are
// null or id 0 are skipped.
func lwRead(t *testing.T, text []byte, division string) (lwDivision, []lwPlayer) {
	t.Helper()
	s := string(text)
	if i := strings.Index(s, "newt="); i >= 0 {
		s = strings.TrimRight(s[i+len("newt="):], " \t\r\n;")
	}
	s = strings.ReplaceAll(s, "undefined", "null") // as liwords does, in names too
	var newt lwNewt
	if err := json.Unmarshal([]byte(s), &newt); err != nil {
		t.Fatalf("liwords: %v", err)
	}
	for _, d := range newt.Divisions {
		if string(d.Name) != division {
			continue
		}
		var ps []lwPlayer
		for _, raw := range d.Players {
			if raw == nil || string(raw) == "null" {
				continue
			}
			var p lwPlayer
			if err := json.Unmarshal(raw, &p); err != nil {
				t.Fatalf("liwords player %s: %v", raw, err)
			}
			if p.ID != 0 {
				ps = append(ps, p)
			}
		}
		return d, ps
	}
	t.Fatalf("no division %q", division)
	return lwDivision{}, nil
}

// lwRound is liwords' GetRoundPairings (1-based round).
func lwRound(ps []lwPlayer, round int) []lwGame {
	r := round - 1
	seen := map[int]bool{}
	var out []lwGame
	at := func(xs []int) int {
		if r < len(xs) {
			return xs[r]
		}
		return 0
	}
	for _, p := range ps {
		opp := at(p.Pairings)
		table := at(p.Etc.Board)
		if opp == 0 || table == 0 || seen[table] {
			continue
		}
		seen[table] = true
		i := slices.IndexFunc(ps, func(q lwPlayer) bool { return q.ID == opp })
		if i < 0 {
			continue
		}
		o := ps[i]
		g := lwGame{Table: table, First: p.Name, Second: o.Name, Scores: [2]int{at(p.Scores), at(o.Scores)}}
		g.Finalized = g.Scores[0] != 0 || g.Scores[1] != 0
		if at(p.Etc.P12) == 2 {
			g.First, g.Second, g.Scores = o.Name, p.Name, [2]int{g.Scores[1], g.Scores[0]}
		}
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b lwGame) int { return a.Table - b.Table })
	return out
}

// feedEvent is two divisions: A (Ann, Bob, Cat) paired King of the Hill
// with Cat's bye, results keyed by table; B (Doug, Emely) at table 5,
// Doug v Emely recorded turn by turn.
type feedEvent struct {
	*event
	b     int64  // division B
	game  int64  // Doug v Emely
	table string // table 5's token
}

func newFeedEvent(t *testing.T) *feedEvent {
	e := newEvent(t, nil, "", map[string]any{"rounds": 3}, "Ann", "Bob", "Cat")
	fe := &feedEvent{event: e}
	fe.b = must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B", "settings": map[string]any{"rounds": 3}}), http.StatusCreated).ID
	for _, name := range []string{"Doug", "Emely"} {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": name, "rating": 1500, "division_id": fe.b}), http.StatusCreated)
		e.ids[name] = p.ID
	}
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth", "division_id": *e.division}), http.StatusCreated)
	fe.game = must[service.Game](t, e.post(e.path("/games"), e.Director, map[string]any{"round": 1, "table": 5, "players": []int64{e.ids["Doug"], e.ids["Emely"]}}), http.StatusCreated).ID
	fe.table = must[service.IssuedCredential](t, e.post(e.path("/tables/5/credentials"), e.Director, nil), http.StatusCreated).Token
	return fe
}

// play enters Doug v Emely's turns from..to-1 (0-based) from the table.
func (fe *feedEvent) play(from, to int) {
	f := &fixture{testServer: fe.testServer}
	for i := from; i < to; i++ {
		tc := dougVEmely[i]
		token := fe.table
		if tc.byDirector {
			token = fe.Director
		}
		must[service.TurnResult](fe.t, f.enter(fe.game, token, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
}

// finish plays the rest of the game and Doug accepts Emely's going out.
func (fe *feedEvent) finish(from int) {
	fe.play(from, len(dougVEmely))
	f := &fixture{testServer: fe.testServer}
	must[service.TurnResult](fe.t, f.enter(fe.game, fe.table, turn{Turn: len(dougVEmely) + 1, Player: 1, Move: "-"}), http.StatusCreated)
}

func (fe *feedEvent) feedPath() string { return fe.path("/tourney.js") }

// fetch reads the feed, conditionally when etag is given.
func (fe *feedEvent) fetch(path, etag string) response {
	fe.t.Helper()
	h := map[string]string{}
	if etag != "" {
		h["If-None-Match"] = etag
	}
	return fe.send(req{method: "GET", path: path, header: h})
}

func TestTourneyJSReaders(t *testing.T) {
	fe := newFeedEvent(t)
	fe.play(0, 4) // Doug v Emely under way
	fe.keyTable(1, 1, map[string]any{"scores": []int{400, 350}, "division_id": *fe.division}, http.StatusCreated)

	r := fe.fetch(fe.feedPath(), "")
	if r.Status != http.StatusOK {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	for k, want := range map[string]string{"Content-Type": "application/javascript; charset=utf-8",
		"Access-Control-Allow-Origin": "*", "Cache-Control": "no-cache"} {
		if got := r.Header.Get(k); got != want {
			t.Fatalf("%s: %q, want %q", k, got, want)
		}
	}
	if !bytes.HasPrefix(r.Body, []byte("newt={")) || !bytes.HasSuffix(bytes.TrimSpace(r.Body), []byte("};")) {
		t.Fatalf("not newt={...}; : %.80s ... %q", r.Body, r.Body[max(0, len(r.Body)-20):])
	}
	page := fe.fetch(fmt.Sprintf("/t/%d/html/tourney.js", fe.tournament), "")
	if page.Status != http.StatusOK || !bytes.Equal(page.Body, r.Body) || page.Header.Get("ETag") != r.Header.Get("ETag") {
		t.Fatalf("/t/ route: %d %s, ETag %q vs %q", page.Status, page.Body, page.Header.Get("ETag"), r.Header.Get("ETag"))
	}

	lps := lpsRead(t, r.Body)
	divs := lps["divisions"].([]any)
	if len(divs) != 2 {
		t.Fatalf("divisions %v", divs)
	}
	for _, d := range divs {
		if ps := d.(map[string]any)["players"].([]any); ps[0] != nil {
			t.Fatalf("players[0] = %v, want undefined", ps[0])
		}
	}
	if n := bytes.Count(r.Body, []byte(`"players":[undefined,`)); n != 2 {
		t.Fatalf("players[0] written undefined in %d divisions, want 2 (as tsh writes it)", n)
	}
	if cfg := lps["config"].(map[string]any); cfg["event_name"] != "Standings Open" || cfg["max_rounds"] != float64(3) {
		t.Fatalf("config %v", cfg)
	}

	da, as := lwRead(t, r.Body, "A")
	db, bs := lwRead(t, r.Body, "B")
	// maxr: the last round as configured (3 rounds), not the last paired.
	if da.MaxR != 2 || db.MaxR != 2 || len(as) != 3 || len(bs) != 2 {
		t.Fatalf("A maxr %d players %d, B maxr %d players %d", da.MaxR, len(as), db.MaxR, len(bs))
	}
	// Names as the standings print them, ids the lines pairings name.
	names := map[string]string{}
	for _, div := range []int64{*fe.division, fe.b} {
		for _, row := range fe.standings(fmt.Sprintf("?division=%d", div)) {
			names[row.Name] = row.Name
		}
	}
	for _, p := range append(slices.Clone(as), bs...) {
		if names[p.Name] == "" {
			t.Fatalf("player %q is not in the standings", p.Name)
		}
	}

	cases := []struct {
		name string
		ps   []lwPlayer
		want []lwGame
	}{
		{"A: keyed by table", as, []lwGame{{Table: 1, First: "Ann", Second: "Bob", Scores: [2]int{400, 350}, Finalized: true}}},
		{"B: in progress, no score", bs, []lwGame{{Table: 5, First: "Doug", Second: "Emely"}}},
	}
	for _, tc := range cases {
		if got := lwRound(tc.ps, 1); !slices.Equal(got, tc.want) {
			t.Fatalf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
	// Doug started (seat 1): p12 marks him 1, Emely 2.
	for _, p := range bs {
		want := map[string]int{"Doug": 1, "Emely": 2}[p.Name]
		if !slices.Equal(p.Etc.P12, []int{want}) || len(p.Scores) != 0 || !slices.Equal(p.Etc.Board, []int{5}) {
			t.Fatalf("%s: p12 %v scores %v board %v, want p12 [%d], no score, board [5]", p.Name, p.Etc.P12, p.Scores, p.Etc.Board, want)
		}
	}
	// Cat's bye: opponent 0, its spread as the score.
	cat := as[slices.IndexFunc(as, func(p lwPlayer) bool { return p.Name == "Cat" })]
	if !slices.Equal(cat.Pairings, []int{0}) || len(cat.Scores) != 1 || cat.Scores[0] <= 0 || !slices.Equal(cat.Etc.P12, []int{0}) {
		t.Fatalf("Cat's bye: pairings %v scores %v p12 %v", cat.Pairings, cat.Scores, cat.Etc.P12)
	}

	// Finished: both scores, Doug first.
	fe.finish(4)
	_, bs = lwRead(t, fe.fetch(fe.feedPath(), "").Body, "B")
	if got := lwRound(bs, 1); !slices.Equal(got, []lwGame{{Table: 5, First: "Doug", Second: "Emely", Scores: [2]int{451, 345}, Finalized: true}}) {
		t.Fatalf("B finished: %+v", got)
	}
}

// Conditional GETs: 304 while nothing the feed shows changes (a turn of a
// game in play is not public), 200 with a new ETag once something does.
func TestTourneyJSConditional(t *testing.T) {
	fe := newFeedEvent(t)
	first := fe.fetch(fe.feedPath(), "")
	etag := first.Header.Get("ETag")
	if first.Status != http.StatusOK || etag == "" {
		t.Fatalf("status %d, ETag %q", first.Status, etag)
	}
	steps := []struct {
		name   string
		change func()
		status int
	}{
		{"nothing", func() {}, http.StatusNotModified},
		{"a turn of a game in play", func() { fe.play(0, 3) }, http.StatusNotModified},
		{"a result keyed", func() {
			fe.keyTable(1, 1, map[string]any{"scores": []int{400, 350}, "division_id": *fe.division}, http.StatusCreated)
		}, http.StatusOK},
		{"nothing again", func() {}, http.StatusNotModified},
		{"the game finished", func() { fe.finish(3) }, http.StatusOK},
	}
	for _, st := range steps {
		st.change()
		for _, path := range []string{fe.feedPath(), fmt.Sprintf("/t/%d/html/tourney.js", fe.tournament)} {
			r := fe.fetch(path, etag)
			if r.Status != st.status {
				t.Fatalf("%s, %s: status %d, want %d", st.name, path, r.Status, st.status)
			}
			if r.Header.Get("Access-Control-Allow-Origin") != "*" || r.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("%s: headers %v", st.name, r.Header)
			}
			switch st.status {
			case http.StatusNotModified:
				if len(r.Body) != 0 || r.Header.Get("ETag") != etag {
					t.Fatalf("%s: 304 with body %q, ETag %q", st.name, r.Body, r.Header.Get("ETag"))
				}
			case http.StatusOK:
				if next := r.Header.Get("ETag"); next == etag || next == "" {
					t.Fatalf("%s: ETag %q, want a new one", st.name, next)
				}
			}
		}
		if st.status == http.StatusOK {
			etag = fe.fetch(fe.feedPath(), "").Header.Get("ETag")
		}
	}
	// Many readers at once after a change: one build, one answer.
	fe.keyTable(1, 1, map[string]any{"scores": []int{401, 350}, "division_id": *fe.division, "reason": "slip misread"}, http.StatusOK)
	tags := make(chan string, 8)
	var wg sync.WaitGroup
	for range cap(tags) {
		wg.Go(func() { tags <- fe.fetch(fe.feedPath(), etag).Header.Get("ETag") })
	}
	wg.Wait()
	close(tags)
	var seen []string
	for tag := range tags {
		if !slices.Contains(seen, tag) {
			seen = append(seen, tag)
		}
	}
	if len(seen) != 1 || seen[0] == etag {
		t.Fatalf("concurrent readers got ETags %v (before %s)", seen, etag)
	}
	etag = seen[0]
	// A list of tags, a weak one among them, matches.
	if r := fe.fetch(fe.feedPath(), `"x", W/`+strings.TrimPrefix(etag, "W/")); r.Status != http.StatusNotModified {
		t.Fatalf("If-None-Match list: %d", r.Status)
	}
	wantProblem(t, fe.fetch("/api/v1/tournaments/999999/tourney.js", ""), http.StatusNotFound, "not-found")
}

// A withdrawn player keeps their line, with tsh's "off" and no rank; the
// others' ranks close up over them.
func TestTourneyJSWithdrawn(t *testing.T) {
	fe := newFeedEvent(t)
	fe.keyTable(1, 1, map[string]any{"scores": []int{400, 350}, "division_id": *fe.division}, http.StatusCreated)
	before := fe.fetch(fe.feedPath(), "").Header.Get("ETag")
	must[service.Player](t, fe.post(fe.path(fmt.Sprintf("/players/%d/withdraw", fe.ids["Ann"])), fe.Director, map[string]any{"reason": "taken ill"}), http.StatusOK)
	r := fe.fetch(fe.feedPath(), before)
	if r.Status != http.StatusOK {
		t.Fatalf("after a withdrawal: status %d", r.Status)
	}
	var newt struct {
		Divisions []struct {
			Name    string `json:"name"`
			Players []*struct {
				Name string `json:"name"`
				Etc  struct {
					RRank []int `json:"rrank"`
					Off   []int `json:"off"`
				} `json:"etc"`
			} `json:"players"`
		} `json:"divisions"`
	}
	body := jsUndefinedAsNull(r.Body[bytes.IndexByte(r.Body, '{') : bytes.LastIndexByte(r.Body, '}')+1])
	if err := json.Unmarshal(body, &newt); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range newt.Divisions[0].Players[1:] { // rrank: before round 1 (by rating), after it
		got[p.Name] = fmt.Sprintf("rrank %v off %v", p.Etc.RRank, p.Etc.Off)
	}
	want := map[string]string{"Ann": "rrank [1] off [-50]", "Bob": "rrank [1 2] off []", "Cat": "rrank [2 1] off []"}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %s, want %s", name, got[name], w)
		}
	}
}

// jsUndefinedAsNull reads JavaScript's undefined, outside strings, as
// JSON's null.
func jsUndefinedAsNull(text []byte) []byte {
	out := make([]byte, 0, len(text))
	in := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case in && c == '\\' && i+1 < len(text):
			out = append(out, c, text[i+1])
			i++
			continue
		case c == '"':
			in = !in
		case !in && bytes.HasPrefix(text[i:], []byte("undefined")):
			out = append(out, "null"...)
			i += len("undefined") - 1
			continue
		}
		out = append(out, c)
	}
	return out
}
