package service

import "context"

// TeamStandingRow is one team's line in a team division's standings: the
// rounds its partners played as a team (each team game once) and the byes
// the team was given.
type TeamStandingRow struct {
	Rank    int         `json:"rank"`
	Players []PlayerRef `json:"players"`
	Wins    float64     `json:"wins"`
	Losses  float64     `json:"losses"`
	Spread  int         `json:"spread"`
	Played  int         `json:"played"`
	Byes    int         `json:"byes"`
}

// TeamStandings ranks a team division's teams (public): wins, fewer
// losses, spread. A division without teams has none (no-teams).
func (s *Service) TeamStandings(ctx context.Context, tournamentID int64, q StandingsQuery) ([]TeamStandingRow, error) {
	st, through, err := s.publicThrough(ctx, tournamentID, q)
	if err != nil {
		return nil, err
	}
	teams := st.teamLines()
	if len(teams) == 0 {
		return nil, Errorf(KindRule, "no-teams", "this division has no teams: set its teams (pairs of partners) in the division's settings")
	}
	rows, err := st.d.TeamStandings(through, teams)
	if err != nil {
		return nil, standingsError(err)
	}
	out := make([]TeamStandingRow, len(rows))
	for i, r := range rows {
		out[i] = TeamStandingRow{Rank: r.Rank, Wins: r.Wins, Losses: r.Losses, Spread: r.Spread, Played: r.Played, Byes: r.Byes}
		for _, l := range r.Players {
			out[i].Players = append(out[i].Players, PlayerRef{ID: st.id(l), Name: st.name(l)})
		}
	}
	return out, nil
}
