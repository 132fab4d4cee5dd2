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
