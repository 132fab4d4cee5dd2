package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkVerifyCommand runs `tourney verify` as the command line does,
// over the engine-written records in ../shared/gcg (Quackle self-play and
// human-vs-bot games, which replay without a fault): one op is one whole
// game read from its file, replayed and printed as a JSON line. All b.N
// files go to one run of the command, as a directory's worth of records
// does. games/s is the figure the issue measures.
func BenchmarkVerifyCommand(b *testing.B) {
	files := engineWrittenRecords(b)
	args := make([]string, 0, b.N+1)
	args = append(args, "verify")
	for i := 0; i < b.N; i++ {
		args = append(args, files[i%len(files)])
	}
	b.ReportAllocs()
	b.ResetTimer()
	// Exit 1 is a record that disagrees (one Quackle game leaves out an
	// end-of-game adjustment); 2 would be a usage error.
	if code := run(args, nil, io.Discard, io.Discard); code > 1 {
		b.Fatalf("verify exited %d", code)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// engineWrittenRecords lists the shared records whose MANIFEST.tsv origin
// is an engine's (ai-selfplay(quackle), human-vs-bot); it skips the
// benchmark when ../shared is absent.
func engineWrittenRecords(b *testing.B) []string {
	dir := filepath.Join("..", "..", "..", "shared", "gcg")
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		b.Skipf("../shared not present: %v", err)
	}
	defer f.Close()
	var files []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) > 8 && (cols[8] == "ai-selfplay(quackle)" || cols[8] == "human-vs-bot") {
			files = append(files, filepath.Join(dir, cols[0]))
		}
	}
	if len(files) == 0 {
		b.Skip("no engine-written records in MANIFEST.tsv")
	}
	return files
}
