package gcg

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/scoring"
)

// manifestGame is the part of a MANIFEST.tsv row the conformance test uses.
type manifestGame struct {
	file, origin string
	finals       map[string]int // final_cumulatives: nick=score
}

func readManifestGames(t *testing.T) []manifestGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedDir(t), "gcg", "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	col := map[string]int{}
	for i, name := range strings.Split(lines[0], "\t") {
		col[name] = i
	}
	var out []manifestGame
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		g := manifestGame{file: f[col["file"]], origin: f[col["origin"]], finals: map[string]int{}}
		for _, kv := range strings.Fields(f[col["final_cumulatives"]]) {
			if i := strings.LastIndexByte(kv, '='); i > 0 {
				if n, err := strconv.Atoi(kv[i+1:]); err == nil {
					g.finals[kv[:i]] = n
				}
			}
		}
		out = append(out, g)
	}
	return out
}

// knownRecordDefects are engine-written records that are themselves
// wrong, with the one problem the checker must report for each.
var knownRecordDefects = map[string]struct {
	code     string
	computed int
	why      string
}{
	"kmcelwee+scrabble/traditional484.gcg": {CodeEndRackPoints, -10,
		"the game ends on six scoreless turns; Quackle wrote its opponent's rack penalty but not its own (Q, -10)"},
}

// refusedRecords are game records that must not be read, and why.
var refusedRecords = map[string]string{
	"domino14+macondo/name_weird_encoding_with_header.gcg": "it declares ISO8859-6 (Arabic), an encoding the reader does not decode; guessing would misspell the names",
}

// checkShared replays one shared record under the rules its pragmas name.
func checkShared(t *testing.T, path string) (*Record, *Report, error) {
	t.Helper()
	rec, err := ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	ch := ChooseRules(rec)
	if ch.Problem != nil {
		return rec, &Report{Problems: []Problem{*ch.Problem}}, nil
	}
	v, err := scoring.LookupVariant(ch.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if ts, _ := scoring.BuiltinTileSet(ch.Tiles); ts != nil {
		v = v.WithTiles(ts)
	}
	return rec, Check(rec, v), nil
}

// TestConformanceShared replays every real game record (needs ../shared):
// engine-written games must agree with the engine to the point, human games
// must agree or have each disagreement reported at its line with both
// numbers, and malformed fixtures must give typed errors, never a crash.
func TestConformanceShared(t *testing.T) {
	games := readManifestGames(t)
	counts := map[string]int{}
	for _, mg := range games {
		rec, rep, err := checkShared(t, filepath.Join(sharedDir(t), "gcg", mg.file))
		kind := mg.origin
		if strings.HasPrefix(kind, "test-fixture") {
			kind = "fixture"
		}
		switch {
		case err != nil:
			se, ok := err.(*SyntaxError)
			if !ok || se.Line < 1 || se.Code == "" {
				t.Errorf("%s: untyped read error %v", mg.file, err)
			}
			if why, ok := refusedRecords[mg.file]; kind != "fixture" && (!ok || se.Code != CodeUnsupportedEncoding) {
				t.Errorf("%s (%s): a real game must read: %v", mg.file, kind, err)
			} else if ok {
				t.Logf("%s refused as it should be: %s", mg.file, why)
			}
			counts[kind+" syntax-error"]++
			continue
		case len(rep.Problems) == 0:
			counts[kind+" ok"]++
		case len(rep.Errors()) == 0:
			counts[kind+" mismatch"]++
		default:
			counts[kind+" invalid"]++
		}
		for _, p := range rep.Problems {
			if p.Line < 1 || p.Code == "" || p.Msg == "" {
				t.Errorf("%s: problem without line, code or message: %+v", mg.file, p)
			}
			if IsScoreDisagreement(p.Code) && p.Recorded == p.Computed {
				t.Errorf("%s:%d: a disagreement with equal numbers: %+v", mg.file, p.Line, p)
			}
		}
		if kind != "human-vs-bot" && kind != "ai-selfplay(quackle)" {
			continue
		}
		if d, ok := knownRecordDefects[mg.file]; ok {
			if len(rep.Problems) != 1 || rep.Problems[0].Code != d.code || rep.Problems[0].Computed != d.computed {
				t.Errorf("%s: want exactly the known defect (%s): got %+v", mg.file, d.why, rep.Problems)
			}
			continue
		}
		if len(rep.Problems) > 0 {
			t.Errorf("%s (%s): engine-written game disagrees: %+v", mg.file, kind, rep.Problems)
			continue
		}
		for i, p := range rec.Players {
			if want, ok := mg.finals[p.Nick]; ok && rep.Result.Final[i] != want {
				t.Errorf("%s: %s final %d, recorded %d", mg.file, p.Nick, rep.Result.Final[i], want)
			}
		}
	}
	t.Logf("conformance over %d records: %v", len(games), counts)
}

// TestMagpieSemanticErrors: each fixture that reads but breaks a rule of
// the game yields its own typed problem at the right line.
func TestMagpieSemanticErrors(t *testing.T) {
	cases := []struct {
		file string
		line int
		code string
	}{
		{"jvc56+MAGPIE-DATA/challenge_bonus_without_play.gcg", 24, string(scoring.CodeNothingToUndo)},
		{"jvc56+MAGPIE-DATA/end_game_event_before_game_end.gcg", 18, string(scoring.CodeGameNotOver)},
		{"jvc56+MAGPIE-DATA/end_rack_points_incorrect.gcg", 36, CodeEndRackPoints},
		{"jvc56+MAGPIE-DATA/event_after_last_rack.gcg", 37, CodeEventAfterRack},
		{"jvc56+MAGPIE-DATA/exchange_not_in_rack.gcg", 6, string(scoring.CodeNotOnRack)},
		{"jvc56+MAGPIE-DATA/first_rack_not_in_bag.gcg", 13, string(scoring.CodeRackNotInBag)},
		{"jvc56+MAGPIE-DATA/game_event_off_turn.gcg", 15, string(scoring.CodeWrongPlayer)},
		{"jvc56+MAGPIE-DATA/invalid_challenge_bonus_player_index.gcg", 24, string(scoring.CodeNothingToUndo)},
		{"jvc56+MAGPIE-DATA/invalid_phony_tiles_player_index.gcg", 22, CodeWithdrawnRack},
		{"jvc56+MAGPIE-DATA/invalid_tile_placement.gcg", 27, string(scoring.CodeOffBoard)},
		{"jvc56+MAGPIE-DATA/last_rack1_not_in_bag.gcg", 14, string(scoring.CodeRackNotInBag)},
		{"jvc56+MAGPIE-DATA/last_rack2_not_in_bag.gcg", 13, string(scoring.CodeRackNotInBag)},
		{"jvc56+MAGPIE-DATA/last_rack_penalty_incorrect.gcg", 17, CodeEndRackPoints},
		{"jvc56+MAGPIE-DATA/midgame_rack_not_in_bag.gcg", 35, string(scoring.CodeRackNotInBag)},
		{"jvc56+MAGPIE-DATA/move_event_after_game_end.gcg", 45, string(scoring.CodeGameOver)},
		{"jvc56+MAGPIE-DATA/phony_tiles_returned_mismatch.gcg", 22, CodeWithdrawnRack},
		{"jvc56+MAGPIE-DATA/phony_tiles_returned_with_no_play.gcg", 35, string(scoring.CodeNothingToUndo)},
		{"jvc56+MAGPIE-DATA/play_out_of_bounds.gcg", 18, string(scoring.CodeOffBoard)},
		{"jvc56+MAGPIE-DATA/played_tile_not_in_rack.gcg", 9, string(scoring.CodeNotOnRack)},
		{"jvc56+MAGPIE-DATA/six_pass_cumulative_scoring_error.gcg", 17, CodeCumulative},
		{"jvc56+MAGPIE-DATA/standard_cumulative_scoring_error.gcg", 15, CodeCumulative},
		{"jvc56+MAGPIE-DATA/time_penalty_before_rack_penalties.gcg", 16, CodeEndRackOrder},
		{"jvc56+MAGPIE-DATA/time_penalty_between_rack_penalties.gcg", 18, CodeEndRackOrder},
		{"jvc56+MAGPIE-DATA/time_penalty_duplicate.gcg", 47, string(scoring.CodeDuplicate)},
		{"jvc56+MAGPIE-DATA/time_penalty_first_event.gcg", 12, string(scoring.CodeGameNotOver)},
		{"jvc56+MAGPIE-DATA/time_penalty_midgame.gcg", 15, string(scoring.CodeGameNotOver)},
		{"jvc56+MAGPIE-DATA/unrecognized_game_variant.gcg", 2, CodeUnsupportedRules},
		{"jvc56+MAGPIE/six_pass_last_rack_malformed.gcg", 15, CodeEndRackWrong},
		{"jvc56+MAGPIE/phony_tiles_returned_with_no_play.gcg", 33, CodeWithdrawnRack},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(filepath.Dir(tc.file))+"/"+filepath.Base(tc.file), func(t *testing.T) {
			_, rep, err := checkShared(t, filepath.Join(sharedDir(t), "gcg", tc.file))
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			if len(rep.Problems) == 0 {
				t.Fatalf("no problem reported; want %s at line %d", tc.code, tc.line)
			}
			if p := rep.Problems[0]; p.Line != tc.line || p.Code != tc.code {
				t.Errorf("first problem %s at line %d (%s); want %s at line %d", p.Code, p.Line, p.Msg, tc.code, tc.line)
			}
		})
	}
}
