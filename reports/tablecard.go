package reports

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/jung-kurt/gofpdf"
	"rsc.io/qr"
)

// TableCard stands on a table for a round: its number, large enough to
// find across the hall, the round's pairing, and a QR code that opens
// the table's score-entry page already signed in.
type TableCard struct {
	Tournament string
	Division   string
	Round      int
	Table      int
	Players    []string // in seat order: the first goes first; one for a bye
	URL        string   // the score-entry page with the table's credential
}

// WriteTableCards prints one card a page, in the order given.
func WriteTableCards(w io.Writer, paper Paper, cards ...TableCard) error {
	pdf := newDocument(paper)
	pdf.SetTitle("Table cards", true)
	c, f := canvas{pdf}, frameFor(paper)
	for i := range cards {
		if err := drawTableCard(c, f, &cards[i], i); err != nil {
			return fmt.Errorf("table card %d: %w", cards[i].Table, err)
		}
	}
	if len(cards) == 0 {
		pdf.AddPage()
		drawTitle(c, f, "TABLE CARDS", "", "No tables in this round.", 1, 1)
	}
	return pdf.Output(w)
}

func drawTableCard(c canvas, f frame, card *TableCard, i int) error {
	c.AddPage()
	c.use(sans, cellSize)
	c.Bookmark("Table "+strconv.Itoa(card.Table), 0, 0)
	x, y, w := f.left, f.top, f.width
	c.ink(darkGrey)
	c.text(x, y, w, 6, alignCenter, sans, 12, join(" · ", card.Tournament, card.Division, numbered("Round", card.Round)))
	y += 14
	c.ink(black)
	c.text(x, y, w, 10, alignCenter, sansBold, 22, "TABLE")
	y += 12
	c.text(x, y, w, 55, alignCenter, sansBold, 190, strconv.Itoa(card.Table))
	y += 62
	c.hline(x+20, y, w-40, 0.5, black)
	y += 5
	switch len(card.Players) {
	case 0:
	case 1:
		c.text(x, y, w, 12, alignCenter, sansBold, 22, card.Players[0])
		c.ink(darkGrey)
		c.text(x, y+12, w, 7, alignCenter, sansItalic, 13, "bye")
	default:
		c.text(x, y, w, 12, alignCenter, sansBold, 22, card.Players[0])
		c.ink(darkGrey)
		c.text(x, y+12, w, 7, alignCenter, sansItalic, 12, "goes first, against")
		c.ink(black)
		c.text(x, y+19, w, 12, alignCenter, sansBold, 22, card.Players[1])
	}
	y += 36
	if card.URL == "" {
		return nil
	}
	code, err := qr.Encode(card.URL, qr.M)
	if err != nil {
		return err
	}
	name := "qr" + strconv.Itoa(i)
	opts := gofpdf.ImageOptions{ImageType: "PNG"}
	c.RegisterImageOptionsReader(name, opts, bytes.NewReader(code.PNG()))
	side := min(60.0, f.bottom-y-16)
	c.ImageOptions(name, x+(w-side)/2, y, side, side, false, opts, 0, "")
	y += side + 2
	c.ink(darkGrey)
	c.text(x, y, w, 5, alignCenter, sans, 10, "Scan to enter this table's scores, or open:")
	c.ink(black)
	c.text(x, y+5, w, 6, alignCenter, mono, 9, card.URL)
	return c.Error()
}
