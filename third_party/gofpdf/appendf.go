package gofpdf

// Added for tourney (see README.md): the drawing operators are formatted
// without fmt's general machinery, and written straight into the page.

import (
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
