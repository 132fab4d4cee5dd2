package api

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// malformedBodies are what the probe sends to every route that takes a
// body, each with its media type.
func malformedBodies() []struct{ name, ctype, body string } {
	return []struct{ name, ctype, body string }{
		{"invalid JSON", mediaJSON, `{"name": `},
		{"not an object", mediaJSON, `[1, 2, 3]`},
		{"a bare string", mediaJSON, `"x"`},
		{"wrong types", mediaJSON, `{"name": 5, "round": "one", "players": "x", "turn": true, "words": 7, "reason": [], "scores": {"a": 1}}`},
		{"huge numbers", mediaJSON, `{"round": 1e400, "number": 99999999999999999999999, "table": 9223372036854775808, "turn": -9223372036854775809, "rating": -1e308}`},
		{"NUL escaped", mediaJSON, `{"name": "A\u0000B"}`},
		{"NUL in a reason", mediaJSON, `{"reason": "\u0000", "words": ["\u0000"]}`},
		{"NUL raw", mediaJSON, "{\"name\": \"A\x00B\"}"},
		{"invalid UTF-8", mediaJSON, "{\"name\": \"\xff\xfe\xc0\x80\xed\xa0\x80\"}"},
		{"bidi override name", mediaJSON, `{"name": "\u202eevil\u202c"}`},
		{"bidi override raw", mediaJSON, "{\"name\": \"\u202enepO\u2066x\u2069\"}"},
		{"deeply nested", mediaJSON, strings.Repeat("[", 100000) + strings.Repeat("]", 100000)},
		{"nested objects", mediaJSON, strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000)},
		{"2 MB body", mediaJSON, `{"name": "` + strings.Repeat("a", 2<<20) + `"}`},
		{"two values", mediaJSON, `{} {}`},
		{"wrong content-type", "text/xml", `<a/>`},
		{"garbage text", "text/plain", "\x00\xff\xfe#player1 \u202eX Y\n#player2\n>X: ABC 8H ZZZ +99999999999999999999 -1e400\n" + strings.Repeat("Ann 1500 99999999999999999999;\n", 3)},
		{"multipart", "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n"},
	}
}

// badParams are what the probe puts in every path parameter.
var badParams = []string{"0", "-1", "x", "1.5", "99999999999999999999", "9223372036854775807",
	"%00", "%E2%80%AE1", "%FF", strings.Repeat("9", 4096), "1%2F2", "%20"}

// malformedTally counts what the malformed requests were answered.
type malformedTally struct {
	requests, fivexx, problems, accepted int
	statuses                             map[int]int
}

func (m *malformedTally) note(t *testing.T, what string, r response) {
	t.Helper()
	m.requests++
	m.statuses[r.Status]++
	switch {
	case r.Status >= 500:
		m.fivexx++
		t.Errorf("%s: %d %.300s", what, r.Status, r.Body)
	case r.Status >= 400 && r.Header.Get("Content-Type") == "application/problem+json":
		m.problems++
	case r.Status >= 400:
		t.Errorf("%s: %d not as a problem (%q): %.200s", what, r.Status, r.Header.Get("Content-Type"), r.Body)
	default:
		m.accepted++
		t.Errorf("%s: accepted (%d): %.200s", what, r.Status, r.Body)
	}
}

// probeMalformed sends malformed bodies to every route with a body, as
// the director and as table 1 (who get furthest into them), and
// malformed values of every path parameter: each is refused as a
// problem, none answers 5xx.
func probeMalformed(t *testing.T, rep *probeReport) {
	w := newProbeWorld(t)
	routes := openapiRoutes(t)
	bodies := malformedBodies()
	bodyTally := &malformedTally{statuses: map[int]int{}}
	bodyRoutes := 0
	for _, rt := range routes {
		if !rt.body {
			continue
		}
		bodyRoutes++
		path := w.fill(rt.path, "")
		for _, token := range []string{w.Director, w.table} {
			for _, b := range bodies {
				r := w.send(req{method: rt.method, path: path, token: token, body: []byte(b.body),
					header: map[string]string{"Content-Type": b.ctype}})
				bodyTally.note(t, fmt.Sprintf("%s with %s", rt, b.name), r)
			}
		}
	}
	paramTally := &malformedTally{statuses: map[int]int{}}
	paramRoutes := 0
	for _, rt := range routes {
		if !strings.Contains(rt.path, "{") {
			continue
		}
		paramRoutes++
		for _, bad := range badParams {
			path := w.fill(rt.path, bad)
			var body any
			if rt.body {
				body = map[string]any{}
			}
			r := w.send(req{method: rt.method, path: path, token: w.Director, body: body})
			paramTally.note(t, fmt.Sprintf("%s %.80s", rt.method, path), r)
		}
	}
	rep.add("\n2. Malformed input")
	rep.add("   bodies: %d routes with a body x %d malformed bodies (%s) x 2 callers (the director, table 1's code) = %d requests; %d refused as problem+json, %d accepted, %d 5xx; statuses %s",
		bodyRoutes, len(bodies), bodyNames(bodies), bodyTally.requests, bodyTally.problems, bodyTally.accepted, bodyTally.fivexx, statusList(bodyTally.statuses))
	rep.add("   path parameters: %d routes with parameters x %d malformed values (%s) as the director = %d requests; %d refused as problem+json, %d accepted, %d 5xx; statuses %s",
		paramRoutes, len(badParams), paramNames(), paramTally.requests, paramTally.problems, paramTally.accepted, paramTally.fivexx, statusList(paramTally.statuses))
}

func bodyNames(bodies []struct{ name, ctype, body string }) string {
	var names []string
	for _, b := range bodies {
		names = append(names, b.name)
	}
	return strings.Join(names, ", ")
}

func paramNames() string {
	var names []string
	for _, p := range badParams {
		if len(p) > 20 {
			p = fmt.Sprintf("%d nines", len(p))
		}
		names = append(names, p)
	}
	return strings.Join(names, " ")
}

// statusList is "400 x12, 404 x3", by status.
func statusList(m map[int]int) string {
	var keys []int
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d x%d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}
