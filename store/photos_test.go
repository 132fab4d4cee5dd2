package store

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"testing"

	"tourney/service"
)

// A player's photo is saved, replaced, found by its path in its own
// tournament only, refused at a path another player holds, deleted, and
// carried by a tournament's copy (to PostgreSQL too, under
// TOURNEY_TEST_STORE=postgres).
func TestPlayerPhotos(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t)
	tr, other := mustTournament(t, s), mustTournament(t, s)
	ann, bob := mustPlayer(t, s, tr.ID, "Ann"), mustPlayer(t, s, tr.ID, "Bob")
	save := func(p *service.Player, path string, content []byte) error {
		return s.SavePlayerPhoto(ctx, &service.PlayerPhoto{PlayerID: p.ID, TournamentID: p.TournamentID,
			Path: path, ContentType: "image/jpeg", Content: content})
	}
	ok(t, save(ann, "pix/a/ann.jpg", []byte{1, 2, 3}))
	ok(t, save(ann, "pix/a/ann_2.jpg", []byte{4, 5}))
	if _, err := s.PlayerPhotoByPath(ctx, tr.ID, "pix/a/ann.jpg"); !errors.Is(err, service.ErrNotFound) {
		t.Errorf("the replaced photo's path: %v, want not found", err)
	}
	got, err := s.PlayerPhotoByPath(ctx, tr.ID, "pix/a/ann_2.jpg")
	ok(t, err)
	if got.PlayerID != ann.ID || !bytes.Equal(got.Content, []byte{4, 5}) || got.ContentType != "image/jpeg" || got.UpdatedAt.IsZero() {
		t.Errorf("photo read back: %+v", got)
	}
	if _, err := s.PlayerPhotoByPath(ctx, other.ID, "pix/a/ann_2.jpg"); !errors.Is(err, service.ErrNotFound) {
		t.Errorf("another tournament's path: %v, want not found", err)
	}
	if err := save(bob, "pix/a/ann_2.jpg", []byte{9}); !errors.Is(err, service.ErrDuplicate) {
		t.Errorf("a path another player holds: %v, want duplicate", err)
	}
	ok(t, save(bob, "pix/b/bob.jpg", []byte{7}))
	list, err := s.ListPlayerPhotos(ctx, tr.ID)
	ok(t, err)
	if len(list) != 2 || list[0].PlayerID != ann.ID || list[1].Path != "pix/b/bob.jpg" {
		t.Errorf("list: %+v", list)
	}

	to := mustOpenSQLite(t)
	st, err := CopyTournament(ctx, s, to, tr.ID)
	ok(t, err)
	if st.Photos != 2 {
		t.Errorf("copied %d photos, want 2", st.Photos)
	}
	copied, err := to.PlayerPhotoByPath(ctx, tr.ID, "pix/b/bob.jpg")
	ok(t, err)
	if !bytes.Equal(copied.Content, []byte{7}) || !copied.UpdatedAt.Equal(list[1].UpdatedAt) {
		t.Errorf("copy: %+v, want %+v", copied, list[1])
	}

	ok(t, s.DeletePlayerPhoto(ctx, ann.ID))
	ok(t, s.DeletePlayerPhoto(ctx, ann.ID)) // none left: no error
	if _, err := s.PlayerPhotoByPath(ctx, tr.ID, "pix/a/ann_2.jpg"); !errors.Is(err, service.ErrNotFound) {
		t.Errorf("deleted photo: %v, want not found", err)
	}
}

// A backup (a copy of the SQLite file) carries the photos.
func TestBackupCarriesPhotos(t *testing.T) {
	ctx := context.Background()
	s := mustOpenSQLite(t)
	tr := mustTournament(t, s)
	p := mustPlayer(t, s, tr.ID, "Ann")
	ok(t, s.SavePlayerPhoto(ctx, &service.PlayerPhoto{PlayerID: p.ID, TournamentID: tr.ID, Path: "pix/a/ann.jpg",
		ContentType: "image/jpeg", Content: []byte{0xff, 0xd8, 1}}))
	out := filepath.Join(t.TempDir(), "backup.db")
	ok(t, s.Backup(ctx, out))
	got, err := mustOpenPath(t, out).PlayerPhotoByPath(ctx, tr.ID, "pix/a/ann.jpg")
	ok(t, err)
	if !bytes.Equal(got.Content, []byte{0xff, 0xd8, 1}) {
		t.Errorf("backup's photo %v", got.Content)
	}
}
