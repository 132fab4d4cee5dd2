package gcg

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenCases are the hand-written records under testdata/, each with the
// dialect quirks it is there to pin down. Their parse is compared with
// testdata/golden/NAME.json (go test -run TestReadGolden -update rewrites).
var goldenCases = []struct {
	file   string
	covers string
}{
	{"full_game.gcg", "every event kind, header and unknown pragmas, multi-line note"},
	{"quackle_dialect.gcg", "no encoding line, lowercase coordinates, column padding, words after the cumulative, missing name, counted exchange, unsigned score, missing cumulative, +-N, empty-rack time penalty, #incomplete, #rackN"},
	{"latin1_crlf.gcg", "undeclared ISO-8859-1, CRLF"},
	{"latin1_declared_cr.gcg", "declared ISO-8859-1, lone CR line endings"},
	{"german_bom.gcg", "UTF-8 byte order mark, umlauts in nicks, racks and words, #orientation"},
	{"polish.gcg", "Polish letters in racks and words, numeric nicks"},
	{"odd_nicks.gcg", "a nick with ':' that another nick prefixes, symbols in nicks, 21x21 positions, note before events, blank lines in a note, indented continuation"},
	{"multiplayer.gcg", "four players declared out of order, empty-rack challenge"},
	{"teams.gcg", "the #teams extension, given before the players and in another order; a 2-vs-2 game's end-of-game lines"},
	{"director_ended.gcg", "a game the director ended where it stood: a #note, then a player's own rack line in a game still on"},
	{"long_note.gcg", "an annotator's #note of 10,000 characters on one line (lines have no length limit of their own)"},
}

func TestReadGolden(t *testing.T) {
	listed := map[string]bool{}
	for _, tc := range goldenCases {
		listed[tc.file] = true
		t.Run(tc.file, func(t *testing.T) {
			rec, err := ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatalf("%s (%s): %v", tc.file, tc.covers, err)
			}
			got := goldenJSON(t, rec)
			path := filepath.Join("testdata", "golden", strings.TrimSuffix(tc.file, ".gcg")+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s (%s): parse differs from %s\ngot:\n%s", tc.file, tc.covers, path, got)
			}
		})
	}
	all, _ := filepath.Glob(filepath.Join("testdata", "*.gcg"))
	for _, f := range all {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s is not in goldenCases", f)
		}
	}
}

// goldenEvent shows the kind by name: golden files are read by people.
type goldenEvent struct {
	Event
	Kind string
}

type goldenRecord struct {
	*Record
	Events []goldenEvent
}

var goldenKindNames = map[EventKind]string{
	Play: "play", Exchange: "exchange", Pass: "pass", Withdrawn: "withdrawn",
	ChallengeBonus: "challenge-bonus", EndRackPoints: "end-rack-points",
	EndRackPenalty: "end-rack-penalty", TimePenalty: "time-penalty",
}

func goldenJSON(t *testing.T, rec *Record) []byte {
	t.Helper()
	view := goldenRecord{Record: rec}
	for _, e := range rec.Events {
		view.Events = append(view.Events, goldenEvent{Event: e, Kind: goldenKindNames[e.Kind]})
	}
	b, err := json.MarshalIndent(view, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// A record with every dialect at once, checked field by field, so a
// wrong golden file cannot hide a wrong reading.
func TestReadDialects(t *testing.T) {
	rec, err := Read([]byte("\uFEFF#player1 ann Ann Smith\r\n#player2 bo\r\n" +
		">ann:  ADEINRT  8g  DETRAIN  +72  72  TIRADE\r\n" +
		">bo: EEHLLOY h6 .ELLO +12\r\n" +
		">ann: AEIOUUV -7 0 72\r\n" +
		">bo: EHLOY -HLY +0 12\r\n" +
		">ann: AEIOUUV - +0 72\r\n" +
		">bo: EOOY -- -12 0\r\n" +
		">ann: AEIOUUV (challenge) +5 77\r\n" +
		">bo: EOOY (time) -10 -10\r\n" +
		">ann:  (EOOY) +14 91\r\n" +
		">bo: EOOY (EOOY) +-7 -17\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{
		{Line: 3, Kind: Play, Nick: "ann", Rack: "ADEINRT", Position: "8G", Word: "DETRAIN", Score: 72, Cumulative: 72, HasCumulative: true, Trailing: "TIRADE"},
		{Line: 4, Kind: Play, Nick: "bo", Rack: "EEHLLOY", Position: "H6", Word: ".ELLO", Score: 12},
		{Line: 5, Kind: Exchange, Nick: "ann", Rack: "AEIOUUV", Count: 7, Cumulative: 72, HasCumulative: true},
		{Line: 6, Kind: Exchange, Nick: "bo", Rack: "EHLOY", Exchanged: "HLY", Count: 3, Cumulative: 12, HasCumulative: true},
		{Line: 7, Kind: Pass, Nick: "ann", Rack: "AEIOUUV", Cumulative: 72, HasCumulative: true},
		{Line: 8, Kind: Withdrawn, Nick: "bo", Rack: "EOOY", Score: -12, HasCumulative: true},
		{Line: 9, Kind: ChallengeBonus, Nick: "ann", Rack: "AEIOUUV", Score: 5, Cumulative: 77, HasCumulative: true},
		{Line: 10, Kind: TimePenalty, Nick: "bo", Rack: "EOOY", Score: -10, Cumulative: -10, HasCumulative: true},
		{Line: 11, Kind: EndRackPoints, Nick: "ann", EndRack: "EOOY", Score: 14, Cumulative: 91, HasCumulative: true},
		{Line: 12, Kind: EndRackPenalty, Nick: "bo", Rack: "EOOY", EndRack: "EOOY", Score: -7, Cumulative: -17, HasCumulative: true},
	}
	if !reflect.DeepEqual(rec.Events, want) {
		t.Errorf("events:\ngot  %+v\nwant %+v", rec.Events, want)
	}
	wantPlayers := []Player{{Number: 1, Nick: "ann", Name: "Ann Smith", Line: 1}, {Number: 2, Nick: "bo", Name: "bo", Line: 2}}
	if !reflect.DeepEqual(rec.Players, wantPlayers) {
		t.Errorf("players: got %+v, want %+v", rec.Players, wantPlayers)
	}
	if rec.Encoding != "UTF-8" {
		t.Errorf("encoding %q, want UTF-8", rec.Encoding)
	}
}

// "(time)" and "(challenge)" are words only in lower case; in capitals
// they are tiles left on a rack.
func TestReadTimeIsNotTIME(t *testing.T) {
	rec, err := Read([]byte("#player1 a A\n#player2 b B\n>a:  (TIME) +12 12\n>b: EIMT (TIME) -6 -6\n>b: EIMT (time) -10 -16\n"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []EventKind{EndRackPoints, EndRackPenalty, TimePenalty} {
		if got := rec.Events[i].Kind; got != want {
			t.Errorf("event %d: kind %d, want %d", i, got, want)
		}
	}
}

func TestReadEncodings(t *testing.T) {
	for _, tc := range []struct {
		name, input, wantEncoding, wantNick string
	}{
		{"undeclared UTF-8", "#player1 césar césar\n#player2 b b\n", "UTF-8", "césar"},
		{"undeclared Latin-1", "#player1 c\xe9sar c\n#player2 b b\n", "ISO-8859-1", "césar"},
		{"declared latin1 wins over valid UTF-8", "#character-encoding latin1\n#player1 cÃ©sar c\n#player2 b b\n", "ISO-8859-1", "cÃ\u0083Â©sar"},
		{"declared utf8 spelled loosely", "#character-encoding utf8\n#player1 césar c\n#player2 b b\n", "UTF-8", "césar"},
		{"encoding after blank lines", "\n\n#character-encoding ISO 8859-1\n#player1 c\xe9sar c\n#player2 b b\n", "ISO-8859-1", "césar"},
	} {
		rec, err := Read([]byte(tc.input))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if rec.Encoding != tc.wantEncoding || rec.Players[0].Nick != tc.wantNick {
			t.Errorf("%s: encoding %q nick %q, want %q %q", tc.name, rec.Encoding, rec.Players[0].Nick, tc.wantEncoding, tc.wantNick)
		}
	}
}

func TestReadNotes(t *testing.T) {
	rec, err := Read([]byte("#note before anything\n#player1 a a\n#player2 b b\n#note still before\n" +
		">a: ABC 8D CAB +7 7\n#note first line\n  second line  \n\nthird line\n#custom x\n>b: DEF 9D FED +8 8\n#note\nafter an empty first line\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Note{
		{AfterEvent: 0, Text: "before anything", Line: 1},
		{AfterEvent: 0, Text: "still before", Line: 4},
		{AfterEvent: 1, Text: "first line\nsecond line\nthird line", Line: 6},
		{AfterEvent: 2, Text: "\nafter an empty first line", Line: 12},
	}
	if !reflect.DeepEqual(rec.Notes, want) {
		t.Errorf("notes:\ngot  %+v\nwant %+v", rec.Notes, want)
	}
}

// One case per syntax error code (MAGPIE's habit: every rule has a name
// and a test that it is caught), with the line it must be reported at.
func TestReadSyntaxErrors(t *testing.T) {
	const players = "#player1 a Ann\n#player2 b Bo\n"
	for _, tc := range []struct {
		code  string
		line  int
		input string
	}{
		{CodeEmptyRecord, 1, ""},
		{CodeEmptyRecord, 1, "\n  \r\n\t\n"},
		{CodeEmptyRecord, 1, "#character-encoding UTF-8\n"},
		{CodeRecordTooLarge, 1, strings.Repeat("x", MaxRecordSize+1)},
		{CodeRecordTooLarge, 1, strings.Repeat("\xe9", MaxRecordSize/2+1)}, // twice as long in UTF-8
		{CodeUnsupportedEncoding, 1, "#character-encoding ASCII\n" + players},
		{CodeUnsupportedEncoding, 1, "#character-encoding\n" + players},
		{CodeUnsupportedEncoding, 1, "\xff\xfe#\x00p\x00"},
		{CodeInvalidUTF8, 3, "#character-encoding UTF-8\n" + "#player1 a Ann\n#player2 b B\xe9\n"},
		{CodeEncodingNotFirst, 3, players + "#character-encoding UTF-8\n"},
		{CodeEncodingNotFirst, 2, "#character-encoding UTF-8\n#character-encoding UTF-8\n" + players},
		{CodeLineTooLong, 3, players + "#player3 c " + strings.Repeat("é", MaxLineLength) + "\n"},
		{CodeLineTooLong, 1, "#player1 " + strings.Repeat("n", MaxLineLength/2) + "\n"}, // written twice
		{CodeStrayText, 3, players + "just some words\n"},
		{CodeMalformedPlayer, 1, "#player1\n"},
		{CodeMalformedPlayer, 1, "#player0 a Ann\n"},
		{CodeMalformedPlayer, 1, "#player100 a Ann\n"},
		{CodeMalformedPlayer, 1, "#player a Ann\n"},
		{CodePlayerNumberRedundant, 2, "#player1 a Ann\n#player1 b Bo\n"},
		{CodePlayerNumberGap, 2, "#player1 a Ann\n#player3 c Cy\n>a: A 8H A +1 1\n"},
		{CodePlayerNumberGap, 1, "#player2 b Bo\n"},
		{CodeDuplicateNick, 2, "#player1 a Ann\n#player2 a Bo\n>a: A 8H A +1 1\n>b: B 9H B +1 1\n"},
		{CodeRedundantPragma, 2, "#lexicon CSW21\n#LEXICON NWL23\n" + players},
		{CodeRedundantPragma, 4, players + "#rack1 ABC\n#rack1 DEF\n"},
		{CodePragmaAfterEvents, 4, players + ">a: A 8H A +1 1\n#title late\n"},
		{CodePragmaAfterEvents, 4, players + ">a: A 8H A +1 1\n#player3 c Cy\n"},
		{CodeEventBeforePlayers, 2, "#player1 a Ann\n>a: A 8H A +1 1\n#player2 b Bo\n"},
		{CodeUnknownPlayer, 3, players + ">c: A 8H A +1 1\n"},
		{CodeUnknownPlayer, 4, players + ">a : A 8H A +1 1\n>A: B 8H B +1 1\n"}, // nicks are case-sensitive
		{CodeUnknownPlayer, 3, players + "#rack3 ABC\n"},
		{CodeTooManyEvents, 3 + MaxEvents, players + strings.Repeat(">a: - +0 0\n", MaxEvents+1)},
		{CodeMalformedEvent, 3, players + ">a A 8H A +1 1\n"},
		{CodeMalformedEvent, 3, players + ">a:\n"},
		{CodeMalformedEvent, 3, players + ">a: ABC\n"},
		{CodeMalformedEvent, 3, players + ">a: ABC CAB +5 5\n"},
		{CodeMalformedEvent, 3, players + ">a: ABC (ABC +5 5\n"},
		{CodeMalformedRack, 3, players + ">a: AB3 8H AB +5 5\n"},
		{CodeMalformedRack, 3, players + ">a: A.B 8H AB +5 5\n"},
		{CodeMalformedRack, 3, players + ">a: (A#) +5 5\n"},
		{CodeMalformedRack, 3, players + ">a: AB () +5 5\n"},
		{CodeMalformedRack, 3, players + "#rack1 A B\n"},
		{CodeMalformedRack, 3, players + "#rack1\n"},
		{CodeMalformedPlay, 3, players + ">a: ABC 8H A2B +5 5\n"},
		{CodeMalformedPlay, 3, players + ">a: ABC 8H +5 5\n"},
		{CodeMalformedPlay, 3, players + ">a: ABC 888H CAB +5 5\n"},
		{CodeMalformedExchange, 3, players + ">a: ABC -A.B +0 5\n"},
		{CodeMalformedExchange, 3, players + ">a: ABC -0 +0 5\n"},
		{CodeMalformedExchange, 3, players + ">a: ABC --- +0 5\n"},
		{CodeMalformedScore, 3, players + ">a: ABC 8H CAB\n"},
		{CodeMalformedScore, 3, players + ">a: ABC 8H CAB +x5 5\n"},
		{CodeMalformedScore, 3, players + ">a: ABC 8H CAB +1234567890 5\n"},
	} {
		_, err := Read([]byte(tc.input))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: got %v, want a *SyntaxError for %.60q", tc.code, err, tc.input)
			continue
		}
		if se.Code != tc.code || se.Line != tc.line {
			t.Errorf("%.60q: got %v, want %s at line %d", tc.input, se, tc.code, tc.line)
		}
	}
}

func TestSyntaxErrorMessage(t *testing.T) {
	err := &SyntaxError{Line: 7, Code: CodeMalformedPlay, Msg: `word "A2" is not letters and '.'`}
	if got, want := err.Error(), `line 7: word "A2" is not letters and '.' (malformed-play)`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func BenchmarkRead(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "full_game.gcg"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(data); err != nil {
			b.Fatal(err)
		}
	}
}

// Lines have no length limit of their own (only the record as a whole
// has): a note, a header pragma, a note's continuation and an event's
// trailing text of 10,000 characters read, and Write writes them back
// whole, so that they read back the same.
func TestLongLines(t *testing.T) {
	const players = "#player1 a A\n#player2 b B\n"
	long := strings.Repeat("word é ", 10_000/7) + "ends" // 10,000 characters, more bytes
	if n := utf8.RuneCountInString(long); n != 10_000 {
		t.Fatalf("test text has %d characters", n)
	}
	for _, tc := range []struct {
		name, input string
		text        func(*Record) string
	}{
		{"note", players + "#note " + long + "\n", func(r *Record) string { return r.Notes[0].Text }},
		{"note continuation", players + "#note first\n" + long + "\n", func(r *Record) string { return strings.TrimPrefix(r.Notes[0].Text, "first\n") }},
		{"header pragma", "#description " + long + "\n" + players, func(r *Record) string { return r.Pragmas[0].Value }},
		{"event trailing text", players + ">a:(X) 5 5 " + long + "\n", func(r *Record) string { return r.Events[0].Trailing }},
		{"CRLF note", strings.ReplaceAll(players+"#note "+long+"\n", "\n", "\r\n"), func(r *Record) string { return r.Notes[0].Text }},
	} {
		rec, err := Read([]byte(tc.input))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := tc.text(rec); got != long {
			t.Errorf("%s: read %d characters, want the 10,000 written", tc.name, utf8.RuneCountInString(got))
		}
		checkRoundTrip(t, tc.name, rec)
	}
}

// The real record in testdata with a 10,000-character note: it reads, and
// Marshal writes the note on one line that reads back identical.
func TestLongNoteRoundTrip(t *testing.T) {
	rec, err := ReadFile(filepath.Join("testdata", "long_note.gcg"))
	if err != nil {
		t.Fatal(err)
	}
	note := rec.Notes[0].Text
	if n := utf8.RuneCountInString(note); n != 10_000 {
		t.Fatalf("note has %d characters, want 10,000", n)
	}
	out := Marshal(rec)
	if !bytes.Contains(out, []byte("\n#note "+note+"\n")) {
		t.Errorf("Marshal did not write the note whole on one line")
	}
	again, err := Read(out)
	if err != nil {
		t.Fatal(err)
	}
	if again.Notes[0].Text != note {
		t.Errorf("the note changed on the round trip")
	}
	checkRoundTrip(t, "long_note.gcg", rec)
}

// #playerN lines keep a limit, as written out: a nick is repeated on every
// event line, and written twice when no name is given.
func TestPlayerLineLimit(t *testing.T) {
	line := func(nick, name string) string { return "#player1 " + nick + " " + name + "\n" }
	atLimit := line("n", strings.Repeat("é", MaxLineLength-len("#player1 n ")))
	rec, err := Read([]byte(atLimit))
	if err != nil {
		t.Fatalf("a #player line of %d characters: %v", MaxLineLength, err)
	}
	checkRoundTrip(t, "#player line at the limit", rec)
	overLimit := line("n", strings.Repeat("é", MaxLineLength-len("#player1 n ")+1))
	if _, err := Read([]byte(overLimit)); !isCode(err, CodeLineTooLong) {
		t.Errorf("a #player line over the limit: got %v, want %s", err, CodeLineTooLong)
	}
	nick := strings.Repeat("n", (MaxLineLength-len("#player1  "))/2)
	rec, err = Read([]byte("#player1 " + nick + "\n"))
	if err != nil {
		t.Fatalf("a nick that fits twice: %v", err)
	}
	checkRoundTrip(t, "nick written twice", rec)
	if _, err := Read([]byte("#player1 " + nick + "n\n")); !isCode(err, CodeLineTooLong) {
		t.Errorf("a nick too long to write twice: got %v, want %s", err, CodeLineTooLong)
	}
}

// A file over MaxRecordSize is refused with CodeRecordTooLarge at the
// line where it passes the bound; ReadFile reads no more than that.
func TestReadFileTooLarge(t *testing.T) {
	note := "#note " + strings.Repeat("x", 100_000) + "\n"
	data := []byte("#player1 a A\n#player2 b B\n" + strings.Repeat(note, 11)) // 1.1 MB, 13 lines
	path := filepath.Join(t.TempDir(), "big.gcg")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path)
	var se *SyntaxError
	if !errors.As(err, &se) || se.Code != CodeRecordTooLarge || se.Line != 13 {
		t.Errorf("got %v, want %s at line 13", err, CodeRecordTooLarge)
	}
	r := &Reader{}
	if _, err := r.ReadFile(path); !isCode(err, CodeRecordTooLarge) {
		t.Errorf("Reader: got %v, want %s", err, CodeRecordTooLarge)
	}
	if cap(r.buf) > MaxRecordSize+1+bytes.MinRead {
		t.Errorf("Reader kept %d bytes for a record bounded at %d", cap(r.buf), MaxRecordSize)
	}
}

func isCode(err error, code string) bool {
	var se *SyntaxError
	return errors.As(err, &se) && se.Code == code
}

// A record just under MaxRecordSize that Write would take over it is
// refused; one a little smaller reads and round-trips.
func TestRecordLimitAsWritten(t *testing.T) {
	record := func(size int) []byte {
		b := []byte("#player1 a A\n#player2 b B\n" + strings.Repeat(">a:(X) 5 5\n", MaxEvents))
		note := "#note " + strings.Repeat("x", 400) + "\n"
		for len(b)+len(note) <= size {
			b = append(b, note...)
		}
		return append(b, strings.Repeat("#", size-len(b))...)
	}
	if _, err := Read(record(MaxRecordSize)); !isCode(err, CodeRecordTooLarge) {
		t.Errorf("got %v, want %s", err, CodeRecordTooLarge)
	}
	rec, err := Read(record(MaxRecordSize - 1000))
	if err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, "record near the size limit", rec)
}
