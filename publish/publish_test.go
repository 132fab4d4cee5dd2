package publish

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tourney/api"
	"tourney/reports"
	"tourney/service"
)

var linkAttr = regexp.MustCompile(`(?i)\b(?:href|src)="([^"]*)"`)

// checkLinks follows every link of every page in dir: each is relative
// and names a file that is there.
func checkLinks(t *testing.T, dir string) []string {
	t.Helper()
	var pages []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		pages = append(pages, filepath.ToSlash(rel))
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range linkAttr.FindAllStringSubmatch(string(b), -1) {
			href := m[1]
			switch {
			case href == "", strings.Contains(href, ":"), strings.HasPrefix(href, "/"), strings.HasPrefix(href, "#"):
				t.Errorf("%s: link %q is not a relative file", rel, href)
				continue
			}
			target := path.Join(path.Dir(filepath.ToSlash(rel)), href)
			if strings.HasPrefix(target, "../") {
				t.Errorf("%s: link %q leaves the folder", rel, href)
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(target))); err != nil {
				t.Errorf("%s: link %q: no such file %s", rel, href, target)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPublishFollowsEveryLink(t *testing.T) {
	e := newEvent(t)
	dir := t.TempDir()
	if err := Write(context.Background(), e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	pages := checkLinks(t, dir)
	want := []string{"index.html", "a/standings.html", "a/crosstable.html", "a/round-1.html", "a/round-2.html",
		"b/standings.html", "b/round-2.html", "a/game-r2-t1.html", "stats.html", "prizes.html"}
	for _, w := range want {
		if !contains(pages, w) {
			t.Errorf("no %s among %v", w, pages)
		}
	}
	// B's round 2 is not complete: no replays there; nothing in play shown.
	for _, p := range pages {
		if strings.HasPrefix(p, "b/game-") {
			t.Errorf("%s published while its round is incomplete", p)
		}
	}
	// The tsh feed, as the server serves it, for a web host to serve too.
	if js := read(t, dir, "tourney.js"); !strings.HasPrefix(js, "newt={") || !strings.HasSuffix(strings.TrimSpace(js), ";") {
		t.Errorf("tourney.js is not the tsh feed: %.80q", js)
	}
	if _, err := os.Stat(filepath.Join(dir, "style.css")); err != nil {
		t.Error("no style.css")
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".publish-*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}

	// Names are escaped wherever they appear.
	for _, p := range pages {
		body := read(t, dir, p)
		if strings.Contains(body, "<b>") || strings.Contains(body, "<Open>") {
			t.Errorf("%s: a name is not escaped", p)
		}
		if strings.Contains(body, "RESETS") || strings.Contains(body, "SECRETS") {
			t.Errorf("%s shows a game in play or a rack", p)
		}
	}
	if idx := read(t, dir, "index.html"); !strings.Contains(idx, "Spring &lt;Open&gt; &amp; Co") || !strings.Contains(idx, `href="a/standings.html"`) {
		t.Errorf("index.html lacks the tournament or its links:\n%s", idx)
	}
	if pz := read(t, dir, "prizes.html"); !strings.Contains(pz, "Best &lt;game&gt;") || !strings.Contains(pz, "Ann &lt;b&gt;") || !strings.Contains(pz, "412, round 2") {
		t.Errorf("prizes.html lacks the prizes as GET /prizes gives them:\n%s", pz)
	}
	if st := read(t, dir, "stats.html"); !strings.Contains(st, "Average score per turn") || !strings.Contains(st, "From the 1 game recorded turn by turn") {
		t.Errorf("stats.html lacks the figures GET /stats gives:\n%s", st)
	}
	if idx := read(t, dir, "index.html"); !strings.Contains(idx, "Round 2 in progress: 1 of 2 results in") {
		t.Errorf("index.html does not say B's round 2 is under way:\n%s", idx)
	}
	replay := read(t, dir, "a/game-r2-t1.html")
	for _, w := range []string{"WINDY", "GALE", "JAVE..N", `class="tile"`} {
		if !strings.Contains(replay, w) {
			t.Errorf("the replay lacks %q", w)
		}
	}
	if r2 := read(t, dir, "a/round-2.html"); !strings.Contains(r2, `href="game-r2-t1.html"`) {
		t.Error("round 2 does not link the replay")
	}

	// The standings are the API's, row for row.
	srv := httptest.NewServer(api.New(e.svc, slog.New(slog.NewTextHandler(io.Discard, nil))))
	defer srv.Close()
	for div, file := range map[int64]string{e.divA: "a/standings.html", e.divB: "b/standings.html"} {
		res, err := http.Get(srv.URL + "/api/v1/tournaments/" + strconv.FormatInt(e.id, 10) + "/standings?division=" + strconv.FormatInt(div, 10))
		if err != nil {
			t.Fatal(err)
		}
		var rows []service.StandingRow
		json.NewDecoder(res.Body).Decode(&rows)
		res.Body.Close()
		if len(rows) != 4 {
			t.Fatalf("GET standings: %d rows", len(rows))
		}
		page, at := read(t, dir, file), 0
		for _, r := range rows {
			line := `href="player-` + strconv.FormatInt(r.PlayerID, 10) + `.html"`
			i := strings.Index(page[at:], line)
			if i < 0 {
				t.Fatalf("%s: %s (rank %d) missing or out of order", file, r.Name, r.Rank)
			}
			at += i
			row := page[at:]
			row = html.UnescapeString(row[:strings.Index(row, "</tr>")])
			for _, cell := range []string{reports.Record(r.Wins, r.Losses), reports.Signed(r.Spread)} {
				if !strings.Contains(row, ">"+cell+"<") {
					t.Errorf("%s: %s's row lacks %q: %s", file, r.Name, cell, row)
				}
			}
		}
	}
}

func TestPublishOneTournamentOfSeveral(t *testing.T) {
	e := newEvent(t)
	other, err := e.svc.CreateTournament(context.Background(), director, service.TournamentInput{Name: ptr("Other")})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		only  *int64
		want  []string
		never []string
	}{
		{"all", nil, []string{"spring-open-co/a/standings.html", "other/players/standings.html"}, []string{"a/standings.html"}},
		{"one", &e.id, []string{"a/standings.html"}, []string{"other/players/standings.html"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := Write(context.Background(), e.svc, dir, tc.only); err != nil {
				t.Fatal(err)
			}
			pages := checkLinks(t, dir)
			for _, w := range tc.want {
				if !contains(pages, w) {
					t.Errorf("no %s among %v", w, pages)
				}
			}
			for _, n := range tc.never {
				if contains(pages, n) {
					t.Errorf("%s published", n)
				}
			}
		})
	}
	_ = other
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A replay whose record is set aside afterwards goes from the folder on
// the next write; files the site did not write stay.
func TestPublishRemovesWhatIsNoMore(t *testing.T) {
	e := newEvent(t)
	dir := t.TempDir()
	ctx := context.Background()
	mine := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(mine, []byte("the host's own file"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(ctx, e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	replay := filepath.Join(dir, "a", "game-r2-t1.html")
	if _, err := os.Stat(replay); err != nil {
		t.Fatal("no replay to begin with")
	}
	if _, err := e.svc.VoidRecord(ctx, director, e.game, service.VoidInput{Reason: "wrong record"}); err != nil {
		t.Fatal(err)
	}
	if err := Write(ctx, e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(replay); !os.IsNotExist(err) {
		t.Errorf("the set-aside record's replay is still published (%v)", err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("a file the site did not write was removed: %v", err)
	}
	checkLinks(t, dir)
}
