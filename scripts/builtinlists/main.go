// Command builtinlists writes the word lists built into tourney
// (challenges/builtin) from the folder that holds them: today the
// public-domain ENABLE list, which AlphaJax and Word Chums check words
// against by default. The lists are not kept in the repository (the shared
// material they come from says the project must not copy them in): CI and
// scripts/release run this before they build, and a developer may too:
//
//	go generate ./challenges/
//	go run ./scripts/builtinlists -from ../shared/lexicons -to challenges/builtin
//
// Each list is checked against its published digest and written gzipped,
// with no time or name in the header, so that the same list gives the same
// bytes. Without -require, a list not found is passed over with a line on
// stderr (the build then has no such list built in).
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// lists are the word lists built in, with the SHA-256 of the file each is
// made from.
var lists = []struct{ name, file, sha256 string }{
	{"ENABLE", "ENABLE.txt", "aa2f7a2d2a38adb0faefc564d3eae7ef243048c9955d77afb7a86c366b4a8482"},
}

func main() {
	from := flag.String("from", "../shared/lexicons", "the folder holding the lists")
	to := flag.String("to", "challenges/builtin", "the folder to write them into")
	require := flag.Bool("require", false, "fail when a list is missing")
	flag.Parse()
	if err := run(*from, *to, *require); err != nil {
		fmt.Fprintln(os.Stderr, "builtinlists:", err)
		os.Exit(1)
	}
}

func run(from, to string, require bool) error {
	for _, l := range lists {
		src := filepath.Join(from, l.file)
		data, err := os.ReadFile(src)
		if errors.Is(err, fs.ErrNotExist) && !require {
			fmt.Fprintf(os.Stderr, "builtinlists: no %s: %s is not built in\n", src, l.name)
			continue
		}
		if err != nil {
			return err
		}
		if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != l.sha256 {
			return fmt.Errorf("%s is not the %s list this build knows (sha256 %x, want %s)", src, l.name, sum, l.sha256)
		}
		var gz bytes.Buffer
		w, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
		if err := w.Close(); err != nil {
			return err
		}
		dst := filepath.Join(to, l.name+".txt.gz")
		if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, gz.Bytes()) {
			continue
		}
		tmp := dst + ".tmp"
		if err := os.WriteFile(tmp, gz.Bytes(), 0o644); err != nil {
			return err
		}
		if err := os.Rename(tmp, dst); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "builtinlists: %s → %s (%d bytes)\n", src, dst, gz.Len())
	}
	return nil
}
