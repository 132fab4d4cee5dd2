package service

// The audit log: who changed what, when and why, with the state before
// and after. A change to a game is audited with its game (audit), a change
// to a division with its tournament (auditTournament).

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
)

// resultAudits are the tournament-wide audit actions about one result,
// which name their game only inside the result they keep.
var resultAudits = []string{"enter-result", "amend-result"}

// gameAudit is one game's audit log: the entries made on the game (turn
// corrections, undos, rulings, its end, its record set aside) and those
// about its result entered or amended by hand, in the order made.
func (s *Service) gameAudit(ctx context.Context, g *Game) ([]AuditEntry, error) {
	own, err := s.Store.ListAudit(ctx, g.TournamentID, &g.ID)
	if err != nil {
		return nil, err
	}
	all, err := s.Store.ListAudit(ctx, g.TournamentID, nil)
	if err != nil {
		return nil, err
	}
	for _, e := range all {
		if e.GameID == nil && slices.Contains(resultAudits, e.Action) && aboutGame(e, g.ID) {
			own = append(own, e)
		}
	}
	slices.SortFunc(own, func(a, b AuditEntry) int { return int(a.ID - b.ID) })
	return own, nil
}

// aboutGame reports whether a result's audit entry is about the game:
// the result it keeps (before or after, alone or as "result") names it.
func aboutGame(e AuditEntry, gameID int64) bool {
	type named struct {
		GameID *int64 `json:"game_id"`
		Result *struct {
			GameID *int64 `json:"game_id"`
		} `json:"result"`
	}
	for _, raw := range []json.RawMessage{e.After, e.Before} {
		var n named
		if len(raw) == 0 || json.Unmarshal(raw, &n) != nil {
			continue
		}
		if (n.GameID != nil && *n.GameID == gameID) || (n.Result != nil && n.Result.GameID != nil && *n.Result.GameID == gameID) {
			return true
		}
	}
	return false
}

// audit records a change to a game.
func (s *Service) audit(ctx context.Context, a Actor, g *Game, action, reason string, before, after any) error {
	if err := checkNote("the reason", reason, MaxReasonLength); err != nil {
		return err
	}
	id := g.ID
	return s.Store.AddAudit(ctx, &AuditEntry{
		TournamentID: g.TournamentID, GameID: &id, Who: a.Name(), Action: action,
		Reason: strings.TrimSpace(reason), Before: mustJSON(before), After: mustJSON(after), At: s.now(),
	})
}

// ListAudit shows the audit log of a tournament, or of one game (director).
func (s *Service) ListAudit(ctx context.Context, a Actor, tournamentID int64, gameID *int64) ([]AuditEntry, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	return s.Store.ListAudit(ctx, tournamentID, gameID)
}

// ListGameAudit shows one game's audit log (director), its result's
// entries by hand included (see gameAudit).
func (s *Service) ListGameAudit(ctx context.Context, a Actor, gameID int64) ([]AuditEntry, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	g, err := s.Store.GetGame(ctx, gameID)
	if err != nil {
		return nil, notFound(err, "game %d", gameID)
	}
	return s.gameAudit(ctx, g)
}

// auditTournament records a change that is about a division rather than
// one game.
func (s *Service) auditTournament(ctx context.Context, a Actor, tournamentID int64, action, reason string, before, after any) error {
	if err := checkNote("the reason", reason, MaxReasonLength); err != nil {
		return err
	}
	e := &AuditEntry{TournamentID: tournamentID, Who: a.Name(), Action: action, Reason: strings.TrimSpace(reason), At: s.now()}
	if before != nil {
		e.Before = mustJSON(before)
	}
	if after != nil {
		e.After = mustJSON(after)
	}
	return s.Store.AddAudit(ctx, e)
}
