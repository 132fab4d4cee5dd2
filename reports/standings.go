package reports

import (
	"io"
	"strconv"
)

// WriteStandings prints divisions' standings for the wall, each division
// from a new page: rank, player, class (when the division has classes),
// record and spread in large type, with each player's last game in
// smaller type beside them when the page has room for it.
func WriteStandings(w io.Writer, paper Paper, ds ...Division) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Standings", documentCaption(ds)), true)
	lists := make([]wallList, len(ds))
	for i := range ds {
		lists[i] = standingsList(ds[i])
	}
	drawWalls(newCanvas(pdf), paper, lists...)
	return pdf.Output(w)
}

// documentCaption names a printout of some divisions: the tournament and
// the division when there is one, else the tournament alone.
func documentCaption(ds []Division) string {
	switch len(ds) {
	case 0:
		return ""
	case 1:
		return join(" · ", ds[0].Tournament, ds[0].caption())
	}
	return ds[0].Tournament
}

// standingsList is one division's standings as a wall list.
func standingsList(d Division) wallList {
	// A Class column when the division has rating classes.
	withClass := false
	for _, s := range d.Standings {
		withClass = withClass || s.Class != ""
	}
	cols := []wallCol{
		{head: "Rank", align: alignRight, face: sansBold},
		{head: "Player", align: alignLeft, face: sansBold, flex: true},
	}
	if withClass {
		cols = append(cols, wallCol{head: "Class", align: alignCenter, face: sans})
	}
	cols = append(cols,
		wallCol{head: "Won–lost", align: alignCenter, face: sansBold},
		wallCol{head: "Spread", align: alignRight, face: sans},
		wallCol{head: "Last game", align: alignLeft, face: sans, scale: 0.6, flex: true, capEm: 30},
	)
	full := wallShape{cols: cols}
	// Without the last game: a long division in more columns, a short
	// one in larger type; it wins only when it gains that much.
	last := len(cols) - 1
	short := wallShape{cols: full.cols[:last], weight: 0.6}
	tied, anyLast := false, false
	for _, s := range d.Standings {
		rank := rankText(s.Rank, s.Withdrawn)
		if s.Tied {
			rank += "="
			tied = true
		}
		name := PlayerName(s.Name, s.Number)
		if s.Withdrawn {
			name += " (withdrawn)"
		}
		line := []string{rank, name}
		if withClass {
			line = append(line, s.Class)
		}
		line = append(line, Record(s.Wins, s.Losses), Signed(s.Spread), s.Last.lastGame())
		anyLast = anyLast || line[last] != ""
		full.entries = append(full.entries, wallEntry{line})
		short.entries = append(short.entries, wallEntry{line[:last]})
	}
	shapes := []wallShape{full, short}
	if !anyLast {
		shapes = shapes[1:] // an empty column's head would only take room
	}
	key := ""
	if tied {
		key = "= shares the rank."
	}
	return wallList{wallHead{kind: "STANDINGS", tournament: d.Tournament, title: d.caption(), key: key}, shapes}
}

// rankText is a rank as the printed lists show it: a withdrawn player has
// none (as in tsh, they are left out of the ranking), a dash.
func rankText(rank int, withdrawn bool) string {
	if withdrawn || rank == 0 {
		return "–"
	}
	return strconv.Itoa(rank)
}
