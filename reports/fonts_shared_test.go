package reports

import (
	"bytes"
	"io"
	"sync"
	"testing"

	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
)

// TestWritingLeavesTheFontsAlone (found by the security probe under
// -race, two print jobs at once): upstream gofpdf wrote into the font
// bytes it was given while it subset them; the patched copy
// (third_party/gofpdf) does not, so every document is given the same
// fonts, which stay as they are, and documents written at once do not
// race.
func TestWritingLeavesTheFontsAlone(t *testing.T) {
	fonts := [][]byte{sansTTF()[sans], sansTTF()[sansBold], sansTTF()[sansItalic], gomono.TTF, gomonobold.TTF}
	var before [][]byte
	for _, f := range fonts {
		before = append(before, bytes.Clone(f))
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := WriteBlankScoreSheet(io.Discard, A4, BlankScoreSheet{Tournament: "Zażółć gęślą jaźń · Ærøskøbing Ÿ € ½ ŒŁŃ"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for i, f := range fonts {
		if !bytes.Equal(f, before[i]) {
			t.Errorf("font %d changed by writing a document", i)
		}
	}
}
