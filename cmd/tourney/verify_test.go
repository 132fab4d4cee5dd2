package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func verifyLines(t *testing.T, args ...string) ([]verifyLine, int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"verify"}, args...), nil, &out, &errOut)
	var lines []verifyLine
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if l == "" {
			continue
		}
		var v verifyLine
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("output line is not JSON: %q: %v", l, err)
		}
		lines = append(lines, v)
	}
	return lines, code, errOut.String()
}

func TestVerifyStatuses(t *testing.T) {
	cases := []struct {
		file       string
		status     string
		exit       int
		placements int
		check      func(t *testing.T, v verifyLine)
	}{
		{"testdata/short_ok.gcg", "ok", 0, 2, func(t *testing.T, v verifyLine) {
			if v.Final["ann"] != 32 || v.Final["bob"] != 16 {
				t.Errorf("final %v, want ann 32 bob 16", v.Final)
			}
			if v.Winner != nil || v.DecidedBy != nil {
				t.Errorf("an unfinished game has no winner: %v %v", v.Winner, v.DecidedBy)
			}
		}},
		{"testdata/short_mismatch.gcg", "mismatch", 1, 2, func(t *testing.T, v verifyLine) {
			if len(v.Mismatches) != 1 {
				t.Fatalf("mismatches %+v, want only the play (its running total follows the record's own score)", v.Mismatches)
			}
			m := v.Mismatches[0]
			if m.Line != 3 || m.Recorded != 30 || m.Computed != 32 || m.Breakdown == nil || m.Breakdown.Total != 32 {
				t.Errorf("mismatch %+v, want line 3 recorded 30 computed 32 with breakdown", m)
			}
		}},
		{"testdata/bad_placement.gcg", "invalid", 1, 1, func(t *testing.T, v verifyLine) {
			if len(v.Errors) != 1 || v.Errors[0].Line != 4 || v.Errors[0].Code != "not-connected" {
				t.Errorf("errors %+v, want not-connected at line 4", v.Errors)
			}
		}},
		{"testdata/garbage.gcg", "invalid", 1, 0, func(t *testing.T, v verifyLine) {
			if len(v.Errors) == 0 || v.Errors[0].Code == "" {
				t.Errorf("errors %+v, want a typed error", v.Errors)
			}
		}},
		{"testdata/does_not_exist.gcg", "invalid", 1, 0, func(t *testing.T, v verifyLine) {
			if len(v.Errors) != 1 || v.Errors[0].Code != "unreadable" {
				t.Errorf("errors %+v, want unreadable", v.Errors)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			lines, code, stderr := verifyLines(t, tc.file)
			if code != tc.exit || len(lines) != 1 {
				t.Fatalf("exit %d with %d lines (stderr %q), want exit %d and one line", code, len(lines), stderr, tc.exit)
			}
			v := lines[0]
			if v.File != tc.file || v.Status != tc.status || v.Rules != "naspa" || v.Placements != tc.placements {
				t.Errorf("got file %q status %q rules %q placements %d; want %q %q naspa %d", v.File, v.Status, v.Rules, v.Placements, tc.file, tc.status, tc.placements)
			}
			if v.Mismatches == nil || v.Errors == nil || v.Final == nil {
				t.Errorf("lists and maps must be present even when empty: %+v", v)
			}
			tc.check(t, v)
		})
	}
}

func TestVerifyUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--rules", "nosuch", "testdata/short_ok.gcg"},
		{"--board", "testdata/missing.txt", "testdata/short_ok.gcg"},
		{"--tiles", "testdata/short_ok.gcg", "testdata/short_ok.gcg"},
		{"--bogus-flag", "testdata/short_ok.gcg"},
	} {
		if _, code, stderr := verifyLines(t, args...); code != 2 || stderr == "" {
			t.Errorf("verify %v: exit %d, stderr %q; want 2 with a message", args, code, stderr)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"frobnicate"}, nil, &out, &errOut); code != 2 {
		t.Errorf("unknown command: exit %d, want 2", code)
	}
}

// TestVerifyRulesAndFiles: --rules changes the end-of-game arithmetic,
// and --tiles replaces the tile set.
func TestVerifyRulesAndFiles(t *testing.T) {
	lines, code, _ := verifyLines(t, "--rules", "alphajax", "--tiles", "testdata/tiny_tiles.txt", "testdata/short_ok.gcg")
	if code != 1 || lines[0].Rules != "alphajax" || lines[0].Status != "invalid" {
		t.Fatalf("got %+v exit %d: the tiny set has no W, so WINDY must be refused", lines, code)
	}
	if lines[0].Errors[0].Code != "unknown-letter" && lines[0].Errors[0].Code != "bad-rack" {
		t.Errorf("error %+v, want the missing letter named", lines[0].Errors[0])
	}
}

// TestVerifyTeamGame: a 2-vs-2 Word Chums record (the #teams extension,
// #game-type wordchums) verifies without --rules, as a team game: the
// out player does not score the partner's rack, and the winner is a team.
func TestVerifyTeamGame(t *testing.T) {
	lines, code, stderr := verifyLines(t, "--tiles", "testdata/teams_tiles.txt", "testdata/teams.gcg")
	if code != 0 || len(lines) != 1 {
		t.Fatalf("exit %d, %d lines, stderr %q: %+v", code, len(lines), stderr, lines)
	}
	v := lines[0]
	if v.Status != "ok" || v.Rules != "wordchums" {
		t.Fatalf("status %q rules %q, want ok under wordchums: %+v", v.Status, v.Rules, v)
	}
	want := map[string]int{"p1": 146, "p2": -1, "p3": 0, "p4": -2}
	if !reflect.DeepEqual(v.Final, want) {
		t.Errorf("final %v, want %v", v.Final, want)
	}
	if teams := map[string]int{"p1+p3": 146, "p2+p4": -3}; !reflect.DeepEqual(v.TeamFinal, teams) {
		t.Errorf("team final %v, want %v", v.TeamFinal, teams)
	}
	if v.Winner == nil || *v.Winner != "p1+p3" {
		t.Errorf("winner %v, want the team p1+p3", v.Winner)
	}
}

// TestVerifySharedGames runs the command over every shared record: one
// JSON line per file, in order, never a crash, and for each file the
// status and problems (line and code) that testdata/shared_statuses.tsv
// records, the statuses verify gave before it read long lines, so that a
// faster verify is never a different one (needs ../shared).
func TestVerifySharedGames(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "gcg")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared records missing: %v", err)
		}
		t.Skip("../shared not present")
	}
	want := sharedStatuses(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.gcg"))
	lines, code, _ := verifyLines(t, files...)
	if len(lines) != len(files) || code != 1 {
		t.Fatalf("%d lines for %d files, exit %d", len(lines), len(files), code)
	}
	counts := map[string]int{}
	for i, l := range lines {
		if l.File != files[i] {
			t.Fatalf("line %d is for %s, want %s", i, l.File, files[i])
		}
		counts[l.Status]++
		rel := filepath.ToSlash(strings.TrimPrefix(l.File, dir+string(filepath.Separator)))
		w, ok := want[rel]
		if !ok {
			t.Errorf("%s is not in testdata/shared_statuses.tsv", rel)
			continue
		}
		delete(want, rel)
		if got := [2]string{l.Status, problemsText(l)}; got != w {
			t.Errorf("%s: status %s, problems %s; want %s, %s", rel, got[0], got[1], w[0], w[1])
		}
	}
	for rel := range want {
		t.Errorf("%s is in testdata/shared_statuses.tsv but not in ../shared", rel)
	}
	t.Logf("statuses: %v", counts)
}

// sharedStatuses reads testdata/shared_statuses.tsv: file, status and
// problems, keyed by the file's path under shared/gcg.
func sharedStatuses(t *testing.T) map[string][2]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "shared_statuses.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]string{}
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("shared_statuses.tsv: %q is not file, status, problems", line)
		}
		out[f[0]] = [2]string{f[1], f[2]}
	}
	return out
}

// problemsText writes a line's errors, then its mismatches, as
// "line:code" separated by spaces ("-" for none).
func problemsText(l verifyLine) string {
	var parts []string
	for _, e := range l.Errors {
		parts = append(parts, strconv.Itoa(e.Line)+":"+e.Code)
	}
	for _, m := range l.Mismatches {
		parts = append(parts, strconv.Itoa(m.Line)+":"+m.Code)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}
