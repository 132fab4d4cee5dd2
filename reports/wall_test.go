package reports

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var (
	bboxPage = regexp.MustCompile(`<page |<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)
	// boxPerPoint is a word box's height for each point of font size: poppler
	// makes it the font's ascent plus descent, so it is measured once, on a
	// word set at a known size.
	boxPerPoint     float64
	boxPerPointOnce sync.Once
)

// pdfWords reads every word of the PDF with its size, from pdftotext
// -bbox.
func pdfWords(t *testing.T, pdf []byte) []pdfWord {
	t.Helper()
	boxPerPointOnce.Do(func() {
		var b bytes.Buffer
		doc := newDocument(A4, &b)
		c := newCanvas(doc)
		doc.AddPage()
		c.text(20, 20, 150, 20, alignLeft, sansBold, 40, "Calibration")
		if err := doc.Output(&b); err != nil {
			t.Fatal(err)
		}
		if ws := rawWords(t, b.Bytes()); len(ws) == 1 {
			boxPerPoint = ws[0].size / 40
		}
	})
	if boxPerPoint == 0 {
		t.Fatal("cannot calibrate font sizes from pdftotext -bbox")
	}
	words := rawWords(t, pdf)
	for i := range words {
		words[i].size /= boxPerPoint
	}
	return words
}

// rawWords are the words with their box's height in place of a size.
func rawWords(t *testing.T, pdf []byte) []pdfWord {
	t.Helper()
	out, err := exec.Command("pdftotext", "-bbox", pdfFile(t, pdf), "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	var words []pdfWord
	page := 0
	for _, m := range bboxPage.FindAllStringSubmatch(string(out), -1) {
		if m[1] == "" {
			page++
			continue
		}
		f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
		text := strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&apos;", "'", "&quot;", `"`).Replace(m[5])
		words = append(words, pdfWord{page: page, text: text, xMin: f(m[1]), yMin: f(m[2]), xMax: f(m[3]), yMax: f(m[4]), size: f(m[4]) - f(m[2])})
	}
	return words
}

// nameSizes finds each name's occurrences on pages from..to (its words
// one after the other on a line) and gives, for each name, the size of
// every occurrence (its smallest word's) and the x where it starts.
func nameSizes(words []pdfWord, from, to int, names []string) map[string][][2]float64 {
	out := map[string][][2]float64{}
	byFirst := map[string][][]string{}
	for _, n := range names {
		f := strings.Fields(n)
		byFirst[f[0]] = append(byFirst[f[0]], f)
	}
	for i, w := range words {
		if w.page < from || w.page > to {
			continue
		}
		for _, f := range byFirst[w.text] {
			size, ok := w.size, true
			for k := 1; k < len(f) && ok; k++ {
				n := i + k
				ok = n < len(words) && words[n].text == f[k] && words[n].page == w.page && abs(words[n].yMin-w.yMin) < 1
				if ok {
					size = min(size, words[n].size)
				}
			}
			if ok {
				name := strings.Join(f, " ")
				out[name] = append(out[name], [2]float64{size, w.xMin})
			}
		}
	}
	return out
}

// largestOf is the largest size of a name's occurrences: its own line,
// where others' (an opponent, a last game) may be smaller.
func largestOf(occ [][2]float64) float64 {
	largest := 0.0
	for _, o := range occ {
		largest = max(largest, o[0])
	}
	return largest
}

func abs(v float64) float64 { return max(v, -v) }

// sectionPages is the range of pages whose text has the kind.
func sectionPages(words []pdfWord, kind string) (from, to int) {
	for _, w := range words {
		if w.text == kind {
			if from == 0 {
				from = w.page
			}
			to = w.page
		}
	}
	return from, to
}

// columnsOf counts the columns the names start in: x positions more
// than 40 pt apart.
func columnsOf(occ map[string][][2]float64) int {
	var xs []float64
	for _, o := range occ {
		for _, s := range o {
			xs = append(xs, s[1])
		}
	}
	slices.Sort(xs)
	cols := 0
	for i, x := range xs {
		if i == 0 || x-xs[i-1] > 40 {
			cols++
		}
	}
	return cols
}

// The wall pairings and standings set every name at 18 pt or more on
// A4 and letter, for a club night, a large open and a championship;
// every player is on them, and the heading says the division and round.
func TestWallNamesLarge(t *testing.T) {
	needPoppler(t)
	for _, paper := range []Paper{A4, Letter} {
		for _, tc := range []struct {
			players int
			minSize float64 // a short list fills the page with larger type
		}{{8, 26}, {40, wallMinSize}, {150, wallMinSize}} {
			t.Run(fmt.Sprintf("%s/%d", paper, tc.players), func(t *testing.T) {
				var names []string
				for i := range tc.players {
					names = append(names, wallName(i))
				}
				p := wallPairings(tc.players)
				pdf := renderWith(t, fmt.Sprintf("wall-pairings-%s-%d", paper, tc.players), func(b *bytes.Buffer) error { return WritePairings(b, paper, p) })
				words := pdfWords(t, pdf)
				wantText(t, pageText(t, pdf, 1), "Division A · Round 7", "PAIRINGS BY TABLE", "page 1 of")
				for _, kind := range []string{"TABLE", "NAME"} {
					from, to := sectionPages(words, kind)
					occ := nameSizes(words, from, to, names)
					for _, n := range names {
						if largest := largestOf(occ[n]); largest < tc.minSize-0.3 {
							t.Errorf("pairings by %s: %q is at %.1f pt at most, want ≥ %g (occurrences %v)", strings.ToLower(kind), n, largest, tc.minSize, occ[n])
						}
					}
					t.Logf("pairings by %s: pages %d–%d, %d columns", strings.ToLower(kind), from, to, columnsOf(occ))
				}

				d := wallDivision(tc.players, 7)
				pdf = renderWith(t, fmt.Sprintf("wall-standings-%s-%d", paper, tc.players), func(b *bytes.Buffer) error { return WriteStandings(b, paper, d) })
				wantText(t, pageText(t, pdf, 1), "Division A · after round 7", "STANDINGS", "page 1 of")
				words = pdfWords(t, pdf)
				occ := nameSizes(words, 1, pages(t, pdf), names)
				for _, n := range names {
					// Also in smaller type in others' last game.
					if largestOf(occ[n]) < tc.minSize-0.3 {
						t.Errorf("standings: %q occurs %v (size, x), want at ≥ %g pt", n, occ[n], tc.minSize)
					}
				}
				t.Logf("standings: %d pages, %d columns", pages(t, pdf), columnsOf(occ))
			})
		}
	}
}

// A long list of short names goes to more columns, not smaller type.
func TestWallColumns(t *testing.T) {
	needPoppler(t)
	var names []string
	d := Division{Tournament: "Club", Division: "B", Complete: 3}
	p := Pairings{Tournament: "Club", Division: "B", Round: 4}
	for i := range 120 {
		names = append(names, wallFirst[i%20]+" "+strconv.Itoa(i+1))
		d.Standings = append(d.Standings, StandingLine{Rank: i + 1, Name: names[i], Wins: 2, Losses: 1, Spread: 40 - i})
	}
	for i := 0; i < 120; i += 2 {
		p.Games = append(p.Games, PairingLine{Table: i/2 + 1, Players: []string{names[i], names[i+1]}})
	}
	for _, paper := range []Paper{A4, Letter} {
		for _, tc := range []struct {
			what    string
			kind    string
			pdf     []byte
			minCols int
		}{
			{"standings", "STANDINGS", renderWith(t, "wall-columns-standings-"+string(paper), func(b *bytes.Buffer) error { return WriteStandings(b, paper, d) }), 2},
			{"pairings by table", "TABLE", renderWith(t, "wall-columns-pairings-"+string(paper), func(b *bytes.Buffer) error { return WritePairings(b, paper, p) }), 2},
			{"pairings by name", "NAME", renderWith(t, "wall-columns-pairings-"+string(paper), func(b *bytes.Buffer) error { return WritePairings(b, paper, p) }), 2},
		} {
			words := pdfWords(t, tc.pdf)
			from, to := sectionPages(words, tc.kind)
			occ := nameSizes(words, from, from, names)
			if cols := columnsOf(occ); cols < tc.minCols {
				t.Errorf("%s on %s: %d columns on the first page, want ≥ %d", tc.what, paper, cols, tc.minCols)
			}
			all := nameSizes(words, from, to, names)
			for _, n := range names {
				if largestOf(all[n]) < wallMinSize-0.3 {
					t.Errorf("%s on %s: %q at %v", tc.what, paper, n, all[n])
				}
			}
		}
	}
}

// The cross-table of 24 fits one sheet; of 40 it is tiled, every player
// on a sheet that says which players and rounds it holds.
func TestCrossTableTiles(t *testing.T) {
	needPoppler(t)
	for _, tc := range []struct {
		players, rounds int
		sheets          map[Paper]int
		labels          []string
	}{
		{24, 7, map[Paper]int{A4: 1, Letter: 1}, nil},
		{40, 7, map[Paper]int{A4: 2, Letter: 2}, []string{"sheet 1 of 2: players 1–20", "sheet 2 of 2: players 21–40"}},
		// 24 rounds: the cells smaller, 12 rounds a sheet.
		{40, 24, map[Paper]int{A4: 4, Letter: 4}, []string{"row 1, column 1: players 1–20, rounds 1–", "row 2, column 2: players 21–40, rounds "}},
	} {
		for _, paper := range []Paper{A4, Letter} {
			name := fmt.Sprintf("wall-crosstable-%s-%d-%d", paper, tc.players, tc.rounds)
			pdf := renderWith(t, name, func(b *bytes.Buffer) error { return WriteCrossTable(b, paper, wallDivision(tc.players, tc.rounds)) })
			if n := pages(t, pdf); n != tc.sheets[paper] {
				t.Errorf("%s: %d sheets, want %d", name, n, tc.sheets[paper])
			}
			text := pdfText(t, pdf)
			wantText(t, text, append(tc.labels, "Division A · after round "+strconv.Itoa(tc.rounds))...)
			for i := range tc.players {
				if c := strings.Count(text, " "+wallName(i)+" "); c < 1 {
					t.Errorf("%s lacks %s", name, wallName(i))
				}
			}
		}
	}
}
