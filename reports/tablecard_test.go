package reports

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"testing"
)

// pageWords are the words of one page (1-based) with their boxes.
func pageWords(t *testing.T, pdf []byte, page int) []pdfWord {
	t.Helper()
	var words []pdfWord
	for _, w := range rawWords(t, pdf) {
		if w.page == page {
			words = append(words, w)
		}
	}
	return words
}

// pageStreams is the page content of a PDF, inflated: gofpdf compresses
// every stream.
func pageStreams(t *testing.T, pdf []byte) string {
	t.Helper()
	var all bytes.Buffer
	for _, m := range pdfStream.FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue // not a deflated stream (a font's, an image's)
		}
		b, _ := io.ReadAll(r)
		all.Write(b)
		all.WriteByte('\n')
	}
	return all.String()
}

var pdfStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)

// rotated matches the matrix of a half turn: cos 180° = -1 on the
// diagonal.
var rotated = regexp.MustCompile(`-1\.0+ -?0\.0+ -?0\.0+ -1\.0+ -?[\d.]+ -?[\d.]+ cm`)

// monoAdvance is the width of every character of Go Mono, in ems.
const monoAdvance = 1229.0 / 2048

// A table card is a tent: two faces, one on each half of the sheet, the
// top one turned upside down, each with the table's number, the pairing,
// the QR code and the short code in large type.
func TestTentCards(t *testing.T) {
	needPoppler(t)
	const code = "ABCDE-FGHJK"
	for _, tc := range []struct {
		name  string
		paper Paper
		card  TableCard
		want  []string // on each face
	}{
		{"pair-a4", A4, TableCard{Tournament: "Mistrzostwa Polski — Kraków", Division: "Élite", Round: 3, Table: 7,
			Players: []string{"Łukasz Żółw", "Élodie Müller"}}, []string{"Łukasz Żółw", "goes first, against", "Élodie Müller"}},
		{"pair-letter", Letter, TableCard{Tournament: "Club", Round: 9, Table: 123,
			Players: []string{"Ana Peña", "Zoë Adams"}}, []string{"Ana Peña", "goes first, against", "Zoë Adams"}},
		{"three-a4", A4, TableCard{Tournament: "Chums Cup", Round: 3, Table: 1,
			Players: []string{"Ann Able", "Bob Baker", "Cy Çelik"}}, []string{"play in this order", "1 Ann Able", "3 Cy Çelik"}},
		{"team-letter", Letter, TableCard{Tournament: "Chums Cup", Round: 3, Table: 2, Teams: true,
			Players: []string{"Di Dee", "Eve Eng", "Fay Fox", "Gus Gray"}}, []string{"Di Dee & Fay Fox", "Eve Eng & Gus Gray", "in turn: Di Dee"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.card.Code = code
			tc.card.URL = "https://club.example/table/" + strconv.Itoa(tc.card.Table) + "?code=" + code
			pdf := renderWith(t, "tent-"+tc.name, func(b *bytes.Buffer) error { return WriteTableCards(b, tc.paper, tc.card) })
			if n := pages(t, pdf); n != 1 {
				t.Fatalf("%d sheets, want 1", n)
			}
			_, pageH := tc.paper.size()
			fold := pageH / 2 / pt // in points, as poppler measures
			number := strconv.Itoa(tc.card.Table)
			faces := map[string][2]int{} // a word's count above and below the fold
			for _, w := range pageWords(t, pdf, 1) {
				if w.text == number && w.yMax-w.yMin >= 72 {
					w.text = "the number" // huge: an inch and more
				}
				n := faces[w.text]
				if w.yMax < fold {
					n[0]++
				} else if w.yMin > fold {
					n[1]++
				}
				faces[w.text] = n
				if w.text == code {
					if size := (w.xMax - w.xMin) / (float64(len(code)) * monoAdvance); size < 28 {
						t.Errorf("the code is set in %.1f pt, want 28 or more", size)
					}
				}
			}
			for _, word := range []string{"the number", code, "TABLE", "club.example/table/" + number} {
				if faces[word] != [2]int{1, 1} {
					t.Errorf("%q appears %v times above and below the fold, want once on each face", word, faces[word])
				}
			}
			text := pageText(t, pdf, 1)
			wantText(t, text, "fold", "Round "+strconv.Itoa(tc.card.Round), "Scan to enter this table's scores",
				"or type this code", "on the table page at")
			for _, w := range tc.want {
				if n := countText(text, w); n != 2 {
					t.Errorf("%q is on %d faces, want 2:\n%s", w, n, text)
				}
			}
			if n := len(rotated.FindAllString(pageStreams(t, pdf), -1)); n != 1 {
				t.Errorf("%d half turns in the page, want 1 (the top face)", n)
			}
			wantImages(t, pdf, 2)
		})
	}
}

func countText(text, s string) int {
	return len(regexp.MustCompile(regexp.QuoteMeta(s)).FindAllStringIndex(text, -1))
}

// Without a code, a card still prints, with the address to open.
func TestTentCardWithoutCode(t *testing.T) {
	needPoppler(t)
	url := "https://club.example/table/5?code=xyz"
	pdf := renderWith(t, "tent-no-code", func(b *bytes.Buffer) error {
		return WriteTableCards(b, A4, TableCard{Tournament: "Club", Round: 1, Table: 5, Players: []string{"Ann", "Bob"}, URL: url},
			TableCard{Tournament: "Club", Round: 1, Table: 6, Players: []string{"Cy", "Di"}})
	})
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d sheets, want 2", n)
	}
	if n := countText(pageText(t, pdf, 1), url); n != 2 {
		t.Errorf("the address is on %d faces, want 2", n)
	}
	two := pageText(t, pdf, 2)
	wantText(t, two, "Cy", "Di", "6")
	if countText(two, "Scan") != 0 {
		t.Errorf("a card without an address offers a QR code:\n%s", two)
	}
	wantImages(t, pdf, 2)
}

func TestTablePageAddress(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"https://club.example/table/7?code=ABCDE-FGHJK", "club.example/table/7"},
		{"http://192.168.1.5:8080/table/12?code=x", "192.168.1.5:8080/table/12"},
		{"", ""},
		{"::", ""},
	} {
		if got := tablePage(&TableCard{URL: tc.url}); got != tc.want {
			t.Errorf("tablePage(%q) = %q, want %q", tc.url, got, tc.want)
		}
	}
}
