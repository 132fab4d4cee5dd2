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
// bytes, big-endian and zero-padded, which orders words as their bytes do
// (no word has a NUL byte) and lets sort work on integers.
type span struct {
	key      uint64
	off, end uint32
}

func (b *lexiconBuilder) word(s span) []byte { return b.buf[s.off:s.end] }

// compare orders two words. Equal keys mean the words agree on their first
// eight bytes, or are equal and shorter than that: only the rest is compared.
func (b *lexiconBuilder) compare(x, y span) int {
	if x.key != y.key {
		return cmp.Compare(x.key, y.key)
	}
	return bytes.Compare(b.buf[min(x.off+8, x.end):x.end], b.buf[min(y.off+8, y.end):y.end])
}

func (b *lexiconBuilder) add(word []byte) {
	// Double when full: append alone grows big slices by a quarter at a
	// time, and a list then churns through ten times its size in copies.
	if cap(b.buf)-len(b.buf) < len(word) {
		b.buf = slices.Grow(b.buf, max(len(b.buf), 64<<10))
	}
	if len(b.spans) == cap(b.spans) {
		b.spans = slices.Grow(b.spans, max(len(b.spans), 4<<10))
	}
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
		b.sort()
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

// sort orders the spans: a radix sort on the keys, then a comparison sort of
// each run of equal keys (words sharing their first eight bytes, a handful
// at a time). For a shuffled 280,000-word list that takes a third of the
// time slices.SortFunc over whole words does, so a list loads about as fast
// in any order.
func (b *lexiconBuilder) sort() {
	spans, tmp := b.spans, make([]span, len(b.spans))
	for shift := 0; shift < 64; shift += 8 {
		var next [257]int // next[d+1] counts digit d, then next[d] is where it goes
		for _, s := range spans {
			next[byte(s.key>>shift)+1]++
		}
		if next[byte(spans[0].key>>shift)+1] == len(spans) {
			continue // every key has this digit: nothing to move
		}
		for d := 1; d < len(next); d++ {
			next[d] += next[d-1]
		}
		for _, s := range spans {
			d := byte(s.key >> shift)
			tmp[next[d]] = s
			next[d]++
		}
		spans, tmp = tmp, spans
	}
	for i := 0; i < len(spans); {
		j := i + 1
		for j < len(spans) && spans[j].key == spans[i].key {
			j++
		}
		if j-i > 1 {
			slices.SortFunc(spans[i:j], b.compare)
		}
		i = j
	}
	b.spans = spans
}
