package gcg

import (
	"path/filepath"
	"reflect"
	"testing"

	"tourney/scoring"
)

// One Reader and one Checker, used for every shared record in turn (and
// for the testdata records), read and report exactly what ReadFile and
// Check do for each record alone: nothing carries over from one record
// to the next.
func TestReaderCheckerReuse(t *testing.T) {
	var files []string
	for _, mg := range readManifestGames(t) {
		files = append(files, filepath.Join(sharedDir(t), "gcg", mg.file))
	}
	testdata, _ := filepath.Glob(filepath.Join("testdata", "*.gcg"))
	files = append(files, testdata...)
	var r Reader
	var k Checker
	// Twice over, the second time in reverse, so that each record follows
	// a different one.
	for pass := 0; pass < 2; pass++ {
		for i := range files {
			file := files[i]
			if pass == 1 {
				file = files[len(files)-1-i]
			}
			want, wantErr := ReadFile(file)
			got, err := r.ReadFile(file)
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, wantErr) {
				t.Fatalf("%s: Reader read\n%+v %v\nReadFile read\n%+v %v", file, got, err, want, wantErr)
			}
			if err != nil {
				continue
			}
			ch := ChooseRules(got)
			v, err := scoring.LookupVariant(ch.Rules)
			if err != nil {
				continue // unsupported-variant: not a replay
			}
			if ts, _ := scoring.BuiltinTileSet(ch.Tiles); ts != nil {
				v = v.WithTiles(ts)
			}
			fresh, reused := Check(want, v), k.Check(got, v)
			if !sameReport(fresh, reused) {
				t.Fatalf("%s: Checker reported\n%+v\nCheck reported\n%+v", file, reused, fresh)
			}
		}
	}
}

func sameReport(a, b *Report) bool {
	if (a.Game == nil) != (b.Game == nil) {
		return false
	}
	if a.Game != nil && !reflect.DeepEqual(a.Game.Turns(), b.Game.Turns()) {
		return false
	}
	return a.Variant == b.Variant && a.Placements == b.Placements && reflect.DeepEqual(a.Problems, b.Problems) &&
		reflect.DeepEqual(a.Result, b.Result) && reflect.DeepEqual(a.Nicks, b.Nicks)
}
