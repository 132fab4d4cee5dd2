package service

import (
	"context"
	"math"

	"tourney/standings"
)

// Rating estimates (public, as the standings they come from): each
// player's rating before, rated games and wins, performance rating and
// estimated rating after, by the formulas the division's settings name
// (standings.RatingSystem; DECISIONS.md, "Ratings").

// RatingsView is a tournament's rating estimates, a list per division.
type RatingsView struct {
	TournamentID int64             `json:"tournament_id"`
	Tournament   string            `json:"tournament"`
	Divisions    []DivisionRatings `json:"divisions"`
}

// DivisionRatings is one division's estimates after Through.
type DivisionRatings struct {
	DivisionID *int64 `json:"division_id,omitempty"`
	Division   string `json:"division,omitempty"`
	System     string `json:"system"` // naspa, wespa or tsh's nsa2008, naspa2024, naspa-csw
	Through    int    `json:"through"`
	// Complete and InProgress: how far the rounds are, as on the
	// standings printout ("after round N").
	Complete   int            `json:"complete"`
	InProgress *RoundProgress `json:"in_progress,omitempty"`
	Players    []RatingRow    `json:"players"` // in standings order
}

// RatingRow is one player's estimate.
type RatingRow struct {
	Rank         int     `json:"rank,omitempty"` // in the standings; absent for a withdrawn player
	Tied         bool    `json:"tied"`
	PlayerID     int64   `json:"player_id"`
	Name         string  `json:"name"`
	RatingBefore int     `json:"rating_before"` // 0: unrated
	Unrated      bool    `json:"unrated"`       // a newcomer: rating_after is their first rating
	Games        int     `json:"games"`         // rated games: byes, forfeits and team games are not
	Wins         float64 `json:"wins"`          // in rated games; a tie counts 0.5
	Expected     float64 `json:"expected"`      // wins expected, to two places
	Performance  *int    `json:"performance"`   // null without rated games
	RatingAfter  int     `json:"rating_after"`  // estimated
	Change       *int    `json:"change"`        // null for a newcomer
	Withdrawn    bool    `json:"withdrawn"`
}

// Ratings estimates the ratings of a division's players after q.Round
// (0: every result so far): the division named, else every division of
// the tournament (its players when it has none). A division whose
// settings say ratings "none" is left out, and asked for by name is
// ratings-off (404), as is a tournament where no division is rated.
func (s *Service) Ratings(ctx context.Context, tournamentID int64, q StandingsQuery) (*RatingsView, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	divs, err := s.divisionsAsked(ctx, t, q.DivisionID)
	if err != nil {
		return nil, err
	}
	v := &RatingsView{TournamentID: t.ID, Tournament: t.Name, Divisions: []DivisionRatings{}}
	for _, div := range divs {
		st, err := s.loadDivision(ctx, t, div)
		if err != nil {
			return nil, err
		}
		through, err := st.through(q.Round)
		if err != nil {
			return nil, err
		}
		if dr, ok := st.ratings(through); ok {
			v.Divisions = append(v.Divisions, dr)
		}
	}
	if len(v.Divisions) == 0 {
		which := "tournament " + t.Name
		if q.DivisionID != nil && divs[0] != nil {
			which = "division " + divs[0].Name
		}
		return nil, Errorf(KindNotFound, "ratings-off", "%s shows no rating estimates: its settings say ratings \"none\"", which)
	}
	return v, nil
}

// ratingSystem is the division's: its settings' "ratings", else its
// realm's.
func (st *divState) ratingSystem() standings.RatingSystem {
	if sys, _ := standings.ParseRatingSystem(st.settings.Ratings); sys != "" {
		return sys
	}
	return standings.DefaultRatingSystem(st.cfg.Realm)
}

// ratings are the division's estimates after a round; false when its
// ratings are off.
func (st *divState) ratings(through int) (DivisionRatings, bool) {
	sys := st.ratingSystem()
	rules, ok := sys.Rules()
	if !ok {
		return DivisionRatings{}, false
	}
	dr := DivisionRatings{DivisionID: st.divisionID(), System: string(sys), Through: through, Players: []RatingRow{}}
	if st.div != nil {
		dr.Division = st.div.Name
	}
	dr.Complete, dr.InProgress = st.progress(through)
	for _, r := range st.d.Ratings(through, rules, nil) {
		p := st.players[r.Player-1]
		row := RatingRow{Rank: r.Rank, Tied: r.Tied, PlayerID: p.ID, Name: p.Name, RatingBefore: r.Before,
			Unrated: r.Newcomer, Games: r.Games, Wins: r.Wins, Expected: math.Round(r.Expected*100) / 100, RatingAfter: r.After,
			Withdrawn: r.Withdrawn}
		if r.Games > 0 {
			row.Performance = ptr(r.Performance)
		}
		if !r.Newcomer {
			row.Change = ptr(r.Change())
		}
		dr.Players = append(dr.Players, row)
	}
	return dr, true
}

// divisionsAsked are the divisions a report covers: the one asked for,
// else every division of the tournament (nil for a tournament without
// divisions: its players are one field).
func (s *Service) divisionsAsked(ctx context.Context, t *Tournament, divisionID *int64) ([]*Division, error) {
	if divisionID != nil {
		div, err := s.resolveDivision(ctx, t, divisionID)
		if err != nil {
			return nil, err
		}
		return []*Division{div}, nil
	}
	ds, err := s.Store.ListDivisions(ctx, t.ID)
	if err != nil || len(ds) == 0 {
		return []*Division{nil}, err
	}
	divs := make([]*Division, len(ds))
	for i := range ds {
		divs[i] = &ds[i]
	}
	return divs, nil
}
