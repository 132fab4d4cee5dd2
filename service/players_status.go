package service

import (
	"context"
	"slices"

	"tourney/standings"
)

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
		// A player not checked in (a division requiring it) has nothing
		// paired or played: withdrawn, they are no longer awaited.
		var ch standings.Change
		if err := standings.CheckUnplayed(unplayed); err != nil {
			return standingsError(err)
		}
		if st.line[p.ID] != 0 {
			if err := s.noGameBeingRecorded(ctx, st, p); err != nil {
				return err
			}
			if ch, err = st.d.Withdraw(st.line[p.ID], unplayed); err != nil {
				return standingsError(err)
			}
			if err := s.saveChange(ctx, st, ch, changeSource{source: SourceWithdrawal}); err != nil {
				return err
			}
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

// noGameBeingRecorded refuses a withdrawal while a game of the player's is
// recorded turn by turn: it keeps its record, the director ends it (or
// sets the record aside) before the withdrawal turns it into a forfeit.
func (s *Service) noGameBeingRecorded(ctx context.Context, st *divState, p *Player) error {
	for _, g := range st.games {
		if _, done := st.d.Result(st.line[p.ID], g.Round); done || !slices.Contains(g.Seats, p.ID) {
			continue
		}
		if l, err := s.recordOf(ctx, &g); err != nil {
			return err
		} else if l != nil {
			return Errorf(KindConflict, "game-has-record", "%s's game at table %d of round %d is recorded turn by turn: end it from the record or set the record aside before the withdrawal", p.Name, g.Table, g.Round)
		}
	}
	return nil
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
		ch, missed, err := s.recordMissedRounds(ctx, st, p, standings.Unplayed(in.Missed))
		if err != nil {
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

// recordMissedRounds gives a late entrant every round paired so far in
// which they have no pairing, with the missed-round result (empty: the
// division's late_entry), and saves it: a late entry, a late check-in and
// a move into a division all join this way. A player the division has not
// entered yet (not checked in) misses nothing yet.
func (s *Service) recordMissedRounds(ctx context.Context, st *divState, p *Player, missed standings.Unplayed) (standings.Change, standings.Unplayed, error) {
	var ch standings.Change
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
		return ch, missed, Errorf(KindInvalid, "bad-missed", "missed rounds become forfeit, bye or none, not %q", missed)
	}
	line := st.line[p.ID]
	if line == 0 {
		return ch, missed, nil
	}
	for round := 1; round <= st.d.Rounds(); round++ {
		if _, paired := st.d.Opponent(line, round); paired {
			continue
		}
		c, err := st.d.Enter(unopposedEntry(round, line, spread))
		if err != nil {
			return ch, missed, standingsError(err)
		}
		ch.Players = append(ch.Players, c.Players...)
	}
	return ch, missed, s.saveChange(ctx, st, ch, changeSource{source: SourceLateEntry})
}
