package challenges

import "strings"

// Verdict is the ruling on a challenged play.
type Verdict struct {
	Acceptable bool     // every word formed is in the lexicon
	Invalid    []string // the words that are not, upper-cased, in the order given
}

// Judge rules on the words a play formed: the play is acceptable only if
// every word is. Invalid lists every occurrence, so a word the play formed
// twice is listed twice. A play with no words is acceptable: there is
// nothing to rule out. lex must not be nil.
func Judge(lex *Lexicon, words []string) Verdict {
	var invalid []string
	for _, w := range words {
		if !lex.Contains(w) {
			invalid = append(invalid, strings.ToUpper(w))
		}
	}
	return Verdict{Acceptable: len(invalid) == 0, Invalid: invalid}
}

// Check loads a lexicon of the library (once) and reports why it cannot
// be used: missing, unreadable, or not a word list.
func (l *Library) Check(name string) error {
	_, err := l.Get(name)
	return err
}

// Judge judges words against a lexicon of the library.
func (l *Library) Judge(name string, words []string) (Verdict, error) {
	lex, err := l.Get(name)
	if err != nil {
		return Verdict{}, err
	}
	return Judge(lex, words), nil
}
