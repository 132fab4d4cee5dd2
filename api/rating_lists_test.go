package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
)

// ratingListText is a rating list of testdata/ratinglists.
func ratingListText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "ratinglists", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRatingLists: two lists in tsh's format (nsa: tsh's default columns,
// member ids after the name; csw: columns named by a first line, with a
// naspa column), one named by each of two divisions. A player entered by
// name or by member id alone takes their division's list's rating (when
// given none), member id and career games; the estimates use the career
// games (a player under 50 at NASPA's higher multiplier).
func TestRatingLists(t *testing.T) {
	e := newEvent(t, nil, "naspa", nil)
	for _, l := range []struct {
		name, file string
		entries    int
	}{{"nsa", "nsa.txt", 5}, {"csw", "csw.txt", 3}} {
		got := must[service.RatingList](t, e.post("/api/v1/ratings-lists", e.Director, map[string]any{"name": l.name, "text": ratingListText(t, l.file)}), http.StatusCreated)
		if got.Name != l.name || got.Entries != l.entries || got.ID == 0 || got.CreatedAt.IsZero() {
			t.Errorf("%s: %+v", l.name, got)
		}
	}
	wantProblem(t, e.post("/api/v1/ratings-lists", e.Director, map[string]any{"name": "nsa", "text": "A\t1500"}), http.StatusConflict, "rating-list-exists")
	wantProblem(t, e.post("/api/v1/ratings-lists", "", map[string]any{"name": "x", "text": "A\t1500"}), http.StatusUnauthorized, "credentials-required")
	wantProblem(t, e.get("/api/v1/ratings-lists", ""), http.StatusUnauthorized, "credentials-required")
	var listed []string
	for _, l := range must[[]service.RatingList](t, e.get("/api/v1/ratings-lists", e.Director), http.StatusOK) {
		listed = append(listed, fmt.Sprintf("%s %d", l.Name, l.Entries))
	}
	if strings.Join(listed, ", ") != "csw 3, nsa 5" {
		t.Errorf("lists: %v", listed)
	}

	wantProblem(t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "X", "settings": map[string]any{"rating_list": "absp"}}),
		http.StatusBadRequest, "unknown-rating-list")
	divs := map[string]int64{}
	for _, d := range []struct{ name, list, system string }{{"Open", "nsa", "nsa2008"}, {"Lite", "csw", "naspa2024"}} {
		divs[d.name] = must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": d.name,
			"settings": map[string]any{"rounds": 3, "rating_list": d.list, "ratings": d.system}}), http.StatusCreated).ID
	}
	wantProblem(t, e.patch(e.path(fmt.Sprintf("/divisions/%d", divs["Lite"])), e.Director, map[string]any{"settings": map[string]any{"rating_list": "nope"}, "reason": "x"}),
		http.StatusBadRequest, "unknown-rating-list")

	for _, tc := range []struct {
		div     string
		in      map[string]any
		name    string
		rating  int
		member  string
		career  int
		comment string
	}{
		{"Open", map[string]any{"name": "Mack Meller"}, "Mack Meller", 2077, "AA003200", 1273, "by name, given name first; the id after the list's name"},
		{"Open", map[string]any{"name": "Richards, Nigel", "rating": 2100}, "Nigel Richards", 2100, "", 4000, "(GM) dropped; the rating given kept"},
		{"Open", map[string]any{"name": "Nora Newell"}, "Nora Newell", 1500, "", 10, "under 50 career games"},
		{"Open", map[string]any{"name": "Olive Oldham"}, "Olive Oldham", 1500, "", 1000, ""},
		{"Open", map[string]any{"name": "Una Known", "rating": 1700}, "Una Known", 1700, "", 0, "not on the list"},
		{"Lite", map[string]any{"member_id": "AA000777"}, "Orry Swift", 2062, "AA000777", 1940, "by member id alone"},
		{"Lite", map[string]any{"name": "Mack Meller"}, "Mack Meller", 2105, "AA003200", 900, "the other division's list"},
		{"Lite", map[string]any{"name": "NORA NEWELL", "career_games": 5}, "NORA NEWELL", 1600, "AA000123", 5, "career games given kept"},
	} {
		tc.in["division_id"] = divs[tc.div]
		p := must[service.Player](t, e.post(e.path("/players"), e.Director, tc.in), http.StatusCreated)
		if p.Name != tc.name || p.Rating != tc.rating || p.MemberID != tc.member || p.CareerGames != tc.career {
			t.Errorf("%s %v (%s): %q rating %d member %q career %d, want %q %d %q %d", tc.div, tc.in, tc.comment,
				p.Name, p.Rating, p.MemberID, p.CareerGames, tc.name, tc.rating, tc.member, tc.career)
		}
		e.ids[p.Name+" "+tc.div] = p.ID
	}
	// Nora (10 career games) beats Olive (1000), both 1500: 30 × 0.5 =
	// +15 and an acceleration bonus of 10 for her (1525); Olive 20 × 0.5
	// = -10 and 10/20 of feedback (1491). Established, Nora would gain
	// 10 + 5.
	e.game(1, "Nora Newell Open", "Olive Oldham Open", 400, 350)
	var got []string
	for _, dr := range e.ratings("").Divisions {
		for _, r := range dr.Players {
			if r.Games > 0 {
				got = append(got, fmt.Sprintf("%s %s %d", dr.System, r.Name, r.RatingAfter))
			}
		}
	}
	if want := "nsa2008 Nora Newell 1525, nsa2008 Olive Oldham 1491"; strings.Join(got, ", ") != want {
		t.Errorf("estimates %v, want %s", got, want)
	}
}

// TestRatingListImportT: players imported from a .t file into a division
// with a rating list are matched as tsh matches, by the line's naspa
// field, else by name (upper case, comma dropped); a line's rating and
// lifeg win over the list's; the career games are written back as lifeg.
func TestRatingListImportT(t *testing.T) {
	e := newEvent(t, nil, "naspa", nil)
	must[service.RatingList](t, e.post("/api/v1/ratings-lists", e.Director, map[string]any{"name": "nsa", "text": ratingListText(t, "nsa.txt")}), http.StatusCreated)
	must[service.RatingList](t, e.post("/api/v1/ratings-lists", e.Director, map[string]any{"name": "csw", "text": ratingListText(t, "csw.txt")}), http.StatusCreated)
	var divs []int64
	for _, d := range []struct{ name, list string }{{"Side", "nsa"}, {"Other", "csw"}} {
		divs = append(divs, must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": d.name,
			"settings": map[string]any{"rating_list": d.list}}), http.StatusCreated).ID)
	}
	text := "Someone Else 0 ; ; naspa AA003200\nDaniel, Robin 0 ;\nOldham, Olive 1600 ; ; lifeg 7\nNewell, Nora 0 ;\n"
	for _, div := range divs {
		must[service.ImportResult](t, e.post(e.path("/import.t"), e.Director, map[string]any{"division_id": div, "roster_only": true, "text": text}), http.StatusCreated)
	}
	got := map[string]string{}
	divName := map[int64]string{}
	for _, d := range must[[]service.Division](t, e.get(e.path("/divisions"), e.Director), http.StatusOK) {
		divName[d.ID] = d.Name
	}
	for _, p := range must[[]service.Player](t, e.get(e.path("/players"), e.Director), http.StatusOK) {
		got[divName[*p.DivisionID]+" "+p.Name] = fmt.Sprintf("%d %d", p.Rating, p.CareerGames)
	}
	for key, want := range map[string]string{
		"Side Someone Else":  "2077 1273", // by naspa field
		"Side Robin Daniel":  "1911 20",   // by name
		"Side Olive Oldham":  "1600 7",    // the line's rating and lifeg
		"Side Nora Newell":   "1500 10",
		"Other Someone Else": "2105 900",
		"Other Robin Daniel": "0 0", // not on csw
		"Other Olive Oldham": "1600 7",
		"Other Nora Newell":  "1600 12",
	} {
		if got[key] != want {
			t.Errorf("%s: %q, want %q (all: %v)", key, got[key], want, got)
		}
	}
	body := string(e.get(e.path(fmt.Sprintf("/export.t?division=%d", divs[0])), e.Director).Body)
	for _, want := range []string{"lifeg 1273", "lifeg 20", "lifeg 7", "lifeg 10"} {
		if !strings.Contains(body, want) {
			t.Errorf("export.t lacks %q:\n%s", want, body)
		}
	}
}

// TestRatingListRefused: a list that cannot be read is a problem naming
// the line, never a 500; a list over 10 MB is refused by its size.
func TestRatingListRefused(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		text string
		code string
		line int
	}{
		{"MELLER, MACK\tabc\t1\t2027\t5", "bad-rating-list", 1},
		{"name\trank\tgames\nA\t1\t2", "bad-rating-list", 1},
		{"A\t1500\t1\t2027\t5\nB\t1600\n\nC\t1700\t1\t2027\t-3", "bad-rating-list", 4},
		{"A\t1500\n\t1600", "bad-rating-list", 2},
		{"A\t5000", "bad-rating-list", 1},
		{"", "empty-rating-list", 0},
		{"name\trating\n", "empty-rating-list", 0},
		{strings.Repeat("A\t1500\n", service.MaxRatingList/7+1), "rating-list-too-large", 0},
	} {
		r := ts.post("/api/v1/ratings-lists", ts.Director, map[string]any{"name": "x", "text": tc.text})
		wantProblem(t, r, http.StatusBadRequest, tc.code)
		var doc struct {
			Line int `json:"line"`
		}
		if err := json.Unmarshal(r.Body, &doc); err != nil || doc.Line != tc.line {
			t.Errorf("%.40q: line %d, want %d", tc.text, doc.Line, tc.line)
		}
	}
}
