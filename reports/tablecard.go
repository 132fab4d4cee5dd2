package reports

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"rsc.io/qr"
)

// TableCard stands on a table for a round: its number, large enough to
// find across the hall, the round's pairing, and the way to the table's
// score-entry page: a QR code that opens it already signed in, and the
// table's short code in large type for whoever cannot scan.
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
	// Code is the table's credential as a player types it on the table
	// page ("ABCDE-FGHJK"); empty to print none.
	Code string
}

// A table card is a tent: the sheet folds across its middle and stands
// on the table, one face to each player. The face on the top half is
// drawn upside down, so that both read the right way up once folded.
const (
	foldGap   = 8.0  // nothing is drawn this close to the fold
	panelW    = 72.0 // the column with the QR code and the short code
	codeSize  = 30.0 // the short code's type size (the face shrinks it to no less than codeMin)
	codeMin   = 28.0
	qrSideMax = 50.0
)

// WriteTableCards prints one tent card a sheet, in the order given.
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

// box is a rectangle of the page.
type box struct{ x, y, w, h float64 }

func drawTableCard(c canvas, f frame, card *TableCard, i int) error {
	c.AddPage()
	c.use(sans, cellSize)
	c.Bookmark("Table "+strconv.Itoa(card.Table), 0, 0)
	qrName := ""
	if card.URL != "" {
		code, err := qr.Encode(card.URL, qr.M)
		if err != nil {
			return err
		}
		qrName = "qr" + strconv.Itoa(i)
		c.RegisterImageOptionsReader(qrName, gofpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(code.PNG()))
	}
	fold := f.pageH / 2
	cutLine(c, f, fold, "fold")
	front := box{f.left, fold + foldGap, f.width, f.bottom - fold - foldGap}
	back := box{f.left, f.top, f.width, fold - foldGap - f.top}
	drawTableFace(c, front, card, qrName)
	// The back face last: the canvas's memory of font and greys does not
	// see the graphics state the transformation saves and restores, so
	// nothing may be drawn after it on this page.
	c.TransformBegin()
	c.TransformRotate(180, back.x+back.w/2, back.y+back.h/2)
	drawTableFace(c, back, card, qrName)
	c.TransformEnd()
	return c.Error()
}

// drawTableFace draws one face of the tent in b: on the left the round,
// the table's number as large as the room allows and the pairing; on the
// right the QR code and the short code.
func drawTableFace(c canvas, b box, card *TableCard, qrName string) {
	lw := b.w
	if qrName != "" || card.Code != "" {
		lw -= panelW + 8
		drawEntryPanel(c, box{b.x + b.w - panelW, b.y, panelW, b.h}, card, qrName)
	}
	x, y := b.x, b.y
	c.ink(darkGrey)
	c.text(x, y, lw, 6, alignCenter, sans, 11, join(" · ", card.Tournament, card.Division))
	y += 8
	c.ink(black)
	c.text(x, y, lw, 8, alignCenter, sansBold, 16, join(" · ", "TABLE", numbered("Round", card.Round)))
	y += 9
	pairingH := tablePairingH(card)
	numH := b.y + b.h - y - pairingH - 3
	number := strconv.Itoa(card.Table)
	size := min(fitSize(c.width(sansBold, 240, number), 240, 60, lw), numH*0.9/(capHeight*pt))
	c.text(x, y, lw, numH, alignCenter, sansBold, size, number)
	y += numH + 3
	c.hline(x+lw/6, y-1.5, lw*2/3, 0.5, black)
	drawTablePairing(c, x, y, lw, card)
}

// tablePairingH is the room the pairing takes under the number.
func tablePairingH(card *TableCard) float64 {
	switch n := len(card.Players); {
	case n == 4 && card.Teams:
		return 40
	case n > 2:
		return 8 + 9*float64(n) + 2
	case n == 0:
		return 4
	}
	return 31
}

// drawTablePairing names who plays at the table, the one who goes first
// first, in the column (x, w) from y down.
func drawTablePairing(c canvas, x, y, w float64, card *TableCard) {
	p := card.Players
	switch n := len(p); {
	case n == 4 && card.Teams:
		c.ink(black)
		c.text(x, y, w, 10, alignCenter, sansBold, 20, p[0]+" & "+p[2])
		c.ink(darkGrey)
		c.text(x, y+10, w, 7, alignCenter, sansItalic, 12, "against")
		c.ink(black)
		c.text(x, y+17, w, 10, alignCenter, sansBold, 20, p[1]+" & "+p[3])
		c.ink(darkGrey)
		c.text(x, y+28, w, 7, alignCenter, sansItalic, 12, "in turn: "+strings.Join(p, ", "))
	case n > 2:
		c.ink(darkGrey)
		c.text(x, y, w, 7, alignCenter, sansItalic, 12, "play in this order")
		y += 8
		// The names in a block, centred by the longest.
		nameW := 0.0
		for _, name := range p {
			nameW = max(nameW, c.width(sansBold, 18, name))
		}
		nameW = min(nameW+1, w-17)
		x0 := x + (w-17-nameW)/2
		for i, name := range p {
			c.ink(darkGrey)
			c.text(x0, y, 10, 9, alignRight, sansBold, 16, strconv.Itoa(i+1))
			c.ink(black)
			c.text(x0+13, y, nameW, 9, alignLeft, sansBold, 18, name)
			y += 9
		}
	case n == 1:
		c.ink(black)
		c.text(x, y, w, 10, alignCenter, sansBold, 20, p[0])
		c.ink(darkGrey)
		c.text(x, y+10, w, 7, alignCenter, sansItalic, 13, "bye")
	case n == 2:
		c.ink(black)
		c.text(x, y, w, 10, alignCenter, sansBold, 20, p[0])
		c.ink(darkGrey)
		c.text(x, y+10, w, 7, alignCenter, sansItalic, 12, "goes first, against")
		c.ink(black)
		c.text(x, y+17, w, 10, alignCenter, sansBold, 20, p[1])
	}
	c.ink(black)
}

// drawEntryPanel is the way to the score-entry page: the QR code, and
// the short code with where to type it.
func drawEntryPanel(c canvas, b box, card *TableCard, qrName string) {
	x, y, w := b.x, b.y, b.w
	if qrName != "" {
		side := min(qrSideMax, b.h-40)
		c.ImageOptions(qrName, x+(w-side)/2, y, side, side, false, gofpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		y += side + 1
		c.ink(darkGrey)
		c.text(x, y, w, 5, alignCenter, sans, 9, "Scan to enter this table's scores")
		y += 8
	}
	if card.Code == "" {
		// No code to type: the whole address, for whoever cannot scan.
		if card.URL != "" {
			c.text(x, y, w, 5, alignCenter, sans, 9, "or open")
			c.ink(black)
			c.text(x, y+5, w, 5, alignCenter, mono, fitSize(c.width(mono, 9, card.URL), 9, 5, w), card.URL)
		}
		c.ink(black)
		return
	}
	c.ink(darkGrey)
	c.text(x, y, w, 5, alignCenter, sans, 9, "or type this code")
	y += 5
	c.ink(black)
	size := fitSize(c.width(monoBold, codeSize, card.Code), codeSize, codeMin, w)
	c.text(x, y, w, 13, alignCenter, monoBold, size, card.Code)
	y += 13
	c.ink(darkGrey)
	c.text(x, y, w, 5, alignCenter, sans, 9, "on the table page at")
	y += 5
	c.ink(black)
	if addr := tablePage(card); addr != "" {
		c.text(x, y, w, 5, alignCenter, mono, fitSize(c.width(mono, 10, addr), 10, 6, w), addr)
	}
}

// tablePage is the address of the table's page as a player types it:
// the card's URL without its scheme and code ("club.example/table/7").
func tablePage(card *TableCard) string {
	u, err := url.Parse(card.URL)
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Host + strings.TrimRight(u.Path, "/")
}
