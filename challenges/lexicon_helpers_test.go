package challenges

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// sharedDir returns the shared read-only material (the ENABLE list), which
// lives beside the repository, not in it. Without it the test is skipped
// locally but fails in CI, where it must be present.
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

// enablePath is the ENABLE list in the shared material.
func enablePath(t testing.TB) string {
	return filepath.Join(sharedDir(t), "lexicons", "ENABLE.txt")
}

func gzipped(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func writeFile(t testing.TB, path string, data []byte) string {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustLoad(t testing.TB, path string) *Lexicon {
	t.Helper()
	lex, err := LoadLexicon(path)
	if err != nil {
		t.Fatal(err)
	}
	return lex
}

func mustRead(t testing.TB, list string) *Lexicon {
	t.Helper()
	lex, err := ReadWordList("TEST", bytes.NewReader([]byte(list)))
	if err != nil {
		t.Fatal(err)
	}
	return lex
}
