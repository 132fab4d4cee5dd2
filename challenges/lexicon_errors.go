package challenges

import (
	"errors"
	"fmt"
)

// WordListCode names one way a file fails to be a word list. Codes are
// stable, like the GCG and scoring codes: the API and reports show them, and
// callers branch on them.
type WordListCode string

// Every way a file can fail to be a word list has its own code.
const (
	CodeEmptyWordList     WordListCode = "empty-word-list"     // no words: empty, or blank lines only
	CodeNotLetter         WordListCode = "not-letter"          // a word with a digit, punctuation, a control byte
	CodeInvalidUTF8       WordListCode = "invalid-utf8"        // a word that is not UTF-8 (Latin-1, most often)
	CodeLineTooLong       WordListCode = "line-too-long"       // a line longer than 64 KiB
	CodeWordListTooLarge  WordListCode = "word-list-too-large" // more than 128 MiB of text
	CodeCorruptGzip       WordListCode = "corrupt-gzip"        // gzip's magic bytes, then bad gzip data
	CodeUnsupportedFormat WordListCode = "unsupported-format"  // zip, bzip2, xz, zstd, 7z or UTF-16
)

// WordListError says why a file is not a word list, and where, so that a
// director can fix the file without guessing.
type WordListError struct {
	File string // the file's path, or the name given to ReadWordList
	Line int    // 1-based; 0 when the fault is the file as a whole
	Code WordListCode
	Msg  string // for people; may change
}

func (e *WordListError) Error() string {
	where := e.File
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	return fmt.Sprintf("%s: not a word list: %s (%s)", where, e.Msg, e.Code)
}

// Library errors, for errors.Is: a lexicon the folder does not have, and a
// name two files claim.
var (
	ErrUnknownLexicon   = errors.New("no such lexicon")
	ErrAmbiguousLexicon = errors.New("two files give the same lexicon name")
)
