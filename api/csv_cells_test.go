package api

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"testing"
)

// TestStandingsCSVCells: standings.csv writes a name that starts like a
// formula as text (a leading quote), in both columns that hold names,
// and numbers as numbers: the loser's spread stays -12.
func TestStandingsCSVCells(t *testing.T) {
	link := `=HYPERLINK("http://evil.example")` // no comma: a name with one is split there
	e := newEvent(t, nil, "", nil, link, "-Bob")
	e.game(1, link, "-Bob", 388, 400)
	r := e.get(e.path("/standings.csv"), "")
	if r.Status != http.StatusOK {
		t.Fatalf("csv: %d %s", r.Status, r.Body)
	}
	recs, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
	if err != nil || len(recs) != 3 {
		t.Fatalf("csv %v %q", err, recs)
	}
	for _, c := range []struct {
		row, col int
		want     string
	}{
		{1, 2, "'-Bob"}, {1, 5, "12"}, {1, 9, "'" + link},
		{2, 2, "'" + link}, {2, 5, "-12"}, {2, 9, "'-Bob"}, {2, 10, "388"},
	} {
		if got := recs[c.row][c.col]; got != c.want {
			t.Errorf("row %d %s: %q, want %q", c.row, recs[0][c.col], got, c.want)
		}
	}
}
