package reports

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strings"
	"testing"
)

// pageContent is the first page's content stream of a PDF gofpdf wrote.
func pageContent(t *testing.T, pdf []byte) string {
	t.Helper()
	for _, m := range regexp.MustCompile(`(?s)<</Filter /FlateDecode /Length \d+>>\nstream\n(.*?)\nendstream`).FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		b, err := io.ReadAll(r)
		if err == nil && bytes.Contains(b, []byte(" Td ")) {
			return string(b)
		}
	}
	t.Fatal("no page content with text found")
	return ""
}

// TestCanvasWritesChangesOnly: drawing the same face, grey and line
// width again writes nothing more; after a rotated block the state is
// written again, because the block's end restored the page's.
func TestCanvasWritesChangesOnly(t *testing.T) {
	pdf := newDocument(A4, nil)
	c := newCanvas(pdf)
	c.AddPage()
	for range 5 {
		c.ink(darkGrey)
		c.pen(black)
		c.SetLineWidth(0.3)
		c.text(10, 10, 50, 5, alignLeft, sans, 12, "same")
		c.hline(10, 20, 50, 0.3, black)
	}
	c.TransformBegin()
	c.TransformRotate(180, 100, 100)
	c.text(10, 30, 50, 5, alignLeft, sansBold, 20, "turned")
	c.TransformEnd()
	c.text(10, 40, 50, 5, alignLeft, sansBold, 20, "after")
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	page := pageContent(t, buf.Bytes())
	for _, tc := range []struct {
		op   *regexp.Regexp
		want int
	}{
		{regexp.MustCompile(` 12\.00 Tf`), 1},    // sans 12 once for five texts
		{regexp.MustCompile(` 20\.00 Tf`), 2},    // bold 20 in the block, then again after it
		{regexp.MustCompile(`(?m)^0\.85 w$`), 2}, // 0.3 mm: once, then again after the block
	} {
		if got := len(tc.op.FindAllString(page, -1)); got != tc.want {
			t.Errorf("%s written %d times, want %d:\n%s", tc.op, got, tc.want, page)
		}
	}
	if !strings.Contains(page, "Q") {
		t.Error("no transform written")
	}
}

// TestFitSize: the size steps down by half points to the least allowed.
func TestFitSize(t *testing.T) {
	for _, tc := range []struct{ tw, size, min, w, want float64 }{
		{tw: 50, size: 10, min: 7, w: 60, want: 10},
		{tw: 50, size: 10, min: 7, w: 45, want: 9},
		{tw: 50, size: 10, min: 7, w: 10, want: 7},
	} {
		if got := fitSize(tc.tw, tc.size, tc.min, tc.w); got != tc.want {
			t.Errorf("fitSize(%v) = %v, want %v", tc, got, tc.want)
		}
	}
}
