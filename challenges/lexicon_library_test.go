package challenges

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

func mustOpenLibrary(t *testing.T, dir string) *Library {
	t.Helper()
	lib, err := OpenFolder(dir) // the folder alone: what these tests are about
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func TestLibrary(t *testing.T) {
	lib := mustOpenLibrary(t, filepath.Join("testdata", "lexicons"))
	want := []string{"BLANKS", "BOM", "CR", "CRLF", "DEFS", "DEUTSCH", "LF", "MIXED", "NOEXT", "POLSKI"}
	if got := lib.Names(); !slices.Equal(got, want) {
		t.Errorf("Names = %q, want %q", got, want)
	}
	for _, name := range []string{"DEUTSCH", "deutsch", "Deutsch", "NOEXT"} {
		if !lib.Has(name) {
			t.Errorf("Has(%q) = false", name)
		}
	}
	if lib.Has("NWL2023") || lib.Has("") {
		t.Error("Has reports a lexicon the folder lacks")
	}

	lex, err := lib.Get("deutsch")
	if err != nil {
		t.Fatal(err)
	}
	if lex.Name() != "DEUTSCH" || !lex.Contains("straße") {
		t.Errorf("Get(deutsch) = %s with %d words", lex.Name(), lex.Len())
	}
	if again, _ := lib.Get("DEUTSCH"); again != lex {
		t.Error("a second Get loaded the list again")
	}

	_, err = lib.Get("NWL2023")
	if !errors.Is(err, ErrUnknownLexicon) || !strings.Contains(err.Error(), "BLANKS, BOM, CR") {
		t.Errorf("an unknown lexicon: %v", err)
	}
}

func TestOpenLibraryMissingFolder(t *testing.T) {
	if _, err := OpenLibrary(filepath.Join(t.TempDir(), "nope")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("got %v", err)
	}
}

// A folder as directors leave it: hidden files, subfolders, two files for
// one name, files that vanish or were never word lists.
func TestLibraryFolderTroubles(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"NWL2023.txt":  "AA\nQI\n",
		"CSW24.txt":    "AA\nQI\nZA\n",
		"csw24.txt.gz": "AA\n",
		".DS_Store":    "\x00\x00",
		"BROKEN.txt":   "AA\nA1\n",
		"GONE.txt":     "AA\n",
	} {
		writeFile(t, filepath.Join(dir, name), []byte(text))
	}
	if err := os.Mkdir(filepath.Join(dir, "old"), 0o755); err != nil {
		t.Fatal(err)
	}
	symlink(t, filepath.Join(dir, "old"), filepath.Join(dir, "FOLDER.txt"))
	symlink(t, filepath.Join(dir, "nowhere.txt"), filepath.Join(dir, "DANGLING.txt"))
	symlink(t, filepath.Join(dir, "NWL2023.txt"), filepath.Join(dir, "LINKED.txt"))

	lib := mustOpenLibrary(t, dir)
	if err := os.Remove(filepath.Join(dir, "GONE.txt")); err != nil {
		t.Fatal(err)
	}
	want := []string{"BROKEN", "CSW24", "DANGLING", "FOLDER", "GONE", "LINKED", "NWL2023"}
	if got := lib.Names(); !slices.Equal(got, want) {
		t.Errorf("Names = %q, want %q", got, want)
	}

	cases := []struct {
		name    string
		has     bool
		err     error  // what Get's error wraps, if that is known
		message string // part of Get's error; "" when Get succeeds
	}{
		{"NWL2023", true, nil, ""},
		{"LINKED", true, nil, ""},
		{"BROKEN", true, nil, "lexicon BROKEN: " + filepath.Join(dir, "BROKEN.txt") + `:2: not a word list: "A1" has '1' (U+0031), which is not a letter (not-letter)`},
		{"CSW24", false, ErrAmbiguousLexicon, "CSW24.txt, csw24.txt.gz; remove all but one"},
		{"GONE", false, fs.ErrNotExist, "lexicon GONE: open "},
		{"DANGLING", false, fs.ErrNotExist, "lexicon DANGLING: open "},
		{"FOLDER", false, nil, "FOLDER.txt is a folder, not a word list"},
		{".DS_Store", false, ErrUnknownLexicon, "no such lexicon"},
		{"old", false, ErrUnknownLexicon, "no such lexicon"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := lib.Has(tc.name); got != tc.has {
				t.Errorf("Has = %v, want %v", got, tc.has)
			}
			lex, err := lib.Get(tc.name)
			switch {
			case tc.message == "" && err != nil:
				t.Errorf("Get: %v", err)
			case tc.message == "" && !lex.Contains("qi"):
				t.Errorf("Get gave %s without QI", lex.Name())
			case tc.message != "" && (err == nil || !strings.Contains(err.Error(), tc.message)):
				t.Errorf("Get: got %v, want an error with %q", err, tc.message)
			case tc.err != nil && !errors.Is(err, tc.err):
				t.Errorf("Get: %v is not %v", err, tc.err)
			}
		})
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
}

// A failed load is not kept: once the director fixes the file, Get reads it.
func TestLibraryRetriesAfterFix(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, filepath.Join(dir, "NWL2023.txt"), []byte("AA\nQI2\n"))
	lib := mustOpenLibrary(t, dir)
	var wl *WordListError
	if _, err := lib.Get("NWL2023"); !errors.As(err, &wl) || wl.Code != CodeNotLetter {
		t.Fatalf("got %v", err)
	}
	writeFile(t, path, []byte("AA\nQI\n"))
	if lex, err := lib.Get("NWL2023"); err != nil || !lex.Contains("QI") {
		t.Fatalf("after the fix: %v", err)
	}
	// Once loaded, the lexicon stays, whatever happens to the file.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if !lib.Has("NWL2023") {
		t.Error("a loaded lexicon is no longer reported")
	}
	if _, err := lib.Get("NWL2023"); err != nil {
		t.Error(err)
	}
}

func TestLibraryUnreadableFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	dir := t.TempDir()
	path := writeFile(t, filepath.Join(dir, "NWL2023.txt"), []byte("AA\n"))
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	lib := mustOpenLibrary(t, dir)
	if lib.Has("NWL2023") {
		t.Error("Has reports an unreadable file")
	}
	if _, err := lib.Get("NWL2023"); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("got %v", err)
	}
}

// Concurrent callers share one load and one *Lexicon (run with -race).
func TestLibraryConcurrentGet(t *testing.T) {
	dir := t.TempDir()
	var list strings.Builder
	for i := range 50_000 {
		fmt.Fprintf(&list, "W%c%c%c%c\n", 'A'+i%26, 'A'+i/26%26, 'A'+i/676%26, 'A'+i/17576%26)
	}
	writeFile(t, filepath.Join(dir, "BIG.txt"), []byte(list.String()))
	writeFile(t, filepath.Join(dir, "SMALL.txt"), []byte("AA\n"))
	lib := mustOpenLibrary(t, dir)

	const callers = 32
	got := make([]*Lexicon, callers)
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() {
			name := []string{"BIG", "big", "Big"}[i%3]
			lex, err := lib.Get(name)
			if err != nil {
				t.Error(err)
			}
			got[i] = lex
			lib.Has("SMALL")
			lib.Get("SMALL")
		})
	}
	wg.Wait()
	for i, lex := range got {
		if lex != got[0] {
			t.Fatalf("caller %d got a different *Lexicon: the list was loaded more than once", i)
		}
	}
	if got[0].Len() != 50_000 {
		t.Errorf("%d words", got[0].Len())
	}
}

// TestLibrarySkipsNotWordLists: README.md, LICENSE and notes.pdf in a
// lexicon folder are not lexicons; they are listed as skipped.
func TestLibrarySkipsNotWordLists(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"README.md", "LICENSE", "notes.pdf", "ENABLE", "NWL2023.txt", "CSW24.txt.gz", "Collins.lst", "readme.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("AA\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	l, err := OpenLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Names(), []string{"CSW24", "Collins", "ENABLE", "NWL2023"}; !slices.Equal(got, want) {
		t.Errorf("names %v, want %v", got, want)
	}
	if got, want := l.Skipped(), []string{"LICENSE", "README.md", "notes.pdf", "readme.txt"}; !slices.Equal(got, want) {
		t.Errorf("skipped %v, want %v", got, want)
	}
}
