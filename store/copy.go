package store

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// CopyStats counts what CopyTournament copied.
type CopyStats struct {
	Name                                                     string
	Divisions, Players, Rounds, Games, Turns, Results, Audit int
	Credentials, Photos                                      int
}

// ErrTournamentExists: the destination already has a tournament with the
// id of the one to copy; nothing is copied over it.
var ErrTournamentExists = errors.New("the destination already has a tournament with that id")

// CopyTournament copies a whole tournament from one store to another (of
// either kind): the tournament, its divisions, players, rounds, games
// with their seats and turns, results, audit log, table codes and photos, row for
// row, ids and times kept, so that the copy exports exactly as the
// original. It is one transaction on the destination: all or nothing. A
// tournament that is already there (its id is taken) is refused with
// ErrTournamentExists; a row whose id another tournament there holds
// fails the copy (ErrDuplicate). The director's own credentials stay
// behind: the destination has its own.
func CopyTournament(ctx context.Context, from, to *Store, id int64) (CopyStats, error) {
	var st CopyStats
	src := from.r.WithContext(ctx)
	var t tournamentRow
	if err := src.Where("id = ?", id).Take(&t).Error; err != nil {
		return st, wrap(fmt.Sprintf("tournament %d", id), err)
	}
	st.Name = t.Name
	var n int64
	if err := to.r.WithContext(ctx).Model(&tournamentRow{}).Where("id = ?", id).Count(&n).Error; err != nil {
		return st, wrap("copy", err)
	}
	if n > 0 {
		return st, fmt.Errorf("tournament %d (%q): %w", id, t.Name, ErrTournamentExists)
	}
	var (
		divisions   []divisionRow
		players     []playerRow
		rounds      []roundRow
		games       []gameRow
		results     []resultRow
		audit       []auditRow
		credentials []credentialRow
		seats       []gameSeatRow
		turns       []turnRow
		photos      []photoRow
	)
	for _, q := range []any{&divisions, &players, &rounds, &games, &results, &audit, &credentials} {
		if err := src.Where("tournament_id = ?", id).Order("id").Find(q).Error; err != nil {
			return st, wrap("copy: read", err)
		}
	}
	if err := src.Where("tournament_id = ?", id).Order("player_id").Find(&photos).Error; err != nil {
		return st, wrap("copy: read photos", err)
	}
	gameIDs := make([]int64, len(games))
	for i, g := range games {
		gameIDs[i] = g.ID
	}
	if len(gameIDs) > 0 {
		if err := src.Where("game_id IN ?", gameIDs).Order("game_id, seat").Find(&seats).Error; err != nil {
			return st, wrap("copy: read seats", err)
		}
		if err := src.Where("game_id IN ?", gameIDs).Order("id").Find(&turns).Error; err != nil {
			return st, wrap("copy: read turns", err)
		}
	}
	st.Divisions, st.Players, st.Rounds, st.Games = len(divisions), len(players), len(rounds), len(games)
	st.Turns, st.Results, st.Audit, st.Credentials = len(turns), len(results), len(audit), len(credentials)
	st.Photos = len(photos)

	err := to.w.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// In the order the foreign keys need.
		for _, rows := range []any{&[]tournamentRow{t}, &divisions, &players, &rounds, &games, &seats, &turns, &results, &audit, &credentials, &photos} {
			if err := tx.CreateInBatches(rows, 200).Error; err != nil && !errors.Is(err, gorm.ErrEmptySlice) {
				return err
			}
		}
		for _, g := range games { // version is written only by ClaimGame
			if err := tx.Exec(`UPDATE games SET version = ? WHERE id = ?`, g.Version, g.ID).Error; err != nil {
				return err
			}
		}
		if to.pg {
			return resetSequences(tx)
		}
		return nil
	})
	if err != nil {
		return st, wrap(fmt.Sprintf("copy tournament %d", id), err)
	}
	return st, nil
}

// resetSequences moves each table's id sequence past the ids copied in,
// as SQLite does on its own, so that the next row made gets a free id.
func resetSequences(tx *gorm.DB) error {
	for _, table := range []string{"tournaments", "divisions", "players", "rounds", "games", "turn_events",
		"results", "audit_entries", "credentials"} {
		q := `SELECT setval(pg_get_serial_sequence('` + table + `', 'id'), coalesce((SELECT max(id) FROM ` + table + `), 0) + 1, false)`
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
