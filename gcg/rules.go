package gcg

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"tourney/scoring"
)

// Pragma returns the value of the first pragma with the name, if any.
func (r *Record) Pragma(name string) (string, bool) {
	for _, p := range r.Pragmas {
		if strings.EqualFold(p.Name, name) {
			return p.Value, true
		}
	}
	return "", false
}

// RulesChoice is what a record's pragmas say about how to replay it.
type RulesChoice struct {
	Rules string // variant name
	Tiles string // built-in tile set name
	// Problem is set when a pragma names something the engine lacks.
	Problem *Problem
}

// ChooseRules reads the variant and tile set from a record's pragmas:
// #game-type (a variant name, or "classic" for naspa), #tile-distribution,
// #board-layout and #lexicon; when no pragma names the tiles, the letters
// the record uses pick the first built-in set that has them all.
func ChooseRules(rec *Record) RulesChoice {
	ch := RulesChoice{Rules: "naspa", Tiles: "english"}
	bad := func(name, value string) RulesChoice {
		line := 0
		for _, p := range rec.Pragmas {
			if strings.EqualFold(p.Name, name) {
				line = p.Line
				break
			}
		}
		ch.Problem = &Problem{Line: line, Code: CodeUnsupportedRules, Msg: "#" + name + " " + value + " is not supported"}
		return ch
	}
	if gt, ok := rec.Pragma("game-type"); ok {
		switch name := strings.ToLower(strings.TrimSpace(gt)); name {
		case "", "classic", "standard", "crosswordgame":
		default:
			if _, err := scoring.LookupVariant(name); err != nil {
				return bad("game-type", gt)
			}
			ch.Rules = name
		}
	}
	if bl, ok := rec.Pragma("board-layout"); ok {
		switch strings.ToLower(strings.TrimSpace(bl)) {
		case "", "standard15", "crosswordgame", "standard", "classic":
		default:
			return bad("board-layout", bl)
		}
	}
	if td, ok := rec.Pragma("tile-distribution"); ok {
		name := strings.ToLower(strings.TrimSpace(td))
		if _, ok := scoring.BuiltinTileSet(name); !ok {
			return bad("tile-distribution", td)
		}
		ch.Tiles = name
		return ch
	}
	if lex, ok := rec.Pragma("lexicon"); ok {
		if t := tilesForLexicon(lex); t != "" {
			ch.Tiles = t
			return ch
		}
	}
	ch.Tiles = tilesForLetters(rec)
	return ch
}

// tilesForLexicon knows the lexicons whose language is not English.
func tilesForLexicon(lex string) string {
	l := strings.ToUpper(strings.TrimSpace(lex))
	switch {
	case strings.HasPrefix(l, "GERMAN"), strings.HasPrefix(l, "RD"),
		len(l) > 2 && l[0] == 'D' && unicode.IsDigit(rune(l[1])):
		return "german"
	case strings.HasPrefix(l, "OSPS"), strings.HasPrefix(l, "POLISH"):
		return "polish"
	}
	return ""
}

// tilesForLetters picks the first built-in tile set holding every letter
// the record uses.
func tilesForLetters(rec *Record) string {
	// Most records are English: only letters beyond A-Z need a search.
	var used map[rune]bool
	add := func(s string) {
		if isASCII(s) {
			return
		}
		for _, r := range s {
			if r >= 0x80 && unicode.IsLetter(r) {
				if used == nil {
					used = map[rune]bool{}
				}
				used[unicode.ToUpper(r)] = true
			}
		}
	}
	for _, e := range rec.Events {
		add(e.Rack)
		add(e.Word)
		add(e.Exchanged)
		add(e.EndRack)
	}
	if used == nil {
		return "english"
	}
	for _, name := range scoring.BuiltinTileSetNames() {
		ts, _ := scoring.BuiltinTileSet(name)
		fits := true
		for r := range used {
			if _, ok := ts.Tile(r); !ok {
				fits = false
				break
			}
		}
		if fits {
			return name
		}
	}
	return "english"
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
