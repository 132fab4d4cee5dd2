package api

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tourney/service"
)

// submissionEvent is an event of two divisions, two rounds each, whose
// results arrive several ways. A (Ann, Bob, Cat, Dan, Eve, and Fay, who
// withdrew before round 1): keyed games, a tie, a bye each round, a
// forfeit. B ("Lite 2"; Wes, Xia, Yan, Zed, single names): a game recorded at the
// table and ended by the director, a game from a GCG record, keyed
// games. Every player but Fay and Zed has a NASPA member id.
func submissionEvent(t *testing.T) (*event, [2]int64) {
	t.Helper()
	e := newEvent(t, nil, "", map[string]any{"rounds": 2}, "Ann Able", "Bob Brown", "Cat Cole", "Dan Dunn", "Eve Eng", "Fay Ford")
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "Lite 2", "settings": map[string]any{"rounds": 2}}), http.StatusCreated)
	for i, name := range []string{"Wes", "Xia", "Yan", "Zed"} {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": name, "rating": 1500 - 10*i, "division_id": b.ID}), http.StatusCreated)
		e.ids[name] = p.ID
	}
	for i, name := range []string{"Ann Able", "Bob Brown", "Cat Cole", "Dan Dunn", "Eve Eng", "Wes", "Xia", "Yan"} {
		must[service.Player](t, e.patch(e.path(fmt.Sprintf("/players/%d", e.ids[name])), e.Director, map[string]any{"member_id": fmt.Sprintf("AA%06d", i+1), "reason": "NASPA card"}), http.StatusOK)
	}
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"start_date": "2026-11-28", "end_date": "2026-11-29"}), http.StatusOK)
	must[service.Player](t, e.post(e.path(fmt.Sprintf("/players/%d/withdraw", e.ids["Fay Ford"])), e.Director, map[string]any{"unplayed": "none", "reason": "did not come"}), http.StatusOK)
	a := *e.division
	for round := 1; round <= 2; round++ {
		rp := must[service.RoundPairings](t, e.post(e.path(fmt.Sprintf("/rounds/%d/pairings", round)), e.Director, map[string]any{"division_id": a, "system": "koth"}), http.StatusCreated)
		games := 0
		for _, p := range rp.Pairings {
			if p.Bye || len(p.Players) != 2 {
				continue
			}
			games++
			switch {
			case round == 1 && games == 2:
				e.enterAt(round, p, 400, 400) // a tie
			case round == 2 && games == 2:
				forfeit(e, round, p)
			default:
				keyed(e, round, p)
			}
		}
		rp = must[service.RoundPairings](t, e.post(e.path(fmt.Sprintf("/rounds/%d/pairings", round)), e.Director, map[string]any{"division_id": b.ID, "system": "koth"}), http.StatusCreated)
		for i, p := range rp.Pairings {
			switch {
			case round == 1 && i == 0:
				directorEnds(e, round, p)
			case round == 2 && i == 0:
				importedGCG(e, round, p)
			default:
				keyed(e, round, p)
			}
		}
	}
	return e, [2]int64{a, b.ID}
}

// goldenFile compares got with testdata/submission/name (-update
// rewrites it).
func goldenFile(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "submission", name)
	if *updateGolden {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
	}
}

// submission reads one of the submission files as the director.
func submission(t *testing.T, e *event, file string) []byte {
	t.Helper()
	r := e.get(e.path("/"+file), e.Director)
	if r.Status != http.StatusOK {
		t.Fatalf("%s: %d %s", file, r.Status, r.Body)
	}
	if cd := r.Header.Get("Content-Disposition"); cd != fmt.Sprintf(`attachment; filename="%s"`, file) {
		t.Errorf("%s: Content-Disposition %q", file, cd)
	}
	return r.Body
}

var (
	touPlayer = regexp.MustCompile(`^(.{20})((?: [ 120][ 0-9-]{2}[0-9][ +0-9-]{3}[0-9])*)$`)
	touRound  = regexp.MustCompile(` ([ 120])([ 0-9-]{3})([ +0-9-]{4})`)
)

// touGame is one round of a .TOU player line.
type touGame struct {
	mark  string
	score int
	opp   int
	first bool
}

// checkTOU checks a .TOU file line by line against tsh's AUPAIR rules,
// and returns each division's player lines' rounds by number: CRLF line
// ends; "*M" + DD.MM.YYYY + " " + event once, first; per division "*" +
// a name of word characters, then 38 spaces and "0"; per player 20
// characters of name and per round " %1s%3d%4d" ("+" when first); a bye
// or forfeit as the player's own number; each game seen the same from
// both sides (one first, scores and marks that agree).
func checkTOU(t *testing.T, tou []byte, day, event string, rounds int) map[string][][]touGame {
	t.Helper()
	text := string(tou)
	if !strings.HasSuffix(text, "*** END OF FILE ***\r\n") {
		t.Fatalf("no end line:\n%q", text)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n")
	for _, l := range lines {
		if strings.ContainsAny(l, "\r\n") {
			t.Fatalf("a line not ended by CRLF: %q", l)
		}
	}
	if lines[0] != "*M"+day+" "+event {
		t.Errorf("first line %q, want %q", lines[0], "*M"+day+" "+event)
	}
	out := map[string][][]touGame{}
	var div string
	for i := 1; i < len(lines)-1; i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "*M"):
			t.Errorf("line %d: a second *M line %q", i+1, l)
		case strings.HasPrefix(l, "*"):
			div = l[1:]
			if !regexp.MustCompile(`^\w+$`).MatchString(div) || strings.ToUpper(div) != div {
				t.Errorf("line %d: division %q", i+1, l)
			}
			if i+1 >= len(lines) || lines[i+1] != strings.Repeat(" ", 38)+"0" {
				t.Errorf("line %d: no high-word line after %q", i+2, l)
			}
			i++
		default:
			m := touPlayer.FindStringSubmatch(l)
			if m == nil || len(m[2]) != 9*rounds {
				t.Errorf("line %d: not a player line of %d rounds: %q", i+1, rounds, l)
				continue
			}
			var games []touGame
			for _, g := range touRound.FindAllStringSubmatch(m[2], -1) {
				score, _ := strconv.Atoi(strings.TrimSpace(g[2]))
				opp, _ := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(g[3]), "+")))
				games = append(games, touGame{mark: g[1], score: score, opp: opp, first: strings.Contains(g[3], "+")})
			}
			out[div] = append(out[div], games)
		}
	}
	for div, players := range out {
		for n, games := range players {
			for r, g := range games {
				self := n + 1
				if g.opp < 1 || g.opp > len(players) {
					t.Errorf("%s player %d round %d: opponent %d of %d", div, self, r+1, g.opp, len(players))
					continue
				}
				if g.opp == self { // a bye or forfeit: 2001+, 1000 or 0000
					if !(g.mark == "2" && g.score == 1 && g.first || g.mark == "1" && g.score == 0 && !g.first || g.mark == "0" && g.score == 0 && !g.first) {
						t.Errorf("%s player %d round %d: a bye or forfeit as %+v", div, self, r+1, g)
					}
					continue
				}
				o := players[g.opp-1][r]
				want := map[string]string{"2": " ", " ": "2", "1": "1"}[g.mark]
				if o.opp != self || o.mark != want || o.first == g.first && g.first ||
					(g.mark == "2") != (g.score > o.score) || (g.mark == "1") != (g.score == o.score) {
					t.Errorf("%s round %d: player %d %+v, opponent %d %+v", div, r+1, self, g, g.opp, o)
				}
			}
		}
	}
	return out
}

// The .TOU of an event of two divisions, whose results arrived keyed, at
// the table, from a GCG record, as a tie, a bye and a forfeit, and with
// a player who played no game (left out, as tsh leaves them): the golden
// file, each line by AUPAIR's rules, and the numbers tsh gives.
func TestSubmissionTOU(t *testing.T) {
	e, _ := submissionEvent(t)
	tou := submission(t, e, "submission.tou")
	goldenFile(t, "two-divisions.tou", tou)
	got := checkTOU(t, tou, "29.11.2026", "Standings Open", 2)
	if len(got["A"]) != 5 || len(got["LITE2"]) != 4 {
		t.Errorf("players per division %d and %d, want 5 (Fay, withdrawn before round 1, left out) and 4", len(got["A"]), len(got["LITE2"]))
	}
	text := string(tou)
	for _, want := range []string{"Ann Able             ", "Eve Eng              2001  +5", "Wes                  ", " 0000   4\r\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("the .TOU lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Ford") {
		t.Errorf("Fay Ford played no game but is listed:\n%s", text)
	}
}

// The .TOU needs every result in and the event's day.
func TestSubmissionTOURefusals(t *testing.T) {
	e, _ := planEvent(t, map[string]any{"rounds": 2}, map[string]any{"rounds": 2})
	r := e.get(e.path("/submission.tou"), e.Director)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "missing-event-date") {
		t.Errorf("no date: %d %s", r.Status, r.Body)
	}
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"start_date": "2026-05-02"}), http.StatusOK)
	rp := must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": *e.division, "system": "koth"}), http.StatusCreated)
	keyed(e, 1, rp.Pairings[0])
	r = e.get(e.path("/submission.tou"), e.Director)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "results-not-in") {
		t.Errorf("a result missing: %d %s", r.Status, r.Body)
	}
	for _, file := range []string{"submission.tou", "submission.t", "submission-absp.zip"} {
		if r := e.get(e.path("/"+file), ""); r.Status != http.StatusUnauthorized && r.Status != http.StatusForbidden {
			t.Errorf("%s without the director: %d", file, r.Status)
		}
	}
}

// liwords' wtf5 event: its .t files imported, the .TOU's player lines are
// liwords' wtf5-tou.golden's (liwords repeats "*M" per division, tsh does
// not; the .t files say nothing of who went first, so liwords' "+"
// marks, from its own records, are not compared).
func TestSubmissionTOUFromLiwords(t *testing.T) {
	archive, err := os.ReadFile(filepath.Join("testdata", "submission", "wtf5-tsh.golden"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "submission", "wtf5-tou.golden"))
	if err != nil {
		t.Fatal(err)
	}
	c := readTSHConfig(string(archive))
	e := &event{testServer: newTestServer(t), t: t, ids: map[string]int64{}}
	e.tournament = must[service.Tournament](t, e.post("/api/v1/tournaments", e.Director,
		map[string]any{"name": "testTournament", "end_date": "2025-11-30"}), http.StatusCreated).ID
	for _, d := range c.divisions {
		r := e.send(req{method: "POST", path: e.path("/import.t?name=" + d[0]), token: e.Director, body: c.attachments[d[1]],
			header: map[string]string{"Content-Type": "text/plain"}})
		if r.Status != http.StatusCreated && r.Status != http.StatusOK {
			t.Fatalf("import %s: %d %s", d[1], r.Status, r.Body)
		}
	}
	got := string(submission(t, e, "submission.tou"))
	noFirsts := func(s string) string { return strings.ReplaceAll(s, "+", " ") }
	wantLines := strings.Split(string(want), "\r\n")
	var tsh []string
	for i, l := range wantLines {
		if strings.HasPrefix(l, "*M") && i > 0 {
			continue // tsh writes *M once
		}
		tsh = append(tsh, noFirsts(l))
	}
	if noFirsts(got) != strings.Join(tsh, "\r\n") {
		t.Errorf("the .TOU:\n%s\nliwords' lines (once *M, no firsts):\n%s", got, strings.Join(tsh, "\r\n"))
	}
	checkTOU(t, []byte(got), "30.11.2025", "testTournament", 4)
}

// NASPA's archive: the golden file, read by a Go reading of tsh's config
// reader without a complaint, with the event's name and day and the NASPA
// ids; each division's .t re-imported gives the same standings and
// member ids.
func TestSubmissionArchive(t *testing.T) {
	e, divs := submissionEvent(t)
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"settings": map[string]any{
		"naspa_tournament_id": 16972, "naspa_director_id": "aa000123"}}), http.StatusOK)
	archive := submission(t, e, "submission.t")
	goldenFile(t, "two-divisions-archive.t", archive)
	c := readTSHConfig(string(archive))
	if len(c.complaints) > 0 {
		t.Errorf("tsh complains: %q", c.complaints)
	}
	if !strings.HasPrefix(string(archive), "# tsh archive file\n# automatically generated by tourney.\n") {
		t.Errorf("header:\n%s", archive)
	}
	for k, v := range map[string]string{"event_name": "'Standings Open'", "event_date": "'2026-11-29'", "tournament_id": "'16972'", "director_id": "'AA000123'", "max_rounds": "2"} {
		if c.values[k] != v {
			t.Errorf("config %s = %q, want %q", k, c.values[k], v)
		}
	}
	if fmt.Sprint(c.divisions) != "[[A a.t] [Lite_2 lite2.t]]" {
		t.Errorf("divisions %v", c.divisions)
	}
	for i, d := range c.divisions {
		again := &event{testServer: e.testServer, t: t, ids: map[string]int64{}}
		again.tournament = must[service.Tournament](t, e.post("/api/v1/tournaments", e.Director, map[string]any{"name": "Again"}), http.StatusCreated).ID
		imp := decode[service.ImportResult](t, again.send(req{method: "POST", path: again.path("/import.t?name=" + d[0]), token: e.Director,
			body: c.attachments[d[1]], header: map[string]string{"Content-Type": "text/plain"}}))
		want := standingsText(e.standings(fmt.Sprintf("?division=%d", divs[i])))
		if got := standingsText(again.standings(fmt.Sprintf("?division=%d", imp.Division.ID))); got != want {
			t.Errorf("%s re-imported:\n%s\nwant:\n%s", d[1], got, want)
		}
		ids := map[string]string{}
		for _, p := range must[[]service.Player](t, e.get(e.path("/players"), e.Director), http.StatusOK) {
			ids[p.Name] = p.MemberID
		}
		for _, p := range imp.Players {
			if p.MemberID != ids[p.Name] || p.TSHFields["naspa"] != nil {
				t.Errorf("%s re-imported: %s's member id %q (fields %v), want %q", d[1], p.Name, p.MemberID, p.TSHFields, ids[p.Name])
			}
		}
		// and written back without a second naspa field
		if back := again.get(again.path(fmt.Sprintf("/export.t?division=%d", imp.Division.ID)), ""); string(back.Body) != c.attachments[d[1]] {
			t.Errorf("%s exported again:\n%s\nwant:\n%s", d[1], back.Body, c.attachments[d[1]])
		}
	}
}

// standingsText is the standings in words, for comparing two events.
func standingsText(rows []service.StandingRow) string {
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%d %s %.1f-%.1f %+d played %d byes %d forfeits %d\n", r.Rank, r.Name, r.Wins, r.Losses, r.Spread, r.Played, r.Byes, r.Forfeits)
	}
	return b.String()
}

// ABSP's zip: config.tsh for every division, then each division's .t,
// each as its own export.
func TestSubmissionABSPZip(t *testing.T) {
	e, divs := submissionEvent(t)
	data := submission(t, e, "submission-absp.zip")
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, path string }{
		{"config.tsh", "/config.tsh"},
		{"a.t", fmt.Sprintf("/export.t?division=%d", divs[0])},
		{"lite2.t", fmt.Sprintf("/export.t?division=%d", divs[1])},
	}
	if len(z.File) != len(want) {
		t.Fatalf("%d entries, want %d", len(z.File), len(want))
	}
	for i, w := range want {
		f := z.File[i]
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		own := e.get(e.path(w.path), "")
		if f.Name != w.name || !bytes.Equal(got, own.Body) {
			t.Errorf("entry %d %s:\n%s\nwant %s:\n%s", i, f.Name, got, w.name, own.Body)
		}
	}
	if c := readTSHConfig(string(e.get(e.path("/config.tsh"), "").Body)); len(c.complaints) > 0 {
		t.Errorf("tsh complains of config.tsh: %q", c.complaints)
	}
}

// The NASPA settings: a tournament number and a director's member id,
// checked; empty removes them.
func TestNASPASettings(t *testing.T) {
	e := newEvent(t, nil, "", nil)
	for _, tc := range []struct {
		settings map[string]any
		status   int
		code     string
		want     map[string]any
	}{
		{map[string]any{"naspa_tournament_id": "16972", "naspa_director_id": " aa000123 "}, 200, "", map[string]any{"naspa_tournament_id": "16972", "naspa_director_id": "AA000123"}},
		{map[string]any{"naspa_tournament_id": 42}, 200, "", map[string]any{"naspa_tournament_id": "42"}},
		{map[string]any{"naspa_tournament_id": "T-1"}, 400, "bad-naspa-tournament-id", nil},
		{map[string]any{"naspa_tournament_id": -3}, 400, "bad-naspa-tournament-id", nil},
		{map[string]any{"naspa_director_id": "John"}, 400, "bad-naspa-director-id", nil},
		{map[string]any{"naspa_director_id": 123456}, 400, "bad-naspa-director-id", nil},
		{map[string]any{"naspa_tournament_id": "", "naspa_director_id": ""}, 200, "", map[string]any{}},
	} {
		r := e.patch(e.path(""), e.Director, map[string]any{"settings": tc.settings})
		if r.Status != tc.status || tc.code != "" && !strings.Contains(string(r.Body), tc.code) {
			t.Errorf("%v: %d %s, want %d %s", tc.settings, r.Status, r.Body, tc.status, tc.code)
			continue
		}
		if tc.want != nil {
			got := decode[service.Tournament](t, r).Settings
			if fmt.Sprint(map[string]any(got)) != fmt.Sprint(tc.want) {
				t.Errorf("%v: settings %v, want %v", tc.settings, got, tc.want)
			}
		}
	}
}
