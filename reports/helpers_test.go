package reports

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	update = flag.Bool("update", false, "rewrite the golden text files in testdata/")
	// -pdf-dir keeps the PDFs the tests make, to look at them:
	//   go test ./reports -pdf-dir /tmp/sheets && pdftoppm -png -r 60 /tmp/sheets/x.pdf x
	pdfDir = flag.String("pdf-dir", "", "write every PDF a test makes to this folder")
)

// needPoppler skips a test when poppler's tools are missing on a
// developer's machine; CI installs them, so there they must be present.
func needPoppler(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"pdftotext", "pdfinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing: CI installs poppler-utils", tool)
			}
			t.Skipf("%s not installed (apt-get install poppler-utils)", tool)
		}
	}
}

// render writes sheets to a PDF and returns it, keeping a copy under
// -pdf-dir.
func render(t *testing.T, name string, paper Paper, sheets ...ScoreSheet) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteScoreSheets(&buf, paper, sheets...); err != nil {
		t.Fatalf("WriteScoreSheets: %v", err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
		t.Fatalf("output does not start with %%PDF-: %q", buf.Bytes()[:min(20, buf.Len())])
	}
	if *pdfDir != "" {
		if err := os.WriteFile(filepath.Join(*pdfDir, name+".pdf"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

// pdfFile puts a PDF where poppler's tools can read it.
func pdfFile(t *testing.T, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// pdfText is the PDF's text as pdftotext lays it out, pages separated by
// form feeds. Runs of spaces are squeezed to one: the columns' exact
// spacing is poppler's guess, not what the tests are about.
func pdfText(t *testing.T, pdf []byte, args ...string) string {
	t.Helper()
	out, err := exec.Command("pdftotext", append(append([]string{"-layout"}, args...), pdfFile(t, pdf), "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(spaces.ReplaceAllString(l, " "))
	}
	return strings.Join(lines, "\n")
}

var spaces = regexp.MustCompile(`[ \t]+`)

// pageText is the text of one page (1-based).
func pageText(t *testing.T, pdf []byte, page int) string {
	t.Helper()
	p := strconv.Itoa(page)
	return pdfText(t, pdf, "-f", p, "-l", p)
}

// pdfInfo reads one field of pdfinfo's report ("Pages", "Page size").
func pdfInfo(t *testing.T, pdf []byte, field string) string {
	t.Helper()
	out, err := exec.Command("pdfinfo", pdfFile(t, pdf)).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("pdfinfo has no %q in %s", field, out)
	return ""
}

func pages(t *testing.T, pdf []byte) int {
	t.Helper()
	n, err := strconv.Atoi(pdfInfo(t, pdf, "Pages"))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// wantText fails for every wanted string the text lacks.
func wantText(t *testing.T, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("text lacks %q; it is:\n%s", w, text)
		}
	}
}

// upToBoard is the text above the board: pdftotext's reading of the
// board's squares and the chart is poppler's guesswork, not worth a
// golden file.
func upToBoard(text string) string {
	if i := strings.Index(text, "\nA B C D E F G H"); i >= 0 {
		return text[:i+1]
	}
	return text
}

// golden compares text with testdata/name.golden, rewriting it under
// -update.
func golden(t *testing.T, name, text string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reports -update to create it)", err)
	}
	if string(want) != text {
		t.Errorf("%s differs from the text of the PDF (go test ./reports -update rewrites it); got:\n%s", path, text)
	}
}

// pdfWord is a word as poppler places it: its page (1-based), its box
// in points from the page's top left and, from pdfWords, the font size
// it was set in.
type pdfWord struct {
	page                   int
	text                   string
	xMin, yMin, xMax, yMax float64
	size                   float64
}
