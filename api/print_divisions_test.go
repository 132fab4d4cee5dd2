package api

import (
	"encoding/csv"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
	"tourney/standings"
)

var updateGolden = flag.Bool("update", false, "rewrite golden files under testdata/")

// twoDivisionEvent is an event of two divisions, A (Ann Able, Bob Brown,
// Cat Cole, Dan Dunn) and B (Wes West, Xia Xu, Yan Yu, Zed Zane): round 1
// paired in both, A's results keyed by hand, B's one game keyed and one
// a forfeit; round 2 paired in A only.
func twoDivisionEvent(t *testing.T) (*event, int64) {
	t.Helper()
	e := newEvent(t, nil, "", map[string]any{"rounds": 3}, "Ann Able", "Bob Brown", "Cat Cole", "Dan Dunn")
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B", "settings": map[string]any{"rounds": 3}}), http.StatusCreated)
	for i, name := range []string{"Wes West", "Xia Xu", "Yan Yu", "Zed Zane"} {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": name, "rating": 1500 - 10*i, "division_id": b.ID}), http.StatusCreated)
		e.ids[name] = p.ID
	}
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": *e.division, "system": "koth"}), http.StatusCreated)
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": b.ID, "system": "koth"}), http.StatusCreated)
	e.game(1, "Ann Able", "Bob Brown", 412, 380)
	e.game(1, "Cat Cole", "Dan Dunn", 450, 300)
	e.game(1, "Wes West", "Xia Xu", 390, 401)
	must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{
		"round": 1, "kind": "forfeit", "players": []int64{e.ids["Zed Zane"], e.ids["Yan Yu"]}}), http.StatusCreated)
	must[service.RoundPairings](t, e.post(e.path("/rounds/2/pairings"), e.Director, map[string]any{"division_id": *e.division, "system": "koth"}), http.StatusCreated)
	return e, b.ID
}

var (
	divisionA = []string{"Ann Able", "Bob Brown", "Cat Cole", "Dan Dunn"}
	divisionB = []string{"Wes West", "Xia Xu", "Yan Yu", "Zed Zane"}
)

// wantNames asserts each name is in text (want) or not (!want).
func wantNames(t *testing.T, what, text string, want bool, names ...string) {
	t.Helper()
	for _, n := range names {
		if strings.Contains(text, n) != want {
			t.Errorf("%s: %q present %v, want %v:\n%s", what, n, !want, want, text)
		}
	}
}

// Every division-scoped printout covers every division without
// ?division= (each division's names, A before B), and exactly the one
// asked for with it.
func TestPrintoutsOfTwoDivisions(t *testing.T) {
	e, b := twoDivisionEvent(t)
	a := *e.division
	for _, tc := range []struct {
		path  string
		token string
		bOnly bool // B has no such printout (round 2 is paired in A only)
	}{
		{"/standings.pdf", "", false},
		{"/crosstable.pdf", "", false},
		{"/scorecards.pdf", "", false},
		{"/rounds/1/pairings.pdf", "", false},
		{"/rounds/1/slips.pdf", "", false},
		{"/rounds/1/blank-scoresheets.pdf", "", false},
		{"/rounds/1/scoresheets.pdf", "director", false},
		{"/rounds/1/tablecards.pdf", "director", false},
		{"/rounds/2/pairings.pdf", "", true},
		{"/rounds/2/scoresheets.pdf", "director", true},
	} {
		t.Run(strings.TrimPrefix(tc.path, "/"), func(t *testing.T) {
			token := ""
			if tc.token != "" {
				token = e.Director
			}
			sep := "?"
			if strings.Contains(tc.path, "?") {
				sep = "&"
			}
			r := e.get(e.path(tc.path), token)
			wantPDF(t, r)
			all := pdfText(t, r.Body)
			wantNames(t, "all divisions", all, true, divisionA...)
			wantNames(t, "all divisions", all, !tc.bOnly, divisionB...)
			if !tc.bOnly {
				if ia, ib := strings.Index(all, "Ann Able"), strings.Index(all, "Wes West"); ia > ib {
					t.Errorf("division B before A:\n%s", all)
				}
			}
			onlyA := e.get(e.path(fmt.Sprintf("%s%sdivision=%d", tc.path, sep, a)), token)
			wantPDF(t, onlyA)
			text := pdfText(t, onlyA.Body)
			wantNames(t, "division A", text, true, divisionA...)
			wantNames(t, "division A", text, false, divisionB...)
			onlyB := e.get(e.path(fmt.Sprintf("%s%sdivision=%d", tc.path, sep, b)), token)
			if tc.bOnly {
				if onlyB.Status != http.StatusNotFound {
					t.Errorf("division B: %d %s, want 404", onlyB.Status, onlyB.Body)
				}
				return
			}
			wantPDF(t, onlyB)
			text = pdfText(t, onlyB.Body)
			wantNames(t, "division B", text, true, divisionB...)
			wantNames(t, "division B", text, false, divisionA...)
			wantProblem(t, e.get(e.path(fmt.Sprintf("%s%sdivision=999", tc.path, sep)), token), http.StatusNotFound, "unknown-division")
		})
	}
}

// The standings CSV of every division has a division column; with
// ?division= it is that division's, as before.
func TestStandingsCSVOfTwoDivisions(t *testing.T) {
	e, b := twoDivisionEvent(t)
	r := e.get(e.path("/standings.csv"), "")
	if r.Status != http.StatusOK || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("standings.csv %d %s: %s", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	recs, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if recs[0][0] != "division" || recs[0][1] != "rank" || recs[0][3] != "name" {
		t.Fatalf("header %q", recs[0])
	}
	var got []string
	for _, rec := range recs[1:] {
		got = append(got, rec[0]+" "+rec[1]+" "+rec[3])
	}
	want := "A 1 Cat Cole|A 2 Ann Able|A 3 Bob Brown|A 4 Dan Dunn|B 1 Yan Yu|B 2 Xia Xu|B 3 Wes West|B 4 Zed Zane"
	if strings.Join(got, "|") != want {
		t.Errorf("rows %q, want %q", strings.Join(got, "|"), want)
	}
	r = e.get(e.path(fmt.Sprintf("/standings.csv?division=%d", b)), "")
	recs, err = csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if err != nil || r.Status != http.StatusOK {
		t.Fatalf("B's csv %d %v", r.Status, err)
	}
	if recs[0][0] != "rank" || len(recs) != 5 || recs[1][2] != "Yan Yu" {
		t.Errorf("B's csv %q", recs)
	}
}

// export.t without a division is tsh's archive of every division, as
// tsh's TSH::Config Render writes it; each section reads back with the
// .t reader as the division's own export.t.
func TestExportTArchive(t *testing.T) {
	e, b := twoDivisionEvent(t)
	r := e.get(e.path("/export.t"), "")
	if r.Status != http.StatusOK {
		t.Fatalf("export.t %d %s", r.Status, r.Body)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="archive.tsh"`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	golden := filepath.Join("testdata", "tsh", "two-divisions-archive.tsh")
	if *updateGolden {
		if err := os.WriteFile(golden, r.Body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(r.Body) != string(want) {
		t.Errorf("archive:\n%s\nwant:\n%s", r.Body, want)
	}
	files, divisions := readTSHArchive(t, string(r.Body))
	if strings.Join(divisions, " ") != "A a.t B b.t" {
		t.Errorf("division lines %q", divisions)
	}
	for name, id := range map[string]int64{"a.t": *e.division, "b.t": b} {
		own := e.get(e.path(fmt.Sprintf("/export.t?division=%d", id)), "")
		if files[name] != string(own.Body) {
			t.Errorf("%s section:\n%s\nthe division's export.t:\n%s", name, files[name], own.Body)
		}
		d, err := standings.ParseT([]byte(files[name]), name, standings.DefaultConfig(standings.RealmNASPA))
		if err != nil {
			t.Fatalf("%s reads back: %v", name, err)
		}
		if d.NumPlayers() != 4 {
			t.Errorf("%s: %d players", name, d.NumPlayers())
		}
	}
	// The event's config.tsh: every division's lines.
	conf := e.get(e.path("/config.tsh"), "")
	if conf.Status != http.StatusOK || !strings.Contains(string(conf.Body), "division A a.t\n") || !strings.Contains(string(conf.Body), "division B b.t\n") ||
		!strings.Contains(string(conf.Body), `#tourney division B {"rounds":3}`) {
		t.Errorf("config.tsh %d:\n%s", conf.Status, conf.Body)
	}
	// One division asked for: its .t file, as before.
	one := e.get(e.path(fmt.Sprintf("/export.t?division=%d", b)), "")
	if cd := one.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="b.t"`) || strings.Contains(string(one.Body), "#begin_file") {
		t.Errorf("B's export.t %q:\n%s", cd, one.Body)
	}
}

// readTSHArchive reads an archive as tsh's TSH::Config Read does: a
// "#begin_file name=F" line starts file F, which runs to the line that
// is the same with "begin" changed to "end"; "division NAME FILE" lines
// name the divisions. It checks the header tsh writes.
func readTSHArchive(t *testing.T, text string) (map[string]string, []string) {
	t.Helper()
	if !strings.HasPrefix(text, "# tsh archive file\n") {
		t.Fatalf("no tsh archive header:\n%s", text)
	}
	files := map[string]string{}
	var divisions []string
	lines := strings.SplitAfter(text, "\n")
	begin := regexp.MustCompile(`^#begin_file\s+name=(\S+)\n$`)
	for i := 0; i < len(lines); i++ {
		if m := begin.FindStringSubmatch(lines[i]); m != nil {
			end := strings.Replace(lines[i], "begin", "end", 1)
			var body strings.Builder
			for i++; i < len(lines) && lines[i] != end; i++ {
				body.WriteString(lines[i])
			}
			if i == len(lines) {
				t.Fatalf("%s has no %q", m[1], end)
			}
			files[m[1]] = body.String()
			continue
		}
		if f := strings.Fields(lines[i]); len(f) == 3 && f[0] == "division" {
			divisions = append(divisions, f[1], f[2])
		}
	}
	return files, divisions
}

// Print jobs of a two-division event: scorecards without a division are
// every division's; a round's score sheets with one, that division's.
func TestPrintJobsOfTwoDivisions(t *testing.T) {
	e, b := twoDivisionEvent(t)
	start := e.path("/print-jobs")
	j := waitJob(t, e, must[printJobDoc](t, e.post(start, e.Director, map[string]any{"kind": "scorecards"}), http.StatusAccepted).ID)
	if j.Status != "done" || j.Done != 8 || j.Total != 8 {
		t.Fatalf("scorecards of both divisions: %+v", j)
	}
	text := pdfText(t, e.get(j.Result, e.Director).Body)
	wantNames(t, "scorecards job", text, true, append(divisionA, divisionB...)...)
	j = waitJob(t, e, must[printJobDoc](t, e.post(start, e.Director, map[string]any{"kind": "scoresheets", "round": 1, "division": b}), http.StatusAccepted).ID)
	if j.Status != "done" {
		t.Fatalf("B's score sheets: %+v", j)
	}
	text = pdfText(t, e.get(j.Result, e.Director).Body)
	wantNames(t, "B's score sheets job", text, true, "Wes West", "Xia Xu")
	wantNames(t, "B's score sheets job", text, false, divisionA...)
}
