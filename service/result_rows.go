package service

import (
	"context"
	"slices"
	"time"

	"tourney/standings"
)

// playerIDs are the result's players, Player1 first.
func (r *Result) playerIDs() []int64 {
	if r.Group != nil {
		return slices.Clone(r.Group)
	}
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
		r.Source == o.Source && r.Reason == o.Reason && eqID(r.DivisionID, o.DivisionID) &&
		slices.Equal(r.Group, o.Group) && slices.Equal(r.GroupScores, o.GroupScores) && r.Teams == o.Teams
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
	Players        []int64  `json:"players"`
	Names          []string `json:"names"`
	Scores         []int    `json:"scores"`
	Spread         int      `json:"spread"`
	First          *int64   `json:"first,omitempty"`
	TieBreakWinner *int64   `json:"tie_break_winner,omitempty"`
	Winner         *int64   `json:"winner,omitempty"`
	Tie            bool     `json:"tie"`
	// Teams: a team game; Players are its four seats (Players[0] and
	// Players[2] against Players[1] and Players[3]) and Scores the two
	// teams' (Names has four names). A table of three or four has a score
	// per player; Spread is then Players[0]'s sum of pairwise spreads.
	Teams     bool      `json:"teams,omitempty"`
	Source    string    `json:"source"`
	Reason    string    `json:"reason,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
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
	if r.Group != nil {
		v.Scores, v.Teams = slices.Clone(r.GroupScores), r.Teams
		v.Spread = standings.SeatSpread(r.GroupScores, 0, r.Teams)
		if !r.Teams {
			v.Winner = topScorer(r.Group, r.GroupScores)
			v.Tie = v.Winner == nil
			return v
		}
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

// topScorer is the player with the highest score at a table, nil when
// two or more share it.
func topScorer(players []int64, scores []int) *int64 {
	if len(scores) == 0 || len(players) != len(scores) {
		return nil
	}
	best := slices.Max(scores)
	var who *int64
	for i, s := range scores {
		if s == best {
			if who != nil {
				return nil
			}
			who = ptr(players[i])
		}
	}
	return who
}

// entryOf is the scorecard that records a stored row in a division.
func (st *divState) entryOf(r *Result) standings.Entry {
	e := standings.Entry{Round: r.Round, Player: st.line[r.Player1]}
	if r.Group != nil {
		return standings.Entry{Kind: standings.EntryGroup, Round: r.Round, Group: st.lines(r.Group), Scores: slices.Clone(r.GroupScores), Teams: r.Teams}
	}
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
	if r.IsGroup() {
		row.Kind, row.Group, row.GroupScores, row.Teams = ResultGame, st.ids(r.Group), slices.Clone(r.GroupScores), r.Teams
		row.Player1, row.Player2 = row.Group[0], ptr(row.Group[1])
		row.Score1, row.Score2 = r.GroupScores[0], r.GroupScores[1] // a team game's are the teams'
		row.First = ptr(row.Group[0])
		if g := st.gameAt(r.Round, row.Group); g != nil {
			row.GameID, row.Table = &g.ID, g.Table
		}
		return row
	}
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
