package api

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
)

// The page at / lists every tournament with its public pages, each of
// which answers, and the director's sign-in.
func TestHomePage(t *testing.T) {
	e := newPhoneEvent(t)
	other := must[service.Tournament](t, e.post("/api/v1/tournaments", e.Director, map[string]any{"name": "Autumn Cup", "variant": "wordchums", "lexicon": ""}), http.StatusCreated)
	b := newBrowser(t, e.URL)
	r := b.get("/")
	wantPage(t, r, http.StatusOK, "Standings Open", "Autumn Cup", `href="/director"`, "Open", "Lite")
	body := string(r.Body)
	links := regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(body, -1)
	seen := map[string]bool{}
	for _, l := range links {
		seen[strings.ReplaceAll(l[1], "&amp;", "&")] = true
	}
	for _, id := range []int64{e.tournament, other.ID} {
		for _, want := range []string{"/t/%d/standings", "/t/%d/live", "/t/%d/standings?show=prizes", "/t/%d/html/tourney.js", "/api/v1/tournaments/%d/stats"} {
			if p := strings.Replace(want, "%d", itoa(id), 1); !seen[p] {
				t.Errorf("/ has no link to %s", p)
			}
		}
	}
	for _, div := range []int64{e.open, e.lite} {
		if p := "/t/" + itoa(e.tournament) + "/standings?division=" + itoa(div); !seen[p] {
			t.Errorf("/ has no link to %s", p)
		}
	}
	for link := range seen {
		if got := b.get(link); got.Status != http.StatusOK {
			t.Errorf("%s answers %d: %.200s", link, got.Status, got.Body)
		}
	}
	if len(seen) < 16 {
		t.Errorf("only %d links on /: %v", len(seen), seen)
	}
}
