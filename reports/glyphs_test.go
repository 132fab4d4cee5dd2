package reports

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

func TestPrintable(t *testing.T) {
	for _, tc := range []struct {
		face     face
		in, want string
	}{
		{sans, "Plain", "Plain"},
		{sans, "Zoë Łukasz Żółw", "Zoë Łukasz Żółw"},
		{sans, "Rene\u0301e", "Renée"},      // composed
		{sans, "a😀b", "a\uFFFDb"},           // outside the BMP
		{sans, "王", "王"},                    // not in the Go fonts: in the fallback
		{sans, "ሰላም", "\uFFFD\uFFFD\uFFFD"}, // in no font
		{sans, "tab\there\nnl\x00", "tab here nl"},
		{sans, "zero\u200bwidth", "zerowidth"},
		{mono, "q\u0307", "q"}, // a mark nothing composes with: dropped
		{sansBold, "−½…", "−½…"},
	} {
		if got := printable(tc.face, tc.in); got != tc.want {
			t.Errorf("printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzPDFText: any string in a name field prints, never panics.
func FuzzPDFText(f *testing.F) {
	for _, s := range []string{"Ann", "😀", "王小明", "سارة", "e\u0301", "\x00\xff", strings.Repeat("W", 3000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		d := Division{Tournament: name, Division: name, Through: 1, Complete: 1,
			Standings: []StandingLine{{Rank: 1, Number: 1, Name: name, Wins: 1}},
			Players:   []PlayerCard{{Number: 1, Name: name}}}
		var b bytes.Buffer
		if err := WriteStandings(&b, A4, d); err != nil {
			t.Fatalf("%q: %v", name, err)
		}
	})
}

// BenchmarkCutLongName: fitting a name into its column costs about the
// same per character at any length (binary search for the cut).
func BenchmarkCutLongName(b *testing.B) {
	for _, n := range []int{100, 1000, 10000, 100000} {
		name := strings.Repeat("Abcdefghij", n/10)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			c := newCanvas(newDocument(A4, nil))
			c.AddPage()
			for b.Loop() {
				c.text(10, 10, 60, 5, alignLeft, sansBold, 11, name)
			}
		})
	}
}
