package challenges

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

const testList = "AA\nAAH\nAAHED\nQAT\nZYZZYVA\nÄPFEL\nSTRAßE\nŻÓŁW\n" +
	"PNEUMONOULTRAMICROSCOPICSILICOVOLCANOCONIOSIS\n"

func TestContains(t *testing.T) {
	lex := mustRead(t, testList)
	cases := []struct {
		word string
		want bool
	}{
		{"AA", true},
		{"aa", true},
		{"aAh", true},
		{"zyzzyva", true},
		{"äpfel", true},
		{"ÄPFEL", true},
		{"Straße", true},
		{"żółw", true},
		{"pneumonoultramicroscopicsilicovolcanoconiosis", true},
		{"", false},
		{"A", false},       // a prefix of a word
		{"AAHS", false},    // a word plus a letter
		{"AAHE", false},    // between two words
		{"ZZZ", false},     // after the last
		{"APFEL", false},   // no folding of accents
		{"STRASSE", false}, // simple case mapping: ß is not SS
		{"ZOLW", false},
		{"A A", false},
		{"AA\x00", false},
		{"\xffAA", false},  // invalid UTF-8
		{"QAT\xc3", false}, // a truncated rune
	}
	for _, tc := range cases {
		if got := lex.Contains(tc.word); got != tc.want {
			t.Errorf("Contains(%q) = %v, want %v", tc.word, got, tc.want)
		}
	}
}

// A lookup must not allocate, even for a long word in lower case.
func TestContainsDoesNotAllocate(t *testing.T) {
	lex := mustRead(t, testList)
	words := []string{
		"aa", "zyzzyva", "äpfel", "Straße", "żółw", "nope", "",
		strings.Repeat("q", 32),
		"pneumonoultramicroscopicsilicovolcanoconiosis",
		strings.Repeat("ż", 50),
	}
	for _, w := range words {
		if n := testing.AllocsPerRun(100, func() { lex.Contains(w) }); n != 0 {
			t.Errorf("Contains(%q) allocates %v times", w, n)
		}
	}
}

func TestWords(t *testing.T) {
	lex := mustRead(t, "b\nc\na\nB\n")
	if got := slices.Collect(lex.Words()); !slices.Equal(got, []string{"A", "B", "C"}) {
		t.Errorf("Words = %q", got)
	}
	var first []string
	for w := range lex.Words() {
		first = append(first, w)
		if len(first) == 2 {
			break
		}
	}
	if !slices.Equal(first, []string{"A", "B"}) {
		t.Errorf("stopping early gave %q", first)
	}
	if n := testing.AllocsPerRun(10, func() {
		for range lex.Words() {
		}
	}); n > 1 {
		t.Errorf("iterating allocates %v times", n)
	}
}

// Lists in any order come out sorted and without repeats, including words
// that share their first eight bytes (the loader's sort key) or differ only
// beyond them.
func TestWordsSorted(t *testing.T) {
	want := []string{"A", "ABANDON", "ABANDONED", "ABANDONEE", "ABANDONER", "ABANDONERS",
		"ABANDONS", "ABANDONSA", "B", "ZZZZZZZZ", "ZZZZZZZZZ", "ÄPFEL", "ÄPFELBAUM", "ŻÓŁW"}
	list := slices.Clone(want)
	list = append(list, "abandoned", "Äpfel", "zzzzzzzz")
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
	lex := mustRead(t, strings.Join(list, "\n"))
	if got := slices.Collect(lex.Words()); !slices.Equal(got, want) {
		t.Errorf("Words = %q\nwant %q", got, want)
	}
}
