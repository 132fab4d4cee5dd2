package service

import (
	"encoding/binary"
	"image"
)

// A phone keeps a photo as its sensor saw it and says in the EXIF
// Orientation tag how to turn it for showing. The kept photo has no EXIF
// (PreparePhoto), so the turn is made to the pixels themselves, or a
// portrait would show lying on its side.

// jpegOrientation is the EXIF Orientation (1 to 8) of a JPEG file: 1
// (as stored) when it has none or anything about it does not read.
func jpegOrientation(b []byte) int {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xFF {
			return 1
		}
		switch marker := b[i+1]; {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8): // no length
			i += 2
			continue
		case marker == 0xDA || marker == 0xD9: // the image itself: no more metadata
			return 1
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			return 1
		}
		if seg := b[i+4 : i+2+n]; b[i+1] == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads the Orientation tag (0x0112, a SHORT) of the
// first IFD of an EXIF block's TIFF structure.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 1
	}
	off := int64(order.Uint32(t[4:8]))
	if off < 8 || off+2 > int64(len(t)) {
		return 1
	}
	n := int(order.Uint16(t[off:]))
	for k := range n {
		e := int(off) + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if order.Uint16(t[e:]) == 0x0112 && order.Uint16(t[e+2:]) == 3 {
			if v := int(order.Uint16(t[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient turns an image as its EXIF orientation o says it is to be
// shown (o 1: as it is).
func orient(src *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return src
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := range oh {
		for x := range ow {
			var sx, sy int
			switch o {
			case 2: // mirrored
				sx, sy = w-1-x, y
			case 3: // upside down
				sx, sy = w-1-x, h-1-y
			case 4: // mirrored upside down
				sx, sy = x, h-1-y
			case 5: // mirrored, a quarter turn
				sx, sy = y, x
			case 6: // a quarter turn clockwise
				sx, sy = y, h-1-x
			case 7: // mirrored, three quarters
				sx, sy = w-1-y, h-1-x
			case 8: // a quarter turn anticlockwise
				sx, sy = w-1-y, x
			}
			si, di := src.PixOffset(b.Min.X+sx, b.Min.Y+sy), dst.PixOffset(x, y)
			copy(dst.Pix[di:di+4], src.Pix[si:si+4])
		}
	}
	return dst
}
