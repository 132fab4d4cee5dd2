package reports

import (
	"io"
	"strconv"
	"strings"

	"tourney/service"
)

// WriteRatings prints the rating estimates, each division from a new
// page, in standings order: rank and player, rating before, rated games
// and wins, performance rating, estimated rating after and the change.
func WriteRatings(w io.Writer, paper Paper, v *service.RatingsView) error {
	pdf := newDocument(paper, w)
	pdf.SetTitle(join(": ", "Rating estimates", v.Tournament), true)
	c := newCanvas(pdf)
	var lists []wallList
	for _, dr := range v.Divisions {
		title := (&Division{Division: dr.Division, Complete: dr.Complete, InProgress: dr.InProgress}).caption()
		lists = append(lists, wallList{wallHead{kind: "RATING ESTIMATES", tournament: v.Tournament, title: title, key: ratingsKey(dr)}, []wallShape{ratingsShape(dr)}})
	}
	drawWalls(c, paper, lists...)
	return pdf.Output(w)
}

// ratingsKey says how the figures were made and how to read them.
func ratingsKey(dr service.DivisionRatings) string {
	body := strings.ToUpper(dr.System)
	key := "Estimated by " + body + "'s formulas as tsh computes them; " + body + " publishes the official ratings."
	unrated, tied := false, false
	for _, p := range dr.Players {
		unrated, tied = unrated || p.Unrated, tied || p.Tied
	}
	if unrated {
		key += " New: unrated before."
	}
	if tied {
		key += " = shares the rank."
	}
	return key
}

// ratingsShape is the division's table.
func ratingsShape(dr service.DivisionRatings) wallShape {
	sh := wallShape{cols: []wallCol{
		{head: "Rank", align: alignRight, face: sansBold},
		{head: "Player", align: alignLeft, face: sansBold, flex: true},
		{head: "Before", align: alignRight, face: sans},
		{head: "Games", align: alignRight, face: sans},
		{head: "Won", align: alignRight, face: sans},
		{head: "Perf.", align: alignRight, face: sans},
		{head: "After", align: alignRight, face: sansBold},
		{head: "Change", align: alignRight, face: sans},
	}}
	for _, p := range dr.Players {
		rank := rankText(p.Rank, p.Withdrawn)
		if p.Tied {
			rank += "="
		}
		name := p.Name
		if p.Withdrawn {
			name += " (withdrawn)"
		}
		before, perf, change := "new", "–", "new"
		if !p.Unrated {
			before = strconv.Itoa(p.RatingBefore)
		}
		if p.Performance != nil {
			perf = strconv.Itoa(*p.Performance)
		}
		if p.Change != nil {
			change = Signed(*p.Change)
		}
		after := strconv.Itoa(p.RatingAfter)
		if p.RatingAfter == 0 {
			after = "–"
		}
		sh.entries = append(sh.entries, wallEntry{{rank, name, before, strconv.Itoa(p.Games), Halves(p.Wins), perf, after, change}})
	}
	return sh
}
