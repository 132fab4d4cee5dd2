package gofpdf

// Added for tourney (see README.md): the drawing operators are formatted
// without fmt's general machinery, and written straight into the page.

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
)

// appendf appends fmtStr formatted with args to dst, as fmt.Appendf
// does. It formats %.Nf (float64), %d (int), %s (string) and %% itself,
// the verbs gofpdf's drawing operators use, and leaves anything else (a
// width, a flag, another verb or type, an infinity, a missing or extra
// argument) to fmt.Appendf, so the result is always fmt's.
func appendf(dst []byte, fmtStr string, args ...interface{}) []byte {
	start, next := len(dst), 0
	for i := 0; i < len(fmtStr); i++ {
		c := fmtStr[i]
		if c != '%' {
			dst = append(dst, c)
			continue
		}
		i++
		if i == len(fmtStr) {
			return fmt.Appendf(dst[:start], fmtStr, args...)
		}
		prec := -1
		if fmtStr[i] == '.' {
			prec = 0
			for i++; i < len(fmtStr) && fmtStr[i] >= '0' && fmtStr[i] <= '9'; i++ {
				prec = prec*10 + int(fmtStr[i]-'0')
			}
			if i == len(fmtStr) {
				return fmt.Appendf(dst[:start], fmtStr, args...)
			}
		}
		verb := fmtStr[i]
		if verb == '%' && prec < 0 {
			dst = append(dst, '%')
			continue
		}
		if next == len(args) {
			return fmt.Appendf(dst[:start], fmtStr, args...)
		}
		arg := args[next]
		next++
		switch v := arg.(type) {
		case float64:
			if verb != 'f' || prec < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				return fmt.Appendf(dst[:start], fmtStr, args...)
			}
			dst = strconv.AppendFloat(dst, v, 'f', prec, 64)
		case int:
			if verb != 'd' || prec >= 0 {
				return fmt.Appendf(dst[:start], fmtStr, args...)
			}
			dst = strconv.AppendInt(dst, int64(v), 10)
		case string:
			if verb != 's' || prec >= 0 {
				return fmt.Appendf(dst[:start], fmtStr, args...)
			}
			dst = append(dst, v...)
		default:
			return fmt.Appendf(dst[:start], fmtStr, args...)
		}
	}
	if next != len(args) {
		return fmt.Appendf(dst[:start], fmtStr, args...)
	}
	return dst
}

// outBuffer is where out writes: the current page, or the document.
func (f *Fpdf) outBuffer() *bytes.Buffer {
	if f.state == 2 {
		return f.pages[f.page]
	}
	return &f.buffer.Buffer
}

// finite tells whether none of nums is an infinity or NaN (which
// appendNums leaves to fmt).
func finite(nums ...float64) bool {
	for _, n := range nums {
		if math.IsInf(n, 0) || math.IsNaN(n) {
			return false
		}
	}
	return true
}

// appendNums appends each of nums as "%.Nf " would, N = prec.
func appendNums(b []byte, prec int, nums ...float64) []byte {
	for _, n := range nums {
		b = append(strconv.AppendFloat(b, n, 'f', prec, 64), ' ')
	}
	return b
}

// outNums writes a line of nums (each as "%.Nf ", N = prec), op and
// arg if any ("1.00 2.00 3.00 4.00 re f"): the drawing operators, without
// fmt and without boxing their arguments. False, and nothing written,
// when a number is an infinity or NaN: upstream's outf writes it then.
func (f *Fpdf) outNums(prec int, op, arg string, nums ...float64) bool {
	if !finite(nums...) {
		return false
	}
	buf := f.outBuffer()
	b := append(appendNums(buf.AvailableBuffer(), prec, nums...), op...)
	if arg != "" {
		b = append(append(b, ' '), arg...)
	}
	buf.Write(append(b, '\n'))
	return true
}

// outText writes what upstream's Text wrote without underline or
// strike-out, "BT %.2f %.2f Td (%s) Tj ET" (in "q <colour> … Q" when the
// text has a colour of its own), straight into the page: the commonest
// line of a page, so without fmt and without boxing its arguments.
func (f *Fpdf) outText(x, y float64, txt string) {
	if math.IsInf(x, 0) || math.IsNaN(x) || math.IsInf(y, 0) || math.IsNaN(y) {
		if f.colorFlag {
			f.outf("q %s BT %.2f %.2f Td (%s) Tj ET Q", f.color.text.str, x, y, txt)
		} else {
			f.outf("BT %.2f %.2f Td (%s) Tj ET", x, y, txt)
		}
		return
	}
	buf := f.outBuffer()
	b := buf.AvailableBuffer()
	if f.colorFlag {
		b = append(b, "q "...)
		b = append(b, f.color.text.str...)
		b = append(b, ' ')
	}
	b = append(b, "BT "...)
	b = strconv.AppendFloat(b, x, 'f', 2, 64)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, y, 'f', 2, 64)
	b = append(b, " Td ("...)
	b = append(b, txt...)
	b = append(b, ") Tj ET"...)
	if f.colorFlag {
		b = append(b, " Q"...)
	}
	buf.Write(append(b, '\n'))
}
