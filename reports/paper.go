package reports

import (
	"fmt"
	"strings"
)

// Paper is the sheet size a report is printed on.
type Paper string

// The sizes directors print on: A4 nearly everywhere, Letter in North
// America.
const (
	A4     Paper = "a4"
	Letter Paper = "letter"
)

// ParsePaper reads a paper name as a user types it; empty means A4.
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "a4":
		return A4, nil
	case "letter", "us-letter":
		return Letter, nil
	}
	return "", fmt.Errorf("unknown paper %q: use a4 or letter", s)
}

// size is the portrait page in millimetres.
func (p Paper) size() (w, h float64) {
	if p == Letter {
		return 215.9, 279.4
	}
	return 210, 297
}

// gofpdfName is the size as gofpdf names it.
func (p Paper) gofpdfName() string {
	if p == Letter {
		return "Letter"
	}
	return "A4"
}

// margin keeps everything inside what office printers can reach (about
// 5 mm) with room to spare for a hole punch.
const margin = 10.0
