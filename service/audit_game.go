package service

import (
	"context"
	"encoding/json"
	"slices"
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
