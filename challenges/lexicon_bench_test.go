package challenges

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The compact Lexicon against the obvious alternative, a map of words, on a
// list the size of CSW (about 280,000 words):
//
//	go test -run '^$' -bench 'Load|Contains' -benchmem ./challenges/
//
// load-ms is the time to read and build the list, MB the heap the loaded
// form keeps (HeapAlloc after GC, after minus before).

const bigListWords = 280_000

// bigList writes the benchmark list: ENABLE's 172,820 words and 107,180 of
// them, spread over the alphabet, with a Q appended (no ENABLE word ends in
// Q, so all 280,000 are distinct), lower-case with CRLF like ENABLE. Sorted,
// it is a published list; shuffled, it is the compact form's worst case, as
// the load must then sort it.
func bigList(b *testing.B, shuffled bool) string {
	f, err := os.Open(enablePath(b))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var words []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		words = append(words, strings.TrimSuffix(sc.Text(), "\r"))
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	enable := len(words)
	for i := range bigListWords - enable {
		words = append(words, words[i*enable/(bigListWords-enable)]+"q")
	}
	if shuffled {
		rand.New(rand.NewPCG(1, 2)).Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	} else {
		slices.Sort(words)
	}
	path := filepath.Join(b.TempDir(), "BIG.txt")
	return writeFile(b, path, []byte(strings.Join(words, "\r\n")+"\r\n"))
}

// mapLexicon is the alternative: every word its own string in a map.
type mapLexicon map[string]struct{}

func loadMap(path string) (mapLexicon, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := make(mapLexicon)
	err = readWords(path, f, maxWordListBytes, func(w []byte) { m[string(w)] = struct{}{} })
	return m, err
}

// Contains upper-cases ASCII words on the stack so that, like the compact
// form, it does not allocate for the words that matter.
func (m mapLexicon) Contains(word string) bool {
	var buf [64]byte
	if len(word) > len(buf) || !isASCII(word) {
		_, ok := m[strings.ToUpper(word)]
		return ok
	}
	up := buf[:len(word)]
	for i := range len(word) {
		c := word[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		up[i] = c
	}
	_, ok := m[string(up)] // the compiler does not copy for a lookup
	return ok
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

type wordSet interface{ Contains(string) bool }

func benchLoad[L wordSet](b *testing.B, load func(string) (L, error), size func(L) int) {
	for _, order := range []string{"sorted", "shuffled"} {
		b.Run(order, func(b *testing.B) { benchLoadList(b, bigList(b, order == "shuffled"), load, size) })
	}
}

func benchLoadList[L wordSet](b *testing.B, path string, load func(string) (L, error), size func(L) int) {
	var lex L
	for b.Loop() {
		var err error
		if lex, err = load(path); err != nil {
			b.Fatal(err)
		}
	}
	if n := size(lex); n != bigListWords {
		b.Fatalf("%d words, want %d", n, bigListWords)
	}
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/1e6, "load-ms")
	b.ReportMetric(retainedMB(func() any { lex, _ := load(path); return lex }), "MB")
}

// retainedMB is the heap that what load returns keeps alive.
func retainedMB(load func() any) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := load()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / 1e6
}

func BenchmarkLoadCompact(b *testing.B) {
	benchLoad(b, LoadLexicon, (*Lexicon).Len)
}

func BenchmarkLoadMap(b *testing.B) {
	benchLoad(b, loadMap, func(m mapLexicon) int { return len(m) })
}

// benchContains looks up 4,096 words as a board gives them: half are in the
// list, half are one letter off; half are lower-case (GCG's blanks).
func benchContains[L wordSet](b *testing.B, load func(string) (L, error)) {
	path := bigList(b, true)
	lex, err := load(path)
	if err != nil {
		b.Fatal(err)
	}
	compact := mustLoad(b, path)
	var queries []string
	i := 0
	for w := range compact.Words() {
		if i++; i%67 != 0 {
			continue
		}
		q := w
		if len(queries)%2 == 1 {
			q = w[:len(w)-1] + "J"
		}
		if len(queries)%4 >= 2 {
			q = strings.ToLower(q)
		}
		if lex.Contains(q) != compact.Contains(q) {
			b.Fatalf("the forms disagree on %q", q)
		}
		queries = append(queries, q)
		if len(queries) == 4096 {
			break
		}
	}
	b.ReportAllocs()
	i = 0
	for b.Loop() {
		lex.Contains(queries[i%len(queries)])
		i++
	}
}

func BenchmarkContainsCompact(b *testing.B) { benchContains(b, LoadLexicon) }

func BenchmarkContainsMap(b *testing.B) { benchContains(b, loadMap) }
