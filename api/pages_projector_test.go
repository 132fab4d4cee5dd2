package api

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/reports"
	"tourney/service"
)

// The projector says how far a division is in plain words.
func TestRoundWords(t *testing.T) {
	for _, c := range []struct {
		complete int
		next     *service.RoundProgress
		want     string
	}{
		{0, nil, "Before round 1"},
		{0, &service.RoundProgress{Round: 1, Results: 0, Games: 15}, "Before round 1"},
		{0, &service.RoundProgress{Round: 1, Results: 12, Games: 15}, "Round 1 in progress: 12 of 15 results in"},
		{3, nil, "After round 3"},
		{3, &service.RoundProgress{Round: 4, Results: 0, Games: 15}, "After round 3"},
		{3, &service.RoundProgress{Round: 4, Results: 1, Games: 8}, "Round 4 in progress: 1 of 8 results in"},
		{3, &service.RoundProgress{Round: 4, Results: 14, Games: 15}, "Round 4 in progress: 14 of 15 results in"},
	} {
		if got := roundWords(c.complete, c.next); got != c.want {
			t.Errorf("roundWords(%d, %+v) = %q, want %q", c.complete, c.next, got, c.want)
		}
	}
}

// A pairing on the projector: two players, two teams, a table of three
// or four, a bye, with the result in seat order once in.
func TestPairingOf(t *testing.T) {
	players := func(names ...string) []service.PlayerRef {
		var out []service.PlayerRef
		for i, n := range names {
			out = append(out, service.PlayerRef{ID: int64(i + 1), Name: n})
		}
		return out
	}
	for _, c := range []struct {
		name   string
		pv     service.PairingView
		sides  []string
		joiner string
		result string
	}{
		{"two, not yet", service.PairingView{Table: 3, Players: players("Ann", "Bob")}, []string{"Ann", "Bob"}, "vs", ""},
		{"two, entered in seat order", service.PairingView{Table: 3, Players: players("Ann", "Bob"),
			Result: &service.RoundResult{Kind: service.ResultGame, Players: []int64{1, 2}, Scores: []int{420, 350}}}, []string{"Ann", "Bob"}, "vs", "420–350"},
		{"two, entered the other way round", service.PairingView{Table: 3, Players: players("Ann", "Bob"),
			Result: &service.RoundResult{Kind: service.ResultGame, Players: []int64{2, 1}, Scores: []int{420, 350}}}, []string{"Ann", "Bob"}, "vs", "350–420"},
		{"forfeit", service.PairingView{Table: 3, Players: players("Ann", "Bob"),
			Result: &service.RoundResult{Kind: service.ResultForfeit, Players: []int64{1, 2}, Scores: []int{0, 50}}}, []string{"Ann", "Bob"}, "vs", "forfeit"},
		{"bye", service.PairingView{Players: players("Ann"), Bye: true,
			Result: &service.RoundResult{Kind: service.ResultBye, Players: []int64{1}, Scores: []int{50}}}, []string{"Ann"}, "vs", "bye"},
		{"teams", service.PairingView{Table: 1, Teams: true, Players: players("Ann", "Bob", "Cat", "Dan"),
			Result: &service.RoundResult{Kind: service.ResultGame, Teams: true, Scores: []int{410, 380}}}, []string{"Ann & Cat", "Bob & Dan"}, "vs", "410–380"},
		{"table of three", service.PairingView{Table: 2, Players: players("Ann", "Bob", "Cat"),
			Result: &service.RoundResult{Kind: service.ResultGame, Scores: []int{400, 350, -5}}}, []string{"Ann", "Bob", "Cat"}, "·", "400–350–−5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := pairingOf(c.pv)
			if !slices.Equal(l.Sides, c.sides) || l.Joiner != c.joiner || l.Result != c.result || l.Table != c.pv.Table {
				t.Errorf("got %+v, want sides %q joined by %q, result %q", l, c.sides, c.joiner, c.result)
			}
		})
	}
}

func TestHalvesAndSigned(t *testing.T) {
	for n, want := range map[float64]string{0: "0", 0.5: "½", 1: "1", 2.5: "2½", 10: "10"} {
		if got := reports.Halves(n); got != want {
			t.Errorf("reports.Halves(%v) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{0: "0", 70: "+70", -12: "−12"} {
		if got := reports.Signed(n); got != want {
			t.Errorf("reports.Signed(%d) = %q, want %q", n, got, want)
		}
	}
}

// The projector page of a tournament with two divisions: each with its
// name, how far it is, its standings and its pairings; ?division= shows
// one; a bad ?every= or an unknown division is refused.
func TestProjectorPageDivisions(t *testing.T) {
	e := twoDivisions(t, 8, 2, 4)
	b := newBrowser(t, e.URL)
	base := fmt.Sprintf("/t/%d/standings", e.tournament)
	wantPage(t, b.get(base), http.StatusOK, "Open", "Lite", "Round 1 in progress: 2 of 4 results in", "After round 1",
		"Round 1 pairings", "400–350", `data-every="12"`, "All divisions")
	r := b.get(fmt.Sprintf("%s?division=%d&every=3", base, e.lite))
	wantPage(t, r, http.StatusOK, "After round 1", `data-every="3"`, "L1")
	if body := string(r.Body); strings.Contains(body, "O1 ") || strings.Contains(body, "Round 1 in progress") {
		t.Errorf("?division=%d shows the other division too", e.lite)
	}
	wantPage(t, b.get(base+"?every=0"), http.StatusBadRequest)
	wantPage(t, b.get(base+"?division=999"), http.StatusNotFound)
}

// hallEvent is a tournament with divisions Open (open players, round 1
// paired by KOTH with openResults results in) and Lite (lite players,
// round 1 complete).
type hallEvent struct {
	*event
	open, lite int64
}

func twoDivisions(t *testing.T, open, openResults, lite int) *hallEvent {
	t.Helper()
	e := &hallEvent{event: newEvent(t, nil, "", nil)}
	e.open = must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "Open", "settings": map[string]any{"rounds": 7}}), http.StatusCreated).ID
	e.lite = must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "Lite", "settings": map[string]any{"rounds": 5}}), http.StatusCreated).ID
	add := func(div int64, prefix string, n int) {
		for i := 1; i <= n; i++ {
			must[service.Player](t, e.post(e.path("/players"), e.Director,
				map[string]any{"name": fmt.Sprintf("%s%d %s", prefix, i, surnames[i%len(surnames)]), "rating": 2000 - i, "division_id": div}), http.StatusCreated)
		}
	}
	add(e.open, "O", open)
	add(e.lite, "L", lite)
	enter := func(div int64, games int) {
		rp := must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": div, "system": "koth"}), http.StatusCreated)
		for i, pv := range rp.Pairings[:games] {
			must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{
				"round": 1, "players": []int64{pv.Players[0].ID, pv.Players[1].ID}, "scores": []int{400 + i, 350}}), http.StatusCreated)
		}
	}
	enter(e.open, openResults)
	enter(e.lite, lite/2)
	return e
}

var surnames = []string{"Abernathy-Whitcombe", "Baker", "Castellanos", "Dubois", "Eriksson", "Fitzgerald", "Gonzalez", "Hakimi", "Ivanova", "Jovanovic"}

// The projector's standings: a withdrawn player greyed and marked in
// words; a rank of 0 (none) shown as a dash, any other as given.
func TestProjectorStandingsRows(t *testing.T) {
	h := hallView(service.HallDivision{Division: "A", Standings: []service.StandingRow{
		{Rank: 1, Name: "Ann", Wins: 2},
		{Rank: 0, Name: "Cy", Withdrawn: true, Wins: 1, Losses: 1},
		{Rank: 3, Name: "Di", Withdrawn: true},
	}})
	var b strings.Builder
	p := newPages(nil)
	if err := p.tmpl["standings"].ExecuteTemplate(&b, "standings.html", hallPage{page: page{Title: "Standings"}, Tournament: &service.Tournament{Name: "Open"}, Divisions: []hallDivision{h}}); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		`<tr><td class="num">1</td><td class="who">Ann</td>`,
		`<tr class="withdrawn"><td class="num">–</td><td class="who">Cy <span class="withdrawn-note">(withdrawn)</span></td>`,
		`<tr class="withdrawn"><td class="num">3</td><td class="who">Di <span class="withdrawn-note">(withdrawn)</span></td>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the projector lacks %s:\n%s", want, html)
		}
	}
}
