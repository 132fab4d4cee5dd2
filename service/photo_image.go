package service

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/draw"
)

// A photo as uploaded is never kept as sent: it is decoded and encoded
// again as a JPEG no larger than PhotoSide on its long side, which leaves
// behind whatever else the file carried (EXIF: the camera, the place, the
// time). What cannot be decoded is refused with a code, never a panic.
const (
	// MaxPhotoBytes is the most an uploaded photo file may hold.
	MaxPhotoBytes = 5 << 20
	// MaxPhotoPixels is the most pixels a photo may have: decoding one
	// takes memory in proportion, so a larger one is refused before.
	MaxPhotoPixels = 40_000_000
	// PhotoSide is the long side, in pixels, of a photo as kept.
	PhotoSide = 600
	// photoQuality is the JPEG quality of a photo as kept.
	photoQuality = 85
)

// photoDecoders is how many photos are decoded at once: each may take a
// few hundred MB while it is.
var photoDecoders = make(chan struct{}, 2)

// PreparePhoto checks an uploaded photo and returns it as kept: a JPEG,
// scaled down to PhotoSide on its long side and turned as its EXIF
// orientation says (photo_orient.go), nothing but the image.
// Errors: not-an-image (not a JPEG or PNG that decodes), photo-too-large
// (more than MaxPhotoBytes, or MaxPhotoPixels).
func PreparePhoto(data []byte) (out []byte, err error) {
	if len(data) > MaxPhotoBytes {
		return nil, photoTooLarge()
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || (format != "jpeg" && format != "png") {
		return nil, notAnImage()
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, notAnImage()
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPhotoPixels {
		return nil, Errorf(KindInvalid, "photo-too-large", "the photo is %d × %d pixels; a photo may have at most %d million pixels",
			cfg.Width, cfg.Height, MaxPhotoPixels/1_000_000)
	}
	photoDecoders <- struct{}{}
	defer func() { <-photoDecoders }()
	defer func() {
		if recover() != nil { // a decoder's bug is the file's refusal, never a crash
			out, err = nil, notAnImage()
		}
	}()
	var img image.Image
	if format == "jpeg" {
		img, err = jpeg.Decode(bytes.NewReader(data))
	} else {
		img, err = png.Decode(bytes.NewReader(data))
	}
	if err != nil {
		return nil, notAnImage()
	}
	var buf bytes.Buffer
	turned := scaleDown(img, PhotoSide)
	if format == "jpeg" {
		turned = orient(turned, jpegOrientation(data))
	}
	if err := jpeg.Encode(&buf, turned, &jpeg.Options{Quality: photoQuality}); err != nil {
		return nil, fmt.Errorf("encode photo: %w", err)
	}
	return buf.Bytes(), nil
}

// photoTooLarge refuses a file over MaxPhotoBytes.
func photoTooLarge() error {
	return Errorf(KindInvalid, "photo-too-large", "the photo's file is larger than %d MB, the most a photo may be: send a smaller one", MaxPhotoBytes>>20)
}

func notAnImage() error {
	return Errorf(KindInvalid, "not-an-image", "the file is not a photo this service reads: send a JPEG or PNG image")
}

// scaleDown returns img no larger than side on its long side, on white
// (a PNG's transparent parts are white in a JPEG).
func scaleDown(img image.Image, side int) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > side || h > side {
		if w >= h {
			w, h = side, max(1, h*side/w)
		} else {
			w, h = max(1, w*side/h), side
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.BiLinear.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	return dst
}
