package challenges

import (
	"embed"
	"errors"
	"io/fs"
	"path"
	"slices"
)

// The word lists built into the binary (builtin/, gzipped): the
// public-domain ENABLE, which AlphaJax and Word Chums check words against
// by default, so that a tournament of either works on a server started
// without a lexicon folder. A folder's list of the same name wins. The
// lists are not in the repository: scripts/builtinlists writes them from
// the shared material before a build (builtin/README.md); a build without
// them has none built in.
//
//go:generate go run ../scripts/builtinlists -from ../../shared/lexicons -to builtin
//go:embed builtin
var builtinFS embed.FS

// ErrNoLexiconFolder: a lexicon asked of a library with no folder that
// has no such list built in.
var ErrNoLexiconFolder = errors.New("no lexicon folder")

// builtinLists are the word lists built in: name → file in fsys.
func builtinLists(fsys fs.FS) map[string]string {
	out := map[string]string{}
	if fsys == nil {
		return out
	}
	entries, err := fs.ReadDir(fsys, "builtin")
	if err != nil {
		return out
	}
	for _, e := range entries {
		if !e.IsDir() && IsWordListName(e.Name()) {
			out[LexiconName(e.Name())] = path.Join("builtin", e.Name())
		}
	}
	return out
}

// BuiltinNames lists the word lists built into this binary, sorted.
func BuiltinNames() []string {
	var names []string
	for name := range builtinLists(builtinFS) {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// BuiltinLibrary is the library of a server started without a lexicon
// folder: the built-in lists only.
func BuiltinLibrary() *Library {
	l := &Library{entries: map[string]*libraryEntry{}, builtin: builtinFS}
	l.addBuiltins()
	return l
}
