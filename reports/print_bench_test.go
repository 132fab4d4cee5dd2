package reports

import (
	"bytes"
	"io"
	"testing"
)

// The printouts of a large event (issue 28: each within 40 MB allocated
// and 150 ms): the cross-table and the wall lists of a 500-player
// division after 31 rounds. BenchmarkRoundScoreSheets (sheet_test.go) is
// the round of score sheets.

func BenchmarkCrossTable500(b *testing.B) {
	d := wallDivision(500, 31)
	benchPrint(b, func(w io.Writer) error { return WriteCrossTable(w, A4, d) })
}

func BenchmarkPairingsWall500(b *testing.B) {
	p := wallPairings(500)
	benchPrint(b, func(w io.Writer) error { return WritePairings(w, A4, p) })
}

func BenchmarkStandingsWall500(b *testing.B) {
	d := wallDivision(500, 31)
	benchPrint(b, func(w io.Writer) error { return WriteStandings(w, A4, d) })
}

// benchPrint times write, reporting the size of the file it writes.
func benchPrint(b *testing.B, write func(io.Writer) error) {
	b.Helper()
	var size int
	for b.Loop() {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			b.Fatal(err)
		}
		size = buf.Len()
	}
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}
