package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tourney/service"
)

// TestBackgroundCheckpoints: the writer never checkpoints inside a commit,
// and the background checkpointer keeps the log from growing without end.
func TestBackgroundCheckpoints(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tourney.db")
	s := mustOpenPath(t, path)
	var auto int
	ok(t, s.wDB.QueryRow(`PRAGMA wal_autocheckpoint`).Scan(&auto))
	if auto != 0 {
		t.Fatalf("writer wal_autocheckpoint = %d, want 0", auto)
	}
	ctx := context.Background()
	for i := 0; i < 300; i++ {
		ok(t, s.CreateTournament(ctx, &service.Tournament{Name: "t", Settings: service.Settings{"pad": string(make([]byte, 2000))}}))
	}
	// The log was written; within a few ticks it is checkpointed, and the
	// next write starts it again from the beginning.
	deadline := time.Now().Add(5 * time.Second)
	for {
		var busy, logFrames, done int
		ok(t, s.ckpt.db.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &logFrames, &done))
		if logFrames > 0 && done == logFrames {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("log not checkpointed: %d of %d frames", done, logFrames)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Fatalf("no log file: %v", err)
	}
}
