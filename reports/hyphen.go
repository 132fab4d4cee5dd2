package reports

import (
	"bytes"
	"encoding/binary"
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The Go fonts draw the hyphen-minus (U+002D, the '-' of every keyboard)
// as a minus sign: as wide as '+', wider than their en dash, so that
// "Nakamura-Holt" printed as "Nakamura–Holt" with a long dash. Their soft
// hyphen (U+00AD) is the short hyphen a name wants. The proportional
// faces are embedded with the hyphen-minus drawn with that glyph: the
// text stays U+002D (copied or searched in the PDF it is the '-' that was
// typed), only its shape and width change. A true minus is U+2212 (see
// numbers.go), which keeps its own glyph. The mono faces keep theirs: in
// them every character is as wide as the next.

// sansTTF are the proportional faces' fonts with the short hyphen.
var sansTTF = sync.OnceValue(func() map[face][]byte {
	return map[face][]byte{
		sans:       shortHyphen(goregular.TTF),
		sansBold:   shortHyphen(gobold.TTF),
		sansItalic: shortHyphen(goitalic.TTF),
	}
})

// shortHyphen is the TrueType font ttf with the glyph of U+002D replaced
// by that of U+00AD (outline and metrics). It is ttf unchanged when the
// font is not as expected: U+00AD's outline must be as long as U+002D's
// or a shorter one (the rest of the old one's place is padding), so
// that no table moves.
func shortHyphen(ttf []byte) []byte {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return ttf
	}
	var buf sfnt.Buffer
	to, err1 := f.GlyphIndex(&buf, '-')
	from, err2 := f.GlyphIndex(&buf, '\u00ad')
	if err1 != nil || err2 != nil || to == 0 || from == 0 || to == from {
		return ttf
	}
	tab := ttfTables(ttf)
	head, hhea, loca, glyf, hmtx := tab["head"], tab["hhea"], tab["loca"], tab["glyf"], tab["hmtx"]
	if len(head) < 54 || len(hhea) < 36 || glyf == nil || hmtx == nil {
		return ttf
	}
	long := binary.BigEndian.Uint16(head[50:]) == 1
	at := func(g uint16) (int, bool) {
		if long {
			i := 4 * int(g)
			if i+4 > len(loca) {
				return 0, false
			}
			return int(binary.BigEndian.Uint32(loca[i:])), true
		}
		i := 2 * int(g)
		if i+2 > len(loca) {
			return 0, false
		}
		return 2 * int(binary.BigEndian.Uint16(loca[i:])), true
	}
	toStart, ok1 := at(uint16(to))
	toEnd, ok2 := at(uint16(to) + 1)
	fromStart, ok3 := at(uint16(from))
	fromEnd, ok4 := at(uint16(from) + 1)
	metrics := int(binary.BigEndian.Uint16(hhea[34:]))
	if !ok1 || !ok2 || !ok3 || !ok4 || fromEnd-fromStart > toEnd-toStart || fromEnd > len(glyf) || toEnd > len(glyf) ||
		int(to) >= metrics || int(from) >= metrics || 4*metrics > len(hmtx) {
		return ttf
	}
	out := bytes.Clone(ttf)
	// The tables are views into ttf: the same offsets serve in out.
	glyfAt, hmtxAt := tableOffset(ttf, "glyf"), tableOffset(ttf, "hmtx")
	slot := out[glyfAt+toStart : glyfAt+toEnd]
	clear(slot[copy(slot, glyf[fromStart:fromEnd]):]) // what is left over: padding
	copy(out[hmtxAt+4*int(to):hmtxAt+4*int(to)+4], hmtx[4*int(from):4*int(from)+4])
	return out
}

// ttfTables are a TrueType font's tables by tag, as slices of ttf.
func ttfTables(ttf []byte) map[string][]byte {
	out := map[string][]byte{}
	if len(ttf) < 12 {
		return out
	}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := 0; i < n; i++ {
		r := 12 + 16*i
		if r+16 > len(ttf) {
			break
		}
		off, size := int(binary.BigEndian.Uint32(ttf[r+8:])), int(binary.BigEndian.Uint32(ttf[r+12:]))
		if off < 0 || size < 0 || off+size > len(ttf) {
			continue
		}
		out[string(ttf[r:r+4])] = ttf[off : off+size]
	}
	return out
}

// tableOffset is where the table tag starts in ttf (ttfTables found it).
func tableOffset(ttf []byte, tag string) int {
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := 0; i < n; i++ {
		if r := 12 + 16*i; string(ttf[r:r+4]) == tag {
			return int(binary.BigEndian.Uint32(ttf[r+8:]))
		}
	}
	return 0
}
