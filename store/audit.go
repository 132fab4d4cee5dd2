package store

import (
	"context"

	"tourney/service"
)

// AddAudit inserts a and fills in its ID, and At if zero.
func (s *Store) AddAudit(ctx context.Context, a *service.AuditEntry) error {
	if a.At.IsZero() {
		a.At = now()
	}
	row := toAuditRow(a)
	c, err := s.conn(s.writer(ctx))
	if err != nil {
		return wrap("add audit entry", err)
	}
	// The columns and Go values gorm's Create would bind.
	err = c.queryRow(ctx, insertAuditSQL,
		row.TournamentID, row.GameID, row.Who, row.Action, row.Reason, row.Before, row.After, row.At).Scan(&a.ID)
	if err != nil {
		return wrap("add audit entry", err)
	}
	return nil
}

// ListAudit returns a tournament's audit entries, or with gameID only that
// game's, oldest first (by id: the order they were written in).
func (s *Store) ListAudit(ctx context.Context, tournamentID int64, gameID *int64) ([]service.AuditEntry, error) {
	q := s.reader(ctx).Where("tournament_id = ?", tournamentID)
	if gameID != nil {
		q = q.Where("game_id = ?", *gameID)
	}
	var rows []auditRow
	if err := q.Order("id").Find(&rows).Error; err != nil {
		return nil, wrap("list audit entries", err)
	}
	as := make([]service.AuditEntry, len(rows))
	for i := range rows {
		as[i] = rows[i].toService()
	}
	return as, nil
}
