package challenges

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzReadWordList feeds odd bytes to the reader. It must never panic: it
// either refuses the input with a *WordListError or returns a lexicon that
// holds exactly the first fields of the input's lines, upper-cased, each of
// which Contains finds.
//
//	go test -run '^$' -fuzz '^FuzzReadWordList$' -fuzztime 60s ./challenges/
func FuzzReadWordList(f *testing.F) {
	for _, dir := range []string{"lexicons", "notwordlists"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
			f.Add(gzipped(f, data))
		}
	}
	for _, s := range []string{"", "\n", "\r", "\r\n\r\n", "\uFEFF", "A", "a b c", "ß\nSS\nss", "ǅ\nǆ\nǄ", "ı\ni\nI\nİ", "K\nk"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lex, err := ReadWordList("fuzz", bytes.NewReader(data))
		if err != nil {
			var wl *WordListError
			if !errors.As(err, &wl) || wl.File != "fuzz" || wl.Code == "" || !strings.HasPrefix(err.Error(), "fuzz") {
				t.Fatalf("an error that is not a *WordListError naming the input: %v", err)
			}
			return
		}
		words := slices.Collect(lex.Words())
		if len(words) == 0 || len(words) != lex.Len() {
			t.Fatalf("%d words, Len %d", len(words), lex.Len())
		}
		if want := expectedWords(t, data); !slices.Equal(words, want) {
			t.Fatalf("words %q, want %q", words, want)
		}
		for _, w := range words {
			if !lex.Contains(w) || (isASCII(w) && !lex.Contains(strings.ToLower(w))) {
				t.Fatalf("%q is a word Contains does not find", w)
			}
			for _, r := range w {
				if !unicode.IsLetter(r) || unicode.ToUpper(r) != r {
					t.Fatalf("%q has %q, not an upper-case letter", w, r)
				}
			}
		}
	})
}

// expectedWords is the list ReadWordList should have read, worked out the
// plain way: split lines, take each first field, upper-case, sort, dedupe.
func expectedWords(t *testing.T, data []byte) []string {
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	text := strings.TrimPrefix(string(data), "\uFEFF")
	text = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text)
	var words []string
	for line := range strings.SplitSeq(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			words = append(words, strings.ToUpper(f[0]))
		}
	}
	slices.Sort(words)
	return slices.Compact(words)
}
