package gcg

import (
	"bytes"
	"errors"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// withoutLines returns a copy of r without what a rewrite may change: line
// numbers and the encoding the bytes were in.
func withoutLines(r *Record) Record {
	c := *r
	c.Encoding = ""
	c.TeamsLine = 0
	c.Players = append([]Player(nil), r.Players...)
	for i := range c.Players {
		c.Players[i].Line = 0
	}
	c.Pragmas = append([]Pragma(nil), r.Pragmas...)
	for i := range c.Pragmas {
		c.Pragmas[i].Line = 0
	}
	c.Events = append([]Event(nil), r.Events...)
	for i := range c.Events {
		c.Events[i].Line = 0
	}
	c.Notes = append([]Note(nil), r.Notes...)
	for i := range c.Notes {
		c.Notes[i].Line = 0
	}
	c.Racks = append([]FinalRack(nil), r.Racks...)
	for i := range c.Racks {
		c.Racks[i].Line = 0
	}
	return c
}

// checkRoundTrip asserts Read(Marshal(rec)) == rec, lines and encoding aside.
func checkRoundTrip(t *testing.T, name string, rec *Record) {
	t.Helper()
	out := Marshal(rec)
	if out == nil {
		t.Errorf("%s: Marshal refused a record Read produced", name)
		return
	}
	again, err := Read(out)
	if err != nil {
		t.Errorf("%s: rewritten record does not read: %v\n%s", name, err, out)
		return
	}
	if a, b := withoutLines(rec), withoutLines(again); !reflect.DeepEqual(a, b) {
		t.Errorf("%s: rewritten record reads differently\nfirst:  %+v\nsecond: %+v\n%s", name, a, b, out)
	}
}

func TestRoundTripShared(t *testing.T) {
	root := filepath.Join(sharedDir(t), "gcg")
	read := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".gcg") {
			return err
		}
		rec, err := ReadFile(path)
		if err != nil {
			return nil // fixtures meant to fail; TestReadSharedRecords judges them
		}
		read++
		checkRoundTrip(t, path, rec)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 400 {
		t.Errorf("only %d shared records read", read)
	}
}

func TestRoundTripTestdata(t *testing.T) {
	for _, tc := range goldenCases {
		rec, err := ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		checkRoundTrip(t, tc.file, rec)
	}
}

// Write puts every dialect into one canonical form.
func TestWriteCanonical(t *testing.T) {
	in := "#player2 bo\r\n#title  Two  spaces \r\n#player1 ann Ann Smith\r\n#note before\r\n" +
		">ann:  ADEINRT  8g  DETRAIN  +72  72  TIRADE\r\n" +
		"#note two\r\nlines\r\n" +
		">bo: EEHLLOY h6 .ELLO +12\r\n" +
		">ann: AEIOUUV -7 0 72\r\n" +
		">bo: EHLOY -HLY +0 12\r\n" +
		">ann: AEIOUUV - +0 72\r\n" +
		">bo: EOOY --  -12 0\r\n" +
		">ann: AEIOUUV (challenge) +5 77\r\n" +
		">bo: EOOY (time) -10 -10\r\n" +
		">ann:  (EOOY) +14 91\r\n" +
		">bo: EOOY (EOOY) +-7 -17\r\n" +
		"#rack2 EOOY\r\n" +
		"#incomplete\r\n"
	want := `#character-encoding UTF-8
#title Two  spaces
#incomplete
#player1 ann Ann Smith
#player2 bo bo
#note before
>ann: ADEINRT 8G DETRAIN +72 72 TIRADE
#note two
lines
>bo: EEHLLOY H6 .ELLO +12
>ann: AEIOUUV -7 +0 72
>bo: EHLOY -HLY +0 12
>ann: AEIOUUV - +0 72
>bo: EOOY -- -12 0
>ann: AEIOUUV (challenge) +5 77
>bo: EOOY (time) -10 -10
>ann:  (EOOY) +14 91
>bo: EOOY (EOOY) -7 -17
#rack2 EOOY
`
	rec, err := Read([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// Write refuses what would not read back as the same record: an injected
// line break must not smuggle in an event.
func TestWriteRefuses(t *testing.T) {
	base := func() *Record {
		return &Record{
			Players: []Player{{Number: 1, Nick: "a", Name: "A"}, {Number: 2, Nick: "b", Name: "B"}},
			Events:  []Event{{Kind: Play, Nick: "a", Rack: "ABC", Position: "8D", Word: "CAB", Score: 7}},
		}
	}
	for name, spoil := range map[string]func(r *Record){
		"name with a line break":         func(r *Record) { r.Players[0].Name = "A\n>b: X 8D X +99 99" },
		"nick with a space":              func(r *Record) { r.Players[0].Nick = "a a" },
		"player number 0":                func(r *Record) { r.Players[0].Number = 0 },
		"pragma value line break":        func(r *Record) { r.Pragmas = []Pragma{{Name: "title", Value: "x\ny"}} },
		"pragma named like a note":       func(r *Record) { r.Pragmas = []Pragma{{Name: "note", Value: "x"}} },
		"pragma named like a rack":       func(r *Record) { r.Pragmas = []Pragma{{Name: "rack1", Value: "ABC"}} },
		"note line starting with >":      func(r *Record) { r.Notes = []Note{{Text: "ok\n>b: X 8D X +99 99"}} },
		"unknown kind":                   func(r *Record) { r.Events[0].Kind = 0 },
		"bad position":                   func(r *Record) { r.Events[0].Position = "8" },
		"word with a digit":              func(r *Record) { r.Events[0].Word = "C4B" },
		"rack with a space":              func(r *Record) { r.Events[0].Rack = "A C" },
		"exchange of nothing":            func(r *Record) { r.Events[0] = Event{Kind: Exchange, Nick: "a"} },
		"end points with a rack":         func(r *Record) { r.Events[0] = Event{Kind: EndRackPoints, Nick: "a", Rack: "X", EndRack: "X"} },
		"end penalty without rack":       func(r *Record) { r.Events[0] = Event{Kind: EndRackPenalty, Nick: "a", EndRack: "X"} },
		"trailing number, no cumulative": func(r *Record) { r.Events[0].Trailing = "12 more" },
		"ten-digit score":                func(r *Record) { r.Events[0].Score = 1234567890 },
		"nameless pragma with a value":   func(r *Record) { r.Pragmas = []Pragma{{Value: "lexicon X"}} },
		"exchange count mismatch":        func(r *Record) { r.Events[0] = Event{Kind: Exchange, Nick: "a", Exchanged: "AB", Count: 5} },
		"end rack spelling (time)":       func(r *Record) { r.Events[0] = Event{Kind: EndRackPoints, Nick: "a", EndRack: "time"} },
		"final rack with a dot":          func(r *Record) { r.Racks = []FinalRack{{Player: 1, Rack: "A.B"}} },
	} {
		r := base()
		if Marshal(r) == nil {
			t.Fatalf("base record refused")
		}
		spoil(r)
		if err := Write(&bytes.Buffer{}, r); err == nil {
			t.Errorf("%s: written without error", name)
		}
		if Marshal(r) != nil {
			t.Errorf("%s: Marshal returned bytes", name)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWritePassesWriterError(t *testing.T) {
	rec, err := ReadFile(filepath.Join("testdata", "full_game.gcg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(failingWriter{}, rec); err == nil || err.Error() != "disk full" {
		t.Errorf("got %v, want the writer's error", err)
	}
}
