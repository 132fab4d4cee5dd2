package reports

import (
	"io"
	"strconv"
)

// WriteStandings prints a division's standings: rank, player, record,
// spread and last game, one line each, for the wall of the hall.
func WriteStandings(w io.Writer, paper Paper, d Division) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Standings", join(" · ", d.Tournament, d.caption())), true)
	rows := make([][]string, len(d.Standings))
	for i, s := range d.Standings {
		rank := strconv.Itoa(s.Rank)
		if s.Tied {
			rank += "="
		}
		name := s.Name
		if s.Withdrawn {
			name += " (withdrawn)"
		}
		rows[i] = []string{rank, name, record(s.Wins, s.Losses), signed(s.Spread), s.Last.lastGame()}
	}
	drawListing(newCanvas(pdf), frameFor(paper), listing{
		kind: "STANDINGS", title: d.Tournament, subtitle: d.caption(), rows: rows,
		cols: []listColumn{
			{head: "Rank", w: 14, align: alignRight, face: sansBold},
			{head: "Player", w: 62, align: alignLeft, face: sansBold},
			{head: "Won–lost", w: 20, align: alignCenter, face: sans},
			{head: "Spread", w: 18, align: alignRight, face: sans},
			{head: "Last game", align: alignLeft, face: sans},
		},
	})
	return pdf.Output(w)
}
