package service

import (
	"context"
	"slices"
	"strings"
)

// Results keyed by table, the way tsh's "a" mode takes them from the
// slips: the director names a round and a table and types the two scores
// in seat order. Tables are unique in a round across the whole
// tournament, so the table alone finds the pairing.

// TableResultInput is a result keyed by table: the two scores in seat
// order. Reason is needed to change a result already in (it is then
// amended); Record "void" with a reason sets aside a game's record (see
// ResultInput). DivisionID is optional: the table finds its division.
type TableResultInput struct {
	Scores     []int  `json:"scores"`
	Reason     string `json:"reason,omitempty"`
	Record     string `json:"record,omitempty"`
	DivisionID *int64 `json:"division_id,omitempty"`
}

// PlayerStanding is a player's record in the division's standings.
type PlayerStanding struct {
	PlayerID int64   `json:"player_id"`
	Name     string  `json:"name"`
	Wins     float64 `json:"wins"`
	Losses   float64 `json:"losses"`
	Spread   int     `json:"spread"`
	Rank     int     `json:"rank,omitempty"` // absent for a withdrawn player
}

// TableResult is the answer to a result keyed by table: the result as
// stored, whether it amended one already in, and the two players' records
// after it, in seat order, as the division's standings show them.
type TableResult struct {
	Table   int              `json:"table"`
	Result  RoundResult      `json:"result"`
	Amended bool             `json:"amended"`
	Players []PlayerStanding `json:"players"`
}

// TableView is one table of a round: its players in seat order and, once
// it is in, the result with its scores in seat order. Status is the
// game's while it is recorded turn by turn and has no result yet
// (in-progress, awaiting-racks, ...): a hand result then needs the record
// set aside.
type TableView struct {
	Table      int          `json:"table"`
	DivisionID *int64       `json:"division_id,omitempty"`
	Division   string       `json:"division,omitempty"`
	GameID     *int64       `json:"game_id,omitempty"`
	Players    []PlayerRef  `json:"players"`
	Scores     []int        `json:"scores,omitempty"`
	Result     *RoundResult `json:"result,omitempty"`
	Status     string       `json:"status,omitempty"`
	// Teams: a team game (Players[0] and Players[2] against Players[1] and
	// Players[3]); its Scores are the two teams'.
	Teams bool `json:"teams,omitempty"`
}

// seated is the pairing at a table: its players in seat order and its
// result row, if any.
type seated struct {
	table int
	seats []int64
	game  *Game
	row   *Result
	teams bool
}

// tables are the round's pairings that have a table (a bye has none), in
// table order. Seat order is the game's seats (seat 1 starts); a pairing
// with no game has the order of the result that paired it.
func (st *divState) tables(round int) []seated {
	var out []seated
	for _, p := range st.d.Pairings(round) {
		if p.IsBye() || p.Table == 0 {
			continue
		}
		a, b := st.id(p.Player), st.id(p.Opponent)
		s := seated{table: p.Table, game: st.pairingGame(round, p), row: st.rowOf(round, a), teams: p.Teams}
		switch {
		case s.game != nil:
			s.seats = slices.Clone(s.game.Seats)
		case p.Group != nil:
			s.seats = st.ids(p.Group)
		case s.row != nil && s.row.Player2 != nil:
			s.seats = s.row.playerIDs()
		case p.First == p.Opponent:
			s.seats = []int64{b, a}
		default:
			s.seats = []int64{a, b}
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(x, y seated) int { return x.table - y.table })
	return out
}

// tableView shows a table of the division.
func (st *divState) tableView(s seated) TableView {
	v := TableView{Table: s.table, DivisionID: st.divisionID(), Teams: s.teams}
	if st.div != nil {
		v.Division = st.div.Name
	}
	if s.game != nil {
		v.GameID = copyID(&s.game.ID)
		v.Status = st.gameStatus[s.game.ID]
	}
	for _, id := range s.seats {
		v.Players = append(v.Players, PlayerRef{ID: id, Name: st.name(st.line[id])})
	}
	if s.row != nil && !st.skipped[s.row.ID] {
		rv := st.view(s.row)
		v.Result = &rv
		if s.row.Group != nil {
			v.Scores = slices.Clone(rv.Scores) // seat order already
		} else if len(rv.Players) == 2 && len(rv.Scores) == 2 {
			v.Scores = rv.Scores
			if rv.Players[0] != s.seats[0] {
				v.Scores = []int{rv.Scores[1], rv.Scores[0]}
			}
		}
	}
	return v
}

// RoundTables lists a round's tables across the tournament's divisions
// (public), in table order, each with its players in seat order and its
// result once it is in.
func (s *Service) RoundTables(ctx context.Context, tournamentID int64, round int) ([]TableView, error) {
	if round < 1 {
		return nil, Errorf(KindInvalid, "bad-round", "rounds start at 1")
	}
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	states, err := s.allDivisions(ctx, t)
	if err != nil {
		return nil, err
	}
	out := []TableView{}
	for _, st := range states {
		for _, sd := range st.tables(round) {
			out = append(out, st.tableView(sd))
		}
	}
	slices.SortStableFunc(out, func(x, y TableView) int { return x.Table - y.Table })
	return out, nil
}

// tableDivision finds the division playing at a table in a round: the
// one named, else the division of the players of the round's game at that
// table, else of the result that paired two players there.
func (s *Service) tableDivision(ctx context.Context, t *Tournament, round, table int, named *int64) (*divState, error) {
	if named != nil {
		div, err := s.resolveDivision(ctx, t, named)
		if err != nil {
			return nil, err
		}
		return s.loadDivision(ctx, t, div)
	}
	var player int64
	games, err := s.Store.ListGames(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if g.Round == round && g.Table == table && len(g.Seats) >= 2 {
			player = g.Seats[0]
		}
	}
	if player == 0 {
		rows, err := s.Store.ListResults(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			if r.Round == round && r.Table == table && r.Player2 != nil {
				player = r.Player1
			}
		}
	}
	if player == 0 {
		return nil, noSuchTable(round, table)
	}
	p, err := s.Store.GetPlayer(ctx, player)
	if err != nil {
		return nil, err
	}
	div, err := s.divisionOfPlayer(ctx, p)
	if err != nil {
		return nil, err
	}
	return s.loadDivision(ctx, t, div)
}

func noSuchTable(round, table int) error {
	return Errorf(KindNotFound, "no-such-table", "round %d has no game at table %d (a bye has no table)", round, table)
}

// EnterTableResult enters the result of the game at a table of a round
// (director), the two scores in seat order. A result already in is
// amended when the input gives a reason, and refused (already-entered,
// with the result in the problem's state) when it does not, so that the
// director says why. The answer carries both players' records after it,
// from the division's standings.
func (s *Service) EnterTableResult(ctx context.Context, a Actor, tournamentID int64, round, table int, in TableResultInput) (*TableResult, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if round < 1 || table < 1 {
		return nil, Errorf(KindInvalid, "bad-table", "rounds and tables start at 1")
	}
	if len(in.Scores) < 2 || len(in.Scores) > 4 {
		return nil, Errorf(KindInvalid, "bad-scores", "give the scores in seat order (the player in seat 1 first): two for a game, three or four at a table of three or four, two (one per team) for a team game")
	}
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	st, err := s.tableDivision(ctx, t, round, table, in.DivisionID)
	if err != nil {
		return nil, err
	}
	tables := st.tables(round)
	i := slices.IndexFunc(tables, func(sd seated) bool { return sd.table == table })
	if i < 0 {
		return nil, noSuchTable(round, table)
	}
	at := tables[i]
	reason := strings.TrimSpace(in.Reason)
	out := &TableResult{Table: table}
	var res *RoundResult
	if at.row == nil {
		res, err = s.EnterResult(ctx, a, tournamentID, ResultInput{Round: round, Players: at.seats, Scores: in.Scores, Teams: at.teams, Record: in.Record, Reason: reason})
	} else {
		if reason == "" {
			e := Errorf(KindConflict, "already-entered", "table %d already has a result in round %d; give a reason to amend it", table, round)
			e.Detail = st.tableView(at)
			return nil, e
		}
		out.Amended = true
		res, err = s.AmendResult(ctx, a, tournamentID, at.row.ID, AmendInput{Reason: reason,
			ResultInput: ResultInput{Kind: ResultGame, Players: at.seats, Scores: in.Scores, Teams: at.teams, Record: in.Record, Reason: reason}})
	}
	if err != nil {
		return nil, err
	}
	out.Result = *res
	if out.Players, err = s.standingsOf(ctx, t, st.div, at.seats); err != nil {
		return nil, err
	}
	return out, nil
}

// standingsOf are players' records in their division's standings after
// every round so far, as GET standings shows them.
func (s *Service) standingsOf(ctx context.Context, t *Tournament, div *Division, ids []int64) ([]PlayerStanding, error) {
	st, err := s.loadDivision(ctx, t, div)
	if err != nil {
		return nil, err
	}
	through, err := st.through(0) // what GET standings shows by default
	if err != nil {
		return nil, err
	}
	rows := st.standingRows(through)
	out := make([]PlayerStanding, 0, len(ids))
	for _, id := range ids {
		for _, r := range rows {
			if r.PlayerID == id {
				out = append(out, PlayerStanding{PlayerID: id, Name: r.Name, Wins: r.Wins, Losses: r.Losses, Spread: r.Spread, Rank: r.Rank})
			}
		}
	}
	return out, nil
}
