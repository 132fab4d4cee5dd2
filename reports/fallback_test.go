package reports

import (
	"bytes"
	"crypto/sha256"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Names in every script the fonts cover, two Chinese ones of one length.
var worldNames = []string{
	"Γιώργος Παπαδόπουλος", "Дмитрий Иванов", "王小明", "李小红",
	"山田太郎", "すずき かな", "サトウ カナ", "김민준", "Zoë Łukasz",
}

func TestRuns(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []run
	}{
		{"Ann", []run{{sans, "Ann"}}},
		{"Дмитрий", []run{{sans, "Дмитрий"}}},
		{"王小明", []run{{fallbackFace, "王小明"}}},
		{"Ann 王 (#3)", []run{{sans, "Ann "}, {fallbackFace, "王"}, {sans, " (#3)"}}},
		{"김민준 Kim", []run{{fallbackFace, "김민준"}, {sans, " Kim"}}},
	} {
		got := runs(sans, tc.in)
		if len(got) != len(tc.want) {
			t.Errorf("runs(%q) = %v, want %v", tc.in, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("runs(%q)[%d] = %v, want %v", tc.in, i, got[i], tc.want[i])
			}
		}
		if p := plain(sans, tc.in); p != (len(tc.want) == 1 && tc.want[0].face == sans) {
			t.Errorf("plain(%q) = %v", tc.in, p)
		}
	}
}

func TestPlayerName(t *testing.T) {
	for _, tc := range []struct {
		name   string
		number int
		want   string
	}{
		{"Ann Smith", 12, "Ann Smith"},
		{"王小明", 3, "王小明"},
		{"김민준", 4, "김민준"},
		{"ሰላም ተስፋዬ", 12, "ሰላም ተስፋዬ (#12)"}, // Ethiopic: in no font
		{"ⵜⴰⵎⴰⵣⵉⵖⵜ", 5, "ⵜⴰⵎⴰⵣⵉⵖⵜ (#5)"},   // Tifinagh
		{"Zoë 😀", 7, "Zoë 😀 (#7)"},         // outside the BMP
		{"ሰላም", 0, "ሰላም"},                  // no number known
	} {
		if got := PlayerName(tc.name, tc.number); got != tc.want {
			t.Errorf("PlayerName(%q, %d) = %q, want %q", tc.name, tc.number, got, tc.want)
		}
	}
}

// A CJK name is as wide as its glyphs (the fallback's, not the main
// font's missing-glyph width), so it is centred, right-aligned and cut
// like any other; a name with no character in the fallback costs the
// document nothing of it.
func TestFallbackWidths(t *testing.T) {
	c := newCanvas(newDocument(A4, nil))
	c.AddPage()
	one := c.width(sans, 12, "王")
	if one < 12*pt*0.8 || one > 12*pt*1.1 {
		t.Errorf("王 at 12 pt is %.2f mm wide, want about an em (%.2f)", one, 12*pt)
	}
	if got := c.width(sans, 12, "王小明"); got < 2.9*one || got > 3.1*one {
		t.Errorf("王小明 is %.2f mm wide, want three times 王 (%.2f)", got, one)
	}
	mixed, ann := c.width(sans, 12, "Ann 王"), c.width(sans, 12, "Ann ")
	if d := mixed - ann - one; d > 0.01 || d < -0.01 {
		t.Errorf("Ann 王 is %.2f mm, want Ann (%.2f) and 王 (%.2f)", mixed, ann, one)
	}
	long := strings.Repeat("王小明", 10)
	cut := c.cut(sans, 12, 20, long)
	if !strings.HasSuffix(cut, "…") || c.width(sans, 12, cut) > 20 || c.width(sans, 12, cut) < 20-2*one {
		t.Errorf("cut to 20 mm: %q, %.2f mm", cut, c.width(sans, 12, cut))
	}
	lines := c.wrap(sans, 12, 4.5*one, "王小明李小红山田 Ann 王")
	if len(lines) != 3 || lines[0] != "王小明李" || lines[1] != "小红山田" || lines[2] != "Ann 王" {
		t.Errorf("wrap = %q", lines)
	}
}

// The fallback font is in a document only when it draws something there.
func TestFallbackOnlyWhenNeeded(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  bool
	}{
		{[]string{"Ann Smith", "Γιώργος Παπαδόπουλος", "Дмитрий Иванов"}, false},
		{[]string{"Ann Smith", "ሰላም"}, false}, // nothing in it either
		{[]string{"Ann Smith", "王小明"}, true},
	} {
		var b bytes.Buffer
		if err := WriteStandings(&b, A4, divisionOf(tc.names)); err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(b.Bytes(), []byte("/BaseFont /utf8fallback")); got != tc.want {
			t.Errorf("%q: the fallback font embedded %v, want %v", tc.names, got, tc.want)
		}
	}
}

// Documents share the fallback font's bytes: gofpdf reads them only,
// whichever glyphs each subsets, in parallel too (run with -race).
func TestFallbackSharedBytes(t *testing.T) {
	before := sha256.Sum256(fallbackTTF())
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			var b bytes.Buffer
			if err := WriteStandings(&b, A4, divisionOf(worldNames[i:])); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if sha256.Sum256(fallbackTTF()) != before {
		t.Error("writing a PDF changed the shared fallback font")
	}
}

// Standings, pairings and table cards: every name in the text of the
// PDF, each in its own script, and the one in no font with its number.
// Under -pdf-dir the pages are kept as PNG too, to look at.
func TestNamesInEveryScript(t *testing.T) {
	needPoppler(t)
	names := append(append([]string{}, worldNames...), "ሰላም ተስፋዬ")
	d := divisionOf(names)
	var pairings Pairings
	pairings.Tournament, pairings.Round = "Open", 1
	var cards []TableCard
	for i := 0; i+1 < len(names); i += 2 {
		players := []string{PlayerName(names[i], i+1), PlayerName(names[i+1], i+2)}
		pairings.Games = append(pairings.Games, PairingLine{Table: i/2 + 1, Players: players})
		cards = append(cards, TableCard{Tournament: "Open", Round: 1, Table: i/2 + 1, Players: players, Code: "ABCDE-FGHJK"})
	}
	want := append(append([]string{}, worldNames...), "(#10)")
	for _, doc := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"standings", func(b *bytes.Buffer) error { return WriteStandings(b, A4, d) }},
		{"pairings", func(b *bytes.Buffer) error { return WritePairings(b, A4, pairings) }},
		{"tablecards", func(b *bytes.Buffer) error { return WriteTableCards(b, A4, cards...) }},
	} {
		t.Run(doc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := doc.write(&b); err != nil {
				t.Fatal(err)
			}
			wantText(t, pdfText(t, b.Bytes()), want...)
			keepPNG(t, "names-"+doc.name, b.Bytes())
		})
	}
}

// divisionOf is a division of one round with these players, ranked in
// order.
func divisionOf(names []string) Division {
	d := Division{Tournament: "Open", Through: 1, Complete: 1}
	for i, n := range names {
		d.Standings = append(d.Standings, StandingLine{Rank: i + 1, Number: i + 1, Name: n, Wins: 1})
		d.Players = append(d.Players, PlayerCard{Number: i + 1, Name: n})
	}
	return d
}

// keepPNG writes the PDF and its pages as PNG under -pdf-dir.
func keepPNG(t *testing.T, name string, pdf []byte) {
	t.Helper()
	if *pdfDir == "" {
		return
	}
	path := filepath.Join(*pdfDir, name+".pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "60", path, filepath.Join(*pdfDir, name)).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
}
