package scoring

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseLayoutErrors(t *testing.T) {
	wide := strings.Repeat(".", 13) + "*" + strings.Repeat(".", 13) // 27 columns
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "no rows"},
		{"comments only", "# nothing\n\n", "no rows"},
		{"unknown symbol", "...\n.*x\n...", `unknown square symbol 'x'`},
		{"two stars", "*..\n...\n..*", "a second start square"},
		{"star and plus", "+..\n.*.\n...", "a second start square"},
		{"ragged", "...\n.*\n...", "row has 2 squares, earlier rows have 3"},
		{"no start", "...\n...\n...", "no start square"},
		{"one square", "*", "too small"},
		{"one row", ".*.", "too small"},
		{"27 columns", wide + "\n" + strings.Repeat(".", 27), "larger than notation can address"},
		{"100 rows", strings.Repeat("..\n", 99) + ".*", "larger than notation can address"},
	} {
		_, err := ParseLayout(c.name, c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestParseLayoutSymbols(t *testing.T) {
	// Every symbol of LayoutFormat, with spaces between symbols, a comment,
	// a blank line and Windows line ends.
	text := "# all symbols\r\n. ' d 2 \" t 3\r\n\r\n^ q 4 - D = T\r\n~ Q * . . . .\r\n"
	l, err := ParseLayout("symbols", text)
	if err != nil {
		t.Fatal(err)
	}
	want := []Premium{
		{1, 1}, {2, 1}, {2, 1}, {2, 1}, {3, 1}, {3, 1}, {3, 1},
		{4, 1}, {4, 1}, {4, 1}, {1, 2}, {1, 2}, {1, 3}, {1, 3},
		{1, 4}, {1, 4}, {1, 2}, {1, 1}, {1, 1}, {1, 1}, {1, 1},
	}
	if l.Rows != 3 || l.Cols != 7 || l.StartRow != 2 || l.StartCol != 2 || !reflect.DeepEqual(l.Squares, want) {
		t.Errorf("got %dx%d start (%d,%d) %v", l.Rows, l.Cols, l.StartRow, l.StartCol, l.Squares)
	}
	if s := l.String(); s != ".'''\"\"\"\n^^^--==\n~~*....\n" {
		t.Errorf("String() = %q", s)
	}
	plus, err := ParseLayout("plus", "...\n.+.\n...")
	if err != nil || plus.At(1, 1) != (Premium{1, 1}) || plus.StartRow != 1 || plus.String() != "...\n.+.\n...\n" {
		t.Errorf("'+' start: %v %+v", err, plus)
	}
}

func TestStandardLayout(t *testing.T) {
	l := StandardLayout()
	if s := l.String(); s != strings.TrimPrefix(standard15, "\n") {
		t.Errorf("String() of the standard board:\n%s", s)
	}
	back, err := ParseLayout(l.Name, l.String())
	if err != nil || !reflect.DeepEqual(back, l) {
		t.Errorf("the standard board does not read back: %v", err)
	}
	if l.Rows != 15 || l.Cols != 15 || l.StartRow != 7 || l.StartCol != 7 {
		t.Errorf("%dx%d start (%d,%d), want 15x15 start H8", l.Rows, l.Cols, l.StartRow, l.StartCol)
	}
	counts := map[Premium]int{}
	for _, p := range l.Squares {
		counts[p]++
	}
	// 8 TW, 17 DW (with the star), 12 TL, 24 DL.
	want := map[Premium]int{{1, 3}: 8, {1, 2}: 17, {3, 1}: 12, {2, 1}: 24, {1, 1}: 225 - 8 - 17 - 12 - 24}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("premium counts %v, want %v", counts, want)
	}
	for sq, p := range map[string]Premium{"A1": {1, 3}, "H1": {1, 3}, "O15": {1, 3}, "D1": {2, 1}, "F2": {3, 1}, "B2": {1, 2}, "H8": {1, 2}, "G7": {2, 1}, "K5": {1, 2}} {
		row, col, _, _ := ParsePosition(sq)
		if got := l.At(row, col); got != p {
			t.Errorf("%s is %v, want %v", sq, got, p)
		}
	}
}

func TestLayoutFiles(t *testing.T) {
	chums := loadLayout(t, "chums15")
	for sq, p := range map[string]Premium{"H8": {1, 1}, "G8": {4, 1}, "I8": {4, 1}, "E8": {3, 1}, "F8": {1, 2}, "D8": {1, 3}, "H4": {1, 3}, "H6": {1, 2}, "H7": {4, 1}, "D1": {2, 1}} {
		row, col, _, _ := ParsePosition(sq)
		if got := chums.At(row, col); got != p {
			t.Errorf("chums15 %s is %v, want %v", sq, got, p)
		}
	}
	super := loadLayout(t, "super21")
	if super.Rows != 21 || super.Cols != 21 || super.StartRow != 10 || super.StartCol != 10 || super.At(10, 10) != (Premium{1, 2}) {
		t.Errorf("super21: %dx%d start (%d,%d)", super.Rows, super.Cols, super.StartRow, super.StartCol)
	}
	for sq, p := range map[string]Premium{"A1": {1, 3}, "U1": {1, 3}, "A21": {1, 3}, "K1": {1, 3}, "K4": {4, 1}, "B2": {1, 2}, "D11": {4, 1}} {
		row, col, _, _ := ParsePosition(sq)
		if got := super.At(row, col); got != p {
			t.Errorf("super21 %s is %v, want %v", sq, got, p)
		}
	}
	for _, l := range []*Layout{chums, super} {
		n := l.Rows - 1
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				p := l.At(r, c)
				if p != l.At(c, r) || p != l.At(n-r, c) || p != l.At(r, n-c) {
					t.Errorf("%s is not symmetric at %s", l.Name, SquareName(r, c))
				}
			}
		}
		back, err := ParseLayout(l.Name, l.String())
		if err != nil || !reflect.DeepEqual(back, l) {
			t.Errorf("%s does not read back: %v", l.Name, err)
		}
	}
}

// loadLayout reads a board file from testdata/boards.
func loadLayout(t *testing.T, name string) *Layout {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "boards", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseLayout(name, string(text))
	if err != nil {
		t.Fatal(err)
	}
	return l
}
