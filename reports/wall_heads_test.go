package reports

import (
	"bytes"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tourney/service"
)

// The column heads of a wall list keep the columns' gap between them:
// "SPREAD" (right aligned) and "LAST GAME" (left aligned) ran together,
// as did "RANK" and "PLAYER", when the heads were set to the columns'
// edges and the cells inset from them.
func TestWallHeadsApart(t *testing.T) {
	needPoppler(t)
	for _, tc := range []struct {
		name string
		d    Division
	}{{"polish", polishDivision()}, {"wall-40", wallDivision(40, 7)}} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := renderWith(t, "standings-heads-"+tc.name, func(b *bytes.Buffer) error { return WriteStandings(b, A4, tc.d) })
			out, err := exec.Command("pdftotext", "-bbox", "-f", "1", "-l", "1", pdfFile(t, pdf), "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			word := regexp.MustCompile(`xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]+)<`)
			type box struct{ x0, y, x1 float64 }
			heads := map[string]box{}
			for _, m := range word.FindAllStringSubmatch(string(out), -1) {
				if _, seen := heads[m[4]]; seen {
					continue // the first of each: the heads come before the rows
				}
				f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
				heads[m[4]] = box{f(m[1]), f(m[2]), f(m[3])}
			}
			for _, pair := range [][2]string{{"RANK", "PLAYER"}, {"SPREAD", "LAST"}} {
				a, b := heads[pair[0]], heads[pair[1]]
				if _, ok := heads[pair[1]]; !ok && pair[1] == "LAST" {
					continue // a long division leaves the last game out
				}
				if a.y != b.y {
					t.Fatalf("%s and %s not on one line: %+v %+v", pair[0], pair[1], a, b)
				}
				if gap := b.x0 - a.x1; gap < 6 { // a word space is about 2.4 pt at the heads' size
					t.Errorf("%s and %s %.1f pt apart, want a column's gap (6 pt or more)", pair[0], pair[1], gap)
				}
			}
		})
	}
}

// The stats key counts the games recorded turn by turn in words that
// agree with the number ("the 1 game", "the 3 games").
func TestStatsKeyGames(t *testing.T) {
	for n, want := range map[int]string{1: "from the 1 game recorded turn by turn", 3: "from the 3 games recorded turn by turn"} {
		key := strings.Join(statsKey(&service.DivisionStats{TurnStats: service.TurnStats{RecordedGames: n}}), " ")
		if !strings.Contains(key, want) {
			t.Errorf("%d games: %q lacks %q", n, key, want)
		}
	}
}
