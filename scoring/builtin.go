package scoring

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// builtinFiles holds the built-in rules as data, one file each:
//
//	variants/NAME.txt  a variant's rules (VariantFormat), naming its board and tiles
//	boards/NAME.txt    a board (LayoutFormat)
//	tiles/NAME.txt     a tile set (TileSetFormat): a language's, or, named
//	                   after a variant, that game's own
//
// Adding a variant is adding a rules file (and a board or tile file if it
// brings its own) with a test; no Go code unless it brings a new kind of
// rule. The files are parsed on each lookup, never at start: a broken file
// makes its lookup fail (and TestBuiltinFilesParse), not the program.
//
//go:embed variants/*.txt boards/*.txt tiles/*.txt
var builtinFiles embed.FS

// builtinText reads a built-in file: dir/name.txt.
func builtinText(dir, name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "/\\.") || !fs.ValidPath(name) {
		return "", false
	}
	b, err := builtinFiles.ReadFile(path.Join(dir, name+".txt"))
	if err != nil {
		return "", false
	}
	return string(b), true
}

// builtinNames lists the built-in files of a folder by name, sorted.
func builtinNames(dir string) []string {
	entries, _ := builtinFiles.ReadDir(dir) // an embedded folder: cannot fail
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// BuiltinLayout returns a built-in board by name ("standard15",
// "wordchums15"), freshly parsed.
func BuiltinLayout(name string) (*Layout, error) {
	text, ok := builtinText("boards", name)
	if !ok {
		return nil, fmt.Errorf("no built-in board %q (known: %s)", name, strings.Join(builtinNames("boards"), ", "))
	}
	return ParseLayout(name, text)
}

// BuiltinLayoutNames lists the built-in boards.
func BuiltinLayoutNames() []string { return builtinNames("boards") }

// StandardLayout returns the standard 15x15 premium layout.
func StandardLayout() *Layout {
	l, err := BuiltinLayout("standard15")
	if err != nil {
		panic("scoring: built-in layout: " + err.Error()) // a programming error, caught by tests
	}
	return l
}

// builtinTileSet returns a built-in tile set by name, freshly parsed.
func builtinTileSet(name string) (*TileSet, error) {
	text, ok := builtinText("tiles", name)
	if !ok {
		return nil, fmt.Errorf("no built-in tile set %q (known: %s)", name, strings.Join(builtinNames("tiles"), ", "))
	}
	return ParseTileSet(name, text)
}

// BuiltinTileSet returns a built-in tile set by name ("english", "german",
// "polish", "wordchums"), freshly parsed so callers may not share mutable
// state; false when there is no such set or its file does not read (a
// programming error that TestBuiltinFilesParse catches).
func BuiltinTileSet(name string) (*TileSet, bool) {
	ts, err := builtinTileSet(name)
	return ts, err == nil
}

// BuiltinTileSetNames lists the built-in tile sets of a language
// ("english", "german", "polish"), the ones a game record may name. A tile
// file named after a variant (tiles/wordchums.txt) is that game's own set:
// BuiltinTileSet finds it, but it is not listed here.
func BuiltinTileSetNames() []string {
	var names []string
	for _, name := range builtinNames("tiles") {
		if _, own := builtinText("variants", name); !own {
			names = append(names, name)
		}
	}
	return names
}

// LoadVariants parses every built-in variant, sorted by name; the error
// names each file that does not read.
func LoadVariants() ([]*Variant, error) {
	var vs []*Variant
	var errs []string
	for _, name := range builtinNames("variants") {
		v, err := LookupVariant(name)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		vs = append(vs, v)
	}
	if len(errs) > 0 {
		return vs, fmt.Errorf("built-in variants: %s", strings.Join(errs, "; "))
	}
	return vs, nil
}

// Variants returns the built-in variants, sorted by name; each call
// returns fresh values. A variant whose file does not read is left out
// (LoadVariants reports it).
func Variants() []*Variant {
	vs, _ := LoadVariants()
	return vs
}

// LookupVariant returns a built-in variant by name, freshly parsed.
func LookupVariant(name string) (*Variant, error) {
	text, ok := builtinText("variants", name)
	if !ok {
		return nil, fmt.Errorf("unknown rules %q (known: %s)", name, strings.Join(builtinNames("variants"), ", "))
	}
	return ParseVariant(name, text)
}
