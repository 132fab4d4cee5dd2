//go:build ignore

// gen.go makes fallback.ttf.gz, the fallback font of the printouts (see
// ../fallback.go), from the WenQuanYi Micro Hei collection as Debian
// ships it (package fonts-wqy-microhei, 0.2.0-beta):
//
//	go run gen.go /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
//
// It takes the collection's first face (Micro Hei; the second, Micro Hei
// Mono, differs only in its Latin widths) as a TrueType file of its own
// and gzips it: the font unchanged, table by table.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"os"
	"sort"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run gen.go wqy-microhei.ttc")
		os.Exit(2)
	}
	ttc, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err)
	}
	ttf, err := firstFace(ttc)
	if err != nil {
		fail(err)
	}
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	zw.Write(ttf)
	if err := zw.Close(); err != nil {
		fail(err)
	}
	if err := os.WriteFile("fallback.ttf.gz", out.Bytes(), 0o644); err != nil {
		fail(err)
	}
	fmt.Printf("fallback.ttf.gz: %d bytes (%d unpacked)\n", out.Len(), len(ttf))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// firstFace is the first font of a TrueType collection as a TrueType file:
// its offset table, then its tables, each at a 4-byte boundary.
func firstFace(ttc []byte) ([]byte, error) {
	if len(ttc) < 16 || string(ttc[:4]) != "ttcf" {
		return nil, fmt.Errorf("not a TrueType collection")
	}
	at := int(binary.BigEndian.Uint32(ttc[12:]))
	if at+12 > len(ttc) {
		return nil, fmt.Errorf("bad collection header")
	}
	n := int(binary.BigEndian.Uint16(ttc[at+4:]))
	type table struct {
		tag  string
		sum  uint32
		data []byte
	}
	var tables []table
	for i := 0; i < n; i++ {
		r := at + 12 + 16*i
		if r+16 > len(ttc) {
			return nil, fmt.Errorf("bad table directory")
		}
		off, size := int(binary.BigEndian.Uint32(ttc[r+8:])), int(binary.BigEndian.Uint32(ttc[r+12:]))
		if off+size > len(ttc) {
			return nil, fmt.Errorf("table %q out of the file", ttc[r:r+4])
		}
		tables = append(tables, table{string(ttc[r : r+4]), binary.BigEndian.Uint32(ttc[r+4:]), ttc[off : off+size]})
	}
	sort.Slice(tables, func(i, j int) bool { return tables[i].tag < tables[j].tag })
	var out bytes.Buffer
	out.Write(ttc[at : at+12]) // sfnt version, table count, search hints
	offset := 12 + 16*len(tables)
	for _, t := range tables {
		out.WriteString(t.tag)
		binary.Write(&out, binary.BigEndian, t.sum)
		binary.Write(&out, binary.BigEndian, uint32(offset))
		binary.Write(&out, binary.BigEndian, uint32(len(t.data)))
		offset += (len(t.data) + 3) &^ 3
	}
	for _, t := range tables {
		out.Write(t.data)
		out.Write(make([]byte, (4-len(t.data)%4)%4))
	}
	return out.Bytes(), nil
}
