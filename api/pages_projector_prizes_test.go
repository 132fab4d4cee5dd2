package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// setHallPrizes gives the fixture a prize table: a place, a game prize
// and a prize Doug and Emely share.
func setHallPrizes(t *testing.T, f *fixture) {
	t.Helper()
	table := map[string]any{"prizes": []map[string]any{
		{"type": "rank", "place": 1, "label": "Champion"},
		{"type": "high-win"},
		{"type": "signup", "winners": []int64{f.players[0], f.players[1]}, "label": "Best dressed"},
	}}
	if r := f.putPrizes(f.Director, table); r.Status != http.StatusOK {
		t.Fatalf("put prizes: %d %s", r.Status, r.Body)
	}
}

// The projector's prize screen: in the rotation once the prizes are
// final, not before; ?show=prizes shows it alone, provisional or not.
func TestProjectorPrizeScreen(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.URL)
	base := fmt.Sprintf("/t/%d/standings", f.tournament)
	// No prizes: no screen in the rotation; asked for, it says so.
	if body := string(b.get(base).Body); strings.Contains(body, "hall-prize-screen") {
		t.Errorf("a screen of prizes without prizes:\n%s", body)
	}
	wantPage(t, b.get(base+"?show=prizes"), http.StatusOK, "hall-prize-screen", "No prizes set yet.")

	setHallPrizes(t, f)
	finished := false
	for _, tc := range []struct {
		when, query string
		finish      bool
		want, not   []string
	}{
		{"provisional", "", false, []string{"Standings"}, []string{"hall-prize-screen"}},
		{"provisional, asked", "?show=prizes", false,
			[]string{"hall-prize-screen", "Provisional: results still to come", "Champion", "Best dressed"}, []string{"hall-standings"}},
		{"final", "", true, []string{"hall-standings", "hall-prize-screen", "Prize winners", "Champion", "Doug",
			"451, round 1", "Doug<br>Emely", "shared"}, []string{"Provisional"}},
		{"final, asked", "?show=prizes", true, []string{"hall-prize-screen", "Doug<br>Emely"}, []string{"hall-standings", "Provisional"}},
	} {
		if tc.finish && !finished {
			finishDougVEmely(t, f)
			finished = true
		}
		body := string(wantPageBody(t, b.get(base+tc.query)))
		for _, s := range tc.want {
			if !strings.Contains(body, s) {
				t.Errorf("%s: no %q on the page", tc.when, s)
			}
		}
		for _, s := range tc.not {
			if strings.Contains(body, s) {
				t.Errorf("%s: %q on the page", tc.when, s)
			}
		}
	}
}

func wantPageBody(t *testing.T, r response) []byte {
	t.Helper()
	wantPage(t, r, http.StatusOK)
	return r.Body
}
