package reports

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// advance is how wide face ttf draws r, in thousandths of the size.
func advance(t *testing.T, ttf []byte, r rune) fixed.Int26_6 {
	t.Helper()
	f, err := sfnt.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	g, err := f.GlyphIndex(&b, r)
	if err != nil || g == 0 {
		t.Fatalf("no glyph for %U", r)
	}
	adv, err := f.GlyphAdvance(&b, g, fixed.I(1000), font.HintingNone)
	if err != nil {
		t.Fatal(err)
	}
	return adv
}

// The proportional faces draw '-' as a hyphen: as narrow as their soft
// hyphen, well under their en dash (the Go fonts' own '-' is a minus, as
// wide as '+'); the rest of the font is as it was.
func TestShortHyphen(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    face
		ttf  []byte
	}{{"regular", sans, goregular.TTF}, {"bold", sansBold, gobold.TTF}, {"italic", sansItalic, goitalic.TTF}} {
		t.Run(tc.name, func(t *testing.T) {
			before, after := tc.ttf, sansTTF()[tc.f]
			if advance(t, before, '-') <= advance(t, before, '\u2013') {
				t.Fatalf("the Go font's '-' is no longer wider than its en dash: the patch may be unneeded")
			}
			if got, want := advance(t, after, '-'), advance(t, before, '\u00ad'); got != want {
				t.Errorf("'-' is %v wide, want the hyphen's %v", got, want)
			}
			if a, d := advance(t, after, '-'), advance(t, after, '\u2013'); a*4 > d*3 {
				t.Errorf("'-' (%v) is not clearly narrower than the en dash (%v)", a, d)
			}
			for _, r := range "AHn+\u2212\u2013" {
				if advance(t, after, r) != advance(t, before, r) {
					t.Errorf("%q changed width", r)
				}
			}
			if len(after) != len(before) {
				t.Errorf("the font is %d bytes, was %d", len(after), len(before))
			}
		})
	}
}

// A hyphenated name prints with a hyphen that reads back as U+002D.
func TestHyphenatedNamePrints(t *testing.T) {
	needPoppler(t)
	p := Pairings{Tournament: "Spring Open", Division: "A", Round: 1,
		Games: []PairingLine{{Table: 1, Players: []string{"Aiko Nakamura-Holt", "Jean-Luc Picard"}}}}
	var b bytes.Buffer
	if err := WritePairings(&b, A4, p); err != nil {
		t.Fatal(err)
	}
	if *pdfDir != "" {
		if err := os.WriteFile(filepath.Join(*pdfDir, "hyphen.pdf"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	text := pdfText(t, b.Bytes())
	wantText(t, text, "Nakamura-Holt", "Jean-Luc")
	for _, dash := range []string{"\u2013", "\u2014", "\u2212", "\u00ad", "\u2010"} {
		if strings.Contains(text, "Nakamura"+dash) {
			t.Errorf("the hyphen reads back as %U", []rune(dash)[0])
		}
	}
}
