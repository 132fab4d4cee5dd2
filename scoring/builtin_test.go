package scoring

import (
	"reflect"
	"strings"
	"testing"
)

// standard15 is the grid of the built-in standard board (its file without
// the comment lines), and builtinTileText the text of each built-in tile
// set, for the layout and fuzz tests.
var (
	standard15      = gridOf(mustBuiltin("boards", "standard15"))
	builtinTileText = func() map[string]string {
		m := map[string]string{}
		for _, name := range BuiltinTileSetNames() {
			m[name] = mustBuiltin("tiles", name)
		}
		return m
	}()
)

func mustBuiltin(dir, name string) string {
	text, ok := builtinText(dir, name)
	if !ok {
		panic("no built-in " + dir + "/" + name)
	}
	return text
}

func gridOf(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// TestBuiltinFilesParse: every embedded board, tile set and rules file
// reads, and each variant writes back (String) to a file that reads as
// the same variant.
func TestBuiltinFilesParse(t *testing.T) {
	for _, name := range BuiltinLayoutNames() {
		if _, err := BuiltinLayout(name); err != nil {
			t.Errorf("board %s: %v", name, err)
		}
	}
	for _, name := range builtinNames("tiles") {
		if _, err := builtinTileSet(name); err != nil {
			t.Errorf("tiles %s: %v", name, err)
		}
	}
	vs, err := LoadVariants()
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != len(builtinNames("variants")) || len(vs) < 5 {
		t.Fatalf("%d variants loaded", len(vs))
	}
	for _, v := range vs {
		if len(v.Sources) == 0 {
			t.Errorf("%s names no source", v.Name)
		}
		back, err := ParseVariant(v.Name, v.String())
		if err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("%s: written as\n%s\nreads back as %+v (%v)", v.Name, v.String(), back, err)
		}
	}
}
