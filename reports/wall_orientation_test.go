package reports

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"testing"

	"tourney/service"
)

// pageShapes are each page's orientation, "P" or "L", from pdfinfo.
func pageShapes(t *testing.T, pdf []byte) []string {
	t.Helper()
	out, err := exec.Command("pdfinfo", "-f", "1", "-l", "9999", pdfFile(t, pdf)).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	var shapes []string
	for _, m := range regexp.MustCompile(`Page +\d+ size: +([0-9.]+) x ([0-9.]+) pts`).FindAllStringSubmatch(string(out), -1) {
		var w, h float64
		fmt.Sscan(m[1], &w)
		fmt.Sscan(m[2], &h)
		if w > h {
			shapes = append(shapes, "L")
		} else {
			shapes = append(shapes, "P")
		}
	}
	return shapes
}

// A wall document is all portrait or all landscape: the pairings by
// table and by name (which alone would often take different ones), and
// the rating estimates of divisions of different sizes. Across the sizes
// both orientations occur.
func TestWallOneOrientation(t *testing.T) {
	needPoppler(t)
	seen := map[string]bool{}
	for _, paper := range []Paper{A4, Letter} {
		for _, n := range []int{2, 5, 9, 14, 20, 27, 33, 41, 50, 64, 80, 101, 150, 240} {
			var b bytes.Buffer
			if err := WritePairings(&b, paper, wallPairings(n)); err != nil {
				t.Fatal(err)
			}
			shapes := pageShapes(t, b.Bytes())
			if len(shapes) < 2 {
				t.Fatalf("%s, %d players: %d pages", paper, n, len(shapes))
			}
			for i, s := range shapes {
				if s != shapes[0] {
					t.Errorf("pairings, %s, %d players: page %d is %s, page 1 %s (%v)", paper, n, i+1, s, shapes[0], shapes)
					break
				}
			}
			seen[shapes[0]] = true
		}
	}
	if !seen["P"] || !seen["L"] {
		t.Errorf("orientations seen %v: the test no longer covers both", seen)
	}

	v := &service.RatingsView{Tournament: "North American Championship"}
	for _, n := range []int{4, 60, 12} {
		dr := service.DivisionRatings{Division: fmt.Sprintf("Division %d", n), System: "naspa"}
		for i := range n {
			dr.Players = append(dr.Players, service.RatingRow{Name: wallName(i), Rank: i + 1, RatingBefore: 1500, RatingAfter: 1510, Games: 7})
		}
		v.Divisions = append(v.Divisions, dr)
	}
	var b bytes.Buffer
	if err := WriteRatings(&b, A4, v); err != nil {
		t.Fatal(err)
	}
	shapes := pageShapes(t, b.Bytes())
	for i, s := range shapes {
		if s != shapes[0] {
			t.Errorf("ratings: page %d is %s, page 1 %s (%v)", i+1, s, shapes[0], shapes)
			break
		}
	}
}
