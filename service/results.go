package service

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"tourney/standings"
)

// Result kinds.
const (
	ResultGame    = "game"    // a game played: two players, two scores
	ResultBye     = "bye"     // a round won (or, at 0, neither won nor lost) without an opponent
	ResultForfeit = "forfeit" // a round lost by forfeit, to an opponent or to nobody
)

// Where a result came from.
const (
	SourceRecorded   = "recorded"   // the game was recorded turn by turn
	SourceEntered    = "entered"    // the director entered (or amended) it
	SourcePairing    = "pairing"    // a bye given when the round was paired
	SourceWithdrawal = "withdrawal" // a round a withdrawn player did not play
	SourceLateEntry  = "late-entry" // a round a late entrant missed
	SourceImported   = "imported"   // read from a tsh .t file
)

// Result is one round's outcome between two players, or for one player
// alone, as stored:
//
//   - a game: Player1 and Player2 with their scores, First who started
//     (nil: not known), TieBreakWinner for a tied score the variant's
//     tie-break decided;
//   - a forfeit between two players: Player1 forfeited to Player2, who
//     wins by Score2 (Score1 is 0);
//   - no opponent: Player1 alone, Score1 the spread they get (a bye's
//     positive spread, a forfeit's negative one, 0 for a round that
//     counts neither way).
//
// So Score1 - Score2 is always Player1's spread. A game recorded turn by
// turn has its GameID; so does a result entered for a game.
type Result struct {
	ID             int64     `json:"id"`
	TournamentID   int64     `json:"tournament_id"`
	DivisionID     *int64    `json:"division_id,omitempty"`
	Round          int       `json:"round"`
	GameID         *int64    `json:"game_id,omitempty"`
	Kind           string    `json:"kind"`
	Player1        int64     `json:"player1"`
	Player2        *int64    `json:"player2,omitempty"`
	Score1         int       `json:"score1"`
	Score2         int       `json:"score2"`
	First          *int64    `json:"first,omitempty"`
	TieBreakWinner *int64    `json:"tie_break_winner,omitempty"`
	Table          int       `json:"table,omitempty"`
	Source         string    `json:"source"`
	Reason         string    `json:"reason,omitempty"` // a bye's pairing reason
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// playerIDs are the result's players, Player1 first.
func (r *Result) playerIDs() []int64 {
	if r.Player2 == nil {
		return []int64{r.Player1}
	}
	return []int64{r.Player1, *r.Player2}
}

// sameAs compares what a result says, not when or how it was stored.
func (r *Result) sameAs(o *Result) bool {
	return r.Round == o.Round && r.Kind == o.Kind && r.Player1 == o.Player1 && eqID(r.Player2, o.Player2) &&
		r.Score1 == o.Score1 && r.Score2 == o.Score2 && eqID(r.First, o.First) &&
		eqID(r.TieBreakWinner, o.TieBreakWinner) && eqID(r.GameID, o.GameID) && r.Table == o.Table &&
		r.Source == o.Source && r.Reason == o.Reason && eqID(r.DivisionID, o.DivisionID)
}

func eqID(a, b *int64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func ptr[T any](v T) *T { return &v }

// copyID copies an optional id, so that a view does not share a row's.
func copyID(id *int64) *int64 {
	if id == nil {
		return nil
	}
	return ptr(*id)
}

// RoundResult is a result as the API shows it: players in order with
// their names and scores.
type RoundResult struct {
	ID         int64  `json:"id"`
	DivisionID *int64 `json:"division_id,omitempty"`
	Round      int    `json:"round"`
	Kind       string `json:"kind"`
	GameID     *int64 `json:"game_id,omitempty"`
	Table      int    `json:"table,omitempty"`
	// Players: a game's two players; a forfeit's loser, then its winner
	// (if any); a bye's player. Scores go with them; Spread is the first
	// player's.
	Players        []int64   `json:"players"`
	Names          []string  `json:"names"`
	Scores         []int     `json:"scores"`
	Spread         int       `json:"spread"`
	First          *int64    `json:"first,omitempty"`
	TieBreakWinner *int64    `json:"tie_break_winner,omitempty"`
	Winner         *int64    `json:"winner,omitempty"`
	Tie            bool      `json:"tie"`
	Source         string    `json:"source"`
	Reason         string    `json:"reason,omitempty"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

func (st *divState) view(r *Result) RoundResult {
	v := RoundResult{ID: r.ID, DivisionID: copyID(r.DivisionID), Round: r.Round, Kind: r.Kind, GameID: copyID(r.GameID), Table: r.Table,
		Players: r.playerIDs(), Spread: r.Score1 - r.Score2, First: copyID(r.First), TieBreakWinner: copyID(r.TieBreakWinner),
		Source: r.Source, Reason: r.Reason, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if r.GameID != nil {
		for _, g := range st.games {
			if g.ID == *r.GameID {
				v.Table = g.Table // the game may have moved since
			}
		}
	}
	for _, id := range v.Players {
		if l := st.line[id]; l != 0 {
			v.Names = append(v.Names, st.name(l))
		} else {
			v.Names = append(v.Names, "")
		}
	}
	v.Scores = []int{r.Score1}
	if r.Player2 != nil {
		v.Scores = append(v.Scores, r.Score2)
	}
	switch {
	case r.Player2 == nil && r.Score1 > 0:
		v.Winner = ptr(r.Player1)
	case r.Player2 == nil:
	case v.Spread > 0:
		v.Winner = ptr(r.Player1)
	case v.Spread < 0:
		v.Winner = copyID(r.Player2)
	case r.TieBreakWinner != nil:
		v.Winner = copyID(r.TieBreakWinner)
	case r.Kind == ResultGame:
		v.Tie = true
	}
	return v
}

func nonNilRoundResults(vs []RoundResult) []RoundResult {
	if vs == nil {
		return []RoundResult{}
	}
	return vs
}

// entryOf is the scorecard that records a stored row in a division.
func (st *divState) entryOf(r *Result) standings.Entry {
	e := standings.Entry{Round: r.Round, Player: st.line[r.Player1]}
	switch {
	case r.Kind == ResultGame:
		e.Kind, e.Opponent, e.Score, e.OppScore = standings.EntryGame, st.lineOf(r.Player2), r.Score1, r.Score2
		e.First, e.TieBreakWinner = st.lineOf(r.First), st.lineOf(r.TieBreakWinner)
	case r.Player2 != nil:
		e.Kind, e.Opponent, e.Spread = standings.EntryForfeit, st.line[*r.Player2], ptr(r.Score2-r.Score1)
	default:
		return unopposedEntry(r.Round, e.Player, r.Score1)
	}
	return e
}

// unopposedEntry records a round without an opponent with a spread: a
// bye when 0 or more, a forfeit loss when negative.
func unopposedEntry(round, line, spread int) standings.Entry {
	if spread < 0 {
		return standings.Entry{Kind: standings.EntryForfeit, Round: round, Player: line, Spread: ptr(-spread)}
	}
	return standings.Entry{Kind: standings.EntryBye, Round: round, Player: line, Spread: ptr(spread)}
}

// rowFrom is the row that stores a player's result in the division, in
// the order of the row it replaces, else of the round's game, else with
// the player first.
func (st *divState) rowFrom(r standings.Result, old *Result, source, reason string) *Result {
	row := &Result{TournamentID: st.t.ID, DivisionID: st.divisionID(), Round: r.Round, Table: r.Table, Source: source, Reason: reason}
	me, opp := st.id(r.Player), st.id(r.Opponent)
	switch {
	case r.Opponent == 0:
		row.Kind, row.Player1, row.Score1 = ResultBye, me, r.Score
		if r.Forfeit || r.Score < 0 {
			row.Kind = ResultForfeit
		}
		if reason == "" && old != nil && old.Player2 == nil {
			row.Reason = old.Reason
		}
		return row
	case r.Forfeit:
		row.Kind = ResultForfeit
		row.Player1, row.Player2, row.Score2 = me, &opp, r.OppScore
		if r.Score > r.OppScore {
			row.Player1, row.Player2, row.Score2 = opp, &me, r.Score
		}
	default:
		row.Kind = ResultGame
		row.Player1, row.Player2, row.Score1, row.Score2 = me, &opp, r.Score, r.OppScore
		g := st.gameBetween(r.Round, me, opp)
		if old != nil && old.Player1 == opp || old == nil && g != nil && g.Seats[0] == opp {
			row.Player1, row.Player2, row.Score1, row.Score2 = opp, &me, r.OppScore, r.Score
		}
		switch r.Start {
		case standings.StartFirst:
			row.First = &me
		case standings.StartSecond:
			row.First = &opp
		}
		switch r.TieBreak {
		case standings.TieBreakWon:
			row.TieBreakWinner = &me
		case standings.TieBreakLost:
			row.TieBreakWinner = &opp
		}
	}
	if g := st.gameBetween(r.Round, me, opp); g != nil {
		row.GameID = &g.ID
		row.Table = g.Table
	}
	return row
}

// changeSource says who made a change, for the rows it writes.
type changeSource struct {
	source  string
	reasons map[int]string // by line: a bye's pairing reason
}

// saveChange stores what an operation did to the division: for every
// player and round it touched, the row holding their result now, made,
// changed or removed. The rows in st follow.
func (s *Service) saveChange(ctx context.Context, st *divState, ch standings.Change, src changeSource) error {
	type key struct {
		round int
		id    int64
	}
	done := map[key]bool{}
	drop := func(r *Result) error {
		if err := s.Store.DeleteResult(ctx, r.ID); err != nil {
			return err
		}
		for _, id := range r.playerIDs() {
			done[key{r.Round, id}] = true
		}
		st.results = slices.DeleteFunc(st.results, func(x *Result) bool { return x.ID == r.ID })
		return nil
	}
	for _, pc := range ch.Players {
		me := st.id(pc.Player)
		if done[key{pc.Round, me}] {
			continue
		}
		old := st.rowOf(pc.Round, me)
		res, ok := st.d.Result(pc.Player, pc.Round)
		if !ok {
			done[key{pc.Round, me}] = true
			if old != nil {
				if err := drop(old); err != nil {
					return err
				}
			}
			continue
		}
		source := src.source
		if source == SourcePairing && st.players[pc.Player-1].Withdrawn != "" {
			source = SourceWithdrawal // a round the pairing gave a withdrawn player
		}
		want := st.rowFrom(res, old, source, src.reasons[pc.Player])
		// Rows that held these players' results otherwise are gone now.
		for _, id := range want.playerIDs() {
			if o := st.rowOf(pc.Round, id); o != nil && o != old {
				if err := drop(o); err != nil {
					return err
				}
			}
		}
		if old != nil && (len(old.playerIDs()) != len(want.playerIDs()) || !sameSet(old.playerIDs(), want.playerIDs())) {
			if err := drop(old); err != nil {
				return err
			}
			old = nil
		}
		for _, id := range want.playerIDs() {
			done[key{pc.Round, id}] = true
		}
		now := s.now()
		if old == nil {
			want.CreatedAt, want.UpdatedAt = now, now
			if err := s.Store.CreateResult(ctx, want); err != nil {
				return err
			}
			st.results = append(st.results, want)
			continue
		}
		if old.sameAs(want) {
			continue
		}
		want.ID, want.CreatedAt, want.UpdatedAt = old.ID, old.CreatedAt, now
		if err := s.Store.UpdateResult(ctx, want); err != nil {
			return err
		}
		*old = *want
	}
	return nil
}

func sameSet(a, b []int64) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return len(a) == len(b)
}

// sideView is one player's result in a round, for the audit log.
type sideView struct {
	Round    int    `json:"round"`
	PlayerID int64  `json:"player_id"`
	Opponent *int64 `json:"opponent_id,omitempty"`
	Score    int    `json:"score"`
	OppScore int    `json:"opp_score"`
	Spread   int    `json:"spread"`
	Outcome  string `json:"outcome"`
	Forfeit  bool   `json:"forfeit,omitempty"`
}

// sides turns a Change into the results before (after=false) or after it.
func (st *divState) sides(ch standings.Change, after bool) []sideView {
	out := []sideView{}
	for _, pc := range ch.Players {
		r := pc.Before
		if after {
			r = pc.After
		}
		if r == nil {
			continue
		}
		v := sideView{Round: r.Round, PlayerID: st.id(r.Player), Score: r.Score, OppScore: r.OppScore,
			Spread: r.Spread(), Outcome: string(r.Outcome()), Forfeit: r.Forfeit}
		if r.Opponent != 0 {
			v.Opponent = ptr(st.id(r.Opponent))
		}
		out = append(out, v)
	}
	return out
}

// ResultInput is a scorecard. A game: round, the two players and their
// scores (in the same order). A bye: kind "bye" and the player. A
// forfeit: kind "forfeit", the player who forfeits, then the one who
// wins (if any). Player and Opponent may stand for Players.
type ResultInput struct {
	Round    int     `json:"round"`
	Kind     string  `json:"kind"` // game (default), bye, forfeit
	Players  []int64 `json:"players"`
	Player   *int64  `json:"player"`
	Opponent *int64  `json:"opponent"`
	Scores   []int   `json:"scores"`
	// Spread: for a game, the spread on the scorecard (the first player's),
	// checked against the scores; for a bye or forfeit, the spread to award
	// instead of the division's.
	Spread         *int   `json:"spread"`
	First          *int64 `json:"first"`            // who went first
	TieBreakWinner *int64 `json:"tie_break_winner"` // a tied game decided by the variant's tie-break
}

// AmendInput changes a result already entered; absent fields keep the
// result's. Clear removes the result instead. The reason is required.
type AmendInput struct {
	ResultInput
	Clear  bool   `json:"clear"`
	Reason string `json:"reason"`
}

// players reads the players of an input, Player and Opponent standing in
// for Players.
func (in ResultInput) players() []int64 {
	if len(in.Players) > 0 {
		return in.Players
	}
	var ps []int64
	if in.Player != nil {
		ps = append(ps, *in.Player)
	}
	if in.Opponent != nil {
		ps = append(ps, *in.Opponent)
	}
	return ps
}

// entry checks an input against the division and makes its scorecard.
func (st *divState) entry(in ResultInput, ids []int64) (standings.Entry, error) {
	e := standings.Entry{Round: in.Round, Spread: in.Spread}
	kind := strings.TrimSpace(in.Kind)
	if kind == "" {
		kind = ResultGame
	}
	for _, id := range ids {
		if st.line[id] == 0 {
			return e, Errorf(KindInvalid, "unknown-player", "player %d is not in this division", id)
		}
	}
	switch kind {
	case ResultGame:
		if len(ids) != 2 {
			return e, Errorf(KindInvalid, "bad-players", "a game has two players; %d given", len(ids))
		}
		if len(in.Scores) != 2 {
			return e, Errorf(KindInvalid, "bad-scores", "give the two players' scores, in the order of the players")
		}
		e.Kind, e.Score, e.OppScore = standings.EntryGame, in.Scores[0], in.Scores[1]
		for _, who := range []struct {
			id   *int64
			what string
			dst  *int
		}{{in.First, "first", &e.First}, {in.TieBreakWinner, "tie_break_winner", &e.TieBreakWinner}} {
			if who.id == nil {
				continue
			}
			if !slices.Contains(ids, *who.id) {
				code := "bad-start"
				if who.what != "first" {
					code = "bad-tie-break"
				}
				return e, Errorf(KindRule, code, "%s is player %d, who is not in this game", who.what, *who.id)
			}
			*who.dst = st.line[*who.id]
		}
	case ResultBye, ResultForfeit:
		if len(ids) < 1 || len(ids) > 2 || kind == ResultBye && len(ids) != 1 {
			return e, Errorf(KindInvalid, "bad-players", "a bye has one player; a forfeit the player who forfeits, then the winner if there is one")
		}
		if len(in.Scores) > 0 || in.First != nil || in.TieBreakWinner != nil {
			return e, Errorf(KindInvalid, "bad-entry", "a %s has no scores, start or tie-break; give spread to award another spread than the division's", kind)
		}
		e.Kind = standings.EntryKind(kind)
	default:
		return e, Errorf(KindInvalid, "bad-kind", "a result is a game, a bye or a forfeit, not %q", kind)
	}
	e.Player = st.line[ids[0]]
	if len(ids) == 2 {
		e.Opponent = st.line[ids[1]]
	}
	return e, nil
}

// resultDivision loads the division of a scorecard's players, who must
// all be in one.
func (s *Service) resultDivision(ctx context.Context, t *Tournament, ids []int64) (*divState, error) {
	if len(ids) == 0 {
		return nil, Errorf(KindInvalid, "bad-players", "name the players: players is a list of player ids")
	}
	var div *Division
	for i, id := range ids {
		p, err := s.Store.GetPlayer(ctx, id)
		if err != nil || p.TournamentID != t.ID {
			return nil, Errorf(KindInvalid, "unknown-player", "player %d is not in this tournament", id)
		}
		d, err := s.divisionOfPlayer(ctx, p)
		if err != nil {
			return nil, err
		}
		if i > 0 && !eqID(div.idOrNil(), d.idOrNil()) {
			return nil, Errorf(KindInvalid, "different-divisions", "the players are in different divisions")
		}
		div = d
	}
	return s.loadDivision(ctx, t, div)
}

func (d *Division) idOrNil() *int64 {
	if d == nil {
		return nil
	}
	return &d.ID
}

// EnterResult records a scorecard (director): a game's scores, a bye or a
// forfeit. Two players not yet paired in the round become paired by it,
// as in tsh. Refused, each with its own code: a player paired with
// someone else in the round (paired-elsewhere), a result already there
// (already-entered: amend it), scores out of range (score-out-of-range),
// a spread that does not match the scores (spread-mismatch).
func (s *Service) EnterResult(ctx context.Context, a Actor, tournamentID int64, in ResultInput) (*RoundResult, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if in.Round < 1 {
		return nil, Errorf(KindInvalid, "bad-round", "round is a number from 1")
	}
	var out *RoundResult
	err := s.changeTournament(ctx, tournamentID, NoticeResult, in.Round, func(ctx context.Context) error {
		t, err := s.Store.GetTournament(ctx, tournamentID)
		if err != nil {
			return notFound(err, "tournament %d", tournamentID)
		}
		ids := in.players()
		st, err := s.resultDivision(ctx, t, ids)
		if err != nil {
			return err
		}
		e, err := st.entry(in, ids)
		if err != nil {
			return err
		}
		ch, err := st.d.Enter(e)
		if err != nil {
			return standingsError(err)
		}
		if err := s.saveChange(ctx, st, ch, changeSource{source: SourceEntered}); err != nil {
			return err
		}
		row := st.rowOf(in.Round, ids[0])
		if row == nil {
			return errors.New("entered result not stored")
		}
		v := st.view(row)
		out = &v
		return s.auditTournament(ctx, a, tournamentID, "enter-result", "", nil, map[string]any{"result": v, "players": st.sides(ch, true)})
	})
	return out, err
}

// AmendResult changes a result already entered (director), with a
// reason: the audit log keeps every touched result before and after. An
// amendment keeps who played whom (a game may become a forfeit and
// back); Clear removes the result. A recorded game's result amended by
// the director is no longer rewritten from its record.
func (s *Service) AmendResult(ctx context.Context, a Actor, tournamentID, resultID int64, in AmendInput) (*RoundResult, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Reason) == "" {
		return nil, Errorf(KindInvalid, "missing-reason", "say why the result is amended")
	}
	var out *RoundResult
	err := s.changeTournament(ctx, tournamentID, NoticeResult, 0, func(ctx context.Context) error {
		t, err := s.Store.GetTournament(ctx, tournamentID)
		if err != nil {
			return notFound(err, "tournament %d", tournamentID)
		}
		old, err := s.findResult(ctx, tournamentID, resultID)
		if err != nil {
			return err
		}
		st, err := s.resultDivision(ctx, t, old.playerIDs())
		if err != nil {
			return err
		}
		if st.skipped[old.ID] {
			return Errorf(KindConflict, "result-not-loaded", "result %d does not fit the division as it stands; remove it (clear) and enter it again", old.ID)
		}
		before := st.view(st.rowOf(old.Round, old.Player1))
		var ch standings.Change
		if in.Clear {
			if ch, err = st.d.ClearResult(old.Round, st.line[old.Player1]); err != nil {
				return standingsError(err)
			}
		} else {
			merged, ids := amended(old, in.ResultInput)
			if !sameSet(ids, old.playerIDs()) {
				return Errorf(KindConflict, "amend-keeps-players", "an amendment keeps who played whom (%v); change the pairing to change that", old.playerIDs())
			}
			e, err := st.entry(merged, ids)
			if err != nil {
				return err
			}
			if ch, err = st.d.Amend(e); err != nil {
				return standingsError(err)
			}
		}
		if err := s.saveChange(ctx, st, ch, changeSource{source: SourceEntered}); err != nil {
			return err
		}
		after := map[string]any{"players": st.sides(ch, true)}
		if row := st.rowOf(old.Round, old.Player1); row != nil {
			v := st.view(row)
			out = &v
			after["result"] = v
		} else {
			out = &before
		}
		return s.auditTournament(ctx, a, tournamentID, "amend-result", in.Reason,
			map[string]any{"result": before, "players": st.sides(ch, false)}, after)
	})
	return out, err
}

// amended merges an amendment into the stored result: what it does not
// say stays as it was.
func amended(old *Result, in ResultInput) (ResultInput, []int64) {
	ids := in.players()
	if len(ids) == 0 {
		ids = old.playerIDs()
	}
	out := in
	out.Round = old.Round
	if out.Kind == "" {
		out.Kind = old.Kind
	}
	if out.Kind == ResultGame && out.Scores == nil && old.Kind == ResultGame {
		out.Scores = []int{old.Score1, old.Score2}
		if len(ids) == 2 && ids[0] != old.Player1 {
			out.Scores = []int{old.Score2, old.Score1}
		}
	}
	if out.Kind == ResultForfeit && out.Spread == nil && old.Kind == ResultForfeit {
		out.Spread = ptr(abs(old.Score1 - old.Score2))
	}
	if out.Kind == ResultBye && out.Spread == nil && old.Kind == ResultBye {
		out.Spread = ptr(old.Score1)
	}
	return out, ids
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// findResult finds one of a tournament's results.
func (s *Service) findResult(ctx context.Context, tournamentID, id int64) (*Result, error) {
	rows, err := s.Store.ListResults(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if rows[i].ID == id {
			return &rows[i], nil
		}
	}
	return nil, Errorf(KindNotFound, "not-found", "result %d does not exist in tournament %d", id, tournamentID)
}

// ListResults lists a division's results (public), by round, then table,
// then when they were entered; round 0 means every round.
func (s *Service) ListResults(ctx context.Context, tournamentID int64, q StandingsQuery) ([]RoundResult, error) {
	st, err := s.publicDivision(ctx, tournamentID, q.DivisionID)
	if err != nil {
		return nil, err
	}
	rows := slices.Clone(st.results)
	slices.SortStableFunc(rows, func(a, b *Result) int {
		switch {
		case a.Round != b.Round:
			return a.Round - b.Round
		case (a.Table == 0) != (b.Table == 0):
			if a.Table == 0 {
				return 1
			}
			return -1
		}
		return a.Table - b.Table
	})
	out := []RoundResult{}
	for _, r := range rows {
		if q.Round == 0 || r.Round == q.Round {
			out = append(out, st.view(r))
		}
	}
	return out, nil
}

// syncResult keeps a recorded game's result with its record: called
// wherever a game's turns are saved, in the same transaction. A finished
// two-player game gets its result (final scores, seat 1 went first, a tie
// the variant broke as a tie-break win); a correction or undo that changes
// or reopens the game changes or removes it. A result the director
// entered or amended is theirs and stays. A result the division refuses
// (a player since paired elsewhere, say) is not stored, and the audit log
// says why, for the director to enter it by hand.
func (s *Service) syncResult(ctx context.Context, l *loaded) error {
	g := l.g
	if len(g.Seats) != 2 || g.Teams {
		return nil
	}
	old, err := s.Store.ResultForGame(ctx, g.ID)
	switch {
	case errors.Is(err, ErrNotFound):
		old = nil
	case err != nil:
		return err
	}
	want, why := recordedResult(l)
	if old == nil && want == nil && why == "" || old != nil && old.Source != SourceRecorded {
		return nil
	}
	if old != nil && want != nil && old.Kind == ResultGame && old.Player1 == want.Player1 &&
		old.Score1 == want.Score1 && old.Score2 == want.Score2 && eqID(old.TieBreakWinner, want.TieBreakWinner) {
		return nil
	}
	a := Actor{Label: "record of game " + strconv.Itoa(int(g.ID))}
	refuse := func(msg string) error {
		return s.audit(ctx, a, g, "result-not-recorded", msg, old, want)
	}
	if want == nil && why != "" && old == nil {
		return refuse(why)
	}
	p, err := s.Store.GetPlayer(ctx, g.Seats[0])
	if err != nil {
		return err
	}
	q, err := s.Store.GetPlayer(ctx, g.Seats[1])
	if err != nil {
		return err
	}
	if !eqID(p.DivisionID, q.DivisionID) {
		return nil // not a game of a division
	}
	div, err := s.divisionOfPlayer(ctx, p)
	if err != nil {
		return err
	}
	st, err := s.loadDivision(ctx, l.t, div)
	if err != nil {
		return err
	}
	var ch standings.Change
	switch {
	case want == nil:
		ch, err = st.d.ClearResult(g.Round, st.line[g.Seats[0]])
	case old == nil:
		ch, err = st.d.Enter(st.entryOf(want))
	default:
		ch, err = st.d.Amend(st.entryOf(want))
	}
	if err != nil {
		return refuse(err.Error())
	}
	if err := s.saveChange(ctx, st, ch, changeSource{source: SourceRecorded}); err != nil {
		return err
	}
	if old == nil {
		return nil
	}
	return s.audit(ctx, a, g, "result-changed-by-record", "the game's record changed", st.sides(ch, false), st.sides(ch, true))
}

// recordedResult is the result a game's record gives, nil while the game
// is not finished. why says when a finished game's result cannot be told
// in scores (a triple challenge lost by the player ahead).
func recordedResult(l *loaded) (*Result, string) {
	if l.r.status != StatusFinished {
		return nil, ""
	}
	res := l.r.game.Result()
	if len(res.Final) != 2 {
		return nil, ""
	}
	g := l.g
	r := &Result{TournamentID: g.TournamentID, Round: g.Round, GameID: &g.ID, Kind: ResultGame,
		Player1: g.Seats[0], Player2: &g.Seats[1], Score1: res.Final[0], Score2: res.Final[1], First: &g.Seats[0], Table: g.Table, Source: SourceRecorded}
	winner := res.Winner
	if l.r.lostBy >= 0 {
		winner = l.r.wonBy
	}
	switch {
	case r.Score1 == r.Score2 && winner >= 0:
		r.TieBreakWinner = &g.Seats[winner]
	case winner >= 0 && res.Final[winner] < res.Final[1-winner]:
		return nil, "the game was decided by a challenge against the player ahead on points; enter its result by hand"
	}
	return r, ""
}
