package logfile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// line is the i-th test line, 100 bytes with its newline.
func line(i int) []byte {
	s := fmt.Sprintf("line %06d ", i)
	return []byte(s + strings.Repeat("x", 99-len(s)) + "\n")
}

// files are the sizes of path, path.1, … path.n that exist (-1: absent).
func sizes(t *testing.T, path string, n int) []int64 {
	t.Helper()
	out := make([]int64, n+1)
	for i := range out {
		name := path
		if i > 0 {
			name = fmt.Sprintf("%s.%d", path, i)
		}
		st, err := os.Stat(name)
		switch {
		case os.IsNotExist(err):
			out[i] = -1
		case err != nil:
			t.Fatal(err)
		default:
			out[i] = st.Size()
		}
	}
	return out
}

func TestRotateBySize(t *testing.T) {
	tests := []struct {
		name    string
		limits  Limits
		lines   int
		want    []int64 // sizes of path, path.1 … path.Keep+1
		newest  int     // the line path.1 starts with
		already int64   // bytes in the file before Open
	}{
		{"below the limit", Limits{MaxSize: 1000, Keep: 2}, 10, []int64{1000, -1, -1, -1}, -1, 0},
		{"one rotation", Limits{MaxSize: 1000, Keep: 2}, 11, []int64{100, 1000, -1, -1}, 0, 0},
		{"oldest dropped", Limits{MaxSize: 1000, Keep: 2}, 45, []int64{500, 1000, 1000, -1}, 30, 0},
		{"none kept", Limits{MaxSize: 1000, Keep: 0}, 25, []int64{500, -1}, -1, 0},
		{"an existing file counts", Limits{MaxSize: 1000, Keep: 2}, 2, []int64{100, 1000, -1, -1}, -2, 900},
		{"a line over the limit has a file of its own", Limits{MaxSize: 50, Keep: 2}, 3, []int64{100, 100, 100, -1}, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tourney.log")
			if tt.already > 0 {
				if err := os.WriteFile(path, bytes.Repeat([]byte("o"), int(tt.already)), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			w, err := Open(path, tt.limits)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tt.lines {
				if n, err := w.Write(line(i)); n != 100 || err != nil {
					t.Fatalf("write %d: %d, %v", i, n, err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if got := sizes(t, path, len(tt.want)-1); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("sizes %v, want %v", got, tt.want)
			}
			if tt.newest >= 0 {
				b, err := os.ReadFile(path + ".1")
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.HasPrefix(b, line(tt.newest)) {
					t.Fatalf("%s.1 starts %q, want line %d", path, b[:20], tt.newest)
				}
			}
			if _, err := w.Write(line(0)); err == nil {
				t.Fatal("a write after Close succeeded")
			}
		})
	}
}

// Writers on many goroutines: every line lands whole, none is lost, and
// no file passes the limit.
func TestConcurrentWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tourney.log")
	l := Limits{MaxSize: 10_000, Keep: 100}
	w, err := Open(path, l)
	if err != nil {
		t.Fatal(err)
	}
	const writers, each = 8, 50
	var wg sync.WaitGroup
	for g := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				w.Write(line(g*each + i))
			}
		}()
	}
	wg.Wait()
	w.Close()
	seen := map[string]bool{}
	for i, size := range sizes(t, path, l.Keep) {
		if size > l.MaxSize {
			t.Errorf("file %d holds %d bytes, over %d", i, size, l.MaxSize)
		}
		if size < 0 {
			continue
		}
		name := path
		if i > 0 {
			name = fmt.Sprintf("%s.%d", path, i)
		}
		b, _ := os.ReadFile(name)
		for _, ln := range strings.SplitAfter(string(b), "\n") {
			if ln == "" {
				continue
			}
			if len(ln) != 100 || seen[ln] {
				t.Fatalf("torn or repeated line %q", ln)
			}
			seen[ln] = true
		}
	}
	if len(seen) != writers*each {
		t.Fatalf("%d lines kept, want %d", len(seen), writers*each)
	}
}
