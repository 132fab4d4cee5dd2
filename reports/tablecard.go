package reports

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

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
	Players    []string // in seat order: the first goes first; one for a bye; 3-4 at a table of three or four
	// Teams: a team game, Players[0] and Players[2] against Players[1]
	// and Players[3].
	Teams bool
	URL   string // the score-entry page with the table's credential
}

// WriteTableCards prints one card a page, in the order given.
func WriteTableCards(w io.Writer, paper Paper, cards ...TableCard) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle("Table cards", true)
	c, f := newCanvas(pdf), frameFor(paper)
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
	switch n := len(card.Players); {
	case n == 4 && card.Teams:
		y = drawTeamCard(c, x, y, w, card.Players)
	case n > 2:
		y = drawGroupCard(c, x, y, w, card.Players)
	case n == 0:
		y += 36
	case n == 1:
		c.text(x, y, w, 12, alignCenter, sansBold, 22, card.Players[0])
		c.ink(darkGrey)
		c.text(x, y+12, w, 7, alignCenter, sansItalic, 13, "bye")
		y += 36
	default:
		c.text(x, y, w, 12, alignCenter, sansBold, 22, card.Players[0])
		c.ink(darkGrey)
		c.text(x, y+12, w, 7, alignCenter, sansItalic, 12, "goes first, against")
		c.ink(black)
		c.text(x, y+19, w, 12, alignCenter, sansBold, 22, card.Players[1])
		y += 36
	}
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

// drawGroupCard lists a table of three or four in the order of play, one
// name a line, and returns the y below them.
func drawGroupCard(c canvas, x, y, w float64, players []string) float64 {
	c.ink(darkGrey)
	c.text(x, y, w, 7, alignCenter, sansItalic, 12, "play in this order")
	y += 8
	for i, name := range players {
		c.ink(darkGrey)
		c.text(x+w/2-70, y, 12, 10, alignRight, sansBold, 16, strconv.Itoa(i+1))
		c.ink(black)
		c.text(x+w/2-55, y, 125, 10, alignLeft, sansBold, 20, name)
		y += 10
	}
	return y + 4
}

// drawTeamCard shows a team game as its two pairs, with the order of
// play under them, and returns the y below.
func drawTeamCard(c canvas, x, y, w float64, p []string) float64 {
	c.ink(black)
	c.text(x, y, w, 12, alignCenter, sansBold, 22, p[0]+" & "+p[2])
	c.ink(darkGrey)
	c.text(x, y+12, w, 7, alignCenter, sansItalic, 12, "against")
	c.ink(black)
	c.text(x, y+19, w, 12, alignCenter, sansBold, 22, p[1]+" & "+p[3])
	c.ink(darkGrey)
	c.text(x, y+32, w, 7, alignCenter, sansItalic, 12, "in turn: "+strings.Join(p, ", "))
	c.ink(black)
	return y + 44
}
