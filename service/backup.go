package service

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"time"
)

// DatabaseBackup is the store's side of backups: a consistent copy of the
// whole database written to path, which afterwards is either the file it
// was or a whole backup, never a part of one.
type DatabaseBackup interface {
	Backup(ctx context.Context, path string) error
}

// BackupName is the file name of a backup begun at t:
// tourney-YYYYMMDD-HHMMSS.db in UTC, so that the names sort as the times
// do (also across a change of daylight saving time).
func BackupName(t time.Time) string {
	return "tourney-" + t.UTC().Format("20060102-150405") + ".db"
}

var backupName = regexp.MustCompile(`^tourney-[0-9]{8}-[0-9]{6}\.db$`)

// IsBackupName reports whether name is a BackupName.
func IsBackupName(name string) bool { return backupName.MatchString(name) }

// Backups takes backups of the whole database, by serve's timer or for the
// director's download, and remembers the last good one for the health
// check and the console. The zero value is not usable: use NewBackups. A
// nil *Backups has no last backup.
type Backups struct {
	db  DatabaseBackup
	Now func() time.Time

	mu   sync.Mutex
	at   time.Time // when the last good backup began
	file string    // its file (a download: the name it was sent under)
}

// NewBackups takes backups through db.
func NewBackups(db DatabaseBackup) *Backups {
	return &Backups{db: db, Now: time.Now}
}

// LastBackup is the last good backup: when it began (everything committed
// before then is in it) and its file, the full path of one written by
// serve's timer or the name a download was sent under. ok is false until
// there is one.
func (b *Backups) LastBackup() (at time.Time, file string, ok bool) {
	if b == nil {
		return time.Time{}, "", false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.at, b.file, !b.at.IsZero()
}

func (b *Backups) record(at time.Time, file string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if at.After(b.at) {
		b.at, b.file = at, file
	}
}

// WriteTo takes a backup into dir, named BackupName of the moment it
// begins, records it as the last good one, and returns its path. When a
// file of that name exists already (two backups in one second), it waits
// for the next second rather than replace it.
func (b *Backups) WriteTo(ctx context.Context, dir string) (string, error) {
	at := b.Now()
	path := filepath.Join(dir, BackupName(at))
	for fileExists(path) {
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(at.Truncate(time.Second).Add(time.Second).Sub(at)):
		}
		at = b.Now()
		path = filepath.Join(dir, BackupName(at))
	}
	if err := b.db.Backup(ctx, path); err != nil {
		return "", err
	}
	b.record(at, path)
	return path, nil
}

func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, os.ErrNotExist)
}

// BackupCopy is a backup taken for a download: the file to send, the name
// to send it under, and when it began. Remove deletes it.
type BackupCopy struct {
	Path string
	Name string
	At   time.Time
	dir  string
}

// Remove deletes the copy and its temporary folder.
func (c *BackupCopy) Remove() error { return os.RemoveAll(c.dir) }

// Download takes a backup for the director into a temporary folder. The
// caller sends it, calls Downloaded once it is sent, and removes it.
func (b *Backups) Download(ctx context.Context, a Actor) (*BackupCopy, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if b == nil {
		return nil, Errorf(KindInternal, "backups-unavailable", "this server cannot take backups")
	}
	dir, err := os.MkdirTemp("", "tourney-backup-")
	if err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	at := b.Now()
	c := &BackupCopy{Name: BackupName(at), At: at, dir: dir}
	c.Path = filepath.Join(dir, c.Name)
	if err := b.db.Backup(ctx, c.Path); err != nil {
		c.Remove()
		return nil, err
	}
	return c, nil
}

// Downloaded records a copy sent in full as the last good backup.
func (b *Backups) Downloaded(c *BackupCopy) { b.record(c.At, c.Name) }

// Backups is backups through the service's store, nil when the store
// cannot take them (or there is no service).
func (s *Service) Backups() *Backups {
	if s == nil {
		return nil
	}
	if db, ok := s.Store.(DatabaseBackup); ok {
		return NewBackups(db)
	}
	return nil
}
