package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"tourney/service"
)

// CreateTournament inserts t and fills in its ID, and CreatedAt and
// UpdatedAt if they are zero.
func (s *Store) CreateTournament(ctx context.Context, t *service.Tournament) error {
	if t.CreatedAt.IsZero() {
		t.CreatedAt = now()
	}
	if t.UpdatedAt.IsZero() {
		t.UpdatedAt = t.CreatedAt
	}
	row, err := toTournamentRow(t)
	if err != nil {
		return wrap("create tournament: settings", err)
	}
	row.ID = 0 // the database numbers rows
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap("create tournament", err)
	}
	t.ID = row.ID
	return nil
}

// GetTournament returns the tournament with that id, or ErrNotFound.
func (s *Store) GetTournament(ctx context.Context, id int64) (*service.Tournament, error) {
	var row tournamentRow
	c, err := s.conn(s.reader(ctx))
	if err == nil {
		err = scanTournament(c.queryRow(ctx, getTournamentSQL, id), &row)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(fmt.Sprintf("tournament %d", id))
	}
	if err != nil {
		return nil, wrap(fmt.Sprintf("tournament %d", id), err)
	}
	t, err := row.toService()
	if err != nil {
		return nil, wrap(fmt.Sprintf("tournament %d: settings", id), err)
	}
	return &t, nil
}

// ListTournaments returns every tournament, by id.
func (s *Store) ListTournaments(ctx context.Context) ([]service.Tournament, error) {
	var rows []tournamentRow
	if err := s.reader(ctx).Order("id").Find(&rows).Error; err != nil {
		return nil, wrap("list tournaments", err)
	}
	ts := make([]service.Tournament, len(rows))
	for i := range rows {
		var err error
		if ts[i], err = rows[i].toService(); err != nil {
			return nil, wrap(fmt.Sprintf("tournament %d: settings", rows[i].ID), err)
		}
	}
	return ts, nil
}

// UpdateTournament writes every field of t but ID and CreatedAt, and sets
// UpdatedAt to now.
func (s *Store) UpdateTournament(ctx context.Context, t *service.Tournament) error {
	updated := now()
	row, err := toTournamentRow(t)
	if err != nil {
		return wrap("update tournament: settings", err)
	}
	row.UpdatedAt = updated
	if err := update(s.writer(ctx), fmt.Sprintf("update tournament %d", t.ID), &row, t.ID, "created_at"); err != nil {
		return err
	}
	t.UpdatedAt = updated
	return nil
}

// CreateDivision inserts d and fills in its ID; ErrDuplicate if the
// tournament has a division of that name.
func (s *Store) CreateDivision(ctx context.Context, d *service.Division) error {
	row := toDivisionRow(d)
	row.ID = 0
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap("create division", err)
	}
	d.ID = row.ID
	return nil
}

// ListDivisions returns a tournament's divisions, by id.
func (s *Store) ListDivisions(ctx context.Context, tournamentID int64) ([]service.Division, error) {
	var rows []divisionRow
	if err := s.reader(ctx).Where("tournament_id = ?", tournamentID).Order("id").Find(&rows).Error; err != nil {
		return nil, wrap("list divisions", err)
	}
	ds := make([]service.Division, len(rows))
	for i := range rows {
		var err error
		if ds[i], err = rows[i].toService(); err != nil {
			return nil, wrap(fmt.Sprintf("division %d: settings", rows[i].ID), err)
		}
	}
	return ds, nil
}

// UpdateDivision writes every field of d but ID.
func (s *Store) UpdateDivision(ctx context.Context, d *service.Division) error {
	row := toDivisionRow(d)
	return update(s.writer(ctx), fmt.Sprintf("update division %d", d.ID), &row, d.ID)
}

// CreateRound inserts r and fills in its ID; ErrDuplicate if its division
// (or the tournament, for a round of no division) has that round number.
func (s *Store) CreateRound(ctx context.Context, r *service.Round) error {
	row := toRoundRow(r)
	row.ID = 0
	if err := s.writer(ctx).Create(&row).Error; err != nil {
		return wrap("create round", err)
	}
	r.ID = row.ID
	return nil
}

// ListRounds returns a tournament's rounds, by id.
func (s *Store) ListRounds(ctx context.Context, tournamentID int64) ([]service.Round, error) {
	var rows []roundRow
	if err := s.reader(ctx).Where("tournament_id = ?", tournamentID).Order("id").Find(&rows).Error; err != nil {
		return nil, wrap("list rounds", err)
	}
	rs := make([]service.Round, len(rows))
	for i := range rows {
		rs[i] = rows[i].toService()
	}
	return rs, nil
}
