package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The environment variables that make this test binary the child writer
// of TestKill9KeepsAcknowledgedTurns.
const (
	crashDBEnv   = "TOURNEY_STORE_CRASH_DB"
	crashGameEnv = "TOURNEY_STORE_CRASH_GAME"
)

// TestKill9KeepsAcknowledgedTurns runs a child process that enters turns
// and prints each one's number once InTx has returned, then kills it with
// SIGKILL mid-stream. Every turn the child acknowledged is in the file
// when it is opened again, and the turns form an unbroken run (no torn
// transaction). A kill keeps the OS page cache, so this proves WAL
// recovery rather than fsync; synchronous=FULL, checked by
// TestPragmasOnEveryConnection, is what covers power loss.
func TestKill9KeepsAcknowledgedTurns(t *testing.T) {
	if path := os.Getenv(crashDBEnv); path != "" {
		crashChild(t, path)
		return
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	path := filepath.Join(t.TempDir(), "tourney.db")
	s := mustOpenPath(t, path)
	g := mustGame(t, s)
	ok(t, s.Close())

	cmd := exec.Command(os.Args[0], "-test.run=^TestKill9KeepsAcknowledgedTurns$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDBEnv+"="+path, crashGameEnv+"="+strconv.FormatInt(g.ID, 10))
	out, err := cmd.StdoutPipe()
	ok(t, err)
	cmd.Stderr = os.Stderr
	ok(t, cmd.Start())

	acked := 0
	lines := bufio.NewScanner(out)
	deadline := time.Now().Add(30 * time.Second)
	for lines.Scan() {
		if n, found := strings.CutPrefix(lines.Text(), "acked "); found {
			acked, err = strconv.Atoi(n)
			ok(t, err)
		}
		if acked == 50 {
			ok(t, cmd.Process.Kill()) // SIGKILL: no deferred Close, no checkpoint
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the child wrote too slowly")
		}
	}
	cmd.Wait()
	if acked < 50 {
		t.Fatalf("the child acknowledged %d turns before it ended, want at least 50", acked)
	}

	s = mustOpenPath(t, path)
	es, err := s.ListTurns(context.Background(), g.ID)
	ok(t, err)
	if len(es) < acked {
		t.Fatalf("%d turns in the file, but the child acknowledged %d", len(es), acked)
	}
	t.Logf("the child acknowledged %d turns; the file has %d", acked, len(es))
	for i, e := range es {
		if e.Seq != i+1 {
			t.Fatalf("turn %d has seq %d", i+1, e.Seq)
		}
	}
	as, err := s.ListAudit(context.Background(), g.TournamentID, &g.ID)
	ok(t, err)
	if len(as) != len(es) {
		t.Fatalf("%d turns but %d audit entries: a transaction was torn", len(es), len(as))
	}
}

// crashChild enters turns until it is killed (or, if the parent is gone,
// for at most 20 seconds), printing each number once it is committed.
func crashChild(t *testing.T, path string) {
	s, err := Open(path)
	ok(t, err)
	gameID, err := strconv.ParseInt(os.Getenv(crashGameEnv), 10, 64)
	ok(t, err)
	g, err := s.GetGame(context.Background(), gameID)
	ok(t, err)
	stop := time.Now().Add(20 * time.Second)
	for seq := 1; time.Now().Before(stop); seq++ {
		ok(t, appendWithAudit(context.Background(), s, g, seq))
		// os.Stdout is unbuffered: the line is out the moment the
		// commit has returned.
		fmt.Fprintf(os.Stdout, "acked %d\n", seq)
	}
}
