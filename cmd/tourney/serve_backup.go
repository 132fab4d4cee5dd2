package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"tourney/service"
	"tourney/store"
)

// Rolling backups: serve --backup-every 5m --backup-dir DIR [--backup-keep N].
const (
	defaultBackupKeep = 10
	minBackupEvery    = time.Second     // backups are named to the second
	maxFirstBackup    = 5 * time.Second // the first backup, soon after start
)

func backupFlags(fs *flag.FlagSet, cfg *serveConfig) {
	fs.DurationVar(&cfg.BackupEvery, "backup-every", 0, "take a backup of the database this often (e.g. 5m) into --backup-dir; 0: none")
	fs.StringVar(&cfg.BackupDir, "backup-dir", "", "folder for the backups of --backup-every, named tourney-YYYYMMDD-HHMMSS.db (UTC); created if needed")
	fs.IntVar(&cfg.BackupKeep, "backup-keep", defaultBackupKeep, "how many of the newest backups to keep in --backup-dir; older ones are removed")
}

// checkBackups refuses backup flags that do not go together.
func (c serveConfig) checkBackups() error {
	switch {
	case c.BackupEvery < 0:
		return fmt.Errorf("--backup-every %v: negative", c.BackupEvery)
	case c.BackupEvery > 0 && c.BackupEvery < minBackupEvery:
		return fmt.Errorf("--backup-every %v: at least %v", c.BackupEvery, minBackupEvery)
	case c.BackupEvery > 0 && c.BackupDir == "":
		return errors.New("--backup-every needs --backup-dir, the folder to write the backups to")
	case c.BackupEvery == 0 && c.BackupDir != "":
		return errors.New("--backup-dir needs --backup-every, how often to take a backup (e.g. 5m)")
	case c.BackupKeep < 1:
		return fmt.Errorf("--backup-keep %d: keep at least 1", c.BackupKeep)
	case c.BackupEvery > 0 && store.IsPostgres(c.DB):
		return errors.New("--backup-every backs up a SQLite file; back a PostgreSQL database up with pg_dump")
	}
	return nil
}

// startBackups starts serve's rolling backups, when asked for: the first
// soon after start, then one every cfg.BackupEvery after the last began.
// A failed backup is logged and the next one tried at its time; serving
// goes on. The function returned stops them (cutting one in progress
// short: its temporary file is removed) and waits until they have.
func startBackups(ctx context.Context, cfg serveConfig, b *service.Backups, log *slog.Logger) (stop func(), err error) {
	if cfg.BackupEvery == 0 {
		return func() {}, nil
	}
	if err := os.MkdirAll(cfg.BackupDir, 0o750); err != nil {
		return nil, fmt.Errorf("backup folder: %w", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		timer := time.NewTimer(min(cfg.BackupEvery, maxFirstBackup))
		defer timer.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-timer.C:
			}
			start := time.Now()
			rollingBackup(ctx, cfg, b, log)
			timer.Reset(max(cfg.BackupEvery-time.Since(start), 0))
		}
	}()
	log.Info("backups", "dir", cfg.BackupDir, "every", cfg.BackupEvery.String(), "keep", cfg.BackupKeep)
	return func() { cancel(); <-done }, nil
}

// rollingBackup takes one backup into the backup folder and removes the
// ones beyond the newest cfg.BackupKeep (and any a kill cut short).
func rollingBackup(ctx context.Context, cfg serveConfig, b *service.Backups, log *slog.Logger) {
	start := time.Now()
	path, err := b.WriteTo(ctx, cfg.BackupDir)
	if err != nil {
		if ctx.Err() == nil {
			log.Error("backup failed; serving goes on", "dir", cfg.BackupDir, "err", err.Error())
		}
		return
	}
	log.Info("backup", "file", path, "took", time.Since(start).Round(time.Millisecond).String())
	removed, err := store.PruneBackups(cfg.BackupDir, cfg.BackupKeep, cfg.DB)
	for _, r := range removed {
		log.Info("backup removed", "file", r)
	}
	if err != nil {
		log.Warn("removing old backups", "err", err.Error())
	}
}
