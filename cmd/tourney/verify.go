package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"tourney/gcg"
	"tourney/scoring"
)

// verifyLine is the JSON object printed for each file.
type verifyLine struct {
	File       string         `json:"file"`
	Rules      string         `json:"rules"`
	Status     string         `json:"status"` // ok, mismatch, invalid
	Placements int            `json:"placements"`
	Mismatches []gcg.Problem  `json:"mismatches"`
	Final      map[string]int `json:"final"`
	// TeamFinal is set for a team game (#teams): each team's score, keyed
	// by its players' nicks joined with '+'; Winner then names a team.
	TeamFinal map[string]int `json:"team_final,omitempty"`
	Winner    *string        `json:"winner"`
	DecidedBy *string        `json:"decided_by"`
	Errors    []verifyError  `json:"errors"`
}

type verifyError struct {
	Line int    `json:"line"`
	Code string `json:"code"`
	Msg  string `json:"message"`
}

// verifier replays files under fixed or per-file rules, parsing each
// variant once. Its reader and checker reuse their storage from file to
// file, so that verifying thousands of records allocates little.
type verifier struct {
	rules   string // --rules, or "" to follow each file's pragmas
	board   *scoring.Layout
	tiles   *scoring.TileSet
	cache   map[[2]string]*scoring.Variant
	reader  gcg.Reader
	checker gcg.Checker
}

func runVerify(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rules := fs.String("rules", "", "rule variant (default: the file's pragmas, else naspa)")
	boardFile := fs.String("board", "", "board layout file (text grid)")
	tilesFile := fs.String("tiles", "", "tile set file (LETTER COUNT VALUE lines)")
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "tourney verify: no game files given")
		return 2
	}
	v := &verifier{rules: *rules, cache: map[[2]string]*scoring.Variant{}}
	if v.rules != "" {
		if _, err := scoring.LookupVariant(v.rules); err != nil {
			fmt.Fprintf(stderr, "tourney verify: %v\n", err)
			return 2
		}
	}
	if *boardFile != "" {
		data, err := os.ReadFile(*boardFile)
		if err == nil {
			v.board, err = scoring.ParseLayout(*boardFile, string(data))
		}
		if err != nil {
			fmt.Fprintf(stderr, "tourney verify: --board: %v\n", err)
			return 2
		}
	}
	if *tilesFile != "" {
		data, err := os.ReadFile(*tilesFile)
		if err == nil {
			v.tiles, err = scoring.ParseTileSet(*tilesFile, string(data))
		}
		if err != nil {
			fmt.Fprintf(stderr, "tourney verify: --tiles: %v\n", err)
			return 2
		}
	}
	// One write per buffer, not per line: flushed at the end, and before
	// giving up on an error.
	out := bufio.NewWriter(stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := 0
	for _, file := range fs.Args() {
		line := v.verifyFile(file)
		if line.Status != "ok" {
			status = 1
		}
		if err := enc.Encode(line); err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "tourney verify: %v\n", err)
			return 1
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "tourney verify: %v\n", err)
		return 1
	}
	return status
}

func (v *verifier) variant(rules, tiles string) *scoring.Variant {
	key := [2]string{rules, tiles}
	if vr, ok := v.cache[key]; ok {
		return vr
	}
	vr, err := scoring.LookupVariant(rules)
	if err != nil {
		return nil
	}
	if v.tiles != nil {
		vr = vr.WithTiles(v.tiles)
	} else if ts, ok := scoring.BuiltinTileSet(tiles); ok && tiles != "english" {
		vr = vr.WithTiles(ts)
	}
	if v.board != nil {
		vr = vr.WithBoard(v.board)
	}
	v.cache[key] = vr
	return vr
}

func (v *verifier) verifyFile(file string) verifyLine {
	out := verifyLine{File: file, Rules: v.rules, Mismatches: []gcg.Problem{}, Final: map[string]int{}, Errors: []verifyError{}}
	if out.Rules == "" {
		out.Rules = "naspa"
	}
	rec, err := v.reader.ReadFile(file)
	if err != nil {
		var se *gcg.SyntaxError
		if errors.As(err, &se) {
			out.Errors = append(out.Errors, verifyError{Line: se.Line, Code: se.Code, Msg: se.Msg})
		} else {
			out.Errors = append(out.Errors, verifyError{Code: "unreadable", Msg: err.Error()})
		}
		out.Status = "invalid"
		return out
	}
	choice := gcg.ChooseRules(rec)
	if v.rules == "" {
		out.Rules = choice.Rules
	}
	if choice.Problem != nil && v.rules == "" && v.board == nil && v.tiles == nil {
		p := choice.Problem
		out.Errors = append(out.Errors, verifyError{Line: p.Line, Code: p.Code, Msg: p.Msg})
		out.Status = "invalid"
		return out
	}
	rep := v.checker.Check(rec, v.variant(out.Rules, choice.Tiles))
	out.Placements = rep.Placements
	out.Mismatches = rep.Mismatches()
	for _, p := range rep.Errors() {
		out.Errors = append(out.Errors, verifyError{Line: p.Line, Code: p.Code, Msg: p.Msg})
	}
	res := rep.Result
	for i, nick := range rep.Nicks {
		if i < len(res.Final) {
			key := nick
			if _, dup := out.Final[key]; dup {
				key = fmt.Sprintf("%s#%d", nick, i+1)
			}
			out.Final[key] = res.Final[i]
		}
	}
	if res.Over && res.Complete {
		d := res.DecidedBy
		out.DecidedBy = &d
		teamed := rep.Game != nil && rep.Game.Teamed()
		if teamed {
			// Seats 1 and 3 are team 0, seats 2 and 4 team 1.
			out.TeamFinal = map[string]int{}
			for team, score := range res.TeamFinal {
				out.TeamFinal[teamName(rep.Nicks, team)] = score
			}
		}
		switch {
		case res.Winner < 0:
		case teamed:
			w := teamName(rep.Nicks, res.Winner)
			out.Winner = &w
		case res.Winner < len(rep.Nicks):
			w := rep.Nicks[res.Winner]
			out.Winner = &w
		}
	}
	switch {
	case len(out.Errors) > 0:
		out.Status = "invalid"
	case len(out.Mismatches) > 0:
		out.Status = "mismatch"
	default:
		out.Status = "ok"
	}
	return out
}

// teamName names a team of a team game by its players' nicks: "ann+cy".
func teamName(nicks []string, team int) string {
	return nicks[team] + "+" + nicks[team+2]
}
