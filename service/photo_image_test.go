package service

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func photoFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "photos", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func testImage(t testing.TB, w, h int, enc func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i)
	}
	var b bytes.Buffer
	if err := enc(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A photo is kept as a JPEG of at most PhotoSide pixels on its long
// side, with nothing of the file sent but the image (no EXIF); what is
// not a JPEG or PNG, or is one too large, is refused with its code.
func TestPreparePhoto(t *testing.T) {
	pngOf := func(b *bytes.Buffer, img image.Image) error { return png.Encode(b, img) }
	gifOf := func(b *bytes.Buffer, img image.Image) error { return gif.Encode(b, img, nil) }
	for _, tc := range []struct {
		name string
		data []byte
		code string
		w, h int
	}{
		{"jpeg with EXIF", photoFile(t, "exif.jpg"), "", 160, 200},
		{"png, transparent", photoFile(t, "face.png"), "", 120, 90},
		{"wide png scaled down", testImage(t, 1500, 900, pngOf), "", 600, 360},
		{"tall png scaled down", testImage(t, 300, 1200, pngOf), "", 150, 600},
		{"garbage", photoFile(t, "garbage.jpg"), "not-an-image", 0, 0},
		{"jpeg cut short", photoFile(t, "cut.jpg"), "not-an-image", 0, 0},
		{"gif", testImage(t, 20, 20, gifOf), "not-an-image", 0, 0},
		{"empty", nil, "not-an-image", 0, 0},
		{"20000 × 20000 pixels", photoFile(t, "huge.png"), "photo-too-large", 0, 0},
		{"over 5 MB", append(photoFile(t, "exif.jpg"), make([]byte, MaxPhotoBytes)...), "photo-too-large", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := PreparePhoto(tc.data)
			if tc.code != "" {
				var e *Error
				if !errors.As(err, &e) || e.Type != tc.code || e.Kind != KindInvalid {
					t.Fatalf("err %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(out))
			if err != nil || format != "jpeg" || cfg.Width != tc.w || cfg.Height != tc.h {
				t.Errorf("kept as %s %d × %d (%v), want jpeg %d × %d", format, cfg.Width, cfg.Height, err, tc.w, tc.h)
			}
			for _, secret := range []string{"Exif", "SecretCam"} {
				if bytes.Contains(out, []byte(secret)) {
					t.Errorf("the photo kept holds %q", secret)
				}
			}
			if bytes.Contains(tc.data, []byte("SecretCam")) == (tc.name != "jpeg with EXIF") {
				t.Errorf("test data: EXIF where not expected, or missing")
			}
		})
	}
	// A transparent PNG's background is white, not black.
	out, err := PreparePhoto(photoFile(t, "face.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := img.At(1, 1).RGBA(); r < 0xf000 || g < 0xf000 || b < 0xf000 {
		t.Errorf("corner of a transparent png: %v, want white", color.RGBA64Model.Convert(img.At(1, 1)))
	}
}

// No bytes make PreparePhoto panic or fail other than with its codes.
func FuzzPreparePhoto(f *testing.F) {
	for _, name := range []string{"exif.jpg", "rotated.jpg", "face.png", "huge.png", "garbage.jpg", "cut.jpg"} {
		f.Add(photoFile(f, name))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := PreparePhoto(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || (e.Type != "not-an-image" && e.Type != "photo-too-large") {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if _, err := jpeg.DecodeConfig(bytes.NewReader(out)); err != nil {
			t.Fatalf("kept photo does not decode: %v", err)
		}
	})
}

// A phone's photo stored on its side with EXIF Orientation 6 is kept
// turned a quarter clockwise: the red block at the sensor's top left is
// at the top right.
func TestPreparePhotoTurnsByOrientation(t *testing.T) {
	data := photoFile(t, "rotated.jpg")
	if o := jpegOrientation(data); o != 6 {
		t.Fatalf("orientation %d, want 6", o)
	}
	for _, name := range []string{"exif.jpg", "face.png", "garbage.jpg", "cut.jpg"} {
		if o := jpegOrientation(photoFile(t, name)); o != 1 {
			t.Errorf("%s: orientation %d, want 1", name, o)
		}
	}
	out, err := PreparePhoto(data)
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 100 || b.Dy() != 160 {
		t.Fatalf("kept %v, want 100 × 160", b)
	}
	red := func(x, y int) bool { r, g, _, _ := img.At(x, y).RGBA(); return r > 0xa000 && g < 0x6000 }
	if !red(90, 10) || red(10, 10) || red(90, 150) {
		t.Errorf("not turned clockwise: red at top right %v, top left %v, bottom right %v", red(90, 10), red(10, 10), red(90, 150))
	}
}

// Each orientation undone by its inverse gives the image back.
func TestOrientInverses(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range src.Pix {
		src.Pix[i] = byte(i * 7)
	}
	for o, inverse := range map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 8, 7: 7, 8: 6} {
		if got := orient(orient(src, o), inverse); !bytes.Equal(got.Pix, src.Pix) || got.Bounds() != src.Bounds() {
			t.Errorf("orientation %d then %d: %v %v", o, inverse, got.Bounds(), got.Pix)
		}
	}
	if got := orient(src, 6); got.Bounds().Dx() != 2 || got.Bounds().Dy() != 3 {
		t.Errorf("a quarter turn: %v", got.Bounds())
	}
}

// No bytes make jpegOrientation panic or say other than 1 to 8.
func FuzzJPEGOrientation(f *testing.F) {
	for _, name := range []string{"exif.jpg", "rotated.jpg", "cut.jpg"} {
		f.Add(photoFile(f, name))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if o := jpegOrientation(data); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	})
}
