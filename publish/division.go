package publish

import (
	"strconv"
	"strings"

	"tourney/reports"
	"tourney/service"
)

// division renders a division's standings, rounds, crosstable,
// scorecards and the replays of its recorded games.
func (s *site) division(d *divisionSite) error {
	rec, err := s.svc.Record(s.ctx, d.ts.t.ID, service.StandingsQuery{DivisionID: d.id})
	if err != nil {
		return err
	}
	d.rec = rec
	for r := 1; r <= rec.Through; r++ {
		d.rounds = append(d.rounds, r)
	}
	if err := s.games(d); err != nil {
		return err
	}
	if err := s.standings(d); err != nil {
		return err
	}
	for _, r := range d.rounds {
		if err := s.round(d, r); err != nil {
			return err
		}
	}
	if err := s.crosstable(d); err != nil {
		return err
	}
	for _, p := range rec.Players {
		if err := s.player(d, p); err != nil {
			return err
		}
	}
	return nil
}

// path is a file of the division, relative to the site's root.
func (d *divisionSite) path(name string) string { return d.ts.base + d.Dir + name }

// crumbs lead from a division's page back to the index and standings.
func (d *divisionSite) page(title, file string) page {
	p := page{Title: title, Root: root(d.path(file))}
	p.Crumbs = []link{{p.Root + "index.html", "All divisions"}}
	if file != "standings.html" {
		p.Crumbs = append(p.Crumbs, link{"standings.html", "Standings"})
	}
	return p
}

func playerFile(id int64) string { return "player-" + strconv.FormatInt(id, 10) + ".html" }
func roundFile(r int) string     { return "round-" + strconv.Itoa(r) + ".html" }

type standingsView struct {
	page
	Heading, Status string
	Classes         bool
	Rows            []standingRow
	Rounds          []link
}

type standingRow struct {
	Rank                  int
	Player                link
	Class, Record, Spread string
	Withdrawn             bool
}

func (s *site) standings(d *divisionSite) error {
	v := standingsView{page: d.page("Standings · "+d.title(), "standings.html"), Heading: d.title(), Status: status(d.rec),
		Rounds: d.roundLinks()}
	for _, r := range d.rec.Standings {
		v.Rows = append(v.Rows, standingRow{Rank: r.Rank, Player: link{playerFile(r.PlayerID), r.Name}, Class: r.Class,
			Record: record(r.Wins, r.Losses), Spread: spread(r.Spread), Withdrawn: r.Withdrawn})
		v.Classes = v.Classes || r.Class != ""
	}
	return s.render(d.path("standings.html"), "standings", v)
}

func (d *divisionSite) roundLinks() []link {
	var out []link
	for _, r := range d.rounds {
		out = append(out, link{roundFile(r), "Round " + strconv.Itoa(r)})
	}
	return out
}

type roundView struct {
	page
	Heading string
	Rows    []pairingRow
	Rounds  []link
}

type pairingRow struct {
	Table  int
	Sides  []link
	Result string
	Game   *link // the replay, once the round is complete
}

// round renders a round's pairings by table, each with its result as the
// scorecards give it (the first player's side).
func (s *site) round(d *divisionSite, round int) error {
	rp, err := s.svc.Pairings(s.ctx, d.ts.t.ID, round, service.StandingsQuery{DivisionID: d.id})
	if err != nil {
		return err
	}
	v := roundView{page: d.page("Round "+strconv.Itoa(round)+" · "+d.title(), roundFile(round)),
		Heading: d.title() + ": round " + strconv.Itoa(round), Rounds: d.roundLinks()}
	for _, pv := range rp.Pairings {
		row := pairingRow{Table: pv.Table}
		names := reports.PairingNames(pv)
		for i, pl := range pv.Players {
			row.Sides = append(row.Sides, link{playerFile(pl.ID), names[i]})
		}
		if len(pv.Players) > 0 {
			if rr := d.roundOf(pv.Players[0].ID, round); rr != nil {
				row.Result = resultWords(*rr)
			}
		}
		if alone := reports.AloneWord(pv); alone != "" {
			row.Result = alone // a withdrawn player's round, a late entrant's missed one: never "bye"
		}
		if pv.GameID != nil {
			if f, ok := d.games[*pv.GameID]; ok {
				row.Game = &link{f, "replay"}
			}
		}
		v.Rows = append(v.Rows, row)
	}
	return s.render(d.path(roundFile(round)), "round", v)
}

// roundOf is a player's round in the division's record.
func (d *divisionSite) roundOf(player int64, round int) *service.RoundRecord {
	for _, p := range d.rec.Players {
		if p.ID != player {
			continue
		}
		for i := range p.Rounds {
			if p.Rounds[i].Round == round {
				return &p.Rounds[i]
			}
		}
	}
	return nil
}

// resultWords is a round's result from one player's side: "420–350",
// every score at a table of three or four, "bye", "forfeit"; "" until in.
func resultWords(rr service.RoundRecord) string {
	switch {
	case rr.Bye:
		return "bye"
	case !rr.Entered:
		return ""
	case rr.Forfeit:
		return "forfeit"
	case rr.Group != nil:
		var words []string
		for _, seat := range rr.Group {
			if seat.Score != nil {
				words = append(words, score(*seat.Score))
			}
		}
		return strings.Join(words, "–")
	}
	return score(rr.Score) + "–" + score(rr.OppScore)
}

// score is a score with a true minus sign.
func score(n int) string { return strings.ReplaceAll(strconv.Itoa(n), "-", "−") }

type crossView struct {
	page
	Heading string
	Rounds  []int
	Rows    []crossRow
}

type crossRow struct {
	Line           int
	Player         link
	Cells          []string
	Record, Spread string
}

// crosstable renders every player's rounds in one table: the result and
// the opponent's number.
func (s *site) crosstable(d *divisionSite) error {
	v := crossView{page: d.page("Crosstable · "+d.title(), "crosstable.html"), Heading: d.title() + ": crosstable", Rounds: d.rounds}
	totals := map[int64]service.StandingRow{}
	for _, r := range d.rec.Standings {
		totals[r.PlayerID] = r
	}
	for _, p := range d.rec.Players {
		row := crossRow{Line: p.Line, Player: link{playerFile(p.ID), p.Name}}
		cells := map[int]string{}
		for _, rr := range p.Rounds {
			cells[rr.Round] = crossCell(rr)
		}
		for _, r := range d.rounds {
			row.Cells = append(row.Cells, cells[r])
		}
		t := totals[p.ID]
		row.Record, row.Spread = record(t.Wins, t.Losses), spread(t.Spread)
		v.Rows = append(v.Rows, row)
	}
	return s.render(d.path("crosstable.html"), "crosstable", v)
}

// crossCell is a round in the crosstable: "W 420–350 #3".
func crossCell(rr service.RoundRecord) string {
	words := []string{}
	if rr.Outcome != "" {
		words = append(words, rr.Outcome)
	}
	if w := resultWords(rr); w != "" {
		words = append(words, w)
	}
	if rr.OpponentLine != 0 {
		words = append(words, "#"+strconv.Itoa(rr.OpponentLine))
	}
	return strings.Join(words, " ")
}

type playerView struct {
	page
	Heading, Summary string
	Photo            string // the player's photo's address, "" for none
	Rows             []scoreRow
}

type scoreRow struct {
	Round                          link
	Table                          int
	Opponent                       *link
	Against                        string // a table of three or four, or a bye
	Start, Result, Spread, Outcome string
	Game                           *link
}

// player renders a player's scorecard.
func (s *site) player(d *divisionSite, p service.PlayerRecord) error {
	v := playerView{page: d.page(p.Name+" · "+d.title(), playerFile(p.ID)), Heading: p.Name, Photo: d.photoOf(p.ID)}
	for _, r := range d.rec.Standings {
		if r.PlayerID == p.ID {
			v.Summary = record(r.Wins, r.Losses) + ", spread " + spread(r.Spread)
			if r.Rank > 0 {
				v.Summary = "Place " + strconv.Itoa(r.Rank) + ": " + v.Summary
			}
		}
	}
	for _, rr := range p.Rounds {
		row := scoreRow{Round: link{roundFile(rr.Round), strconv.Itoa(rr.Round)}, Table: rr.Table, Start: rr.Start,
			Result: resultWords(rr), Outcome: rr.Outcome}
		if rr.Entered && !rr.Bye {
			row.Spread = spread(rr.Spread)
		}
		switch {
		case rr.OpponentID != 0:
			row.Opponent = &link{playerFile(rr.OpponentID), rr.Opponent}
		case rr.Group != nil:
			var names []string
			for _, seat := range rr.Group {
				if seat.ID != p.ID {
					names = append(names, seat.Name)
				}
			}
			row.Against = strings.Join(names, ", ")
		case rr.Bye:
			row.Against = "bye"
		}
		if f, ok := d.gameFile(rr.Round, rr.Table); ok {
			row.Game = &link{f, "replay"}
		}
		v.Rows = append(v.Rows, row)
	}
	return s.render(d.path(playerFile(p.ID)), "player", v)
}

// gameFile is the replay of the game at a table in a round, if shown.
func (d *divisionSite) gameFile(round, table int) (string, bool) {
	name := gameName(round, table)
	for _, f := range d.games {
		if f == name {
			return f, true
		}
	}
	return "", false
}

func gameName(round, table int) string {
	return "game-r" + strconv.Itoa(round) + "-t" + strconv.Itoa(table) + ".html"
}
