package challenges

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every hand-made list in testdata/lexicons loads, plain and gzipped, and
// gzip is told by content: a gzipped file keeps loading without its .gz.
func TestLoadLexicon(t *testing.T) {
	cases := []struct {
		file, name string
		words      []string // as stored: upper-case, sorted, distinct
	}{
		{"LF.txt", "LF", []string{"AA", "AAH", "ZYZZYVA"}},
		{"CRLF.txt", "CRLF", []string{"AA", "AAH", "ZYZZYVA"}},
		{"CR.txt", "CR", []string{"AA", "AAH", "ZYZZYVA"}},
		{"BOM.txt", "BOM", []string{"AA", "AAH", "ZYZZYVA"}},
		{"DEFS.txt", "DEFS", []string{"AA", "AAH", "ZYZZYVA"}},
		{"MIXED.txt", "MIXED", []string{"AA", "AAH", "ZYZZYVA"}},
		{"BLANKS.txt", "BLANKS", []string{"AA", "AAH", "ZYZZYVA"}},
		{"DEUTSCH.txt", "DEUTSCH", []string{"STRAßE", "ZÄHLEN", "ÄPFEL", "ÖL", "ÜBER"}},
		{"POLSKI.txt", "POLSKI", []string{"ĆMA", "ŁÓDŹ", "ŹDŹBŁO", "ŻÓŁW"}},
		{"NOEXT", "NOEXT", []string{"CAT", "DOG"}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", "lexicons", tc.file)
			checkLexicon(t, mustLoad(t, path), tc.name, tc.words)

			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, name := range []string{tc.file + ".gz", tc.file} {
				p := writeFile(t, filepath.Join(dir, name), gzipped(t, raw))
				checkLexicon(t, mustLoad(t, p), tc.name, tc.words)
			}
		})
	}
}

func checkLexicon(t *testing.T, lex *Lexicon, name string, words []string) {
	t.Helper()
	if lex.Name() != name || lex.Len() != len(words) {
		t.Errorf("got %s with %d words, want %s with %d", lex.Name(), lex.Len(), name, len(words))
	}
	if got := slices.Collect(lex.Words()); !slices.Equal(got, words) {
		t.Errorf("words %q, want %q", got, words)
	}
	for _, w := range words {
		if !lex.Contains(w) || !lex.Contains(strings.ToLower(w)) {
			t.Errorf("%s: %s (or its lower case) missing", name, w)
		}
	}
}

// Each way a file fails to be a word list is caught, named by its own code,
// and reported with the file and, where there is one, the line.
func TestLoadLexiconNotAWordList(t *testing.T) {
	cases := []struct {
		file   string
		code   WordListCode
		line   int
		detail string // part of the message
	}{
		{"digits.txt", CodeNotLetter, 3, `"A1" has '1' (U+0031), which is not a letter`},
		{"punct.txt", CodeNotLetter, 2, `"DON'T" has '\'' (U+0027)`},
		{"comment.txt", CodeNotLetter, 1, `"#" has '#' (U+0023)`},
		{"nul.txt", CodeNotLetter, 2, `'\x00' (U+0000)`},
		{"badutf8.txt", CodeInvalidUTF8, 3, "byte 0xFF, which is not valid UTF-8"},
		{"latin1.txt", CodeInvalidUTF8, 2, `"STRA\xdfE" has byte 0xDF`},
		{"utf16.txt", CodeUnsupportedFormat, 0, "UTF-16 text: save it as UTF-8"},
		{"empty.txt", CodeEmptyWordList, 0, "it has no words"},
		{"blank.txt", CodeEmptyWordList, 0, "it has no words"},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", "notwordlists", tc.file)
			_, err := LoadLexicon(path)
			checkNotWordList(t, err, path, tc.code, tc.line, tc.detail)
		})
	}
}

// The failures that need a file too big, binary or broken to keep in
// testdata.
func TestLoadLexiconNotAWordListGenerated(t *testing.T) {
	dir := t.TempDir()
	corrupt := gzipped(t, []byte(strings.Repeat("AA\nAB\n", 1000)))
	corrupt = corrupt[:len(corrupt)/2]
	cases := []struct {
		file   string
		data   []byte
		code   WordListCode
		line   int
		detail string
	}{
		{"long.txt", []byte("AA\nAB\n" + strings.Repeat("A", 70_000) + "\n"), CodeLineTooLong, 3, "longer than 64 KiB"},
		{"digits.txt.gz", gzipped(t, []byte("AA\nA1\n")), CodeNotLetter, 2, `"A1" has '1'`},
		{"truncated.txt.gz", corrupt, CodeCorruptGzip, 0, "gzip data is corrupt: unexpected EOF"},
		{"header.txt.gz", []byte{0x1f, 0x8b, 0x00}, CodeCorruptGzip, 0, "gzip data is corrupt"},
		{"words.zip", zipped(t), CodeUnsupportedFormat, 0, "zip archive: unzip it"},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			path := writeFile(t, filepath.Join(dir, tc.file), tc.data)
			_, err := LoadLexicon(path)
			checkNotWordList(t, err, path, tc.code, tc.line, tc.detail)
		})
	}
}

// The size limit is tested on readWords with a small limit: a real 128 MiB
// file would make the test slow.
func TestReadWordsTooLarge(t *testing.T) {
	list := strings.Repeat("AA\n", 100)
	err := readWords("big.txt", strings.NewReader(list), int64(len(list)-1), func([]byte) {})
	checkNotWordList(t, err, "big.txt", CodeWordListTooLarge, 0, "larger than 128 MiB")
	// Cut mid-line by the limit, the last line is a bad word: the size is
	// what is wrong.
	err = readWords("big.txt", strings.NewReader(list+"Ä\n"), int64(len(list)), func([]byte) {})
	checkNotWordList(t, err, "big.txt", CodeWordListTooLarge, 0, "larger than 128 MiB")
	if err := readWords("big.txt", strings.NewReader(list), int64(len(list)), func([]byte) {}); err != nil {
		t.Errorf("a list of exactly the limit: %v", err)
	}
}

func checkNotWordList(t *testing.T, err error, file string, code WordListCode, line int, detail string) {
	t.Helper()
	var wl *WordListError
	if !errors.As(err, &wl) || wl.Code != code {
		t.Fatalf("got %v, want a *WordListError with code %s", err, code)
	}
	if wl.File != file || wl.Line != line {
		t.Errorf("at %s:%d, want %s:%d", wl.File, wl.Line, file, line)
	}
	msg := err.Error()
	if !strings.Contains(msg, "not a word list") || !strings.Contains(msg, detail) {
		t.Errorf("message %q lacks %q", msg, detail)
	}
	if prefix := file + ":"; !strings.HasPrefix(msg, prefix) {
		t.Errorf("message %q does not start with %q", msg, prefix)
	}
}

func zipped(t *testing.T) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("NWL2023.txt")
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("AA\nAB\n"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLexiconName(t *testing.T) {
	cases := map[string]string{
		"NWL2023.txt":            "NWL2023",
		"CSW24.txt.gz":           "CSW24",
		"ENABLE.txt":             "ENABLE",
		"ENABLE":                 "ENABLE",
		"/srv/lexicons/CSW21.gz": "CSW21",
		"OSPS44.v2.txt":          "OSPS44",
	}
	for path, want := range cases {
		if got := LexiconName(path); got != want {
			t.Errorf("LexiconName(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestLoadLexiconMissing(t *testing.T) {
	if _, err := LoadLexicon(filepath.Join(t.TempDir(), "NWL2023.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: got %v", err)
	}
	dir := t.TempDir()
	if _, err := LoadLexicon(dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("a folder: got %v", err)
	}
}
