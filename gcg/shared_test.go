package gcg

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedDir returns the shared read-only material (rule seeds, real game
// records), which lives beside the repository, not in it. Without it the
// test is skipped locally but fails in CI, where it must be present.
func sharedDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared material missing at %s: %v", dir, err)
		}
		t.Skipf("shared material not found at %s", dir)
	}
	return dir
}

// sharedRecord is one line of shared/gcg/MANIFEST.tsv.
type sharedRecord struct {
	File   string // path relative to shared/gcg
	Origin string // "human", "human-vs-bot", "ai-selfplay(quackle)", "test-fixture(...)"
}

func (r sharedRecord) isFixture() bool { return strings.HasPrefix(r.Origin, "test-fixture") }

// sharedManifest reads MANIFEST.tsv, keyed by file.
func sharedManifest(t testing.TB) map[string]sharedRecord {
	t.Helper()
	f, err := os.Open(filepath.Join(sharedDir(t), "gcg", "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		t.Fatal("MANIFEST.tsv is empty")
	}
	header := strings.Split(sc.Text(), "\t")
	fileCol, originCol := -1, -1
	for i, h := range header {
		switch h {
		case "file":
			fileCol = i
		case "origin":
			originCol = i
		}
	}
	if fileCol < 0 || originCol < 0 {
		t.Fatalf("MANIFEST.tsv header lacks file or origin: %q", header)
	}
	out := map[string]sharedRecord{}
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) <= max(fileCol, originCol) {
			continue
		}
		out[cols[fileCol]] = sharedRecord{File: cols[fileCol], Origin: cols[originCol]}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
