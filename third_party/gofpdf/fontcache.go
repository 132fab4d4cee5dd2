package gofpdf

// Added for tourney (see README.md): documents that add the same UTF-8
// font share what parsing it gives instead of each parsing it again.

import (
	"crypto/sha256"
	"fmt"
	"sync"
)

// utf8FontDefs holds a UTF-8 font's definition (metrics, widths and id:
// fontDefType without utf8File and usedRunes, which are a document's
// own) by the font's key and the hash of its bytes. Cw is shared: nothing
// writes into it. At most utf8FontDefsMax are kept: past that the
// cache starts over, so a program adding ever new fonts does not keep
// them all.
var utf8FontDefs struct {
	sync.Mutex
	m map[utf8FontDefKey]fontDefType
}

const utf8FontDefsMax = 64

type utf8FontDefKey struct {
	name string
	sum  [sha256.Size]byte
}

// utf8FontDef is the definition of the UTF-8 font utf8Bytes under the
// key fontkey, parsed once; false if the bytes are not a font gofpdf
// reads (as upstream, the error is printed and the font not added).
func utf8FontDef(fontkey string, utf8Bytes []byte) (fontDefType, bool) {
	key := utf8FontDefKey{fontkey, sha256.Sum256(utf8Bytes)}
	utf8FontDefs.Lock()
	def, ok := utf8FontDefs.m[key]
	utf8FontDefs.Unlock()
	if ok {
		return def, true
	}
	// As upstream's addFontFromBytes did for every document.
	Type := "UTF8"
	reader := fileReader{readerPosition: 0, array: utf8Bytes}

	utf8File := newUTF8Font(&reader)

	err := utf8File.parseFile()
	if err != nil {
		fmt.Printf("get metrics Error: %e\n", err)
		return fontDefType{}, false
	}
	desc := FontDescType{
		Ascent:       int(utf8File.Ascent),
		Descent:      int(utf8File.Descent),
		CapHeight:    utf8File.CapHeight,
		Flags:        utf8File.Flags,
		FontBBox:     utf8File.Bbox,
		ItalicAngle:  utf8File.ItalicAngle,
		StemV:        utf8File.StemV,
		MissingWidth: round(utf8File.DefaultWidth),
	}
	def = fontDefType{
		Tp:   Type,
		Name: fontkey,
		Desc: desc,
		Up:   int(round(utf8File.UnderlinePosition)),
		Ut:   round(utf8File.UnderlineThickness),
		Cw:   utf8File.CharWidths,
	}
	def.i, _ = generateFontID(def)
	utf8FontDefs.Lock()
	if utf8FontDefs.m == nil || len(utf8FontDefs.m) >= utf8FontDefsMax {
		utf8FontDefs.m = make(map[utf8FontDefKey]fontDefType)
	}
	utf8FontDefs.m[key] = def
	utf8FontDefs.Unlock()
	return def, true
}
