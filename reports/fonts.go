package reports

import (
	"io"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
)

// face is a font as the drawing code asks for it.
type face struct{ family, style string }

// The Go fonts cover Latin with its accents (WGL4), so player names and
// the letters of the Polish and German tile sets print as written. The
// mono faces are for racks and words, where letters line up as on a
// hand-written sheet.
var (
	sans       = face{"go", ""}
	sansBold   = face{"go", "B"}
	sansItalic = face{"go", "I"}
	mono       = face{"gomono", ""}
	monoBold   = face{"gomono", "B"}
)

// Stopper is a destination that can say the reader has gone or the time
// is up (the API's, for a request cancelled or past its deadline). A
// report written to one checks it at every page and stops there: what is
// left is not drawn, the file is not written, and the Write function
// returns the stopper's error.
type Stopper interface{ Err() error }

// newDocument starts an empty PDF on the given paper with the Go fonts
// embedded (subset to the letters used when the file is written; the
// proportional ones with a short hyphen, see hyphen.go), for w.
func newDocument(p Paper, w io.Writer) *gofpdf.Fpdf {
	pdf := gofpdf.New("P", "mm", p.gofpdfName(), "")
	if s, ok := w.(Stopper); ok {
		pdf.SetHeaderFunc(func() {
			if err := s.Err(); err != nil {
				pdf.SetError(err)
			}
		})
	}
	pdf.SetMargins(margin, margin, margin)
	// Layouts measure and place every block themselves; an automatic
	// break in the middle of a drawing would split it.
	pdf.SetAutoPageBreak(false, margin)
	pdf.SetCreator("tourney", true)
	// The same pages, the same bytes but for the dates (gofpdf otherwise
	// lists fonts in map order): a printout drawn again keeps its ETag.
	pdf.SetCatalogSort(true)
	for _, f := range []struct {
		face
		ttf []byte
	}{
		{sans, sansTTF()[sans]}, {sansBold, sansTTF()[sansBold]}, {sansItalic, sansTTF()[sansItalic]},
		{mono, gomono.TTF}, {monoBold, gomonobold.TTF},
	} {
		// Shared by all documents: gofpdf (patched, third_party/gofpdf)
		// neither writes into the bytes nor parses them twice.
		pdf.AddUTF8FontFromBytes(f.family, f.style, f.ttf)
	}
	return pdf
}
