package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"tourney/service"
)

// badNames break the one rule every name follows (service/names.go),
// each with the code it is refused with.
var badNames = []struct{ label, name, code string }{
	{"too long", strings.Repeat("x", service.MaxNameLength+1), "too-long"},
	{"NUL", "Ann\x00Lee", "bad-characters"},
	{"C0 bell", "Ann\x07Lee", "bad-characters"},
	{"C0 escape", "Ann\x1b[31mLee", "bad-characters"},
	{"DEL", "Ann\x7fLee", "bad-characters"},
	{"line break", "Ann\nLee", "bad-characters"},
	{"C1 NEL", "Ann\u0085Lee", "bad-characters"},
	{"C1 CSI", "Ann\u009bLee", "bad-characters"},
	{"line separator", "Ann\u2028Lee", "bad-characters"},
	{"right-to-left override", "Ann \u202eeeL", "bad-characters"},
	{"left-to-right embedding", "Ann \u202aLee", "bad-characters"},
	{"left-to-right isolate", "Ann \u2066Lee\u2069", "bad-characters"},
	{"first strong isolate", "Ann \u2068Lee", "bad-characters"},
	{"invalid UTF-8", "Ann\xffLee", "invalid-utf8"},
	{"replacement character", "Ann\ufffdLee", "invalid-utf8"},
	// Invisible characters (issue 37): the probe's, and a name that shows nothing.
	{"zero-width space", "Ann\u200bLee", "bad-characters"},
	{"zero-width joiner between Latin letters", "Ann\u200dLee", "bad-characters"},
	{"BOM", "Ann\ufeffLee", "bad-characters"},
	{"tag characters", "Ann\U000e0041\U000e0042", "bad-characters"},
	{"noncharacter U+FFFF", "Ann\uffffLee", "bad-characters"},
	{"interlinear annotation anchor", "Ann\ufff9Lee", "bad-characters"},
	{"Hangul filler alone", "\u3164", "bad-characters"},
	{"Hangul choseong filler alone", "\u115f", "bad-characters"},
	{"halfwidth Hangul filler alone", "\uffa0", "bad-characters"},
	{"blank Braille patterns alone", "\u2800\u2800", "no-visible-character"},
}

// goodNames are names of every script the rule keeps, exactly.
var goodNames = []struct{ label, name string }{
	{"Greek", "Αλέξανδρος Παπαδόπουλος"},
	{"CJK", "山田 太郎"},
	{"emoji", "Ann 🦊 👩‍👩‍👧"},
	{"combining marks", "Zoe\u0308 Nguye\u0302\u0303n"},
	{"hyphen", "Nakamura-Holt"},
	{"apostrophes", "O'Brien ’Ndiaye"},
	{"Hebrew with a right-to-left mark", "שרה כהן\u200f (Tel Aviv)"},
	{"Persian with a zero-width non-joiner", "مهرداد نیک\u200cنام"},
	{"Devanagari half form", "लक्\u200dष्मी"},
	{"Japanese with an ideographic variation", "葛\U000e0100城 太郎"},
	{"emoji style heart", "Ann ❤\ufe0f"},
	{"at the limit", strings.Repeat("é", service.MaxNameLength)},
}

// jsonWith is body as JSON with field set to name's bytes as they are:
// invalid UTF-8 goes over the wire, as a client could send it (the JSON
// reader turns it into U+FFFD, which the rule refuses too).
func jsonWith(t *testing.T, body map[string]any, field, name string) []byte {
	t.Helper()
	body[field] = "\x01PLACEHOLDER\x01"
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	// The one invalid byte the cases use, 0xFF, goes in by a marker.
	enc, _ := json.Marshal(strings.ToValidUTF8(name, "\x03"))
	enc = bytes.ReplaceAll(enc, []byte(`\u0003`), []byte{0xff})
	return bytes.Replace(b, []byte(`"\u0001PLACEHOLDER\u0001"`), enc, 1)
}

// namePath is one way a name comes in: send sends name by it; stored
// reads back the name it stored.
type namePath struct {
	label string
	// file: the name is a line of an uploaded file, so a line break only
	// starts another line, and refusals are 422 as the file's readers'.
	file bool
	// codes overrides what the path answers for a bad name (its own
	// reader refuses it first).
	codes map[string]string
	// latin1: the file is read as ISO-8859-1 when it is not UTF-8.
	latin1  bool
	send    func(name string) response
	created int
	stored  func(r response) string
}

// TestNameRule: every path a name comes in by refuses each bad name with
// its code, stores nothing, and keeps every good name exactly.
func TestNameRule(t *testing.T) {
	ts := newTestServer(t)
	f := challengeGame(t, "double", nil) // Ann and Bob, for the GCG record
	// Each path starts on a tournament of its own, with division D and
	// player P (the good names, stored, would be taken otherwise).
	var tpath string
	var div service.Division
	var player service.Player
	fresh := func() {
		tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Names Open"}), http.StatusCreated)
		tpath = fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
		div = must[service.Division](t, ts.post(tpath+"/divisions", ts.Director, map[string]any{"name": "D"}), http.StatusCreated)
		player = must[service.Player](t, ts.post(tpath+"/players", ts.Director, map[string]any{"name": "P"}), http.StatusCreated)
	}
	sendJSON := func(method string, path func() string, field string, body map[string]any) func(string) response {
		return func(name string) response {
			in := map[string]any{}
			for k, v := range body {
				in[k] = v
			}
			return ts.send(req{method: method, path: path(), token: ts.Director, body: jsonWith(t, in, field, name)})
		}
	}
	at := func(suffix string) func() string { return func() string { return tpath + suffix } }
	tournaments := func() string { return "/api/v1/tournaments" }
	nameOf := func(r response) string { return decode[struct{ Name string }](t, r).Name }
	text := func(r response) string { return decode[service.ImportResult](t, r).Players[0].Name }
	divName := func(r response) string { return decode[service.ImportResult](t, r).Division.Name }
	importT := func(query, body, ct string) response {
		return ts.send(req{method: "POST", path: tpath + "/import.t" + query, token: ts.Director, body: body, header: map[string]string{"Content-Type": ct}})
	}
	record := "#character-encoding UTF-8\n#player1 ann %s\n#player2 bob Bob\n>ann: DINNVWY 8D WINDY +32 32\n"
	paths := []namePath{
		{label: "create tournament", send: sendJSON("POST", tournaments, "name", nil), created: http.StatusCreated, stored: nameOf},
		{label: "rename tournament", send: sendJSON("PATCH", at(""), "name", nil), created: http.StatusOK, stored: nameOf},
		{label: "create division", send: sendJSON("POST", at("/divisions"), "name", nil), created: http.StatusCreated, stored: nameOf},
		{label: "rename division", send: sendJSON("PATCH", func() string { return fmt.Sprintf("%s/divisions/%d", tpath, div.ID) }, "name", map[string]any{"reason": "typo"}), created: http.StatusOK, stored: nameOf},
		{label: "create player", send: sendJSON("POST", at("/players"), "name", map[string]any{"rating": 1500}), created: http.StatusCreated, stored: nameOf},
		{label: "rename player", send: sendJSON("PATCH", func() string { return fmt.Sprintf("%s/players/%d", tpath, player.ID) }, "name", map[string]any{"reason": "spelling"}), created: http.StatusOK, stored: nameOf},
		{label: "member id", send: sendJSON("POST", at("/players"), "member_id", map[string]any{"name": "M"}), created: http.StatusCreated,
			stored: func(r response) string { return decode[service.Player](t, r).MemberID }},
		{label: "import.t player name", file: true, latin1: true, created: http.StatusCreated, stored: text,
			send: func(name string) response { return importT("", name+" 1500\nBob 1400\n", "text/plain") }},
		{label: "import.t ?name=", created: http.StatusCreated, stored: divName,
			send: func(name string) response { return importT("?name="+url.QueryEscape(name), "Ann 1500\n", "text/plain") }},
		{label: "import.t division in JSON", send: sendJSON("POST", at("/import.t"), "division", map[string]any{"text": "Ann 1500\n"}), created: http.StatusCreated, stored: divName},
		{label: "import.t player name in JSON", file: true, created: http.StatusCreated, stored: text,
			send: func(name string) response {
				body := jsonWith(t, map[string]any{}, "text", name+" 1500\n")
				return ts.send(req{method: "POST", path: tpath + "/import.t", token: ts.Director, body: body})
			}},
		{label: "GCG record's player", file: true, created: http.StatusOK,
			// The record's reader refuses a record that says it is UTF-8
			// and is not, and a #player line of over 512 characters.
			codes: map[string]string{"too long": "line-too-long"},
			send: func(name string) response {
				return f.importGCG("?preview=1", f.Director, fmt.Sprintf(record, name), "text/plain")
			},
			stored: func(r response) string { return decode[service.GCGImport](t, r).Players[0].RecordName }},
	}
	for _, p := range paths {
		t.Run(p.label, func(t *testing.T) {
			fresh()
			before := counts(t, ts, tpath)
			for _, c := range badNames {
				if p.file && strings.ContainsAny(c.name, "\n") || p.latin1 && !utf8.ValidString(c.name) {
					continue // another line of the file; read as ISO-8859-1 below
				}
				code, status := c.code, http.StatusBadRequest
				if p.file {
					status = http.StatusUnprocessableEntity
				}
				if p.codes[c.label] != "" {
					code = p.codes[c.label]
				}
				r := p.send(c.name)
				if r.Status != status {
					t.Errorf("%s: status %d, want %d: %.300s", c.label, r.Status, status, r.Body)
					continue
				}
				doc := wantProblem(t, r, status, code)
				if strings.ContainsAny(doc.Detail, "\x00\u202e\u2066") {
					t.Errorf("%s: the message repeats the character it refuses: %q", c.label, doc.Detail)
				}
			}
			if after := counts(t, ts, tpath); after != before {
				t.Errorf("a refused name stored something: %s, then %s", before, after)
			}
			if p.latin1 {
				// tsh's own encoding: a file not in UTF-8 reads as ISO-8859-1.
				if got := p.stored(mustStatus(t, p.send("Ann\xffLee"), p.created)); got != "AnnÿLee" {
					t.Errorf("a file not in UTF-8 reads as ISO-8859-1: %q", got)
				}
			}
			for _, c := range goodNames {
				if p.label == "member id" && utf8.RuneCountInString(c.name) > service.MaxShortField {
					continue
				}
				if p.label == "GCG record's player" && len(c.name) > 400 {
					continue
				}
				if got := p.stored(mustStatus(t, p.send(c.name), p.created)); got != c.name {
					t.Errorf("%s: stored %.80q, want %.80q", c.label, got, c.name)
				}
			}
		})
	}
}

// TestMemberIDTooLong: a member id is a short field (200 characters).
func TestMemberIDTooLong(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Ids"}), http.StatusCreated)
	path := fmt.Sprintf("/api/v1/tournaments/%d/players", tour.ID)
	wantProblem(t, ts.post(path, ts.Director, map[string]any{"name": "A", "member_id": strings.Repeat("1", service.MaxShortField+1)}), http.StatusBadRequest, "too-long")
	must[service.Player](t, ts.post(path, ts.Director, map[string]any{"name": "A", "member_id": strings.Repeat("1", service.MaxShortField)}), http.StatusCreated)
}

// TestTFileFieldsFollowTheRule: a .t line's other fields, kept and
// written back, follow the rule too; so does the division's name.
func TestTFileFieldsFollowTheRule(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Fields"}), http.StatusCreated)
	path := fmt.Sprintf("/api/v1/tournaments/%d/import.t", tour.ID)
	for _, c := range []struct{ label, text string }{
		{"field value", "Ann 1500 ; ; team A\u202eB\n"},
		{"field value NUL", "Ann 1500 ; ; xtid 12\x0034\n"},
	} {
		r := ts.send(req{method: "POST", path: path, token: ts.Director, body: c.text, header: map[string]string{"Content-Type": "text/plain"}})
		wantProblem(t, r, http.StatusUnprocessableEntity, "bad-characters")
	}
	ds := must[[]service.Division](t, ts.get(fmt.Sprintf("/api/v1/tournaments/%d/divisions", tour.ID), ts.Director), http.StatusOK)
	if len(ds) != 0 {
		t.Errorf("a refused import left divisions: %+v", ds)
	}
}

// TestReasonRule: a reason may hold line breaks and tabs, not the other
// control characters nor bidi overrides.
func TestReasonRule(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Reasons"}), http.StatusCreated)
	path := fmt.Sprintf("/api/v1/tournaments/%d/players", tour.ID)
	p := must[service.Player](t, ts.post(path, ts.Director, map[string]any{"name": "A"}), http.StatusCreated)
	patch := func(reason string) response {
		return ts.patch(fmt.Sprintf("%s/%d", path, p.ID), ts.Director, map[string]any{"rating": 1600, "reason": reason})
	}
	for _, c := range []struct{ reason, code string }{
		{"typo\x00", "bad-characters"},
		{"see \u202eslip", "bad-characters"},
		{"bell\x07", "bad-characters"},
		{"C1\u0090", "bad-characters"},
		{"mangled \ufffd", "invalid-utf8"},
		{strings.Repeat("r", service.MaxReasonLength+1), "too-long"},
	} {
		wantProblem(t, patch(c.reason), http.StatusBadRequest, c.code)
	}
	must[service.Player](t, patch("misread the slip:\r\n\tit was 1600, not 1500"), http.StatusOK)
}

// counts is what a tournament holds, as one string to compare.
func counts(t *testing.T, ts *testServer, tpath string) string {
	t.Helper()
	tours := must[[]service.Tournament](t, ts.get("/api/v1/tournaments", ts.Director), http.StatusOK)
	ds := must[[]service.Division](t, ts.get(tpath+"/divisions", ts.Director), http.StatusOK)
	ps := must[[]service.Player](t, ts.get(tpath+"/players", ts.Director), http.StatusOK)
	return fmt.Sprintf("%d tournaments, %d divisions, %d players", len(tours), len(ds), len(ps))
}

func mustStatus(t *testing.T, r response, status int) response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %.300s", r.Status, status, r.Body)
	}
	return r
}

func decode[T any](t *testing.T, r response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(r.Body, &v); err != nil {
		t.Fatalf("decode %.300s: %v", r.Body, err)
	}
	return v
}

// TestGCGNoteRule: a record's #note may hold tabs but no other control
// characters; the refusal names the note's line. A nick follows the rule
// for names.
func TestGCGNoteRule(t *testing.T) {
	f := challengeGame(t, "double", nil)
	record := "#player1 ann Ann\n#player2 bob Bob\n>ann: DINNVWY 8D WINDY +32 32\n#note %s\n"
	r := f.importGCG("?preview=1", f.Director, fmt.Sprintf(record, "see \u202eslip"), "text/plain")
	wantProblem(t, r, http.StatusUnprocessableEntity, "bad-characters")
	var p struct {
		Line int `json:"line"`
	}
	if err := json.Unmarshal(r.Body, &p); err != nil || p.Line != 4 {
		t.Errorf("the refusal names line 4: %s", r.Body)
	}
	must[service.GCGImport](t, f.importGCG("?preview=1", f.Director, fmt.Sprintf(record, "a\tgood note"), "text/plain"), http.StatusOK)
	// A nick is a name too.
	nick := "#player1 a\u2067nn Ann\n#player2 bob Bob\n>a\u2067nn: DINNVWY 8D WINDY +32 32\n"
	r = f.importGCG("?preview=1&players=any", f.Director, nick, "text/plain")
	wantProblem(t, r, http.StatusUnprocessableEntity, "bad-characters")
	if err := json.Unmarshal(r.Body, &p); err != nil || p.Line != 1 {
		t.Errorf("the refusal names line 1: %s", r.Body)
	}
}
