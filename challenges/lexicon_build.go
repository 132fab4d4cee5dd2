package challenges

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"slices"
	"strings"
)

// lexiconBuilder collects words as they are read, then sorts, deduplicates
// and packs them into a Lexicon.
type lexiconBuilder struct {
	buf      []byte // the words as read, concatenated
	spans    []span // where each word is in buf
	unsorted bool   // some word was not strictly after the one before it
}

// span is a word in the builder's buffer. key holds the word's first eight
// bytes, big-endian and zero-padded, so most comparisons while sorting are
// one integer comparison rather than a call to bytes.Compare: that halves the
// load time of an unsorted list. Zero padding keeps the order, since no word
// has a NUL byte.
type span struct {
	key      uint64
	off, end uint32
}

func (b *lexiconBuilder) word(s span) []byte { return b.buf[s.off:s.end] }

func (b *lexiconBuilder) compare(x, y span) int {
	if x.key != y.key {
		return cmp.Compare(x.key, y.key)
	}
	return bytes.Compare(b.word(x), b.word(y))
}

func (b *lexiconBuilder) add(word []byte) {
	var key [8]byte
	copy(key[:], word)
	s := span{binary.BigEndian.Uint64(key[:]), uint32(len(b.buf)), uint32(len(b.buf) + len(word))}
	b.buf = append(b.buf, word...)
	if n := len(b.spans); n > 0 && b.compare(b.spans[n-1], s) >= 0 {
		b.unsorted = true
	}
	b.spans = append(b.spans, s)
}

// build packs the words into exactly-sized storage, so the lexicon keeps no
// slack from the builder's growing slices. Published lists are sorted
// already, and then there is nothing to sort.
func (b *lexiconBuilder) build(name string) *Lexicon {
	if b.unsorted {
		slices.SortFunc(b.spans, b.compare)
		b.spans = slices.CompactFunc(b.spans, func(x, y span) bool { return b.compare(x, y) == 0 })
	}
	size := 0
	for _, s := range b.spans {
		size += int(s.end - s.off)
	}
	var data strings.Builder // String() hands over its buffer without a copy
	data.Grow(size)
	offs := make([]uint32, 1, len(b.spans)+1)
	for _, s := range b.spans {
		data.Write(b.word(s))
		offs = append(offs, uint32(data.Len()))
	}
	return &Lexicon{name: name, data: data.String(), offs: offs}
}
