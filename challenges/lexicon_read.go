package challenges

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits that keep a wrong file (a dictionary with long definitions, a
// database dump, a gzip bomb) from exhausting memory. The largest real word
// lists (Polish, with every inflected form: some three million words) are a
// few tens of MB.
const (
	maxWordListBytes = 128 << 20 // after decompression
	maxLineBytes     = 64 << 10
)

// LexiconName is a word-list file's lexicon name: its base name without
// extensions, everything from the first dot on. NWL2023.txt, CSW24.txt.gz
// and ENABLE give NWL2023, CSW24 and ENABLE.
func LexiconName(path string) string {
	base := filepath.Base(path)
	if i := strings.IndexByte(base, '.'); i >= 0 {
		return base[:i]
	}
	return base
}

// LoadLexicon reads the word-list file at path (see ReadWordList), naming
// the lexicon after the file (see LexiconName). Errors name the path.
func LoadLexicon(path string) (*Lexicon, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a word list", path)
	}
	return readLexicon(path, LexiconName(path), f)
}

// ReadWordList reads a word list: one word a line, in any case, with LF,
// CRLF or CR line ends, optionally gzip-compressed (told by its content, not
// its name). A leading BOM, blank lines and surrounding blanks are ignored;
// only a line's first field counts, since published lists may follow the word
// with its definition. A word is letters only, in any script, precomposed
// (NFC: a combining accent is not a letter); it is stored upper-cased, and
// duplicates are merged. A first field with anything else,
// or no word at all, means this is not a word list: the error is a
// *WordListError naming name and the line.
func ReadWordList(name string, r io.Reader) (*Lexicon, error) {
	return readLexicon(name, name, r)
}

func readLexicon(file, name string, r io.Reader) (*Lexicon, error) {
	var b lexiconBuilder
	if err := readWords(file, r, maxWordListBytes, b.add); err != nil {
		return nil, err
	}
	return b.build(name), nil
}

// readWords calls add with each word of the list, upper-cased, in file
// order. The slice is reused: add must copy what it keeps.
func readWords(file string, r io.Reader, limit int64, add func(word []byte)) error {
	src, gzipped, err := openText(file, r)
	if err != nil {
		return err
	}
	lr := &io.LimitedReader{R: src, N: limit + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	sc.Split(splitLines)

	var word []byte
	line, words := 0, 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if line == 1 {
			text = bytes.TrimPrefix(text, []byte("\uFEFF"))
		}
		var bad *WordListError
		if word, bad = appendWord(word[:0], text); bad != nil {
			if lr.N <= 0 {
				break // the line may be cut short by the limit: report the size
			}
			bad.File, bad.Line = file, line
			return bad
		}
		if len(word) == 0 {
			continue // a blank line
		}
		add(word)
		words++
	}
	switch err := sc.Err(); {
	case lr.N <= 0:
		return &WordListError{File: file, Code: CodeWordListTooLarge, Msg: "it is larger than 128 MiB"}
	case errors.Is(err, bufio.ErrTooLong):
		return &WordListError{File: file, Line: line + 1, Code: CodeLineTooLong, Msg: "a line is longer than 64 KiB"}
	case err != nil && gzipped && isGzipCorruption(err):
		return &WordListError{File: file, Code: CodeCorruptGzip, Msg: "its gzip data is corrupt: " + err.Error()}
	case err != nil:
		return fmt.Errorf("read %s: %w", file, err)
	case words == 0:
		return &WordListError{File: file, Code: CodeEmptyWordList, Msg: "it has no words"}
	}
	return nil
}

// openText returns the text of a word list, gunzipping it when it starts
// with gzip's magic bytes: a director may compress a list without renaming
// it, or name it .gz without compressing it.
func openText(file string, r io.Reader) (io.Reader, bool, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(8) // a short file has a short head; reading reports any error
	if bytes.HasPrefix(head, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, true, &WordListError{File: file, Code: CodeCorruptGzip, Msg: "its gzip data is corrupt: " + err.Error()}
		}
		return zr, true, nil
	}
	for _, f := range otherFormats {
		if bytes.HasPrefix(head, []byte(f.magic)) {
			return nil, false, &WordListError{File: file, Code: CodeUnsupportedFormat, Msg: f.advice}
		}
	}
	return br, false, nil
}

// otherFormats are files a director might supply by mistake. Each would be
// refused anyway (its first bytes are not letters); naming the format makes
// the error say what to do.
var otherFormats = []struct{ magic, advice string }{
	{"PK\x03\x04", "it is a zip archive: unzip it, or gzip the word list instead"},
	{"\x1f\x9d", "it is compress(1)ed: gzip the word list instead"},
	{"BZh", "it is bzip2-compressed: gzip the word list instead"},
	{"\xfd7zXZ\x00", "it is xz-compressed: gzip the word list instead"},
	{"\x28\xb5\x2f\xfd", "it is zstd-compressed: gzip the word list instead"},
	{"7z\xbc\xaf\x27\x1c", "it is a 7-Zip archive: extract it, or gzip the word list instead"},
	{"\xff\xfe", "it is UTF-16 text: save it as UTF-8"},
	{"\xfe\xff", "it is UTF-16 text: save it as UTF-8"},
}

func isGzipCorruption(err error) bool {
	var corrupt flate.CorruptInputError
	return errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &corrupt)
}

// splitLines ends a line at LF, CRLF or a lone CR (old Mac files, which would
// otherwise read as one word followed by a "definition"), so line numbers in
// errors match what an editor shows.
func splitLines(data []byte, atEOF bool) (int, []byte, error) {
	lf := bytes.IndexByte(data, '\n')
	end := lf
	if end < 0 {
		end = len(data)
	}
	if cr := bytes.IndexByte(data[:end], '\r'); cr >= 0 {
		switch {
		case cr+1 < len(data) && data[cr+1] == '\n':
			return cr + 2, data[:cr], nil
		case cr+1 < len(data) || atEOF:
			return cr + 1, data[:cr], nil
		}
		return 0, nil, nil // a CR ends the buffer: is an LF next?
	}
	if lf >= 0 {
		return lf + 1, data[:lf], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// appendWord appends the line's first whitespace-separated field to dst,
// upper-cased, or says why that field is not a word. What follows the field
// is ignored: published lists may give each word's definition. One pass
// finds, checks and upper-cases the word, as this loop is much of the load
// time.
//
// Upper-casing is unicode.ToUpper rune by rune (simple case mapping, so ß
// stays ß), the mapping Contains applies to queries.
func appendWord(dst, line []byte) ([]byte, *WordListError) {
	start := skip(line, 0, true)
	for i := start; i < len(line); {
		switch c := line[i]; {
		case 'A' <= c && c <= 'Z':
			dst = append(dst, c)
			i++
			continue
		case 'a' <= c && c <= 'z':
			dst = append(dst, c-('a'-'A'))
			i++
			continue
		}
		r, n := utf8.DecodeRune(line[i:])
		switch {
		case unicode.IsSpace(r):
			return dst, nil
		case r == utf8.RuneError && n == 1:
			return dst, &WordListError{Code: CodeInvalidUTF8, Msg: fmt.Sprintf(
				"%s has byte 0x%02X, which is not valid UTF-8", quoteField(line, start), line[i])}
		case !unicode.IsLetter(r):
			return dst, &WordListError{Code: CodeNotLetter, Msg: fmt.Sprintf(
				"%s has %q (%U), which is not a letter", quoteField(line, start), r, r)}
		}
		dst = utf8.AppendRune(dst, unicode.ToUpper(r))
		i += n
	}
	return dst, nil
}

// skip returns the index of the first rune at or after i whose
// unicode.IsSpace differs from space. Invalid UTF-8 is not space.
func skip(line []byte, i int, space bool) int {
	for i < len(line) {
		r, n := utf8.DecodeRune(line[i:])
		if unicode.IsSpace(r) != space {
			break
		}
		i += n
	}
	return i
}

// quoteField quotes the field at start for an error message, cut to a
// readable length.
func quoteField(line []byte, start int) string {
	const shown = 40
	field := line[start:skip(line, start, false)]
	if len(field) > shown {
		return fmt.Sprintf("%q...", field[:shown])
	}
	return fmt.Sprintf("%q", field)
}
