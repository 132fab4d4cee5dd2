package challenges

import (
	"iter"
	"unicode"
	"unicode/utf8"
)

// Lexicon is a word list loaded into memory, read-only and safe for
// concurrent use.
//
// The words are kept upper-cased, sorted and concatenated in one string, with
// an offset table: word i is data[offs[i]:offs[i+1]]. For a 280,000-word list
// that is 3.8 MB in two allocations, against 17.5 MB and 280,000 allocations
// for a map[string]struct{}, and it loads two to five times faster (see
// lexicon_bench_test.go). A lookup is a binary search, about 360 ns against
// the map's 110: adjudicating a challenge looks up a handful of words, so the
// memory and load time matter more than the speed. The sorted form also
// gives Words its alphabetical order for free.
type Lexicon struct {
	name string
	data string   // every word, upper-case UTF-8, in byte (= code point) order
	offs []uint32 // len(offs) == Len()+1; offs[0] == 0
}

// Name is the lexicon's name, such as NWL2023 or CSW24.
func (l *Lexicon) Name() string { return l.name }

// Len is the number of distinct words.
func (l *Lexicon) Len() int { return max(len(l.offs)-1, 0) }

// word returns word i without copying.
func (l *Lexicon) word(i int) string { return l.data[l.offs[i]:l.offs[i+1]] }

// Contains reports whether word is in the lexicon, in any case. It upper-cases
// the word rune by rune while comparing, so it never allocates, whatever the
// word's length.
func (l *Lexicon) Contains(word string) bool {
	lo, hi := 0, l.Len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := compareUpper(word, l.word(m)); {
		case c == 0:
			return true
		case c > 0:
			lo = m + 1
		default:
			hi = m
		}
	}
	return false
}

// Words yields every word, upper-cased, in alphabetical (code point) order.
// The strings share the lexicon's memory: yielding them costs nothing.
func (l *Lexicon) Words() iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := range l.Len() {
			if !yield(l.word(i)) {
				return
			}
		}
	}
}

// compareUpper compares the upper-case form of query with word, which is
// already upper-case, valid UTF-8. Byte order of UTF-8 is code point order,
// so an ASCII byte can be compared with any byte of word directly; only a
// non-ASCII rune of the query needs decoding. Upper-casing is
// unicode.ToUpper, rune by rune, the same mapping the loader stores words in.
// Invalid UTF-8 in the query decodes to U+FFFD, which no word contains.
func compareUpper(query, word string) int {
	i, j := 0, 0
	for i < len(query) && j < len(word) {
		if a := query[i]; a < utf8.RuneSelf {
			if 'a' <= a && a <= 'z' {
				a -= 'a' - 'A'
			}
			if b := word[j]; a != b {
				return cmpOrder(a < b)
			}
			i++
			j++
			continue
		}
		r, n := utf8.DecodeRuneInString(query[i:])
		s, m := utf8.DecodeRuneInString(word[j:])
		if r = unicode.ToUpper(r); r != s {
			return cmpOrder(r < s)
		}
		i += n
		j += m
	}
	switch {
	case i < len(query):
		return 1
	case j < len(word):
		return -1
	}
	return 0
}

func cmpOrder(less bool) int {
	if less {
		return -1
	}
	return 1
}
