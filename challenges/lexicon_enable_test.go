package challenges

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"iter"
	"os"
	"strings"
	"testing"
)

// enableSHA256 is the checksum ../shared/lexicons/README.md documents, so a
// changed file fails loudly instead of changing what these tests prove.
const enableSHA256 = "aa2f7a2d2a38adb0faefc564d3eae7ef243048c9955d77afb7a86c366b4a8482"

// The real ENABLE list (172,820 lowercase words, CRLF) loads whole.
func TestEnable(t *testing.T) {
	path := enablePath(t)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(raw); hex.EncodeToString(sum[:]) != enableSHA256 {
		t.Fatalf("%s has sha256 %x, the README says %s", path, sum, enableSHA256)
	}
	lex := mustLoad(t, path)
	if lex.Name() != "ENABLE" || lex.Len() != 172_820 {
		t.Fatalf("%s with %d words", lex.Name(), lex.Len())
	}
	// The loaded form is the letters and one offset a word, with no slack
	// left from loading: 1,570,508 letters and 172,821 offsets.
	if size := len(lex.data) + 4*cap(lex.offs); size != 1_570_508+4*172_821 {
		t.Errorf("the loaded form takes %d bytes", size)
	}

	// Checked with grep -x in the file. ENABLE predates QI, ZA, OK and EW.
	for _, w := range []string{"AA", "aa", "Aa", "JO", "XU", "QAT", "CWM", "quixotic", "ZyZzYvA", "ZYZZYVAS"} {
		if !lex.Contains(w) {
			t.Errorf("%s missing", w)
		}
	}
	for _, w := range []string{"QI", "ZA", "OK", "EW", "A", "ZZZ", "AAA", "ZYZZYVAZ"} {
		if lex.Contains(w) {
			t.Errorf("%s present", w)
		}
	}

	// Every line of the file is found, and Words gives them back in order.
	sc := bufio.NewScanner(strings.NewReader(string(raw)))
	next, stop := iter.Pull(lex.Words())
	defer stop()
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if !lex.Contains(line) {
			t.Fatalf("%q missing", line)
		}
		if w, ok := next(); !ok || w != strings.ToUpper(line) {
			t.Fatalf("Words gave %q where the file has %q", w, line)
		}
	}
}
