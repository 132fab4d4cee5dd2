package reports

import (
	"io"
	"strconv"
)

// WriteStandings prints a division's standings for the wall: rank,
// player, record and spread in large type, with each player's last game
// in smaller type beside them when the page has room for it.
func WriteStandings(w io.Writer, paper Paper, d Division) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Standings", join(" · ", d.Tournament, d.caption())), true)
	full := wallShape{cols: []wallCol{
		{head: "Rank", align: alignRight, face: sansBold},
		{head: "Player", align: alignLeft, face: sansBold, flex: true},
		{head: "Won–lost", align: alignCenter, face: sansBold},
		{head: "Spread", align: alignRight, face: sans},
		{head: "Last game", align: alignLeft, face: sans, scale: 0.6, flex: true, capEm: 30},
	}}
	// Without the last game: a long division in more columns, a short
	// one in larger type; it wins only when it gains that much.
	short := wallShape{cols: full.cols[:4], weight: 0.6}
	tied, anyLast := false, false
	for _, s := range d.Standings {
		rank := rankText(s.Rank, s.Withdrawn)
		if s.Tied {
			rank += "="
			tied = true
		}
		name := s.Name
		if s.Withdrawn {
			name += " (withdrawn)"
		}
		line := []string{rank, name, Record(s.Wins, s.Losses), Signed(s.Spread), s.Last.lastGame()}
		anyLast = anyLast || line[4] != ""
		full.entries = append(full.entries, wallEntry{line})
		short.entries = append(short.entries, wallEntry{line[:4]})
	}
	shapes := []wallShape{full, short}
	if !anyLast {
		shapes = shapes[1:] // an empty column's head would only take room
	}
	key := ""
	if tied {
		key = "= shares the rank."
	}
	drawWalls(newCanvas(pdf), paper, wallList{wallHead{kind: "STANDINGS", tournament: d.Tournament, title: d.caption(), key: key}, shapes})
	return pdf.Output(w)
}

// rankText is a rank as the printed lists show it: a withdrawn player has
// none (as in tsh, they are left out of the ranking), a dash.
func rankText(rank int, withdrawn bool) string {
	if withdrawn || rank == 0 {
		return "–"
	}
	return strconv.Itoa(rank)
}
