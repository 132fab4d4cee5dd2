package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"tourney/service"
)

// PruneBackups keeps the newest keep backups in dir, those named
// service.BackupName, and removes the older ones, with the temporary files
// of backups a kill cut short (".NAME.tmp-*" where NAME is a backup name).
// Nothing else in dir is touched, nor the file protect (the live database,
// when serve runs on a backup kept in its own backup folder). Only one
// process may take backups into dir: a temporary file being written by
// another would be removed. It returns what it removed.
func PruneBackups(dir string, keep int, protect string) ([]string, error) {
	if keep < 1 {
		return nil, fmt.Errorf("prune backups: keep %d; at least 1", keep)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("prune backups: %w", err)
	}
	var backups, stale []string
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() {
			continue
		}
		path := filepath.Join(dir, name)
		if protect != "" {
			if same, _ := sameDatabase(protect, path); same {
				continue
			}
		}
		switch {
		case service.IsBackupName(name):
			backups = append(backups, path)
		case isBackupTemp(name):
			stale = append(stale, path)
		}
	}
	slices.Sort(backups) // the names sort as the times do
	if len(backups) > keep {
		stale = append(stale, backups[:len(backups)-keep]...)
	}
	var removed []string
	var errs []error
	for _, path := range stale {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, path)
	}
	if err := errors.Join(errs...); err != nil {
		return removed, fmt.Errorf("prune backups: %w", err)
	}
	return removed, nil
}

// isBackupTemp reports whether name is the temporary file of a backup
// named service.BackupName (see tempMark).
func isBackupTemp(name string) bool {
	base, _, found := strings.Cut(strings.TrimPrefix(name, "."), tempMark)
	return found && strings.HasPrefix(name, ".") && service.IsBackupName(base)
}
