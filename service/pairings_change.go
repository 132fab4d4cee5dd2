package service

// Taking pairings back and changing single pairings by hand.

import (
	"context"

	"tourney/standings"
)

// removable refuses to take back a pairing whose game has begun or whose
// result is in; a bye given by the pairing (or a withdrawn player's
// round) goes with it.
func (s *Service) removable(ctx context.Context, st *divState, round int, id int64) (game *Game, row *Result, err error) {
	game = st.gameOf(round, id)
	row = st.rowOf(round, id)
	who := st.name(st.line[id])
	if row != nil && row.Source != SourcePairing && row.Source != SourceWithdrawal {
		return nil, nil, Errorf(KindConflict, "pairing-has-result", "%s already has a result in round %d; amend or clear it first", who, round)
	}
	if row != nil && row.Player2 != nil {
		return nil, nil, Errorf(KindConflict, "pairing-has-result", "%s's game in round %d is decided (a forfeit); amend or clear it first", who, round)
	}
	if game != nil {
		turns, err := s.Store.ListTurns(ctx, game.ID)
		if err != nil {
			return nil, nil, err
		}
		if len(turns) > 0 {
			return nil, nil, Errorf(KindConflict, "game-started", "%s's game in round %d (table %d) has begun", who, round, game.Table)
		}
	}
	return game, row, nil
}

// clearRound takes back every pairing of a round, if none has begun.
func (s *Service) clearRound(ctx context.Context, st *divState, round int) error {
	var games []*Game
	var rows []*Result
	for line := 1; line <= len(st.players); line++ {
		g, r, err := s.removable(ctx, st, round, st.id(line))
		if err != nil {
			return Errorf(KindConflict, "round-under-way", "round %d cannot be paired again: %s", round, AsError(err).Msg)
		}
		if g != nil && !containsGame(games, g) {
			games = append(games, g)
		}
		if r != nil {
			rows = append(rows, r)
		}
	}
	return s.removePairings(ctx, games, rows)
}

func containsGame(gs []*Game, g *Game) bool {
	for _, x := range gs {
		if x.ID == g.ID {
			return true
		}
	}
	return false
}

func (s *Service) removePairings(ctx context.Context, games []*Game, rows []*Result) error {
	for _, r := range rows {
		if err := s.Store.DeleteResult(ctx, r.ID); err != nil {
			return err
		}
	}
	for _, g := range games {
		if err := s.Store.DeleteGame(ctx, g.ID); err != nil {
			return err
		}
	}
	return nil
}

// PairingChange is the director's change to a round's pairings: each
// listed player's pairing is taken back (with their opponent's) and the
// new pairings made; Unpair only takes back. Players left without a
// pairing are listed in the answer's unpaired.
type PairingChange struct {
	DivisionID *int64          `json:"division_id"`
	Pairings   []ManualPairing `json:"pairings"`
	Unpair     []int64         `json:"unpair"`
	Reason     string          `json:"reason"`
}

// ChangePairings changes some pairings of a round by hand (director).
// Pairings whose game has begun or whose result is in are refused.
func (s *Service) ChangePairings(ctx context.Context, a Actor, tournamentID int64, round int, in PairingChange) (*RoundPairings, error) {
	var out *RoundPairings
	err := s.changeRound(ctx, a, tournamentID, round, in.DivisionID, func(ctx context.Context, st *divState) error {
		var err error
		before := st.roundView(round)
		ids := append([]int64{}, in.Unpair...)
		for _, mp := range in.Pairings {
			ids = append(ids, mp.Players...)
		}
		var games []*Game
		var rows []*Result
		for _, id := range ids {
			if st.line[id] == 0 {
				return Errorf(KindInvalid, "unknown-player", "player %d is not in this division", id)
			}
			g, r, err := s.removable(ctx, st, round, id)
			if err != nil {
				return err
			}
			if g != nil && !containsGame(games, g) {
				games = append(games, g)
			}
			if r != nil && !containsRow(rows, r) {
				rows = append(rows, r)
			}
		}
		if err := s.removePairings(ctx, games, rows); err != nil {
			return err
		}
		if st, err = s.loadDivision(ctx, st.t, st.div); err != nil {
			return err
		}
		ps, err := st.manualPairings(in.Pairings)
		if err != nil {
			return err
		}
		if err := st.tablesFor(round, ps); err != nil {
			return err
		}
		for i := range ps {
			if ps[i].Reason == "" {
				ps[i].Reason = "paired by the director"
				if ps[i].IsBye() {
					ps[i].Reason = "bye: given by the director"
				}
			}
		}
		if len(ps) > 0 {
			if err := s.applyPairings(ctx, st, round, ps); err != nil {
				return err
			}
		}
		out = st.roundView(round)
		return s.auditTournament(ctx, a, tournamentID, "change-pairings", in.Reason, before, out)
	})
	return out, err
}

func containsRow(rs []*Result, r *Result) bool {
	for _, x := range rs {
		if x.ID == r.ID {
			return true
		}
	}
	return false
}

// tablesFor checks the director's tables against every game of the round
// and gives the games without one the lowest free tables.
func (st *divState) tablesFor(round int, ps []standings.Pairing) error {
	taken := st.takenTables(round)
	for _, g := range st.games {
		if g.Round == round {
			taken[g.Table] = true
		}
	}
	for _, p := range ps {
		if p.IsBye() || p.Table == 0 {
			continue
		}
		if taken[p.Table] {
			return Errorf(KindConflict, "table-taken", "table %d already has a game in round %d", p.Table, round)
		}
		taken[p.Table] = true
	}
	next := 1
	for i := range ps {
		if ps[i].IsBye() || ps[i].Table != 0 {
			continue
		}
		for taken[next] {
			next++
		}
		ps[i].Table = next
		taken[next] = true
	}
	return nil
}
