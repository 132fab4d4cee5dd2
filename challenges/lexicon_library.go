package challenges

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Library is a lexicon folder the director supplies: one word-list file per
// lexicon, named after it (NWL2023.txt, CSW24.txt.gz, ENABLE). A list is
// read the first time it is asked for and then kept: loading takes tens of
// milliseconds and a loaded lexicon a few MB, and a tournament uses one or
// two. A Library is safe for concurrent use.
//
// Lexicon names are case-insensitive on lookup: tournaments write NWL2023,
// but a form or URL may say nwl2023, and on macOS the folder would match
// either spelling anyway. The file's spelling is the lexicon's Name. Files
// whose names differ only in case or extension (CSW24.txt and csw24.txt.gz)
// make that name ambiguous: Get refuses it rather than pick one, and the
// other lexicons still work.
//
// The folder is scanned once, by OpenLibrary; a file added later needs a new
// Library. Hidden files (.DS_Store) and folders are not lexicons.
type Library struct {
	dir     string                   // "": none (BuiltinLibrary)
	builtin fs.FS                    // the built-in lists (lexicon_builtin.go); nil: none
	entries map[string]*libraryEntry // by upper-cased name; fixed after OpenLibrary
	skipped []string                 // files in the folder that are not word lists
}

// libraryEntry is one lexicon name and its file or files.
type libraryEntry struct {
	name    string   // as the first file spells it
	paths   []string // more than one means ambiguous
	builtin string   // a built-in list's file in Library.builtin, when no file of the folder has the name
	fsys    fs.FS

	mu      sync.Mutex
	lex     *Lexicon  // kept once loaded
	loading *loadCall // the load in progress, which concurrent callers share
}

// loadCall is one load; done is closed when lex and err are set.
type loadCall struct {
	done chan struct{}
	lex  *Lexicon
	err  error
}

// OpenLibrary scans dir for word-list files, and adds the lists built in
// that the folder lacks (a folder's list of the same name wins). It reads
// names only; the lists are read by Get.
func OpenLibrary(dir string) (*Library, error) {
	return openLibrary(dir, builtinFS)
}

// OpenFolder is OpenLibrary without the built-in lists: the folder alone.
func OpenFolder(dir string) (*Library, error) {
	return openLibrary(dir, nil)
}

func openLibrary(dir string, builtin fs.FS) (*Library, error) {
	files, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("lexicon folder: %w", err)
	}
	l := &Library{dir: dir, builtin: builtin, entries: make(map[string]*libraryEntry)}
	for _, f := range files {
		// A symlink may point at a list kept elsewhere; Get finds out.
		if strings.HasPrefix(f.Name(), ".") || !(f.Type().IsRegular() || f.Type()&fs.ModeSymlink != 0) {
			continue
		}
		if !IsWordListName(f.Name()) {
			l.skipped = append(l.skipped, f.Name())
			continue
		}
		name := LexiconName(f.Name())
		key := strings.ToUpper(name)
		e := l.entries[key]
		if e == nil {
			e = &libraryEntry{name: name}
			l.entries[key] = e
		}
		e.paths = append(e.paths, filepath.Join(dir, f.Name()))
	}
	l.addBuiltins()
	return l, nil
}

// addBuiltins adds the built-in lists the folder has no file for.
func (l *Library) addBuiltins() {
	for name, file := range builtinLists(l.builtin) {
		if key := strings.ToUpper(name); l.entries[key] == nil {
			l.entries[key] = &libraryEntry{name: name, builtin: file, fsys: l.builtin}
		}
	}
}

// Skipped lists the files of the folder that were not taken as word lists
// (see IsWordListName), for the server to say so at start.
func (l *Library) Skipped() []string { return slices.Clone(l.skipped) }

// wordListExts are the extensions of word-list files: none (ENABLE),
// .txt and .lst, each perhaps gzipped, and .dic.
var wordListExts = []string{"", "txt", "lst", "dic", "gz", "txt.gz", "lst.gz"}

// notLexicons are names that go with a folder, never word lists.
var notLexicons = []string{"README", "LICENSE", "LICENCE", "COPYING", "NOTICE", "CHANGELOG"}

// IsWordListName reports whether a file name is one a lexicon folder takes
// as a word list: ENABLE, NWL2023.txt, CSW24.txt.gz, not README.md,
// LICENSE or notes.pdf.
func IsWordListName(file string) bool {
	base, ext, _ := strings.Cut(filepath.Base(file), ".")
	return slices.Contains(wordListExts, strings.ToLower(ext)) && !slices.Contains(notLexicons, strings.ToUpper(base))
}

// Names lists the lexicons in the folder, sorted.
func (l *Library) Names() []string {
	names := make([]string, 0, len(l.entries))
	for _, e := range l.entries {
		names = append(names, e.name)
	}
	slices.Sort(names)
	return names
}

// Has reports whether the lexicon is loaded, or its one file is present and
// can be opened. It does not read the file: Get may still find it is not a
// word list.
func (l *Library) Has(name string) bool {
	e := l.entries[strings.ToUpper(name)]
	if e != nil && e.builtin != "" {
		return true
	}
	if e == nil || len(e.paths) != 1 {
		return false
	}
	e.mu.Lock()
	loaded := e.lex != nil
	e.mu.Unlock()
	if loaded {
		return true
	}
	f, err := os.Open(e.paths[0])
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	return err == nil && !info.IsDir()
}

// Get returns the lexicon, loading it on first use. Concurrent callers share
// one load and every caller gets the same *Lexicon. A failed load is not
// kept, so a director can fix the file and the next Get reads it again.
func (l *Library) Get(name string) (*Lexicon, error) {
	e := l.entries[strings.ToUpper(name)]
	if e == nil && l.dir == "" {
		return nil, fmt.Errorf("lexicon %q: %w, and it is not built in (built in: %s)",
			name, ErrNoLexiconFolder, strings.Join(l.Names(), ", "))
	}
	if e == nil {
		return nil, fmt.Errorf("lexicon %q: %w in %s (it has: %s)",
			name, ErrUnknownLexicon, l.dir, strings.Join(l.Names(), ", "))
	}
	return e.get()
}

func (e *libraryEntry) get() (*Lexicon, error) {
	e.mu.Lock()
	if e.lex != nil {
		e.mu.Unlock()
		return e.lex, nil
	}
	if c := e.loading; c != nil {
		e.mu.Unlock()
		<-c.done
		return c.lex, c.err
	}
	c := &loadCall{done: make(chan struct{})}
	e.loading = c
	e.mu.Unlock()

	c.lex, c.err = e.load()

	e.mu.Lock()
	e.lex, e.loading = c.lex, nil // nil after a failure: the next Get retries
	e.mu.Unlock()
	close(c.done)
	return c.lex, c.err
}

func (e *libraryEntry) load() (*Lexicon, error) {
	if len(e.paths) > 1 {
		bases := make([]string, len(e.paths))
		for i, p := range e.paths {
			bases[i] = filepath.Base(p)
		}
		return nil, fmt.Errorf("lexicon %s: %w: %s; remove all but one",
			e.name, ErrAmbiguousLexicon, strings.Join(bases, ", "))
	}
	if e.builtin != "" {
		f, err := e.fsys.Open(e.builtin)
		if err != nil {
			return nil, fmt.Errorf("lexicon %s (built in): %w", e.name, err)
		}
		defer f.Close()
		return ReadWordList(e.name, f)
	}
	lex, err := LoadLexicon(e.paths[0])
	if err != nil {
		return nil, fmt.Errorf("lexicon %s: %w", e.name, err)
	}
	return lex, nil
}
