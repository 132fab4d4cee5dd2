package gcg

import (
	"os"
	"path/filepath"
	"testing"

	"tourney/scoring"
)

// BenchmarkVerifyGame measures what `tourney verify` does per file: read
// the record, choose the rules, replay it and recompute every score, with
// one Reader and one Checker reused from game to game as verify does.
// Each iteration is one whole game, cycling over the engine-written
// records in ../shared/gcg (read into memory first, so disk is not
// measured; cmd/tourney's BenchmarkVerifyCommand measures the command).
func BenchmarkVerifyGame(b *testing.B) {
	var r Reader
	var k Checker
	benchmarkVerify(b, r.Read, k.Check)
}

// BenchmarkVerifyGameFresh is BenchmarkVerifyGame with the package's Read
// and Check, which start afresh for every record.
func BenchmarkVerifyGameFresh(b *testing.B) {
	benchmarkVerify(b, Read, Check)
}

func benchmarkVerify(b *testing.B, read func([]byte) (*Record, error), check func(*Record, *scoring.Variant) *Report) {
	var games [][]byte
	for _, mg := range readManifestGames(&testing.T{}) {
		if mg.origin != "ai-selfplay(quackle)" && mg.origin != "human-vs-bot" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(sharedDir(b), "gcg", mg.file))
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, data)
	}
	if len(games) == 0 {
		b.Skip("no shared games")
	}
	variants := map[string]*scoring.Variant{}
	b.ReportAllocs()
	b.ResetTimer()
	placements := 0
	for i := 0; i < b.N; i++ {
		rec, err := read(games[i%len(games)])
		if err != nil {
			b.Fatal(err)
		}
		ch := ChooseRules(rec)
		key := ch.Rules + "/" + ch.Tiles
		v := variants[key]
		if v == nil {
			v, _ = scoring.LookupVariant(ch.Rules)
			variants[key] = v
		}
		rep := check(rec, v)
		if len(rep.Errors()) > 0 {
			b.Fatalf("%v", rep.Errors())
		}
		placements += rep.Placements
	}
	b.ReportMetric(float64(placements)/float64(b.N), "plays/game")
}

// BenchmarkReadGame isolates the parser on one whole game.
func BenchmarkReadGame(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(sharedDir(b), "gcg", "domino14+macondo", "doug_v_emely.gcg"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		if _, err := Read(data); err != nil {
			b.Fatal(err)
		}
	}
}
