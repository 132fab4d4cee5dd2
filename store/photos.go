package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"tourney/service"
)

// photoRow is a player's photo (migration 14): the image itself, at the
// path under the tournament's html/ folder that the feed names.
type photoRow struct {
	PlayerID     int64     `gorm:"column:player_id;primaryKey;autoIncrement:false"`
	TournamentID int64     `gorm:"column:tournament_id"`
	Path         string    `gorm:"column:path"`
	ContentType  string    `gorm:"column:content_type"`
	Content      []byte    `gorm:"column:content"`
	UpdatedAt    time.Time `gorm:"column:updated_at;autoUpdateTime:false"`
}

func (photoRow) TableName() string { return "player_photos" }

func (r *photoRow) toService() service.PlayerPhoto {
	return service.PlayerPhoto{PlayerID: r.PlayerID, TournamentID: r.TournamentID, Path: r.Path,
		ContentType: r.ContentType, Content: r.Content, UpdatedAt: r.UpdatedAt}
}

// SavePlayerPhoto saves a player's photo, replacing the one they had
// (UpdatedAt filled in if zero); ErrDuplicate if another player of the
// tournament has a photo at that path.
func (s *Store) SavePlayerPhoto(ctx context.Context, ph *service.PlayerPhoto) error {
	if ph.UpdatedAt.IsZero() {
		ph.UpdatedAt = now()
	}
	row := photoRow{PlayerID: ph.PlayerID, TournamentID: ph.TournamentID, Path: ph.Path,
		ContentType: ph.ContentType, Content: ph.Content, UpdatedAt: ph.UpdatedAt.UTC()}
	err := s.writer(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "player_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"tournament_id", "path", "content_type", "content", "updated_at"}),
	}).Create(&row).Error
	if err != nil {
		return wrap(fmt.Sprintf("save photo of player %d", ph.PlayerID), err)
	}
	return nil
}

// PlayerPhotoByPath is the tournament's photo at path, or ErrNotFound.
func (s *Store) PlayerPhotoByPath(ctx context.Context, tournamentID int64, path string) (*service.PlayerPhoto, error) {
	var row photoRow
	if err := s.reader(ctx).Where("tournament_id = ? AND path = ?", tournamentID, path).Take(&row).Error; err != nil {
		return nil, wrap(fmt.Sprintf("photo %q", path), err)
	}
	ph := row.toService()
	return &ph, nil
}

// DeletePlayerPhoto removes a player's photo; none is no error.
func (s *Store) DeletePlayerPhoto(ctx context.Context, playerID int64) error {
	if err := s.writer(ctx).Where("player_id = ?", playerID).Delete(&photoRow{}).Error; err != nil {
		return wrap(fmt.Sprintf("delete photo of player %d", playerID), err)
	}
	return nil
}

// ListPlayerPhotos are a tournament's photos, by player id.
func (s *Store) ListPlayerPhotos(ctx context.Context, tournamentID int64) ([]service.PlayerPhoto, error) {
	var rows []photoRow
	if err := s.reader(ctx).Where("tournament_id = ?", tournamentID).Order("player_id").Find(&rows).Error; err != nil {
		return nil, wrap("list photos", err)
	}
	out := make([]service.PlayerPhoto, len(rows))
	for i := range rows {
		out[i] = rows[i].toService()
	}
	return out, nil
}
