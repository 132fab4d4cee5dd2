package service

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseRatingList reads lines as tsh's ratings files have them: the
// default columns (name rating rank expiry games), a first line naming
// the columns (naspa for member ids), NAME:AA000000, (GM) and (EXP),
// CRLF line ends, blank lines, missing trailing columns.
func TestParseRatingList(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // "line key|name|rating|games|member"
	}{
		{"tsh's default columns", "MELLER, MACK\t2077\t12\t20271231\t1273\nDANIEL, ROBIN\t1911\t140\t20271231\t20\n",
			[]string{"1 MELLER MACK|MELLER, MACK|2077|1273|", "2 DANIEL ROBIN|DANIEL, ROBIN|1911|20|"}},
		{"member id after the name", "SMITH, JO:AA000042\t1500\t900\t20270101\t33",
			[]string{"1 SMITH JO|SMITH, JO|1500|33|AA000042"}},
		{"titles dropped from the key", "RICHARDS, NIGEL (GM)\t2200\t1\t\t4000\nNOBODY (EXP)\t900",
			[]string{"1 RICHARDS NIGEL|RICHARDS, NIGEL (GM)|2200|4000|", "2 NOBODY|NOBODY (EXP)|900|0|"}},
		{"columns named", "name\trating\trank\texpiry\tgames\tnaspa\r\nMeller, Mack\t2105\t3\t20271231\t900\tAA003200\r\n",
			[]string{"2 MELLER MACK|Meller, Mack|2105|900|AA003200"}},
		{"columns in another order", "naspa\tgames\tname\trating\nAA1\t5\tLow, Lo\t700",
			[]string{"2 LOW LO|Low, Lo|700|5|AA1"}},
		{"blank lines and spaces", "\n  \nA  B,  C \t 1600 \t\t\t 7 \n",
			[]string{"3 A B C|A  B,  C|1600|7|"}},
		{"only name and rating", "Solo\t1200", []string{"1 SOLO|Solo|1200|0|"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			es, err := ParseRatingList(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range es {
				got = append(got, fmt.Sprintf("%d %s|%s|%d|%d|%s", e.Line, e.NameKey, e.Name, e.Rating, e.Games, e.MemberID))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestParseRatingListRefused(t *testing.T) {
	for _, tc := range []struct {
		text, code string
		line       int
	}{
		{"A\tx", "bad-rating-list", 1},
		{"A\t1500\nB\t1500\t1\t2027\tmany", "bad-rating-list", 2},
		{"A\t1500\n\xff\t1", "bad-rating-list", 2},
		{"name\tgames\nA\t3", "bad-rating-list", 1},
		{"A\t-1", "bad-rating-list", 1},
		{"\t1500", "bad-rating-list", 1},
		{":AA1\t1500", "bad-rating-list", 1},
		{"A\t1500\t1\t2027\t1000001", "bad-rating-list", 1},
		{"\n\n", "empty-rating-list", 0},
		{strings.Repeat("x", MaxRatingList+1), "rating-list-too-large", 0},
	} {
		_, err := ParseRatingList(tc.text)
		e := AsError(err)
		line := 0
		if p, ok := e.Detail.(ImportProblem); ok {
			line = p.Line
		}
		if err == nil || e.Type != tc.code || e.Kind != KindInvalid || line != tc.line {
			t.Errorf("%.30q: %v (line %d), want %s at line %d", tc.text, err, line, tc.code, tc.line)
		}
	}
}

// FuzzParseRatingList: any text is a list or a refusal with one of the
// list's codes, never a panic; every entry has a name key and numbers in
// range.
func FuzzParseRatingList(f *testing.F) {
	f.Add("MELLER, MACK:AA003200\t2077\t12\t20271231\t1273\nDANIEL, ROBIN\t1911\t140\t20271231\t20\n")
	f.Add("name\trating\trank\texpiry\tgames\tnaspa\r\nMeller, Mack\t2105\t3\t20271231\t900\tAA003200\r\n")
	f.Add("RICHARDS, NIGEL (GM)\t2200\nname\trating\n\t\t\n")
	f.Add("naspa\tname\nx")
	f.Fuzz(func(t *testing.T, text string) {
		es, err := ParseRatingList(text)
		if err != nil {
			switch AsError(err).Type {
			case "bad-rating-list", "empty-rating-list", "rating-list-too-large":
			default:
				t.Fatalf("refused with %v", err)
			}
			return
		}
		for _, e := range es {
			if e.NameKey == "" || e.NameKey != ratingNameKey(e.Name) || e.Rating < 0 || e.Rating > 4000 || e.Games < 0 || e.Line < 1 {
				t.Fatalf("entry %+v", e)
			}
		}
	})
}
