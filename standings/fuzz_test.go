package standings

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadT: ParseT never panics; it fails only with a coded *Error at a
// line; and what it reads, MarshalT writes so that it reads back as the
// same division and writes the same bytes again.
func FuzzReadT(f *testing.F) {
	for _, pattern := range []string{"testdata/*.t", "testdata/golden/*.t", "testdata/bad/*.t"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	for _, s := range []string{
		"",
		"A 1;",
		"1500 1600 2;\n2 3 1;",
		"A 1 0; -5; off -7; fixedboard 3",
		"A 1 0; 5; forfeit 2\nB 2 0; -5; forfeit 1",
		"A 1 2; 5; tiebreak 1\nB 2 1; 5; tiebreak 2",
		"A 1; ; !x 1; # 5",
		"A 1; ; k a\\; # 5",
		"A\xff 1 00 2; 00 3\nB 1 00 1; 00 4\r\rC 5",
		"A 1 2; 5; p12 3\nB 2 1; 5; p12 3",
		"A 1 2 2; -7 -501\nB 2 1 1; 12 3",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg := DefaultConfig(RealmNASPA)
		d, err := ParseT(data, "F", cfg)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Code == "" || e.Line <= 0 {
				t.Fatalf("error without code or line: %#v", err)
			}
			return
		}
		out := MarshalT(d)
		d2, err := ParseT(out, "F", cfg)
		if err != nil {
			t.Fatalf("cannot read back what was written: %v\n%q", err, out)
		}
		assertSameDivision(t, d, d2)
		if again := MarshalT(d2); !bytes.Equal(out, again) {
			t.Fatalf("second write differs:\n%q\n%q", out, again)
		}
		_ = d.Standings(d.Rounds())
	})
}
