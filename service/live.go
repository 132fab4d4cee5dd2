package service

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"tourney/scoring"
)

// BroadcastDelaySetting is the tournament setting that holds back, on
// every public answer, the newest turns of each game in progress: a
// stream shown in the hall cannot help a player at the board. The
// director and the table itself see everything.
const BroadcastDelaySetting = "broadcast_delay_turns"

// MaxBroadcastDelay is the most turns the delay may hold back.
const MaxBroadcastDelay = 20

// checkBroadcastDelay validates broadcast_delay_turns: a whole number of
// turns from 0 to MaxBroadcastDelay (absent: 0).
func checkBroadcastDelay(st Settings) error {
	v, present := st[BroadcastDelaySetting]
	if !present {
		return nil
	}
	f, ok := v.(float64)
	if n, isInt := v.(int); isInt {
		f, ok = float64(n), true
	}
	if !ok || f != float64(int(f)) || f < 0 || f > MaxBroadcastDelay {
		return Errorf(KindInvalid, "bad-broadcast-delay", "broadcast_delay_turns is a number of turns from 0 to %d, not %v", MaxBroadcastDelay, v)
	}
	st[BroadcastDelaySetting] = f
	return nil
}

// broadcastDelay is the tournament's delay in turns (0: none).
func broadcastDelay(t *Tournament) int {
	switch v := t.Settings[BroadcastDelaySetting].(type) {
	case float64:
		return int(v)
	case int:
		return v
	}
	return 0
}

// inProgress: the game is still being played (no result yet).
func (l *loaded) inProgress() bool {
	return l.official == nil && l.r.status != StatusFinished && l.r.status != StatusVoided
}

// delayed is the game as the public may see it: for a game in progress,
// the record without its newest n plays (and whatever followed them),
// replayed again; a decided game as it is.
func delayed(l *loaded, n int) (*loaded, error) {
	if n <= 0 || !l.inProgress() {
		return l, nil
	}
	var plays []int // seqs of the active plays
	for _, e := range l.r.events {
		if e.Kind == EventMove {
			plays = append(plays, e.Seq)
		}
	}
	cut := 1 // nothing shown
	if len(plays) > n {
		cut = plays[len(plays)-n]
	}
	kept := make([]TurnEvent, 0, len(l.events))
	for _, e := range l.events {
		if e.Seq < cut {
			kept = append(kept, e)
		}
	}
	r, _, err := replay(l.r.v, l.g, kept, l.t.ChallengeRule)
	if err != nil {
		return nil, err
	}
	out := *l
	out.events, out.r = kept, r
	return &out, nil
}

// LiveSeat is a player at a live table.
type LiveSeat struct {
	Seat     int    `json:"seat"`
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Rating   int    `json:"rating,omitempty"`
	Score    int    `json:"score"`
	// Photo is the player's photo, as the tsh feed names it: a path under
	// /t/{id}/html/ (absent: none).
	Photo string `json:"photo,omitempty"`
}

// LivePlay is the last play shown at a table. An exchange shows only how
// many tiles went back, never which.
type LivePlay struct {
	Turn     int    `json:"turn"` // its turn number (see TurnNumbers)
	Seat     int    `json:"player"`
	Kind     string `json:"kind"` // play, exchange or pass
	Position string `json:"position,omitempty"`
	Word     string `json:"word,omitempty"`
	Tiles    int    `json:"tiles,omitempty"` // tiles exchanged
	Score    int    `json:"score"`
	Bingo    bool   `json:"bingo,omitempty"`
	// Withdrawn: the play was challenged off (the board no longer has it).
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// LiveTable is one table of the current round, as the public sees it.
type LiveTable struct {
	GameID   int64      `json:"game_id"`
	Round    int        `json:"round"`
	Table    int        `json:"table"`
	Players  []LiveSeat `json:"players"`
	Status   string     `json:"status"`
	Turns    int        `json:"turns"` // plays shown so far
	ToMove   int        `json:"to_move,omitempty"`
	Board    []string   `json:"board"`
	LastPlay *LivePlay  `json:"last_play"`
	At       *time.Time `json:"at"` // when the last play shown was entered
	// EnteredByHand: the result is the one the director keyed (the game
	// has no record, or its record was set aside): the scores are its
	// finals and the board decides nothing (the page draws none).
	// Forfeit: that result is a forfeit.
	EnteredByHand bool `json:"entered_by_hand,omitempty"`
	Forfeit       bool `json:"forfeit,omitempty"`
	// WinnerPlayerID and Tie: who won a decided table, as its stored
	// result says (officialView); neither while it is being played.
	WinnerPlayerID *int64 `json:"winner_player_id,omitempty"`
	Tie            bool   `json:"tie,omitempty"`
}

// LiveDivision is a division's current round.
type LiveDivision struct {
	DivisionID *int64      `json:"division_id,omitempty"`
	Division   string      `json:"division,omitempty"`
	Round      int         `json:"round"`
	Tables     []LiveTable `json:"tables"`
}

// Live is every table of each division's current round (public).
type Live struct {
	TournamentID int64          `json:"tournament_id"`
	Name         string         `json:"name"`
	DelayTurns   int            `json:"broadcast_delay_turns"`
	Divisions    []LiveDivision `json:"divisions"`
}

// hallGames reads every game of a tournament with what it takes to show
// it to the public: each replayed, with its stored result, and held back
// by the broadcast delay.
type hallGames struct {
	t       *Tournament
	players map[int64]Player
	names   map[int64]string
	all     []Game    // every game of the tournament read (see readHall), replayed or not
	games   []*loaded // those replayed
	// results are every stored result (decided games are public whatever
	// the delay), official those of recorded games by game; tables names
	// each game's table.
	results  []Result
	official map[int64]*Result
	tables   map[int64]int
}

// loadHallGames reads a tournament for the hall: keep (nil: every game)
// picks the games to replay, given each with its stored result (nil for
// none); the results are read whole.
func (s *Service) loadHallGames(ctx context.Context, tournamentID int64, keep func(g *Game, official *Result) bool) (*hallGames, error) {
	h, err := s.readHall(ctx, tournamentID, func(t *Tournament) ([]Game, error) { return s.Store.ListGames(ctx, t.ID) })
	if err != nil {
		return nil, err
	}
	return h, s.replayHall(ctx, h, keep)
}

// readHall reads a tournament for the hall, with the games games reads
// (every game, or those of the rounds a view shows), replaying nothing
// yet.
func (s *Service) readHall(ctx context.Context, tournamentID int64, games func(t *Tournament) ([]Game, error)) (*hallGames, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	ps, err := s.Store.ListPlayers(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	h := &hallGames{t: t, players: map[int64]Player{}, names: map[int64]string{}, tables: map[int64]int{}, official: map[int64]*Result{}}
	for _, p := range ps {
		h.players[p.ID], h.names[p.ID] = p, p.Name
	}
	if h.all, err = games(t); err != nil {
		return nil, err
	}
	if h.results, err = s.Store.ListResults(ctx, t.ID); err != nil {
		return nil, err
	}
	for _, g := range h.all {
		h.tables[g.ID] = g.Table
	}
	for i := range h.results {
		if r := &h.results[i]; r.GameID != nil {
			h.official[*r.GameID] = r
		}
	}
	return h, nil
}

// replayHall replays the games keep picks (nil: every game) into h.games.
func (s *Service) replayHall(ctx context.Context, h *hallGames, keep func(g *Game, official *Result) bool) error {
	for i := range h.all {
		g := &h.all[i]
		if keep != nil && !keep(g, h.official[g.ID]) {
			continue
		}
		l, err := s.hallGame(ctx, h.t, g, h.names, h.official[g.ID])
		if err != nil {
			return err
		}
		if l != nil {
			h.games = append(h.games, l)
		}
	}
	return nil
}

// loadHallGame is loadHallGames for one game g, already read, alone (its
// players, its record; no results): what a turn of a game in play can
// change. Nil for a game whose record does not replay.
func (s *Service) loadHallGame(ctx context.Context, g *Game) (*hallGames, *loaded, error) {
	t, err := s.Store.GetTournament(ctx, g.TournamentID)
	if err != nil {
		return nil, nil, notFound(err, "tournament %d", g.TournamentID)
	}
	h := &hallGames{t: t, players: map[int64]Player{}, tables: map[int64]int{g.ID: g.Table}}
	names := map[int64]string{}
	for _, id := range g.Seats {
		p, err := s.Store.GetPlayer(ctx, id)
		if err != nil {
			return nil, nil, err
		}
		h.players[id], names[id] = *p, p.Name
	}
	l, err := s.hallGame(ctx, t, g, names, nil)
	if err != nil || l == nil {
		return nil, nil, err
	}
	h.games = []*loaded{l}
	return h, l, nil
}

// hallGame is one game replayed for the hall, behind the broadcast delay;
// nil if its record no longer replays (the director's to fix: the hall
// skips it).
func (s *Service) hallGame(ctx context.Context, t *Tournament, g *Game, names map[int64]string, official *Result) (*loaded, error) {
	v, err := s.variantFor(t)
	if err != nil {
		return nil, err
	}
	events, err := s.gameEvents(ctx, g)
	if err != nil {
		return nil, err
	}
	r, _, err := replay(v, g, events, t.ChallengeRule)
	if err != nil {
		return nil, nil
	}
	l, err := delayed(&loaded{t: t, g: g, names: names, events: events, r: r, official: official}, broadcastDelay(t))
	if err != nil {
		return nil, nil
	}
	return l, nil
}

// The live boards are fetched again by every spectator's page a moment
// after every turn (live.js), so they are built at most once per change
// and once per liveGap (builtCache), and shared by every request.
const (
	liveFresh = 10 * time.Second
	liveGap   = 100 * time.Millisecond
)

func newLiveCache() builtCache[*liveBuilt] {
	return builtCache[*liveBuilt]{fresh: liveFresh, gap: liveGap,
		counts: func(pub Notice) bool { return pub.Kind != NoticeHighlight }}
}

// liveBuilt is the live boards as built: the view and its JSON.
type liveBuilt struct {
	live    *Live
	json    *Encoded
	records liveRecords // each table's record as shown, for the next build
}

// LiveBoards shows every table of each division's current round: the
// round the tournament is in where the division has games in it, else
// the division's latest round with games. The answer is shared: read it,
// never change it.
func (s *Service) LiveBoards(ctx context.Context, tournamentID int64) (*Live, error) {
	b, err := s.liveBoards(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	return b.live, nil
}

// LiveBoardsJSON is LiveBoards as JSON, encoded once per build.
func (s *Service) LiveBoardsJSON(ctx context.Context, tournamentID int64) (*Encoded, error) {
	b, err := s.liveBoards(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	return b.json, nil
}

func (s *Service) liveBoards(ctx context.Context, tournamentID int64) (*liveBuilt, error) {
	return s.lives.get(ctx, tournamentID, s.now, func(ctx context.Context, prev *liveBuilt, ok bool) (*liveBuilt, error) {
		var last *Encoded
		var kept liveRecords
		if ok {
			last, kept = prev.json, prev.records
		}
		live, records, err := s.buildLive(ctx, tournamentID, kept)
		if err != nil {
			return nil, err
		}
		body, err := json.Marshal(live)
		if err != nil {
			return nil, err
		}
		return &liveBuilt{live: live, json: encoded(body, last, s.lives.since()), records: records}, nil
	})
}

// buildLive is LiveBoards built afresh, with the record of each table
// shown. Only the games whose record changed since kept (the last build's
// records) are read and replayed again.
func (s *Service) buildLive(ctx context.Context, tournamentID int64, kept liveRecords) (*Live, liveRecords, error) {
	var round map[int64]int // the round each division shows, by divKey
	h, err := s.readHall(ctx, tournamentID, func(t *Tournament) ([]Game, error) {
		var rounds []int
		var err error
		if round, rounds, err = s.shownRounds(ctx, t); err != nil {
			return nil, err
		}
		return s.Store.ListGamesInRounds(ctx, t.ID, rounds)
	})
	if err != nil {
		return nil, nil, err
	}
	key := func(g *Game) int64 { return divKey(g.DivisionID) }
	rk := liveRulesOf(h.t)
	shown := func(g *Game) bool { return g.Round == round[key(g)] }
	if err := s.replayHall(ctx, h, func(g *Game, official *Result) bool {
		return shown(g) && kept.record(g, rk, official) == nil
	}); err != nil {
		return nil, nil, err
	}
	divs, err := s.Store.ListDivisions(ctx, tournamentID)
	if err != nil {
		return nil, nil, err
	}
	divName := map[int64]string{}
	for _, d := range divs {
		divName[d.ID] = d.Name
	}
	out := &Live{TournamentID: h.t.ID, Name: h.t.Name, DelayTurns: broadcastDelay(h.t), Divisions: []LiveDivision{}}
	at := map[int64]int{}
	replayed := map[int64]*loaded{}
	for _, l := range h.games {
		replayed[l.g.ID] = l
	}
	records := liveRecords{}
	for i := range h.all {
		g := &h.all[i]
		if !shown(g) {
			continue
		}
		rec := kept.record(g, rk, h.official[g.ID])
		if l := replayed[g.ID]; l != nil {
			rec = recordOf(l, rk)
		}
		if rec == nil {
			continue // its record does not replay (the director's to fix)
		}
		records[g.ID] = rec
		k := key(g)
		i, ok := at[k]
		if !ok {
			i = len(out.Divisions)
			at[k] = i
			out.Divisions = append(out.Divisions, LiveDivision{DivisionID: copyID(g.DivisionID), Division: divName[k], Round: round[k], Tables: []LiveTable{}})
		}
		out.Divisions[i].Tables = append(out.Divisions[i].Tables, h.liveTable(g, rec, h.official[g.ID]))
	}
	for i := range out.Divisions {
		slices.SortFunc(out.Divisions[i].Tables, func(a, b LiveTable) int { return a.Table - b.Table })
	}
	return out, records, nil
}

// shownRounds is the round each division's live boards show, by
// divKey: the current round where the division has games in it (it
// wins over later rounds paired ahead), else its latest round with games;
// and those rounds, each once. Only the rounds are read, not the games: an
// event's games grow by a few hundred a round, and the boards are built
// several times a second.
func (s *Service) shownRounds(ctx context.Context, t *Tournament) (map[int64]int, []int, error) {
	rs, err := s.Store.GameRounds(ctx, t.ID)
	if err != nil {
		return nil, nil, err
	}
	round := map[int64]int{}
	for _, r := range rs {
		if k := divKey(r.DivisionID); round[k] != t.CurrentRound {
			round[k] = max(round[k], r.Number)
			if r.Number == t.CurrentRound {
				round[k] = t.CurrentRound
			}
		}
	}
	var rounds []int
	for _, n := range round {
		if !slices.Contains(rounds, n) {
			rounds = append(rounds, n)
		}
	}
	slices.Sort(rounds)
	return round, rounds, nil
}

// playOf describes the active event i of a replay, turn number turn, if
// it is a play (nil otherwise): where, what word and for how much; an exchange only by its
// count.
func playOf(r *replayed, i, turn int) *LivePlay {
	e, t := r.events[i], r.turns[i]
	if e.Kind != EventMove || t == nil {
		return nil
	}
	p := &LivePlay{Turn: turn, Seat: e.Seat, Score: t.Score}
	m := t.Event.Move
	switch {
	case m.Kind == scoring.MoveExchange:
		p.Kind, p.Tiles = "exchange", tilesExchanged(t)
	case m.Kind == scoring.MovePlace && t.Placement != nil:
		p.Kind, p.Position = "play", t.Placement.Position()
		if t.Breakdown != nil {
			if len(t.Breakdown.Words) > 0 {
				p.Word = t.Breakdown.Words[0].Word
			}
			p.Bingo = t.Breakdown.Bingo > 0
		}
		if p.Word == "" {
			p.Word = strings.TrimSpace(strings.TrimPrefix(e.Move, p.Position))
		}
	default:
		p.Kind = "pass"
	}
	return p
}
