package gcg

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// magpieFixtures decides, for every MAGPIE parser fixture, whether its
// fault is one of syntax (Read must fail with that code at that line) or
// of the game (Read succeeds, code ""; Check replays the record and
// reports it). MAGPIE mixes both in one parser; here the line is drawn at
// what can be told without knowing the rules, the board or the bag.
var magpieFixtures = []struct {
	dir, file string
	code      string
	line      int
	why       string
}{
	// jvc56+MAGPIE
	{magpie, "description_after_events.gcg", CodePragmaAfterEvents, 30, "#description after the first event"},
	{magpie, "encoding_wrong_place.gcg", CodeEncodingNotFirst, 19, "#character-encoding on line 19"},
	{magpie, "exchange_malformed.gcg", CodeMalformedExchange, 5, `"-K.OI": '.' is a board tile, not one to exchange`},
	{magpie, "exchange_not_in_rack.gcg", "", 0, "exchanging tiles not on the rack is a game fault"},
	{magpie, "game_events_overflow.gcg", CodeTooManyEvents, 208, "216 events, limit 200"},
	{magpie, "invalid_tile_placement.gcg", "", 0, "M70 is well formed; that row 70 is off a 15x15 board is for Check"},
	{magpie, "line_overflow.gcg", "", 0, "reads (and replays ok): its one fault for MAGPIE is a 514-character #note line; MAGPIE's fixed line buffer is its own limit, not a rule of GCG, and real annotated records have longer notes (errors.go, EXTENSIONS.md)"},
	{magpie, "lowercase_tile_placement.gcg", "", 0, "b10 is read as B10 (MAGPIE rejects it; Quackle writes it)"},
	{magpie, "lowercase_tile_placement__core-testdata.gcg", "", 0, "b10 is read as B10"},
	{magpie, "malformed_play.gcg", CodeMalformedPlay, 10, `word "D.CR2IaLS" holds a digit`},
	{magpie, "malformed_rack.gcg", CodeMalformedRack, 29, `rack "KLMO8RTV" holds a digit`},
	{magpie, "many_moves.gcg", "", 0, "a short valid game"},
	{magpie, "no_matching_token.gcg", CodeMalformedEvent, 9, "rack, word, score: no position, no event form fits"},
	{magpie, "phony_tiles_returned_with_no_play.gcg", "", 0, "withdrawing what was not played is a game fault"},
	{magpie, "play_out_of_bounds.gcg", "", 0, "H9 .PILATES runs off the board: a game fault"},
	{magpie, "played_tile_not_in_rack.gcg", "", 0, "UNITERS not on the rack: a game fault"},
	{magpie, "player_does_not_exist.gcg", CodeUnknownPlayer, 29, ">Jack: names no player"},
	{magpie, "six_exchange.gcg", "", 0, "valid"},
	{magpie, "six_pass.gcg", "", 0, "valid"},
	{magpie, "six_pass_last_rack_malformed.gcg", "", 0, "penalty rack differs from the tiles held: a game fault"},
	{magpie, "standard.gcg", "", 0, "valid"},
	{magpie, "success_standard.gcg", "", 0, "valid"},

	// jvc56+MAGPIE-DATA
	{magpieData, "challenge_bonus_rack_malformed.gcg", CodeMalformedRack, 24, `rack "DEII--R"`},
	{magpieData, "challenge_bonus_without_play.gcg", "", 0, "a bonus after a pass: a game fault"},
	{magpieData, "description_after_events.gcg", CodePragmaAfterEvents, 31, "#description after the first event"},
	{magpieData, "duplicate_names.gcg", "", 0, "two players may share a full name; nicks tell them apart (MAGPIE rejects it)"},
	{magpieData, "duplicate_nicknames.gcg", CodeDuplicateNick, 3, "#player2 repeats nick Tim and line 6 names Josh, who is no player"},
	{magpieData, "empty.gcg", CodeEmptyRecord, 1, "empty file"},
	{magpieData, "encoding_wrong_place.gcg", CodeEncodingNotFirst, 20, "#character-encoding on line 20"},
	{magpieData, "end_game_event_before_game_end.gcg", "", 0, "a time penalty mid-game: a game fault"},
	{magpieData, "end_penalty_rack_malformed.gcg", CodeMalformedRack, 15, `rack "?AEE3TT"`},
	{magpieData, "end_points_rack_malformed.gcg", CodeMalformedRack, 45, `end rack "(#)"`},
	{magpieData, "end_rack_points_incorrect.gcg", "", 0, "wrong end points: a scoring fault"},
	{magpieData, "event_after_last_rack.gcg", "", 0, "#rackN may stand anywhere; an event after it is for Check"},
	{magpieData, "exchange_malformed.gcg", CodeMalformedExchange, 6, `"-K.OI"`},
	{magpieData, "exchange_not_in_rack.gcg", "", 0, "a game fault"},
	{magpieData, "exchange_with_seven_in_bag.gcg", "", 0, "exchanging with too few tiles in the bag: a game fault"},
	{magpieData, "first_rack_not_in_bag.gcg", "", 0, "three Z: a tile-set fault"},
	{magpieData, "game_event_off_turn.gcg", "", 0, "turn order: a game fault"},
	{magpieData, "game_events_overflow.gcg", CodeTooManyEvents, 209, "234 events, limit 200"},
	{magpieData, "incomplete_after_exchange.gcg", "", 0, "valid unfinished record"},
	{magpieData, "incomplete_after_five_point_challenge.gcg", "", 0, "valid unfinished record"},
	{magpieData, "incomplete_after_pass.gcg", "", 0, "valid unfinished record"},
	{magpieData, "incomplete_after_phony_returned.gcg", "", 0, "valid unfinished record"},
	{magpieData, "incomplete_after_tile_placement.gcg", "", 0, "valid unfinished record"},
	{magpieData, "incomplete_with_last_rack_after_tile_placement.gcg", "", 0, "valid unfinished record"},
	{magpieData, "invalid_challenge_bonus_player_index.gcg", "", 0, "bonus to the wrong player: a game fault"},
	{magpieData, "invalid_phony_tiles_player_index.gcg", "", 0, "withdrawal by the wrong player: a game fault"},
	{magpieData, "invalid_tile_placement.gcg", "", 0, "M70 is well formed; off the board is for Check"},
	{magpieData, "last_rack1_not_in_bag.gcg", "", 0, "a tile-set fault"},
	{magpieData, "last_rack2_not_in_bag.gcg", "", 0, "a tile-set fault"},
	{magpieData, "last_rack_penalty_incorrect.gcg", "", 0, "a scoring fault"},
	{magpieData, "lexicon_missing.gcg", "", 0, "no #lexicon: the caller picks the rules"},
	{magpieData, "line_overflow.gcg", "", 0, "reads (and replays ok): its one fault for MAGPIE is a 514-character #note line; MAGPIE's fixed line buffer is its own limit, not a rule of GCG, and real annotated records have longer notes (errors.go, EXTENSIONS.md)"},
	{magpieData, "malformed_challenge_rack.gcg", CodeMalformedRack, 13, `rack "~!#"`},
	{magpieData, "malformed_play.gcg", CodeMalformedPlay, 11, `word "D.CR2IaLS"`},
	{magpieData, "malformed_rack.gcg", CodeMalformedRack, 30, `rack "KLMO8RTV"`},
	{magpieData, "midgame_rack_not_in_bag.gcg", "", 0, "a tile-set fault"},
	{magpieData, "move_before_player.gcg", CodeEventBeforePlayers, 3, "an event between #player1 and #player2"},
	{magpieData, "move_event_after_game_end.gcg", "", 0, "a game fault"},
	{magpieData, "muzaks_empyrean.gcg", "", 0, "valid"},
	{magpieData, "name_iso8859-1.gcg", "", 0, "undeclared ISO-8859-1, decoded"},
	{magpieData, "name_utf8_noheader.gcg", "", 0, "undeclared UTF-8, read as UTF-8 because it is valid UTF-8"},
	{magpieData, "name_utf8_with_header.gcg", "", 0, "valid"},
	{magpieData, "no_challenge_rack.gcg", "", 0, "an empty rack column is allowed"},
	{magpieData, "no_challenge_rack_mid.gcg", "", 0, "an empty rack column is allowed"},
	{magpieData, "no_challenge_rack_start.gcg", "", 0, "an empty rack column is allowed"},
	{magpieData, "no_matching_token.gcg", CodeMalformedEvent, 10, "rack, word, score: no event form fits"},
	{magpieData, "note_before_events.gcg", "", 0, "a note before the first event has AfterEvent 0 (MAGPIE rejects it)"},
	{magpieData, "oops_all_pragmas.gcg", "", 0, "players and no events: an unstarted game"},
	{magpieData, "out_in_many.gcg", "", 0, "valid"},
	{magpieData, "outplay_challenge_bonus.gcg", "", 0, "valid"},
	{magpieData, "partially_known_rack_from_phonies.gcg", "", 0, "valid"},
	{magpieData, "pass_rack_malformed.gcg", CodeMalformedRack, 28, `rack "HLMOO3Y"`},
	{magpieData, "phony_tiles_returned_mismatch.gcg", "", 0, "a game fault"},
	{magpieData, "phony_tiles_returned_with_no_play.gcg", "", 0, "a game fault"},
	{magpieData, "phony_with_empty_bag.gcg", "", 0, "valid"},
	{magpieData, "play_out_of_bounds.gcg", "", 0, "a board fault"},
	{magpieData, "played_tile_not_in_rack.gcg", "", 0, "a game fault"},
	{magpieData, "player_does_not_exist.gcg", CodeUnknownPlayer, 30, ">Jack: names no player"},
	{magpieData, "player_number_redundant.gcg", CodePlayerNumberRedundant, 3, "#player1 twice"},
	{magpieData, "redundant_pragma.gcg", CodeRedundantPragma, 5, "#title twice"},
	{magpieData, "resynchronized.gcg", "", 0, "valid"},
	{magpieData, "six_pass_cumulative_scoring_error.gcg", "", 0, "a scoring fault"},
	{magpieData, "six_pass_last_rack_malformed.gcg", "", 0, "a game fault"},
	{magpieData, "standard_cumulative_scoring_error.gcg", "", 0, "a scoring fault"},
	{magpieData, "success_five_point_challenge.gcg", "", 0, "valid"},
	{magpieData, "success_just_last_rack.gcg", "", 0, "valid"},
	{magpieData, "success_long_game.gcg", "", 0, "valid"},
	{magpieData, "success_six_pass.gcg", "", 0, "valid"},
	{magpieData, "success_standard.gcg", "", 0, "valid"},
	{magpieData, "time_penalty_before_rack_penalties.gcg", "", 0, "event order: a game fault"},
	{magpieData, "time_penalty_before_rack_points.gcg", "", 0, "event order: a game fault"},
	{magpieData, "time_penalty_between_rack_penalties.gcg", "", 0, "event order: a game fault"},
	{magpieData, "time_penalty_duplicate.gcg", "", 0, "a game fault"},
	{magpieData, "time_penalty_first_event.gcg", "", 0, "a game fault"},
	{magpieData, "time_penalty_midgame.gcg", "", 0, "a game fault"},
	{magpieData, "unrecognized_game_variant.gcg", "", 0, "#game-type is kept; which variants exist is for Check"},
	{magpieData, "unsupported_character_encoding.gcg", CodeUnsupportedEncoding, 1, "#character-encoding ASCII"},
	{magpieData, "utf8_dos.gcg", "", 0, "CRLF, blank lines, a note continued on the next line"},
	{magpieData, "vs_jeremy.gcg", "", 0, "valid"},
}

const (
	magpie     = "jvc56+MAGPIE"
	magpieData = "jvc56+MAGPIE-DATA"
)

func TestMagpieFixtures(t *testing.T) {
	root := filepath.Join(sharedDir(t), "gcg")
	listed := map[string]bool{}
	for _, tc := range magpieFixtures {
		name := tc.dir + "/" + tc.file
		listed[name] = true
		_, err := ReadFile(filepath.Join(root, tc.dir, tc.file))
		if tc.code == "" {
			if err != nil {
				t.Errorf("%s (%s): %v", name, tc.why, err)
			}
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) || se.Code != tc.code || se.Line != tc.line {
			t.Errorf("%s (%s): got %v, want %s at line %d", name, tc.why, err, tc.code, tc.line)
		}
	}
	for _, dir := range []string{magpie, magpieData} {
		entries, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !listed[dir+"/"+e.Name()] {
				t.Errorf("%s/%s is not in magpieFixtures: decide whether it is a syntax fault", dir, e.Name())
			}
		}
	}
}

// mislabeledFixtures are parser fixtures that MANIFEST.tsv files as games.
var mislabeledFixtures = map[string]string{
	// Macondo's TestParseUnsupportedEncoding expects this file to fail:
	// it declares ISO8859-6 (Arabic), which is not what its bytes are.
	"domino14+macondo/name_weird_encoding_with_header.gcg": CodeUnsupportedEncoding,
}

// Every record in shared/gcg: games (human, bot, Quackle self-play) must
// read; parser fixtures must read or fail with a located, coded error;
// nothing may panic.
func TestReadSharedRecords(t *testing.T) {
	root := filepath.Join(sharedDir(t), "gcg")
	manifest := sharedManifest(t)
	seen := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".gcg") {
			return err
		}
		seen++
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		entry, ok := manifest[rel]
		if !ok {
			t.Errorf("%s is not in MANIFEST.tsv", rel)
		}
		_, readErr := ReadFile(path)
		var se *SyntaxError
		switch {
		case readErr == nil:
		case !errors.As(readErr, &se):
			t.Errorf("%s: %v is not a *SyntaxError", rel, readErr)
		case se.Line <= 0 || se.Code == "":
			t.Errorf("%s: %v lacks a line or a code", rel, se)
		case mislabeledFixtures[rel] != "":
			if se.Code != mislabeledFixtures[rel] {
				t.Errorf("%s: got %v, want %s", rel, se, mislabeledFixtures[rel])
			}
		case ok && !entry.isFixture():
			t.Errorf("%s (%s): %v", rel, entry.Origin, se)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < len(manifest) {
		t.Errorf("read %d records, MANIFEST.tsv lists %d", seen, len(manifest))
	}
}
