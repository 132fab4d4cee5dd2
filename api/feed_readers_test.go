package api

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// The feed's readers, read faithfully, run on tsh's feeds and tourney's:
// what they compute must be what the event is.
//
// Woogles (woogles-io/liwords pkg/broadcasts/tsh_parser.go): a
// division's rounds in all are maxr + 1 (more if a player's pairings
// run longer); the round in play is the last with a score among paired
// players, one further when that round is all in and the next is paired
// (detectCurrentRound); a round's games are its pairings by table.
//
// letsplayscrabble (joshcough/letsplayscrabble): a player's name is
// shown "Given Surname" from tsh's "Surname, Given" (formatPlayerName);
// a photo is the feed's URL without "tourney.js" + the player's photo, a
// placeholder for none (getPlayerImageUrl).

// lwTotalRounds is liwords' TotalRounds.
func lwTotalRounds(d lwDivision, ps []lwPlayer) int {
	total := d.MaxR + 1
	for _, p := range ps {
		total = max(total, len(p.Pairings))
	}
	return total
}

// lwCurrentRound is liwords' detectCurrentRound.
func lwCurrentRound(ps []lwPlayer) int {
	last := 0
	for _, p := range ps {
		for r := len(p.Scores) - 1; r >= 0; r-- {
			if r < len(p.Pairings) && p.Pairings[r] != 0 && p.Scores[r] != 0 {
				last = max(last, r+1)
				break
			}
		}
	}
	if last == 0 {
		return 0
	}
	i := last - 1
	byID := map[int]lwPlayer{}
	for _, p := range ps {
		byID[p.ID] = p
	}
	for _, p := range ps {
		if i >= len(p.Pairings) || p.Pairings[i] == 0 || i < len(p.Scores) && p.Scores[i] != 0 {
			continue
		}
		if o, ok := byID[p.Pairings[i]]; ok && i < len(o.Scores) && o.Scores[i] != 0 {
			continue
		}
		return last
	}
	for _, p := range ps {
		if last < len(p.Pairings) && p.Pairings[last] != 0 {
			return last + 1
		}
	}
	return last
}

// lpsName is letsplayscrabble's formatPlayerName.
func lpsName(name string) string {
	if !strings.Contains(name, ",") {
		return name
	}
	parts := strings.Split(name, ",")
	if len(parts) != 2 {
		return name
	}
	last, first := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
	if last == "" || first == "" {
		return name
	}
	return first + " " + last
}

// lpsPhoto is letsplayscrabble's getPlayerImageUrl for a feed read
// elsewhere than scrabbleplayers.org: "" for its placeholder.
func lpsPhoto(feedURL, photo string) string {
	if photo == "" || photo == "undefined" {
		return ""
	}
	return strings.TrimSuffix(feedURL, "/tourney.js") + "/" + photo
}

func TestFeedReadersOnTSH(t *testing.T) {
	for _, tc := range []struct {
		file, division             string
		total, current, games      int
		name, spoken, photo, first string
	}{
		{"2024-spc-a-tourney.js", "1", 31, 31, 22, "Meller, Mack", "Mack Meller", "pix/m/meller_mack_AA003200_5.jpg", "Meller, Mack"},
		{"sample-tourney.js", "A", 12, 0, 9, "Daniel, Robin Pollock", "Robin Pollock Daniel", "pix/d/daniel_robin_pollock_AA000051.jpg", ""},
		{"test22-tourney.js", "B", 22, 11, 6, "Thobani, Shafique", "Shafique Thobani", "pix/t/thobani_shafique_AA009488.jpg", ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text := readTSHFeed(t, tc.file)
			d, ps := lwRead(t, text, tc.division)
			if got := lwTotalRounds(d, ps); got != tc.total {
				t.Errorf("rounds in all %d, want %d", got, tc.total)
			}
			if got := lwCurrentRound(ps); got != tc.current {
				t.Errorf("round in play %d, want %d", got, tc.current)
			}
			if got := len(lwRound(ps, 1)); got != tc.games {
				t.Errorf("round 1: %d games, want %d", got, tc.games)
			}
			feed := lpsRead(t, text)
			for _, dv := range feed["divisions"].([]any) {
				div := dv.(map[string]any)
				if fmt.Sprint(div["name"]) != tc.division {
					continue
				}
				p := div["players"].([]any)[1].(map[string]any)
				if p["name"] != tc.name || lpsName(tc.name) != tc.spoken || p["photo"] != tc.photo {
					t.Errorf("player 1: %v %q photo %v", p["name"], lpsName(tc.name), p["photo"])
				}
				if got := lpsPhoto("https://example.org/t/html/tourney.js", tc.photo); got != "https://example.org/t/html/"+tc.photo {
					t.Errorf("photo URL %q", got)
				}
			}
		})
	}
}

func TestFeedReadersOnTourney(t *testing.T) {
	e := newFeedSideEvent(t)
	// A photo for one player: the overlay finds it where tsh's would be.
	var photographed service.Player
	for _, p := range must[[]service.Player](t, e.get(e.path("/players"), e.Director), http.StatusOK) {
		if strings.HasPrefix(p.Name, "O1 ") {
			photographed = must[service.Player](t, e.send(req{method: "PUT", path: e.path(fmt.Sprintf("/players/%d/photo", p.ID)), token: e.Director,
				body: photoBytes(t, "face.png"), header: map[string]string{"Content-Type": "image/png"}}), http.StatusOK)
		}
	}
	feedURL := fmt.Sprintf("/t/%d/html/tourney.js", e.tournament)
	text := e.get(feedURL, "").Body
	// Open: round 1 of 7 under way (a tablet game in play), round 2's bye
	// and forfeit in; Lite: round 1 of 5 under way.
	for _, tc := range []struct {
		division              string
		total, current, games int
		final                 int
	}{{"Open", 7, 1, 3, 2}, {"Lite", 5, 1, 2, 1}} {
		d, ps := lwRead(t, text, tc.division)
		if got := lwTotalRounds(d, ps); got != tc.total {
			t.Errorf("%s: rounds in all %d, want %d", tc.division, got, tc.total)
		}
		if got := lwCurrentRound(ps); got != tc.current {
			t.Errorf("%s: round in play %d, want %d", tc.division, got, tc.current)
		}
		games := lwRound(ps, 1)
		final := 0
		for _, g := range games {
			if g.Finalized {
				final++
			}
		}
		if len(games) != tc.games || final != tc.final {
			t.Errorf("%s: round 1 %+v: want %d games, %d final", tc.division, games, tc.games, tc.final)
		}
		// Round 2's bye and forfeit are no games (opponent 0), as tsh's.
		if got := lwRound(ps, 2); len(got) != 0 {
			t.Errorf("%s: round 2 games %+v", tc.division, got)
		}
	}
	// Every name reads back as the standings show it; the photo is found.
	shown := map[string]bool{}
	for _, div := range []int64{e.open, e.lite} {
		for _, row := range e.standings(fmt.Sprintf("?division=%d", div)) {
			shown[row.Name] = true
		}
	}
	feed := lpsRead(t, text)
	found := 0
	for _, dv := range feed["divisions"].([]any) {
		div := dv.(map[string]any)
		for _, p := range div["players"].([]any)[1:] {
			p := p.(map[string]any)
			name, photo := p["name"].(string), p["photo"].(string)
			if div["name"] != "Side" && !shown[lpsName(name)] {
				t.Errorf("%s: %q reads as %q, not a name the standings show", div["name"], name, lpsName(name))
			}
			url := lpsPhoto(feedURL, photo)
			if photo != photographed.Photo && url != "" {
				t.Errorf("%s has photo %q", name, photo)
			}
			if url == "" {
				continue
			}
			found++
			if r := e.get(url, ""); r.Status != http.StatusOK || r.Header.Get("Content-Type") != "image/jpeg" {
				t.Errorf("%s's photo at %s: %d", name, url, r.Status)
			}
		}
	}
	if found != 1 || !slices.Contains([]string{"pix/b"}, photographed.Photo[:5]) {
		t.Errorf("photos found %d (O1's %q)", found, photographed.Photo)
	}
}
