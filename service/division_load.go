package service

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"tourney/standings"
)

// divState is one division as the standings package sees it, built from
// the store by loadDivision, with the rows it came from. Players are
// numbered by line (1-based, the division's players in id order), as in a
// tsh file.
type divState struct {
	t        *Tournament
	div      *Division // nil: the players of a tournament without divisions
	settings DivisionSettings
	cfg      standings.Config
	d        *standings.Division
	players  []Player       // players[line-1]
	line     map[int64]int  // player id → line
	games    []Game         // games among these players (two seats, or a table of three or four)
	allGames []Game         // every game of the tournament (tables)
	results  []*Result      // result rows among these players
	skipped  map[int64]bool // result rows the division refused (see problems)
	problems []string       // stored rows that could not be loaded
	// gameStatus: the status of games with turns and no result yet, by
	// game id, where the caller loaded them (see loadGameStatuses).
	gameStatus map[int64]string
}

func (st *divState) divisionID() *int64 {
	if st.div == nil {
		return nil
	}
	id := st.div.ID
	return &id
}

// id is the player id of a line; 0 for line 0.
func (st *divState) id(line int) int64 {
	if line < 1 || line > len(st.players) {
		return 0
	}
	return st.players[line-1].ID
}

func (st *divState) name(line int) string { return st.players[line-1].Name }

// lineOf is a player's line, 0 for nil or a player not in the division.
func (st *divState) lineOf(id *int64) int {
	if id == nil {
		return 0
	}
	return st.line[*id]
}

// rowOf is the result row holding a player's result in a round.
func (st *divState) rowOf(round int, id int64) *Result {
	for _, r := range st.results {
		if r.Round == round && slices.Contains(r.playerIDs(), id) {
			return r
		}
	}
	return nil
}

// gameBetween is the two-player game of a round between two players, if
// any.
func (st *divState) gameBetween(round int, a, b int64) *Game {
	for i := range st.games {
		g := &st.games[i]
		if g.Round == round && isPairGame(g) && (g.Seats[0] == a && g.Seats[1] == b || g.Seats[0] == b && g.Seats[1] == a) {
			return g
		}
	}
	return nil
}

// isPairGame: a game of two seats, not a table of three or four or a team
// game.
func isPairGame(g *Game) bool { return len(g.Seats) == 2 && !g.Teams }

// gameAt is the table game (three or four seats, or teams) of a round
// with exactly these players in seat order, if any.
func (st *divState) gameAt(round int, seats []int64) *Game {
	for i := range st.games {
		g := &st.games[i]
		if g.Round == round && !isPairGame(g) && slices.Equal(g.Seats, seats) {
			return g
		}
	}
	return nil
}

// lines are players' lines.
func (st *divState) lines(ids []int64) []int {
	out := make([]int, len(ids))
	for i, id := range ids {
		out[i] = st.line[id]
	}
	return out
}

// ids are the players of lines.
func (st *divState) ids(lines []int) []int64 {
	out := make([]int64, len(lines))
	for i, l := range lines {
		out[i] = st.id(l)
	}
	return out
}

// gameOf is a player's game in a round, if any.
func (st *divState) gameOf(round int, id int64) *Game {
	for i := range st.games {
		if g := &st.games[i]; g.Round == round && slices.Contains(g.Seats, id) {
			return g
		}
	}
	return nil
}

// marshalT is the division's .t file, each name as tsh holds it:
// "Surname, Given Names".
func (st *divState) marshalT() []byte {
	return standings.MarshalTNamed(st.d, st.tshNames())
}

// tshNames are the division's names by line-1, as its .t file holds
// them.
func (st *divState) tshNames() []string {
	names := make([]string, len(st.players))
	for i := range st.players {
		names[i] = tshName(st.players[i].TSHName())
	}
	return names
}

// tshName is a player's name as a .t line can hold it: tsh would take a
// last word of digits for the rating, so "Player 2" becomes "Player #2".
func tshName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch r {
		case ';':
			return ','
		case '\r', '\n':
			return ' '
		}
		return r
	}, name)
	name = strings.TrimLeft(strings.TrimSpace(name), "#")
	if name == "" {
		return "Player"
	}
	words := strings.Fields(name)
	last := words[len(words)-1]
	if strings.Trim(last, "0123456789.+") == "" {
		words[len(words)-1] = "#" + last
	}
	return strings.Join(words, " ")
}

// inScope reports whether a player belongs to a division (nil: to no
// division).
func inScope(p *Player, div *Division) bool {
	if div == nil {
		return p.DivisionID == nil
	}
	return p.DivisionID != nil && *p.DivisionID == div.ID
}

// resolveDivision finds the division a request names, or the default:
// the tournament's only division, or none when it has no divisions.
func (s *Service) resolveDivision(ctx context.Context, t *Tournament, id *int64) (*Division, error) {
	ds, err := s.Store.ListDivisions(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	if id != nil {
		for i := range ds {
			if ds[i].ID == *id {
				return &ds[i], nil
			}
		}
		return nil, Errorf(KindNotFound, "unknown-division", "division %d is not in tournament %d", *id, t.ID)
	}
	switch len(ds) {
	case 0:
		return nil, nil
	case 1:
		return &ds[0], nil
	}
	var names []string
	for _, d := range ds {
		names = append(names, fmt.Sprintf("%s (%d)", d.Name, d.ID))
	}
	return nil, Errorf(KindInvalid, "division-required", "tournament %d has %d divisions: say which with ?division=ID (%s)", t.ID, len(ds), strings.Join(names, ", "))
}

// divisionOfPlayer is the division a player is in (nil for none).
func (s *Service) divisionOfPlayer(ctx context.Context, p *Player) (*Division, error) {
	return s.divisionByID(ctx, p.TournamentID, p.DivisionID)
}

// divisionByID is a tournament's division of that id (nil for none).
func (s *Service) divisionByID(ctx context.Context, tournamentID int64, id *int64) (*Division, error) {
	if id == nil {
		return nil, nil
	}
	ds, err := s.Store.ListDivisions(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	for i := range ds {
		if ds[i].ID == *id {
			return &ds[i], nil
		}
	}
	return nil, Errorf(KindNotFound, "unknown-division", "division %d does not exist", *id)
}

// loadDivision builds a division from its rows: its players in id order
// (a player's line), every round's pairings (two-player games between
// them, seat 1 starting, and results entered for players who had no
// game), then the results in the order they were stored, and last the
// withdrawals. This is the one way the service gets a standings.Division.
//
// A row the division refuses (data written around the service's checks,
// such as a game created for round 3 when round 2 was never paired) is
// left out and noted in problems, so that one bad row cannot hide the
// standings.
func (s *Service) loadDivision(ctx context.Context, t *Tournament, div *Division) (*divState, error) {
	st := &divState{t: t, div: div, line: map[int64]int{}, skipped: map[int64]bool{}}
	var err error
	if div != nil {
		st.settings = div.Settings
	} else if st.settings, err = tournamentSettings(t); err != nil {
		return nil, err
	}
	if st.cfg, err = st.settings.config(t.Variant); err != nil {
		return nil, err
	}
	// Load without the planned rounds and with room for any score, so that
	// a setting changed after the fact cannot make stored rows unreadable;
	// the real rules apply from the end of the load.
	loose := st.cfg
	loose.Rounds, loose.MaxScore, loose.MinScore = 0, max(st.cfg.MaxScore, 1_000_000), min(st.cfg.MinScore, -1_000_000)
	name := "tournament"
	if div != nil {
		name = div.Name
	}
	if st.d, err = standings.NewDivision(name, loose); err != nil {
		return nil, standingsError(err)
	}

	players, err := s.Store.ListPlayers(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	if st.allGames, err = s.Store.ListGames(ctx, t.ID); err != nil {
		return nil, err
	}
	rows, err := s.Store.ListResults(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	playedHere := playedIn(div, st.allGames, rows)
	for i := range players {
		p := &players[i]
		if !st.entered(p, playedHere) {
			continue
		}
		sp := standings.Player{Name: tshName(p.Name), Rating: max(p.Rating, 0), FixedTable: max(p.FixedTable, 0), Class: p.Class, Team: p.Team, CareerGames: p.CareerGames, Extra: tFields(p)}
		line, err := st.d.AddPlayer(sp)
		if err != nil {
			st.problems = append(st.problems, fmt.Sprintf("player %d: %v", p.ID, err))
			sp.Extra = nil
			if line, err = st.d.AddPlayer(sp); err != nil {
				return nil, standingsError(err)
			}
		}
		st.players = append(st.players, *p)
		st.line[p.ID] = line
	}

	for _, g := range st.allGames {
		in := len(g.Seats) >= 2 && ofDivision(div, g.DivisionID)
		for _, id := range g.Seats {
			in = in && st.line[id] != 0
		}
		if in {
			st.games = append(st.games, g)
		}
	}
	for i := range rows {
		r := &rows[i]
		in := ofDivision(div, r.DivisionID)
		for _, id := range r.playerIDs() {
			in = in && st.line[id] != 0
		}
		if in {
			st.results = append(st.results, r)
		}
	}

	// Each round's games and results, in the order they were stored.
	games, results := map[int][]*Game{}, map[int][]*Result{}
	for i := range st.games {
		g := &st.games[i]
		games[g.Round] = append(games[g.Round], g)
	}
	for _, r := range st.results {
		results[r.Round] = append(results[r.Round], r)
	}
	rounds := slices.Sorted(maps.Keys(games))
	for round := range results {
		if _, ok := games[round]; !ok {
			rounds = append(rounds, round)
		}
	}
	slices.Sort(rounds)
	if len(rounds) > 0 {
		st.d.Reserve(rounds[len(rounds)-1])
	}
	paired := make(map[int64]bool, len(st.players))
	elsewhere := st.playedElsewhere(rows)
	st.d.Quietly(func() {
		for _, round := range rounds {
			clear(paired)
			st.loadRound(round, games[round], results[round], paired)
			st.keptElsewhere(round, elsewhere[round])
		}
	})
	if err := st.d.SetConfig(st.cfg); err != nil {
		return nil, standingsError(err)
	}
	for i, p := range st.players {
		if !inScope(&p, div) {
			// Moved to another division keeping the games played here:
			// withdrawn here, with no more rounds (registration.go).
			st.players[i].Withdrawn = string(standings.UnplayedNone)
			p.Withdrawn = st.players[i].Withdrawn
		}
		if p.Withdrawn != "" {
			if _, err := st.d.Withdraw(st.line[p.ID], standings.Unplayed(p.Withdrawn)); err != nil {
				st.problems = append(st.problems, fmt.Sprintf("withdrawal of player %d: %v", p.ID, err))
			}
		}
	}
	return st, nil
}

// loadRound applies one round's pairings and results: its games and its
// result rows; paired is an empty map to mark the players paired in.
func (st *divState) loadRound(round int, games []*Game, results []*Result, paired map[int64]bool) {
	ps := make([]standings.Pairing, 0, len(games)+len(results))
	for _, g := range games {
		if isPairGame(g) {
			ps = append(ps, standings.Pairing{Player: st.line[g.Seats[0]], Opponent: st.line[g.Seats[1]], First: st.line[g.Seats[0]], Table: g.Table})
		} else {
			ps = append(ps, standings.Pairing{Group: st.lines(g.Seats), Teams: g.Teams, Table: g.Table})
		}
		for _, id := range g.Seats {
			paired[id] = true
		}
	}
	// A result between players with no game is their pairing (tsh's way,
	// and how an imported round is kept).
	for _, r := range results {
		if r.Player2 == nil || slices.ContainsFunc(r.playerIDs(), func(id int64) bool { return paired[id] }) {
			continue
		}
		if r.Group != nil {
			ps = append(ps, standings.Pairing{Group: st.lines(r.Group), Teams: r.Teams, Table: r.Table})
		} else {
			ps = append(ps, standings.Pairing{Player: st.line[r.Player1], Opponent: st.line[*r.Player2], First: st.lineOf(r.First), Table: r.Table})
		}
		for _, id := range r.playerIDs() {
			paired[id] = true
		}
	}
	if _, err := st.d.ApplyPairings(round, ps); err != nil {
		// One at a time, to keep all but the pairings refused.
		for _, p := range ps {
			if _, err := st.d.ApplyPairings(round, []standings.Pairing{p}); err != nil {
				st.problems = append(st.problems, fmt.Sprintf("round %d: pairing %s left out: %v", round, st.pairingNames(p), err))
			}
		}
	}
	for _, r := range results {
		if _, err := st.d.Enter(st.entryOf(r)); err != nil {
			st.skipped[r.ID] = true
			st.problems = append(st.problems, fmt.Sprintf("round %d: result %d left out: %v", round, r.ID, err))
		}
	}
}

// pairingNames names a pairing's players: "Ann - Bob", "Ann - Bob - Cy".
func (st *divState) pairingNames(p standings.Pairing) string {
	var names []string
	for _, l := range p.Players() {
		if l >= 1 && l <= len(st.players) {
			names = append(names, st.name(l))
		}
	}
	return strings.Join(names, " - ")
}
