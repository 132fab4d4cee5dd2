package gcg

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead: Read never panics; it fails only with a located, coded
// *SyntaxError; and what it reads, Write writes so that it reads back the
// same.
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
		"#player1 a A\n#player2 b B\n#rac\u212A1 X\n#NOTE y\n", // Kelvin sign: not "rack1" to Read, so not to Write either
		"#player1 a A\n#player2 b B\n>a:(X) 5 5 " + strings.Repeat("y", MaxLineLength-11) + "\n",
		"#player1 " + strings.Repeat("n", MaxLineLength/2-5) + "\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(data)
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
