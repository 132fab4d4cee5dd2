package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"tourney/service"
	"tourney/store"
)

// runBackup is `tourney backup [--db FILE] OUT`: a consistent copy of the
// database, also while a server writes to it, written to OUT (a folder
// gets a file named for the time) atomically.
func runBackup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "tourney.db", "the SQLite database to back up (a server may be running on it)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "tourney backup: name one file (or folder) to write the backup to\n%s", usage)
		return 2
	}
	out := fs.Arg(0)
	start := time.Now()
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		out = filepath.Join(out, service.BackupName(start))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := store.BackupFile(ctx, *db, out); err != nil {
		fmt.Fprintf(stderr, "tourney %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "backed up %s to %s in %v\n", *db, out, time.Since(start).Round(time.Millisecond))
	return 0
}

// runRestore is `tourney restore [--db FILE] [--force] BACKUP`: the backup
// checked and put in the database's place, the database it replaces kept
// beside it.
func runRestore(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "tourney.db", "the SQLite database to replace")
	force := fs.Bool("force", false, "restore even though a server has the database open (restart it at once)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "tourney restore: name the one backup file to restore\n%s", usage)
		return 2
	}
	backup := fs.Arg(0)
	busy := false
	if *force {
		busy, _ = store.InUse(*db)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	kept, err := store.Restore(ctx, *db, backup, store.RestoreOptions{Force: *force})
	if err != nil {
		fmt.Fprintf(stderr, "tourney %v\n", err)
		if kept != "" {
			fmt.Fprintf(stderr, "tourney restore: the database was moved to %s; move it back if %s is missing\n", kept, *db)
		}
		return 1
	}
	fmt.Fprintf(stdout, "restored %s to %s\n", backup, *db)
	if kept != "" {
		fmt.Fprintf(stdout, "the database it replaced is kept as %s\n", kept)
	}
	if busy {
		fmt.Fprintf(stderr, "tourney restore: a server had %s open: restart it now; until then it writes to %s\n", *db, kept)
	}
	return 0
}
