package gcg

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzRead: Read never panics; it fails only with a located, coded
// *SyntaxError; what it reads, Write writes so that it reads back the
// same; and a Reader that has read other records before reads the same.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.gcg"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"",
		"#player1 a A\n#player2 b B\n>a: ABC 8D CAB +7 7\n",
		"#player1 a: A\n#player2 a B\n>a:: ?B -- -7 0\n>a: (X) +2\n",
		"#character-encoding ISO-8859-1\r#player1 \xe9 x\r#player2 b\r>\xe9: \xc9 (time) -5 -5 late\r",
		"#player1 a A\n#player2 a B\n>a: - +0 0\n>b: - +0 0\n",
		"#note\n\n  x\n#rack1 A\n",
		"#player1 a A\n#player2 b B\n#rac\u212A1 X\n#NOTE y\n",                         // Kelvin sign: not "rack1" to Read, so not to Write either
		"#player1 a A\n#player2 b B\n>a:(X) 5 5 " + strings.Repeat("y", 10_000) + "\n", // lines of any length
		"#player1 a A\n#player2 b B\n#note " + strings.Repeat("long note ", 1000) + "\n\tgoes on\n",
		"#player1 " + strings.Repeat("n", MaxLineLength/2-5) + "\n", // a nick near the #player line limit
		"#player1 n " + strings.Repeat("\u00e9", MaxLineLength-11) + "\n#player2 b\n",
	} {
		f.Add([]byte(s))
	}
	reused := &Reader{} // reads every input after the others
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(data)
		again, againErr := reused.Read(data)
		if !reflect.DeepEqual(rec, again) || !reflect.DeepEqual(err, againErr) {
			t.Fatalf("a Reader that read other records reads differently:\n%+v %v\n%+v %v", rec, err, again, againErr)
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line <= 0 || se.Code == "" {
				t.Fatalf("error %v is not a located, coded *SyntaxError", err)
			}
			return
		}
		checkRoundTrip(t, "fuzz input", rec)
	})
}
