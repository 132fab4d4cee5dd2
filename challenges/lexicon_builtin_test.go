package challenges

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// needBuiltinENABLE skips a test when this build has no ENABLE built in
// (scripts/builtinlists did not run), except under CI, which builds it in.
func needBuiltinENABLE(t *testing.T) {
	t.Helper()
	if !slices.Contains(BuiltinNames(), "ENABLE") {
		if os.Getenv("CI") == "true" {
			t.Fatal("ENABLE is not built in: CI runs scripts/builtinlists before the tests")
		}
		t.Skip("ENABLE is not built in: go generate ./challenges/")
	}
}

// TestBuiltinLibrary: with no folder, the built-in ENABLE judges words
// (read on first use); another lexicon says there is no folder; a
// folder's list of the same name wins over the built-in one; OpenFolder
// has the folder's lists alone.
func TestBuiltinLibrary(t *testing.T) {
	needBuiltinENABLE(t)
	lib := BuiltinLibrary()
	if got := lib.Names(); !slices.Equal(got, []string{"ENABLE"}) {
		t.Errorf("names %v", got)
	}
	if !lib.Has("enable") {
		t.Error("Has(enable) false")
	}
	for _, tc := range []struct {
		words   []string
		invalid []string
	}{
		{[]string{"cat", "ZYZZYVA", "quixotic"}, nil},
		{[]string{"cat", "vax", "qzx"}, []string{"VAX", "QZX"}},
	} {
		v, err := lib.Judge("ENABLE", tc.words)
		if err != nil {
			t.Fatal(err)
		}
		if v.Acceptable != (tc.invalid == nil) || !slices.Equal(v.Invalid, tc.invalid) {
			t.Errorf("%v: %+v, want invalid %v", tc.words, v, tc.invalid)
		}
	}
	lex, err := lib.Get("ENABLE")
	if err != nil || lex.Len() != 172820 {
		t.Fatalf("ENABLE: %v words, %v (want 172,820)", lex.Len(), err)
	}
	if err := lib.Check("NWL2023"); !errors.Is(err, ErrNoLexiconFolder) {
		t.Errorf("NWL2023 with no folder: %v", err)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ENABLE.txt"), []byte("AA\nVAX\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	withFolder, err := OpenLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := withFolder.Judge("ENABLE", []string{"vax", "cat"}); err != nil || !slices.Equal(v.Invalid, []string{"CAT"}) {
		t.Errorf("the folder's ENABLE should win: %+v %v", v, err)
	}
	empty, err := OpenFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := empty.Check("ENABLE"); !errors.Is(err, ErrUnknownLexicon) {
		t.Errorf("OpenFolder found ENABLE: %v", err)
	}
	builtIn, err := OpenLibrary(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := builtIn.Check("ENABLE"); err != nil {
		t.Errorf("an empty folder with the lists built in: %v", err)
	}
}
