package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// VariantFormat documents the rules file of a built-in variant
// (scoring/variants/NAME.txt; the file name is the variant's name).
const VariantFormat = `A rules file has one "key: value" line per setting. A line that starts
with a space continues the value of the line above; blank lines and lines
starting with # are ignored. Keys marked * may be repeated; the others may
appear once.
  description:          what the variant is, for directors (required)
  source: *             where its rules come from (at least one)
  board:                a built-in board, scoring/boards/NAME.txt (LayoutFormat)
  tiles:                a built-in tile set, scoring/tiles/NAME.txt (TileSetFormat)
  squares:              what the variant calls its premium squares, as
                        PREMIUM=NAME pairs: "L2=DL L3=TL W2=DW W3=TW"
                        (unnamed premiums print as L4, W4, ...)
  rack:                 tiles on a rack (1-20)
  bingo: *              tiles placed in one turn and the bonus: "7 50"
  players:              how many play: "2" or "2-4" (2 to 4)
  teams:                yes: 2 against 2 (seats 1+3 against 2+4) is allowed
  out-gain:             a player who goes out adds the others' racks times this (0-9)
  out-others-deduct:    yes: each other player loses their own rack
  out-teammate-ignored: yes: in team play the partner's rack is not counted
  stalemate-turns:      consecutive scoreless turns by every player that end the game (1-9)
  stalemate-passes-only: yes: only passes count toward them
  stalemate-gain-others: yes: then each player also gains the others' racks
  tie-break:            none | pre-adjustment-score | leader-before-final-move | out-player-point
  time-penalty:         default overtime penalty, points per minute (0-99)
  challenge:            default challenge rule (see the challenges package)
  lexicon:              default lexicon, a word list named in the lexicon folder
  missed-start:         stands (an irregular first play stands unless challenged) | refused
  decision: *           how the variant settles a case its rule document leaves open
Yes/no values are written yes or no; a key left out is no, 0 or empty.`

// variantKeys are the keys of a rules file; true marks a repeatable key.
var variantKeys = map[string]bool{
	"description": false, "source": true, "board": false, "tiles": false, "squares": false,
	"rack": false, "bingo": true, "players": false, "teams": false,
	"out-gain": false, "out-others-deduct": false, "out-teammate-ignored": false,
	"stalemate-turns": false, "stalemate-passes-only": false, "stalemate-gain-others": false,
	"tie-break": false, "time-penalty": false, "challenge": false, "lexicon": false,
	"missed-start": false, "decision": true,
}

// variantEntry is one setting of a rules file and the line it starts on.
type variantEntry struct {
	key, value string
	line       int
}

// splitVariant reads the lines of a rules file into entries, joining
// continuation lines.
func splitVariant(name, text string) ([]variantEntry, error) {
	var out []variantEntry
	for n, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if raw[0] == ' ' || raw[0] == '\t' {
			if len(out) == 0 {
				return nil, fmt.Errorf("rules %q line %d: a continuation line with no setting above it", name, n+1)
			}
			if last := &out[len(out)-1]; last.value == "" {
				last.value = line
			} else {
				last.value += " " + line
			}
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("rules %q line %d: want \"key: value\", got %q", name, n+1, line)
		}
		key = strings.TrimSpace(key)
		if _, known := variantKeys[key]; !known {
			return nil, fmt.Errorf("rules %q line %d: unknown key %q", name, n+1, key)
		}
		out = append(out, variantEntry{key: key, value: strings.TrimSpace(value), line: n + 1})
	}
	return out, nil
}

// ParseVariant reads a rules file (see VariantFormat) into a variant
// called name; board and tiles name built-in boards and tile sets.
func ParseVariant(name, text string) (*Variant, error) {
	entries, err := splitVariant(name, text)
	if err != nil {
		return nil, err
	}
	v := &Variant{Name: name}
	var board, tiles string
	seen := map[string]bool{}
	for _, e := range entries {
		if seen[e.key] && !variantKeys[e.key] {
			return nil, fmt.Errorf("rules %q line %d: %s given twice", name, e.line, e.key)
		}
		seen[e.key] = true
		if err := v.setVariant(e, &board, &tiles); err != nil {
			return nil, fmt.Errorf("rules %q line %d: %s: %v", name, e.line, e.key, err)
		}
	}
	for _, key := range []string{"description", "source", "board", "tiles", "rack", "players", "stalemate-turns", "tie-break", "challenge"} {
		if !seen[key] {
			return nil, fmt.Errorf("rules %q: no %s", name, key)
		}
	}
	if v.Layout, err = BuiltinLayout(board); err != nil {
		return nil, fmt.Errorf("rules %q: %v", name, err)
	}
	if v.Tiles, err = builtinTileSet(tiles); err != nil {
		return nil, fmt.Errorf("rules %q: %v", name, err)
	}
	for _, b := range v.Bingos {
		if b.Tiles > v.RackSize {
			return nil, fmt.Errorf("rules %q: a bingo of %d tiles, but a rack holds %d", name, b.Tiles, v.RackSize)
		}
	}
	return v, nil
}

// setVariant applies one setting.
func (v *Variant) setVariant(e variantEntry, board, tiles *string) error {
	var err error
	if e.value == "" {
		return fmt.Errorf("no value")
	}
	switch e.key {
	case "description":
		v.Description = e.value
	case "source":
		v.Sources = append(v.Sources, e.value)
	case "decision":
		v.Decisions = append(v.Decisions, e.value)
	case "board":
		*board = e.value
	case "tiles":
		*tiles = e.value
	case "squares":
		v.Squares, err = parseSquareNames(e.value)
	case "rack":
		v.RackSize, err = number(e.value, 1, 20)
	case "bingo":
		err = v.addBingo(e.value)
	case "players":
		v.MinPlayers, v.MaxPlayers, err = playerRange(e.value)
	case "teams":
		v.Teams, err = yesNo(e.value)
	case "out-gain":
		v.Out.GainFactor, err = number(e.value, 0, 9)
	case "out-others-deduct":
		v.Out.OthersDeduct, err = yesNo(e.value)
	case "out-teammate-ignored":
		v.Out.TeammateIgnored, err = yesNo(e.value)
	case "stalemate-turns":
		v.Stalemate.TurnsPerPlayer, err = number(e.value, 1, 9)
	case "stalemate-passes-only":
		v.Stalemate.PassesOnly, err = yesNo(e.value)
	case "stalemate-gain-others":
		v.Stalemate.GainOthers, err = yesNo(e.value)
	case "tie-break":
		v.TieBreak = TieBreak(e.value)
		if !slices.Contains(tieBreaks, v.TieBreak) {
			err = fmt.Errorf("%q is not one of %v", e.value, tieBreaks)
		}
	case "time-penalty":
		v.TimePenaltyPerMinute, err = number(e.value, 0, 99)
	case "challenge":
		v.ChallengeRule, err = word(e.value)
	case "lexicon":
		v.Lexicon, err = word(e.value)
	case "missed-start":
		switch e.value {
		case "stands":
			v.MissedStartStands = true
		case "refused":
		default:
			err = fmt.Errorf("want stands or refused, got %q", e.value)
		}
	}
	return err
}

// tieBreaks are the tie-break rules the engine knows.
var tieBreaks = []TieBreak{TieStands, TiePreAdjustment, TieLeaderBeforeFinalMove, TieOutPlayerPoint}

func (v *Variant) addBingo(s string) error {
	f := strings.Fields(s)
	if len(f) != 2 {
		return fmt.Errorf("want \"TILES BONUS\", got %q", s)
	}
	n, err := number(f[0], 1, 20)
	if err != nil {
		return err
	}
	bonus, err := number(f[1], 0, 999)
	if err != nil {
		return err
	}
	if slices.ContainsFunc(v.Bingos, func(b BingoBonus) bool { return b.Tiles == n }) {
		return fmt.Errorf("%d tiles given twice", n)
	}
	v.Bingos = append(v.Bingos, BingoBonus{Tiles: n, Bonus: bonus})
	return nil
}

func number(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || strconv.Itoa(n) != s {
		return 0, fmt.Errorf("want a whole number %d-%d, got %q", lo, hi, s)
	}
	return n, nil
}

func yesNo(s string) (bool, error) {
	switch s {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, fmt.Errorf("want yes or no, got %q", s)
}

// word is a single name: no spaces, no control characters.
func word(s string) (string, error) {
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return "", fmt.Errorf("want one name, got %q", s)
	}
	return s, nil
}

func playerRange(s string) (lo, hi int, err error) {
	a, b, ranged := strings.Cut(s, "-")
	if lo, err = number(a, 2, 4); err != nil {
		return 0, 0, err
	}
	hi = lo
	if ranged {
		if hi, err = number(b, 2, 4); err != nil {
			return 0, 0, err
		}
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("%d-%d is an empty range", lo, hi)
	}
	return lo, hi, nil
}

// parseSquareNames reads "L2=DL L3=TL W2=DW W3=TW".
func parseSquareNames(s string) (map[Premium]string, error) {
	out := map[Premium]string{}
	for _, f := range strings.Fields(s) {
		k, name, ok := strings.Cut(f, "=")
		p, okP := premiumOf(k)
		if !ok || !okP || name == "" || len(name) > 4 {
			return nil, fmt.Errorf("want PREMIUM=NAME pairs such as L2=DL (a name of 1-4 characters), got %q", f)
		}
		if _, dup := out[p]; dup {
			return nil, fmt.Errorf("%s named twice", k)
		}
		out[p] = name
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no PREMIUM=NAME pairs")
	}
	return out, nil
}

// premiumOf reads a premium's canonical name: L2, L3, L4 (letter) or W2,
// W3, W4 (word).
func premiumOf(s string) (Premium, bool) {
	if len(s) != 2 || s[1] < '2' || s[1] > '4' {
		return Premium{}, false
	}
	n := int(s[1] - '0')
	switch s[0] {
	case 'L':
		return Premium{Letter: n, Word: 1}, true
	case 'W':
		return Premium{Letter: 1, Word: n}, true
	}
	return Premium{}, false
}

// PremiumCode is a premium's canonical name: L2, L3, L4, W2, W3, W4; ""
// for a plain square.
func PremiumCode(p Premium) string {
	switch {
	case p.Word > 1:
		return "W" + strconv.Itoa(p.Word)
	case p.Letter > 1:
		return "L" + strconv.Itoa(p.Letter)
	}
	return ""
}

// String writes the variant as a rules file (see VariantFormat); its
// board and tiles are named by their Name.
func (v *Variant) String() string {
	var b strings.Builder
	line := func(key, value string) { fmt.Fprintf(&b, "%s: %s\n", key, value) }
	yes := func(key string, on bool) {
		if on {
			line(key, "yes")
		}
	}
	line("description", v.Description)
	for _, s := range v.Sources {
		line("source", s)
	}
	if v.Layout != nil {
		line("board", v.Layout.Name)
	}
	if v.Tiles != nil {
		line("tiles", v.Tiles.Name)
	}
	if len(v.Squares) > 0 {
		var pairs []string
		for p, name := range v.Squares {
			pairs = append(pairs, PremiumCode(p)+"="+name)
		}
		slices.Sort(pairs)
		line("squares", strings.Join(pairs, " "))
	}
	line("rack", strconv.Itoa(v.RackSize))
	for _, bb := range v.Bingos {
		line("bingo", fmt.Sprintf("%d %d", bb.Tiles, bb.Bonus))
	}
	line("players", fmt.Sprintf("%d-%d", v.MinPlayers, v.MaxPlayers))
	yes("teams", v.Teams)
	line("out-gain", strconv.Itoa(v.Out.GainFactor))
	yes("out-others-deduct", v.Out.OthersDeduct)
	yes("out-teammate-ignored", v.Out.TeammateIgnored)
	line("stalemate-turns", strconv.Itoa(v.Stalemate.TurnsPerPlayer))
	yes("stalemate-passes-only", v.Stalemate.PassesOnly)
	yes("stalemate-gain-others", v.Stalemate.GainOthers)
	line("tie-break", string(v.TieBreak))
	line("time-penalty", strconv.Itoa(v.TimePenaltyPerMinute))
	line("challenge", v.ChallengeRule)
	if v.Lexicon != "" {
		line("lexicon", v.Lexicon)
	}
	if v.MissedStartStands {
		line("missed-start", "stands")
	} else {
		line("missed-start", "refused")
	}
	for _, d := range v.Decisions {
		line("decision", d)
	}
	return b.String()
}
