package gofpdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"math"
	"sync"
	"testing"
)

// TestAppendfIsFmt: appendf writes what fmt writes, whatever it is given.
func TestAppendfIsFmt(t *testing.T) {
	cases := []struct {
		f    string
		args []interface{}
	}{
		{"%.2f %.2f m", []interface{}{1.005, -0.0}},
		{"%.5f %.3f %.0f %.f", []interface{}{math.Pi, -2.5, 2.5, 3.7}},
		{"%d 0 R %s", []interface{}{-12, "x"}},
		{"%5.2f", []interface{}{1.0}},
		{"%.2f", []interface{}{math.Inf(1)}},
		{"%.2f", []interface{}{math.NaN()}},
		{"%.2f", []interface{}{float32(1.5)}},
		{"%d", []interface{}{int64(3)}},
		{"%x", []interface{}{255}},
		{"100%% %d", []interface{}{1}},
		{"%d %d", []interface{}{1}},
		{"%d", []interface{}{1, 2}},
		{"%", nil},
		{"%.", nil},
		{"%.2", []interface{}{1.0}},
		{"%.2d", []interface{}{1}},
		{"%.2s", []interface{}{"abc"}},
		{"%s", []interface{}{[]byte("b")}},
		{"BT %.2f %.2f Td (%s) Tj ET", []interface{}{1e21, -1e-9, "(a\\)"}},
		{"%v %d", []interface{}{1, 2}},
		{"%.2f", []interface{}{"s"}},
		{"%d", []interface{}{1.5}},
		{"%s", []interface{}{nil}},
	}
	for _, c := range cases {
		want := fmt.Sprintf(c.f, c.args...)
		if got := string(appendf([]byte("pre:"), c.f, c.args...)); got != "pre:"+want {
			t.Errorf("appendf(%q, %v) = %q, want %q", c.f, c.args, got, "pre:"+want)
		}
	}
}

// TestSliceCompressPooled: the pooled writers give what a new writer
// gives, byte for byte, however many compress at once.
func TestSliceCompressPooled(t *testing.T) {
	inputs := [][]byte{nil, []byte("q 0.5 g BT 10.00 20.00 Td (x) Tj ET Q\n")}
	for _, n := range []int{1000, 70000, 300000} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*i/7 + i/300)
		}
		inputs = append(inputs, b)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 2; round++ {
				for _, in := range inputs {
					var want bytes.Buffer
					w, _ := zlib.NewWriterLevel(&want, zlib.BestSpeed)
					w.Write(in)
					w.Close()
					if got := sliceCompress(in); !bytes.Equal(got, want.Bytes()) {
						t.Errorf("sliceCompress of %d bytes: %d bytes, not the %d of a new writer", len(in), len(got), want.Len())
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// TestDrawingLinesAreUpstreams: Line, Rect, the curves and Text write
// the very lines upstream's fmt formats wrote, infinities and all.
func TestDrawingLinesAreUpstreams(t *testing.T) {
	nums := []float64{0, 1, -1, 0.005, -0.005, 1.0 / 3, 12345.678901, -1e-9, 1e21, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN()}
	for _, colored := range []bool{false, true} {
		f := New("P", "mm", "A4", "")
		f.SetFont("Helvetica", "", 10)
		f.AddPage()
		if colored {
			f.SetTextColor(200, 10, 10)
		}
		for i, a := range nums {
			b := nums[(i+3)%len(nums)]
			X, Y := func(x float64) float64 { return x * f.k }, func(y float64) float64 { return (f.h - y) * f.k }
			cases := []struct {
				draw func()
				want string
			}{
				{func() { f.Line(a, b, b, a) }, fmt.Sprintf("%.2f %.2f m %.2f %.2f l S", X(a), Y(b), X(b), Y(a))},
				{func() { f.Rect(a, b, 3, a, "FD") }, fmt.Sprintf("%.2f %.2f %.2f %.2f re %s", X(a), Y(b), X(3), -a*f.k, "B")},
				{func() { f.Rect(a, b, 3, a, "") }, fmt.Sprintf("%.2f %.2f %.2f %.2f re %s", X(a), Y(b), X(3), -a*f.k, "S")},
				{func() { f.point(a, b) }, fmt.Sprintf("%.2f %.2f m", X(a), Y(b))},
				{func() { f.curve(a, b, 1, 2, b, a) }, fmt.Sprintf("%.5f %.5f %.5f %.5f %.5f %.5f c", X(a), Y(b), X(1), Y(2), X(b), Y(a))},
				{func() { f.Text(a, b, "a (b) \\ c") }, func() string {
					s := fmt.Sprintf("BT %.2f %.2f Td (%s) Tj ET", X(a), Y(b), `a \(b\) \\ c`)
					if colored {
						s = fmt.Sprintf("q %s %s Q", f.color.text.str, s)
					}
					return s
				}()},
			}
			for _, c := range cases {
				page := f.pages[f.page]
				n := page.Len()
				c.draw()
				if got := page.String()[n:]; got != c.want+"\n" {
					t.Errorf("colored %v, %v and %v: wrote %q, upstream %q", colored, a, b, got, c.want+"\n")
				}
			}
		}
	}
}
