package service_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"tourney/gcg"
	"tourney/scoring"
	"tourney/service"
)

// Every record of ../shared/gcg that `tourney verify` reads as ok goes
// into a fresh paired game of a tournament under the record's rules and
// ends with verify's final scores, nothing flagged; its export reads back
// to the same scores. One store for all, a game each.
func TestImportGCGSharedRecords(t *testing.T) {
	dir := sharedGCG(t)
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".gcg") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	e := newImportEnv(t)
	// A tournament of a few games for each set of rules: pairing a game
	// and storing a result read the whole tournament.
	const perTournament = 16
	tournaments, games := map[string]int64{}, map[string]int{}
	skipped := map[string]int{}
	imported, turns, challenged, notes := 0, 0, 0, 0
	start := time.Now()
	for _, file := range files {
		name, _ := filepath.Rel(dir, file)
		rec, v, why := verifiedRecord(file)
		if why != "" {
			skipped[why]++
			continue
		}
		players := make([]string, len(rec.Players))
		for i, p := range rec.Players {
			players[i] = p.Name
			if players[i] == "" {
				players[i] = p.Nick
			}
		}
		rule := challengeRuleOf(rec)
		key := v.Name + "/" + v.Tiles.Name + "/" + rule
		games[key]++
		key += fmt.Sprint("/", games[key]/perTournament)
		tid, ok := tournaments[key]
		if !ok {
			tiles := ""
			if v.Tiles.Name != "english" {
				tiles = builtinTiles(t, v.Tiles.Name)
			}
			tid = e.tournament(v.Name, rule, tiles)
			tournaments[key] = tid
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := gcg.Check(rec, v).Result
		g := e.game(tid, players...)
		imp, err := e.importGCG(g, string(data), service.GCGImportInput{})
		if len(rec.Events) == 0 { // verify's ok: nothing in it is wrong
			wantRefused(t, err, "no-turns", 0)
			skipped["no turns: refused (no-turns)"]++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		imported++
		turns += len(imp.Turns)
		for _, tv := range imp.Turns {
			if tv.Kind == service.EventChallenge {
				challenged++
			}
			if tv.Note != "" {
				notes++
			}
		}
		if !slices.Equal(imp.Result.Final, want.Final) || imp.Result.Over != want.Over || imp.Result.Complete != want.Complete {
			t.Errorf("%s: final %v (over %v, complete %v); verify %v (over %v, complete %v)", name,
				imp.Result.Final, imp.Result.Over, imp.Result.Complete, want.Final, want.Over, want.Complete)
		}
		if imp.Flagged != 0 {
			t.Errorf("%s: %d turns flagged; verify finds every score right", name, imp.Flagged)
		}
		for _, w := range imp.Warnings {
			if w.Code != "lexicon-differs" {
				t.Errorf("%s: warning %+v", name, w)
			}
		}
		exported(t, e, g, name, v, want.Final)
	}
	t.Logf("%d records: %d imported (%d turns, %d challenges, %d turns with notes) in %v; not imported: %v",
		len(files), imported, turns, challenged, notes, time.Since(start).Round(time.Millisecond), skipped)
	if imported < 350 || challenged == 0 || notes == 0 {
		t.Errorf("only %d records imported, %d challenges, %d notes", imported, challenged, notes)
	}
}

// verifiedRecord reads a record as `tourney verify` does, with the
// variant it picks; why says why verify does not find it ok.
func verifiedRecord(file string) (*gcg.Record, *scoring.Variant, string) {
	rec, err := gcg.ReadFile(file)
	if err != nil {
		return nil, nil, "verify: does not read"
	}
	ch := gcg.ChooseRules(rec)
	if ch.Problem != nil {
		return nil, nil, "verify: rules not supported"
	}
	v, err := scoring.LookupVariant(ch.Rules)
	if err != nil {
		return nil, nil, "verify: rules not supported"
	}
	if ts, ok := scoring.BuiltinTileSet(ch.Tiles); ok && ch.Tiles != "english" {
		v = v.WithTiles(ts)
	}
	if rep := gcg.Check(rec, v); len(rep.Problems) > 0 {
		return nil, nil, "verify: not ok"
	}
	if len(rec.Players) < v.MinPlayers || len(rec.Players) > v.MaxPlayers || rec.Teams != nil {
		return nil, nil, fmt.Sprintf("%s cannot seat %d players", v.Name, len(rec.Players))
	}
	return rec, v, ""
}

// challengeRuleOf is a challenge rule under which the record's challenge
// lines are what the rule gives: five-point where a challenge that
// failed gave 5 points, double otherwise.
func challengeRuleOf(rec *gcg.Record) string {
	for _, e := range rec.Events {
		if e.Kind == gcg.ChallengeBonus && e.Score == 5 {
			return "five-point"
		}
	}
	return "double"
}

// exported checks that a game's export reads back, as verify reads it,
// to the same final scores.
func exported(t *testing.T, e *importEnv, game int64, name string, v *scoring.Variant, final []int) {
	t.Helper()
	out, err := e.svc.ExportGCG(e.ctx, director, game)
	if err != nil {
		t.Errorf("%s: export: %v", name, err)
		return
	}
	rec, err := gcg.Read(out)
	if err != nil {
		t.Errorf("%s: the export does not read: %v", name, err)
		return
	}
	if got := gcg.Check(rec, v).Result.Final; !slices.Equal(got, final) {
		t.Errorf("%s: the export's final scores are %v, want %v", name, got, final)
	}
}

// builtinTiles is the text of a built-in tile set, for a tournament's
// tiles.
func builtinTiles(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "scoring", "tiles", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sharedGCG is ../shared/gcg beside the repository: skipped when it is
// missing, except in CI, where it must be there.
func sharedGCG(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "gcg"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.tsv")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("shared game records missing at %s: %v", dir, err)
		}
		t.Skipf("shared game records not found at %s", dir)
	}
	return dir
}
