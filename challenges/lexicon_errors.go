package challenges

import (
	"errors"
	"fmt"
)

// Each way a file can fail to be a word list has its own error, wrapped in a
// *WordListError that says which file and which line, so a director can fix
// the file without guessing. Test with errors.Is.
var (
	ErrEmptyWordList     = errors.New("it has no words")
	ErrNotLetter         = errors.New("a word has a character that is not a letter")
	ErrInvalidUTF8       = errors.New("a word is not valid UTF-8")
	ErrLineTooLong       = errors.New("a line is longer than 64 KiB")
	ErrWordListTooLarge  = errors.New("it is larger than 128 MiB")
	ErrCorruptGzip       = errors.New("its gzip data is corrupt")
	ErrUnsupportedFormat = errors.New("it is in a format other than plain or gzipped UTF-8 text")
)

// Library errors.
var (
	ErrUnknownLexicon   = errors.New("no such lexicon")
	ErrAmbiguousLexicon = errors.New("two files give the same lexicon name")
)

// WordListError says why a file is not a word list, and where.
type WordListError struct {
	File   string // the file's path, or the name given to ReadWordList
	Line   int    // 1-based; 0 when the fault is the file as a whole
	Err    error  // one of the Err* values above
	Detail string // what was found, e.g. `"A1": '1' (U+0031) is not a letter`
}

func (e *WordListError) Error() string {
	where := e.File
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	what := e.Err.Error()
	if e.Detail != "" {
		what = e.Detail
	}
	return where + ": not a word list: " + what
}

func (e *WordListError) Unwrap() error { return e.Err }
