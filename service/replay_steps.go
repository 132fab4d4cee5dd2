package service

import (
	"context"
	"fmt"

	"tourney/scoring"
)

// GameReplay is a game step by step, as the public replay shows it: the
// board and scores after each play and each play taken off, all from the
// engine's replay of the record (the same replay as every other view: a
// tile played through stays on the board when a phony is taken off).
type GameReplay struct {
	GameID       int64 `json:"game_id"`
	TournamentID int64 `json:"tournament_id"`
	Round        int   `json:"round"`
	Table        int   `json:"table"`
	// Players' scores are the official result once there is one (the
	// one the standings count), else the record's totals.
	Players []SeatView `json:"players"`
	// EnteredByHand: the result is the one the director keyed (the game
	// has no record, or its record was set aside); the steps then decide
	// nothing.
	EnteredByHand bool `json:"entered_by_hand,omitempty"`
	// WinnerPlayerID and Tie: who won, as the official result says
	// (none yet: neither).
	WinnerPlayerID *int64 `json:"winner_player_id,omitempty"`
	Tie            bool   `json:"tie,omitempty"`
	// Rows and Cols are the board's size (for the position before the
	// first step).
	Rows  int          `json:"rows"`
	Cols  int          `json:"cols"`
	Steps []ReplayStep `json:"steps"`
}

// ReplayStep is a play (kind play, exchange or pass: an exchange by its
// count only) or a play taken off after a challenge (kind withdrawn: its
// player, position and word, and the points it lost), with every seat's
// total and the board after it.
type ReplayStep struct {
	LivePlay
	Totals []int    `json:"totals"`
	Board  []string `json:"board"`
}

// GameReplay replays a game for its step-by-step view; who may read it is
// who may read the game (GetGame).
func (s *Service) GameReplay(ctx context.Context, a Actor, gameID int64) (*GameReplay, error) {
	l, err := s.loadToRead(ctx, a, gameID)
	if err != nil {
		return nil, err
	}
	out := &GameReplay{GameID: l.g.ID, TournamentID: l.g.TournamentID, Round: l.g.Round, Table: l.g.Table, Steps: []ReplayStep{}}
	var nums []int // the turn number of each active event, as the replay holds them
	for i, n := range TurnNumbers(l.events) {
		if !l.events[i].Undone {
			nums = append(nums, n)
		}
	}
	r, bad, err := replayWatched(l.r.v, l.g, l.events, l.t.ChallengeRule, func(r *replayed, i int) {
		if st := replayStep(r, i, nums[i], out.Steps); st != nil {
			out.Steps = append(out.Steps, *st)
		}
	})
	if err != nil {
		return nil, &Error{Kind: KindConflict, Type: "replay-failed", Msg: fmt.Sprintf("turn %d no longer fits the tournament's rules: %v", l.events[bad].Seq, err), Err: err}
	}
	b := r.game.Board()
	out.Rows, out.Cols = b.Rows, b.Cols
	v := s.view(l.t, l.g, l.names, l.events, l.r).withResult(l.g, l.official)
	out.Players = v.Players
	if o := v.Official; o != nil {
		out.EnteredByHand, out.WinnerPlayerID, out.Tie = o.EnteredByHand, o.WinnerPlayerID, o.Tie
		for i := range out.Players {
			if i < len(o.Scores) {
				out.Players[i].Score = o.Scores[i]
			}
		}
	}
	return out, nil
}

// replayStep is the step the event i of the replay (turn number turn)
// makes (nil for one that is not a play nor takes one off), as the engine
// left the game.
func replayStep(r *replayed, i, turn int, before []ReplayStep) *ReplayStep {
	t := r.turns[i]
	p := playOf(r, i, turn)
	if p == nil && t.Event.Kind == scoring.EventWithdraw {
		p = withdrawnStep(r, i, turn, before)
	}
	if p == nil {
		return nil
	}
	return &ReplayStep{LivePlay: *p, Totals: t.Totals, Board: r.game.Board().Text(r.v.Tiles)}
}

// withdrawnStep is the play event i took off: the latest play step of the
// seat that lost it, with the points it lost.
func withdrawnStep(r *replayed, i, turn int, before []ReplayStep) *LivePlay {
	t := r.turns[i]
	seat := t.Event.Player + 1
	p := &LivePlay{Turn: turn, Seat: seat, Kind: "withdrawn", Score: t.Score, Withdrawn: true}
	for k := len(before) - 1; k >= 0; k-- {
		if b := before[k]; b.Seat == seat && b.Kind == "play" {
			p.Position, p.Word = b.Position, b.Word
			break
		}
	}
	return p
}
