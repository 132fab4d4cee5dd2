package publish

import (
	"context"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
)

// TestSafeFileName: the names Windows cannot write, and names near them
// that it can.
func TestSafeFileName(t *testing.T) {
	for _, c := range []struct {
		name string
		safe bool
	}{
		{"a", true}, {"spring-open", true}, {"standings.html", true}, {"d12", true},
		{"console", true}, {"connect", true}, {"nully", true}, {"com10", true}, {"lpt", true}, {"com", true},
		{"auxiliary.html", true}, {"prn-a", true}, {"con-open", true}, {".published-files", true},
		{"con", false}, {"CON", false}, {"Con", false}, {"nul", false}, {"NUL", false}, {"prn", false}, {"aux", false},
		{"com0", false}, {"com1", false}, {"COM9", false}, {"lpt0", false}, {"lpt1", false}, {"LPT9", false},
		{"com¹", false}, {"LPT³", false}, {"conin$", false}, {"CONOUT$", false},
		{"con.html", false}, {"NUL.txt", false}, {"aux.tar.gz", false}, {"com1.gcg", false}, {"nul .txt", false}, {"con ", false},
		{"a.", false}, {"a ", false}, {"standings.html.", false},
		{"", false}, {".", false}, {"..", false},
		{"a<b", false}, {"a>b", false}, {"a:b", false}, {`a"b`, false}, {"a/b", false}, {`a\b`, false},
		{"a|b", false}, {"a?b", false}, {"a*b", false}, {"a\x00b", false}, {"a\x1fb", false}, {"a\x7fb", false},
	} {
		if got := safeFileName(c.name); got != c.safe {
			t.Errorf("safeFileName(%q) = %v, want %v", c.name, got, c.safe)
		}
	}
}

// TestUniqueSlugSafe: a name that would make a device name's folder
// gets its fallback.
func TestUniqueSlugSafe(t *testing.T) {
	taken := map[string]bool{}
	for _, c := range []struct{ name, want string }{
		{"Con", "d1"}, {"NUL", "d2"}, {"com 1", "com-1"}, {"LPT1", "d4"}, {"Aux.", "d5"}, {"Con Open", "con-open"},
		{"prn", "d7"}, {"Com1 ", "d8"}, {"Division A", "division-a"},
	} {
		fallback := "d" + string(rune('0'+len(taken)+1))
		if got := uniqueSlug(c.name, fallback, taken); got != c.want {
			t.Errorf("uniqueSlug(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if err := checkPaths(map[string][]byte{"a/standings.html": nil, "x/con/index.html": nil}); err == nil {
		t.Error("a path through con is written")
	}
}

// TestPublishNoDeviceNames: `tourney publish` of tournaments and
// divisions named as Windows devices writes no file or folder Windows
// cannot.
func TestPublishNoDeviceNames(t *testing.T) {
	e := newEvent(t)
	ctx := context.Background()
	for _, name := range []string{"Con", "NUL"} {
		if _, err := e.svc.CreateDivision(ctx, director, e.id, service.DivisionInput{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.svc.CreateTournament(ctx, director, service.TournamentInput{Name: ptr("aux")}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Write(ctx, e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	n := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		n++
		if !safeFileName(d.Name()) {
			t.Errorf("published %s", strings.TrimPrefix(path, dir))
		}
		return nil
	})
	if err != nil || n < 10 {
		t.Fatalf("%d files (%v)", n, err)
	}
	checkLinks(t, dir)
}
