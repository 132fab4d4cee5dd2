package publish

import (
	"strconv"

	"tourney/reports"
	"tourney/service"
)

type indexView struct {
	page
	Tournaments []indexTournament
}

type indexTournament struct {
	Name, Dates   string
	Divisions     []indexDivision
	Prizes, Stats string
}

type indexDivision struct {
	Name, Status          string
	Standings, Crosstable string
	Rounds                []link
}

// index renders the root page: each tournament with its divisions.
func (s *site) index(sites []*tournamentSite) error {
	v := indexView{page: page{Title: "Tournaments"}}
	if len(sites) == 1 {
		v.Title = sites[0].t.Name
	}
	for _, x := range sites {
		it := indexTournament{Name: x.t.Name, Dates: dates(x.t), Prizes: x.Prizes, Stats: x.Stats}
		for _, d := range x.divisions {
			id := indexDivision{Name: d.Name, Status: status(d.rec), Standings: d.path("standings.html"), Crosstable: d.path("crosstable.html")}
			if id.Name == "" {
				id.Name = "Players"
			}
			for _, r := range d.rounds {
				id.Rounds = append(id.Rounds, link{d.path(roundFile(r)), strconv.Itoa(r)})
			}
			it.Divisions = append(it.Divisions, id)
		}
		v.Tournaments = append(v.Tournaments, it)
	}
	return s.render("index.html", "index", v)
}

func dates(t service.Tournament) string {
	switch {
	case t.StartDate != "" && t.EndDate != "" && t.EndDate != t.StartDate:
		return t.StartDate + " to " + t.EndDate
	}
	return t.StartDate
}

type prizesView struct {
	page
	Heading, Status string
	Rows            []prizeRow
}

type prizeRow struct {
	Title, Detail string
	Winners       []string
}

// prizes renders the prize list as GET /prizes gives it, when the
// tournament has prizes.
func (s *site) prizes(x *tournamentSite, divs []service.Division) error {
	pv, err := s.svc.Prizes(s.ctx, x.t.ID)
	if err != nil || len(pv.Prizes) == 0 {
		return err
	}
	path := x.base + "prizes.html"
	v := prizesView{page: page{Title: "Prizes · " + x.t.Name, Root: root(path)}, Heading: x.t.Name + ": prizes"}
	v.Crumbs = []link{{v.Root + "index.html", "All divisions"}}
	if pv.Provisional {
		v.Status = "Provisional: results still to come"
	}
	for _, pr := range pv.Prizes {
		row := prizeRow{}
		row.Title, row.Detail = reports.PrizeTitle(pr.Prize, divs)
		for _, w := range pr.Winners {
			words := w.Name
			if with := reports.PrizeValue(pr, w); with != "" {
				words += " (" + with + ")"
			}
			row.Winners = append(row.Winners, words)
		}
		v.Rows = append(v.Rows, row)
	}
	x.Prizes = path
	return s.render(path, "prizes", v)
}

type statsView struct {
	page
	Heading   string
	Divisions []statsDivision
}

type statsDivision struct {
	Name, Recorded string
	Figures        []reports.Figure
	HighWins       []string
}

// stats renders the statistics as GET /stats gives them, once a game
// has been played.
func (s *site) stats(x *tournamentSite) error {
	sv, err := s.svc.Stats(s.ctx, x.t.ID, nil)
	if err != nil {
		return err
	}
	played := false
	for _, d := range sv.Divisions {
		played = played || d.Games > 0
	}
	if !played {
		return nil
	}
	path := x.base + "stats.html"
	v := statsView{page: page{Title: "Statistics · " + x.t.Name, Root: root(path)}, Heading: x.t.Name + ": statistics"}
	v.Crumbs = []link{{v.Root + "index.html", "All divisions"}}
	for i := range sv.Divisions {
		d := &sv.Divisions[i]
		sd := statsDivision{Name: d.Name, Recorded: reports.RecordedTitle(d), Figures: reports.StatsFigures(d)}
		for _, g := range d.HighWins {
			line := strconv.Itoa(g.Value) + " · round " + strconv.Itoa(g.Round)
			for j, p := range g.Players {
				if j == 0 {
					line += " · " + p.Name
				} else {
					line += " against " + p.Name + " (" + score(p.Score) + ")"
				}
			}
			sd.HighWins = append(sd.HighWins, line)
		}
		v.Divisions = append(v.Divisions, sd)
	}
	x.Stats = path
	return s.render(path, "stats", v)
}
