package service

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"tourney/standings"
)

// DivisionSettings are a division's rules for results, standings and
// pairings, stored with the division. Every field is optional: an empty
// one takes the realm's default (NASPA: bye +50, forfeit -50; WESPA: bye
// and forfeit 100), and the realm defaults to the tournament's variant.
// A tournament without divisions keeps them under its settings'
// "standings" key.
type DivisionSettings struct {
	Realm string `json:"realm,omitempty"` // naspa or wespa
	// Rounds planned; Gibson reports need it.
	Rounds int `json:"rounds,omitempty"`
	// Chain orders the standings: wins, losses, spread, points, h2h,
	// rating. Default: wins, losses, spread (the NASPA chain).
	Chain         []string `json:"chain,omitempty"`
	SpreadCaps    []int    `json:"spread_caps,omitempty"` // per round, the last repeating
	ByeSpread     *int     `json:"bye_spread,omitempty"`
	ForfeitSpread *int     `json:"forfeit_spread,omitempty"`
	MaxScore      int      `json:"max_score,omitempty"`
	// Withdrawal and LateEntry: what unplayed rounds become (forfeit,
	// bye or none).
	Withdrawal string `json:"withdrawal,omitempty"`
	LateEntry  string `json:"late_entry,omitempty"`
	// FirstRoundPairing pairs round 1 (default random); Pairing the others
	// (default swiss): swiss, koth, rr, random.
	FirstRoundPairing string `json:"first_round_pairing,omitempty"`
	Pairing           string `json:"pairing,omitempty"`
	AvoidRepeats      bool   `json:"avoid_repeats,omitempty"` // King of the Hill
	// Starts: within-one (default: Swiss floats a player across score
	// groups rather than put them two starts off balance) or score-groups
	// (tsh's order: records first, starts only between equal pairings).
	Starts string          `json:"starts,omitempty"`
	Gibson *GibsonSettings `json:"gibson,omitempty"`
}

// GibsonSettings: whether Swiss and KOTH keep a clinched leader away from
// contenders, and what "clinched" assumes.
type GibsonSettings struct {
	Enabled        bool `json:"enabled"`
	SpreadPerRound int  `json:"spread_per_round,omitempty"` // default 250
	PrizePlaces    int  `json:"prize_places,omitempty"`     // default 1
}

// config turns the settings into the standings package's rules.
func (ds DivisionSettings) config(variant string) (standings.Config, error) {
	realm := standings.Realm(strings.ToLower(ds.Realm))
	switch {
	case realm == "" && variant == "wespa":
		realm = standings.RealmWESPA
	case realm == "":
		realm = standings.RealmNASPA
	case realm != standings.RealmNASPA && realm != standings.RealmWESPA:
		return standings.Config{}, Errorf(KindInvalid, "bad-settings", "realm is naspa or wespa, not %q", ds.Realm)
	}
	c := standings.DefaultConfig(realm)
	c.Rounds = ds.Rounds
	if len(ds.Chain) > 0 {
		c.Chain = slices.Clone(ds.Chain)
	}
	c.SpreadCaps = slices.Clone(ds.SpreadCaps)
	if ds.ByeSpread != nil {
		c.ByeSpread = *ds.ByeSpread
	}
	if ds.ForfeitSpread != nil {
		c.ForfeitSpread = *ds.ForfeitSpread
	}
	if ds.MaxScore != 0 {
		c.MaxScore = ds.MaxScore
	}
	if ds.Withdrawal != "" {
		c.Withdrawal = standings.Unplayed(ds.Withdrawal)
	}
	if ds.LateEntry != "" {
		c.LateEntry = standings.Unplayed(ds.LateEntry)
	}
	c.Starts = standings.StartsRule(ds.Starts)
	if g := ds.Gibson; g != nil {
		c.Gibson.Enabled = g.Enabled
		if g.SpreadPerRound != 0 {
			c.Gibson.SpreadPerRound = g.SpreadPerRound
		}
		if g.PrizePlaces != 0 {
			c.Gibson.PrizePlaces = g.PrizePlaces
		}
	}
	for _, sys := range []string{ds.FirstRoundPairing, ds.Pairing} {
		switch standings.System(sys) {
		case "", standings.SystemSwiss, standings.SystemKOTH, standings.SystemRoundRobin, standings.SystemRandom:
		default:
			return standings.Config{}, Errorf(KindInvalid, "bad-settings", "a default pairing system is swiss, koth, rr or random, not %q", sys)
		}
	}
	if err := c.Validate(); err != nil {
		var se *standings.Error
		if errors.As(err, &se) {
			return standings.Config{}, &Error{Kind: KindInvalid, Type: "bad-settings", Msg: se.Msg, Err: err}
		}
		return standings.Config{}, err
	}
	return c, nil
}

// tournamentSettings reads the standings settings of a tournament without
// divisions.
func tournamentSettings(t *Tournament) (DivisionSettings, error) {
	var ds DivisionSettings
	raw, ok := t.Settings["standings"]
	if !ok || raw == nil {
		return ds, nil
	}
	b, err := json.Marshal(raw)
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		err = dec.Decode(&ds)
	}
	if err != nil {
		return ds, Errorf(KindInvalid, "bad-settings", "the tournament's settings.standings cannot be read: %v", err)
	}
	return ds, nil
}

// standingsError turns the standings package's errors into the service's,
// keeping their stable codes as the type.
func standingsError(err error) error {
	var se *standings.Error
	if !errors.As(err, &se) {
		return err
	}
	kind := KindRule
	switch se.Kind() {
	case standings.KindConflict:
		kind = KindConflict
	case standings.KindNotFound:
		kind = KindNotFound
	}
	switch se.Code {
	case standings.CodeBadConfig, standings.CodeUnknownKey, standings.CodeUnknownSystem, standings.CodeBadEntry:
		kind = KindInvalid
	}
	msg := se.Msg
	if se.Line > 0 {
		msg = fmt.Sprintf("line %d: %s", se.Line, se.Msg)
	}
	return &Error{Kind: kind, Type: string(se.Code), Msg: msg, Err: err}
}

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
	games    []Game         // two-player games among these players
	allGames []Game         // every game of the tournament (tables)
	results  []*Result      // result rows among these players
	skipped  map[int64]bool // result rows the division refused (see problems)
	problems []string       // stored rows that could not be loaded
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
		if r.Round == round && (r.Player1 == id || r.Player2 != nil && *r.Player2 == id) {
			return r
		}
	}
	return nil
}

// gameBetween is the game of a round between two players, if any.
func (st *divState) gameBetween(round int, a, b int64) *Game {
	for i := range st.games {
		g := &st.games[i]
		if g.Round == round && (g.Seats[0] == a && g.Seats[1] == b || g.Seats[0] == b && g.Seats[1] == a) {
			return g
		}
	}
	return nil
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
	if p.DivisionID == nil {
		return nil, nil
	}
	ds, err := s.Store.ListDivisions(ctx, p.TournamentID)
	if err != nil {
		return nil, err
	}
	for i := range ds {
		if ds[i].ID == *p.DivisionID {
			return &ds[i], nil
		}
	}
	return nil, Errorf(KindNotFound, "unknown-division", "division %d does not exist", *p.DivisionID)
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
	loose.Rounds, loose.MaxScore = 0, max(st.cfg.MaxScore, 1_000_000)
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
	for i := range players {
		p := &players[i]
		if !inScope(p, div) {
			continue
		}
		sp := standings.Player{Name: tshName(p.Name), Rating: max(p.Rating, 0), FixedTable: max(p.FixedTable, 0), Extra: p.TSHFields}
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

	if st.allGames, err = s.Store.ListGames(ctx, t.ID); err != nil {
		return nil, err
	}
	for _, g := range st.allGames {
		if len(g.Seats) == 2 && !g.Teams && st.line[g.Seats[0]] != 0 && st.line[g.Seats[1]] != 0 {
			st.games = append(st.games, g)
		}
	}
	rows, err := s.Store.ListResults(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		r := &rows[i]
		if st.line[r.Player1] != 0 && (r.Player2 == nil || st.line[*r.Player2] != 0) {
			st.results = append(st.results, r)
		}
	}

	var rounds []int
	for _, g := range st.games {
		rounds = append(rounds, g.Round)
	}
	for _, r := range st.results {
		rounds = append(rounds, r.Round)
	}
	slices.Sort(rounds)
	for _, round := range slices.Compact(rounds) {
		st.loadRound(round)
	}
	if err := st.d.SetConfig(st.cfg); err != nil {
		return nil, standingsError(err)
	}
	for _, p := range st.players {
		if p.Withdrawn != "" {
			if _, err := st.d.Withdraw(st.line[p.ID], standings.Unplayed(p.Withdrawn)); err != nil {
				st.problems = append(st.problems, fmt.Sprintf("withdrawal of player %d: %v", p.ID, err))
			}
		}
	}
	return st, nil
}

// loadRound applies one round's pairings and results.
func (st *divState) loadRound(round int) {
	var ps []standings.Pairing
	paired := map[int64]bool{}
	for _, g := range st.games {
		if g.Round == round {
			ps = append(ps, standings.Pairing{Player: st.line[g.Seats[0]], Opponent: st.line[g.Seats[1]], First: st.line[g.Seats[0]], Table: g.Table})
			paired[g.Seats[0]], paired[g.Seats[1]] = true, true
		}
	}
	// A result between players with no game is their pairing (tsh's way,
	// and how an imported round is kept).
	for _, r := range st.results {
		if r.Round == round && r.Player2 != nil && !paired[r.Player1] && !paired[*r.Player2] {
			ps = append(ps, standings.Pairing{Player: st.line[r.Player1], Opponent: st.line[*r.Player2], First: st.lineOf(r.First), Table: r.Table})
			paired[r.Player1], paired[*r.Player2] = true, true
		}
	}
	if _, err := st.d.ApplyPairings(round, ps); err != nil {
		// One at a time, to keep all but the pairings refused.
		for _, p := range ps {
			if _, err := st.d.ApplyPairings(round, []standings.Pairing{p}); err != nil {
				st.problems = append(st.problems, fmt.Sprintf("round %d: pairing %s - %s left out: %v", round, st.name(p.Player), st.name(p.Opponent), err))
			}
		}
	}
	for _, r := range st.results {
		if r.Round != round {
			continue
		}
		if _, err := st.d.Enter(st.entryOf(r)); err != nil {
			st.skipped[r.ID] = true
			st.problems = append(st.problems, fmt.Sprintf("round %d: result %d left out: %v", round, r.ID, err))
		}
	}
}

// StandingsQuery picks a division (nil: the default) and the round the
// standings are after (0: every result so far).
type StandingsQuery struct {
	DivisionID *int64
	Round      int
}

// StandingRow is one line of the standings.
type StandingRow struct {
	Rank       int     `json:"rank"`
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
	Tied       bool    `json:"tied"`
	Withdrawn  bool    `json:"withdrawn"`
	DivisionID *int64  `json:"division_id,omitempty"`
}

// publicDivision loads the division a public read asks for.
func (s *Service) publicDivision(ctx context.Context, tournamentID int64, divisionID *int64) (*divState, error) {
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
	st, err := s.publicDivision(ctx, tournamentID, q.DivisionID)
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
			Withdrawn: r.Withdrawn, DivisionID: st.divisionID(),
		}
	}
	return out
}

// StandingsCSV writes the standings as CSV (public), with player ids and
// names as the service knows them.
func (s *Service) StandingsCSV(ctx context.Context, tournamentID int64, q StandingsQuery) ([]byte, error) {
	st, through, err := s.publicThrough(ctx, tournamentID, q)
	if err != nil {
		return nil, err
	}
	rows := st.d.Standings(through)
	for i := range rows {
		r := &rows[i]
		if r.Last != nil && r.Last.Opponent != 0 {
			r.LastOpponentName = st.name(r.Last.Opponent)
		}
		r.Name = st.name(r.Player)
		r.Player = int(st.id(r.Player))
	}
	var buf bytes.Buffer
	if err := standings.WriteStandingsCSV(&buf, rows); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
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

// WithdrawInput withdraws a player: Unplayed is what their unplayed
// rounds become (forfeit, bye or none; empty: the division's setting).
type WithdrawInput struct {
	Unplayed string `json:"unplayed"`
	Reason   string `json:"reason"`
}

// WithdrawPlayer stops pairing a player (director). Games they were
// paired for and have not played become forfeit wins for their
// opponents, and every later round gets the unplayed treatment.
func (s *Service) WithdrawPlayer(ctx context.Context, a Actor, tournamentID, playerID int64, in WithdrawInput) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var out *Player
	err := s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		st, p, err := s.playerDivision(ctx, tournamentID, playerID)
		if err != nil {
			return err
		}
		if p.Withdrawn != "" {
			return Errorf(KindConflict, "already-withdrawn", "%s has already withdrawn", p.Name)
		}
		unplayed := standings.Unplayed(in.Unplayed)
		if unplayed == "" {
			unplayed = st.cfg.Withdrawal
		}
		if unplayed == "" {
			unplayed = standings.UnplayedForfeit
		}
		ch, err := st.d.Withdraw(st.line[p.ID], unplayed)
		if err != nil {
			return standingsError(err)
		}
		if err := s.saveChange(ctx, st, ch, changeSource{source: SourceWithdrawal}); err != nil {
			return err
		}
		p.Withdrawn = string(unplayed)
		if err := s.Store.UpdatePlayer(ctx, p); err != nil {
			return err
		}
		out = p
		return s.auditTournament(ctx, a, tournamentID, "withdraw-player", in.Reason,
			map[string]any{"player_id": p.ID}, map[string]any{"player_id": p.ID, "unplayed": unplayed, "results": st.sides(ch, true)})
	})
	return out, err
}

// ReinstateInput says why a withdrawn player returns.
type ReinstateInput struct {
	Reason string `json:"reason"`
}

// ReinstatePlayer makes a withdrawn player pairable again (director); the
// rounds they missed keep their results.
func (s *Service) ReinstatePlayer(ctx context.Context, a Actor, tournamentID, playerID int64, in ReinstateInput) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var out *Player
	err := s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		_, p, err := s.playerDivision(ctx, tournamentID, playerID)
		if err != nil {
			return err
		}
		if p.Withdrawn == "" {
			return Errorf(KindConflict, "not-withdrawn", "%s has not withdrawn", p.Name)
		}
		before := p.Withdrawn
		p.Withdrawn = ""
		if err := s.Store.UpdatePlayer(ctx, p); err != nil {
			return err
		}
		out = p
		return s.auditTournament(ctx, a, tournamentID, "reinstate-player", in.Reason,
			map[string]any{"player_id": p.ID, "withdrawn": before}, map[string]any{"player_id": p.ID})
	})
	return out, err
}

// LateEntryInput says what the rounds a late entrant missed become
// (forfeit, bye or none; empty: the division's setting).
type LateEntryInput struct {
	Missed string `json:"missed"`
	Reason string `json:"reason"`
}

// LateEntry records a late entrant's missed rounds (director): every
// round paired so far in which the player has no pairing gets the
// missed-round result, so that they join with that record.
func (s *Service) LateEntry(ctx context.Context, a Actor, tournamentID, playerID int64, in LateEntryInput) ([]RoundResult, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var out []RoundResult
	err := s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		st, p, err := s.playerDivision(ctx, tournamentID, playerID)
		if err != nil {
			return err
		}
		missed := standings.Unplayed(in.Missed)
		if missed == "" {
			missed = st.cfg.LateEntry
		}
		var spread int
		switch missed {
		case "", standings.UnplayedForfeit:
			spread = -st.cfg.ForfeitSpread
		case standings.UnplayedBye:
			spread = st.cfg.ByeSpread
		case standings.UnplayedNone:
		default:
			return Errorf(KindInvalid, "bad-missed", "missed rounds become forfeit, bye or none, not %q", missed)
		}
		line := st.line[p.ID]
		var ch standings.Change
		for round := 1; round <= st.d.Rounds(); round++ {
			if _, paired := st.d.Opponent(line, round); paired {
				continue
			}
			c, err := st.d.Enter(unopposedEntry(round, line, spread))
			if err != nil {
				return standingsError(err)
			}
			ch.Players = append(ch.Players, c.Players...)
		}
		if err := s.saveChange(ctx, st, ch, changeSource{source: SourceLateEntry}); err != nil {
			return err
		}
		for _, pc := range ch.Players {
			if r := st.rowOf(pc.Round, p.ID); r != nil {
				out = append(out, st.view(r))
			}
		}
		if len(ch.Players) == 0 {
			return nil
		}
		return s.auditTournament(ctx, a, tournamentID, "late-entry", in.Reason, nil,
			map[string]any{"player_id": p.ID, "missed": missed, "results": st.sides(ch, true)})
	})
	return nonNilRoundResults(out), err
}

// auditTournament records a change that is about a division rather than
// one game.
func (s *Service) auditTournament(ctx context.Context, a Actor, tournamentID int64, action, reason string, before, after any) error {
	e := &AuditEntry{TournamentID: tournamentID, Who: a.Name(), Action: action, Reason: strings.TrimSpace(reason), At: s.now()}
	if before != nil {
		e.Before = mustJSON(before)
	}
	if after != nil {
		e.After = mustJSON(after)
	}
	return s.Store.AddAudit(ctx, e)
}
