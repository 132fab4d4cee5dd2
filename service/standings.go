package service

import (
	"bytes"
	"context"

	"tourney/standings"
)

// StandingsQuery picks a division (nil: the default) and the round the
// standings are after (0: every result so far).
type StandingsQuery struct {
	DivisionID *int64
	Round      int
}

// StandingRow is one line of the standings.
type StandingRow struct {
	Rank       int     `json:"rank,omitempty"` // absent (0) for a withdrawn player: no rank, as in tsh
	PlayerID   int64   `json:"player_id"`
	Name       string  `json:"name"`
	Wins       float64 `json:"wins"`   // a tie counts 0.5
	Losses     float64 `json:"losses"` // a tie counts 0.5
	Spread     int     `json:"spread"` // capped per game when the division caps spread
	RawSpread  int     `json:"raw_spread"`
	Points     int     `json:"points"`
	Played     int     `json:"played"`
	Byes       int     `json:"byes"`
	Forfeits   int     `json:"forfeits"`
	Rating     int     `json:"rating"`
	Class      string  `json:"class,omitempty"` // the rating class (classes.go): "" when the division has none
	Tied       bool    `json:"tied"`
	Withdrawn  bool    `json:"withdrawn"`
	DivisionID *int64  `json:"division_id,omitempty"`
}

// requestedDivision loads the division a request names (a public read's
// or the director's), or the default (see resolveDivision).
func (s *Service) requestedDivision(ctx context.Context, tournamentID int64, divisionID *int64) (*divState, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	div, err := s.resolveDivision(ctx, t, divisionID)
	if err != nil {
		return nil, err
	}
	return s.loadDivision(ctx, t, div)
}

// through is the round standings are after: the query's, else all.
func (st *divState) through(round int) (int, error) {
	if round < 0 {
		return 0, Errorf(KindInvalid, "bad-round", "round must be 0 or more, not %d", round)
	}
	if round == 0 {
		return st.d.Rounds(), nil
	}
	return round, nil
}

// Standings ranks a division's players on their results (public).
func (s *Service) Standings(ctx context.Context, tournamentID int64, q StandingsQuery) ([]StandingRow, error) {
	st, through, err := s.publicThrough(ctx, tournamentID, q)
	if err != nil {
		return nil, err
	}
	return st.standingRows(through), nil
}

// publicThrough loads a division for a public view and the round the
// view stops after.
func (s *Service) publicThrough(ctx context.Context, tournamentID int64, q StandingsQuery) (*divState, int, error) {
	st, err := s.requestedDivision(ctx, tournamentID, q.DivisionID)
	if err != nil {
		return nil, 0, err
	}
	through, err := st.through(q.Round)
	if err != nil {
		return nil, 0, err
	}
	return st, through, nil
}

// standingRows are the standings after a round, with the service's ids.
func (st *divState) standingRows(through int) []StandingRow {
	rows := st.d.Standings(through)
	out := make([]StandingRow, len(rows))
	for i, r := range rows {
		p := st.players[r.Player-1]
		out[i] = StandingRow{
			Rank: r.Rank, PlayerID: p.ID, Name: p.Name, Wins: r.Wins, Losses: r.Losses,
			Spread: r.Spread, RawSpread: r.RawSpread, Points: r.Points, Played: r.Played,
			Byes: r.Byes, Forfeits: r.Forfeits, Rating: r.Rating, Tied: r.Tied,
			Withdrawn: r.Withdrawn, DivisionID: st.divisionID(), Class: st.classOf(r.Player),
		}
	}
	return out
}

// StandingsCSV writes the standings as CSV (public), with player ids and
// names as the service knows them.
func (s *Service) StandingsCSV(ctx context.Context, tournamentID int64, q StandingsQuery) ([]byte, error) {
	if q.DivisionID == nil {
		ids, err := s.printDivisions(ctx, tournamentID, nil)
		if err != nil {
			return nil, err
		}
		if len(ids) > 1 {
			return s.divisionsCSV(ctx, tournamentID, ids, q.Round)
		}
	}
	st, through, err := s.publicThrough(ctx, tournamentID, q)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := standings.WriteStandingsCSV(&buf, st.csvRows(through)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// csvRows are the standings after a round with the service's player ids
// and names, as the CSV writes them.
func (st *divState) csvRows(through int) []standings.Row {
	rows := st.d.Standings(through)
	for i := range rows {
		r := &rows[i]
		if r.Last != nil && r.Last.Opponent != 0 {
			r.LastOpponentName = st.name(r.Last.Opponent)
		}
		r.Name = st.name(r.Player)
		r.Player = int(st.id(r.Player))
	}
	return rows
}

// GibsonView reports whether the leader has clinched first place.
type GibsonView struct {
	DivisionID *int64  `json:"division_id,omitempty"`
	Through    int     `json:"through"`
	RoundsLeft int     `json:"rounds_left"`
	MaxSpread  int     `json:"max_spread"`
	Leader     *int64  `json:"leader,omitempty"`
	Clinched   bool    `json:"clinched"`
	Contenders []int64 `json:"contenders"`
	Enabled    bool    `json:"enabled"` // pairings keep a clinched leader away from contenders
	Reason     string  `json:"reason"`
}

// Gibson reports on Gibsonization after a round (public).
func (s *Service) Gibson(ctx context.Context, tournamentID int64, q StandingsQuery) (*GibsonView, error) {
	st, through, err := s.publicThrough(ctx, tournamentID, q)
	if err != nil {
		return nil, err
	}
	rep := st.d.Gibson(through)
	v := &GibsonView{DivisionID: st.divisionID(), Through: rep.Through, RoundsLeft: rep.RoundsLeft, MaxSpread: rep.MaxSpread,
		Clinched: rep.Clinched, Contenders: []int64{}, Enabled: st.cfg.Gibson.Enabled, Reason: rep.Reason}
	if rep.Leader != 0 {
		id := st.id(rep.Leader)
		v.Leader = &id
	}
	for _, c := range rep.Contenders {
		v.Contenders = append(v.Contenders, st.id(c))
	}
	return v, nil
}

// playerDivision loads the division of one of a tournament's players.
func (s *Service) playerDivision(ctx context.Context, tournamentID, playerID int64) (*divState, *Player, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, nil, notFound(err, "tournament %d", tournamentID)
	}
	p, err := s.Store.GetPlayer(ctx, playerID)
	if err != nil || p.TournamentID != tournamentID {
		return nil, nil, Errorf(KindNotFound, "not-found", "player %d does not exist in tournament %d", playerID, tournamentID)
	}
	div, err := s.divisionOfPlayer(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	st, err := s.loadDivision(ctx, t, div)
	if err != nil {
		return nil, nil, err
	}
	return st, p, nil
}
