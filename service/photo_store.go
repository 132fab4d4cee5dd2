package service

import (
	"context"
	"time"
)

// PlayerPhoto is a player's photo as kept: the image, re-encoded (see
// photo_image.go), at Path under the tournament's html/ folder (the path
// the tsh feed's "photo" names, Player.Photo).
type PlayerPhoto struct {
	PlayerID     int64
	TournamentID int64
	Path         string
	ContentType  string
	Content      []byte
	UpdatedAt    time.Time
}

// PhotoStore is what the photos need from persistence (the store's
// player_photos table). A player has at most one photo; a path names at
// most one photo of a tournament (ErrDuplicate).
type PhotoStore interface {
	// SavePlayerPhoto saves a player's photo, replacing the one they had.
	SavePlayerPhoto(ctx context.Context, ph *PlayerPhoto) error
	// PlayerPhotoByPath is the tournament's photo at that path, or
	// ErrNotFound.
	PlayerPhotoByPath(ctx context.Context, tournamentID int64, path string) (*PlayerPhoto, error)
	// DeletePlayerPhoto removes a player's photo, if they have one.
	DeletePlayerPhoto(ctx context.Context, playerID int64) error
	// ListPlayerPhotos are a tournament's photos, by player id.
	ListPlayerPhotos(ctx context.Context, tournamentID int64) ([]PlayerPhoto, error)
}
