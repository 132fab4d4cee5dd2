package standings

// Reading a .t file's text: its encoding, its lines, a player line's
// words and extension fields.

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// splitLines splits at LF, CRLF or a lone CR, so that line numbers match
// what an editor shows whatever system wrote the file.
func splitLines(text string) []string {
	var out []string
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i])
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		text = text[i+1:]
	}
	return out
}

// decodeT turns the bytes into text: UTF-8 when valid (a BOM dropped),
// else ISO-8859-1, where every byte is the character of that number.
func decodeT(data []byte) string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if utf8.Valid(data) {
		return string(data)
	}
	runes := make([]rune, len(data))
	for i, b := range data {
		runes[i] = rune(b)
	}
	return string(runes)
}

// field is a word and where it starts and ends in its line.
type field struct {
	text       string
	start, end int
}

// fieldsOf splits at ASCII white space, keeping positions.
func fieldsOf(s string) []field {
	var out []field
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i {
			out = append(out, field{s[i:j], i, j})
		}
		i = j
	}
	return out
}

// parseTLine reads one player line (trimmed, not a comment).
func parseTLine(s string, lineNo int) (tLine, error) {
	l := tLine{line: lineNo}
	if !strings.Contains(s, ";") {
		s += ";"
	}
	s = dropCountAnnotation(s)
	head, tail, _ := strings.Cut(s, ";")

	// The name is as short as it can be: it ends before the first word
	// that is a rating followed only by numbers.
	words := fieldsOf(head)
	allDigitsFrom := make([]bool, len(words)+1)
	allDigitsFrom[len(words)] = true
	for i := len(words) - 1; i >= 0; i-- {
		allDigitsFrom[i] = allDigitsFrom[i+1] && isDigits(words[i].text)
	}
	k := -1
	for i := 1; i < len(words); i++ {
		if isRatingWord(words[i].text) && allDigitsFrom[i+1] {
			k = i
			break
		}
	}
	if k < 0 {
		return l, lineErr(lineNo, CodeMalformedLine, "no name followed by a rating in %q", clip(head))
	}
	l.name = head[:words[k-1].end]
	r := words[k].text
	if !isDigits(r) || len(r) > 9 {
		return l, lineErr(lineNo, CodeBadRating, "rating %q is not a whole number", r)
	}
	l.rating, _ = strconv.Atoi(r)
	if len(words)-k-1 > MaxRounds {
		return l, lineErr(lineNo, CodeTooManyRounds, "%d pairings; at most %d rounds are read", len(words)-k-1, MaxRounds)
	}
	for _, w := range words[k+1:] {
		if w.text == "00" {
			l.pairings = append(l.pairings, -1)
			continue
		}
		if len(w.text) > 9 {
			return l, lineErr(lineNo, CodeUnknownOpponent, "opponent %s is not a player number", w.text)
		}
		n, _ := strconv.Atoi(w.text)
		l.pairings = append(l.pairings, n)
	}

	scores, rest, _ := strings.Cut(tail, ";")
	for _, w := range fieldsOf(scores) {
		if w.text == "00" {
			l.scores = append(l.scores, nil)
			continue
		}
		n, err := parseInt(w.text)
		if err != nil {
			return l, lineErr(lineNo, CodeBadScore, "score %q is not a whole number", w.text)
		}
		l.scores = append(l.scores, &n)
	}
	if len(l.scores) > MaxRounds {
		return l, lineErr(lineNo, CodeTooManyRounds, "%d scores; at most %d rounds are read", len(l.scores), MaxRounds)
	}
	l.fields = parseFields(rest)
	for k, words := range l.fields {
		if len(words) > MaxRounds+1 {
			return l, lineErr(lineNo, CodeTooManyRounds, "field %s has %d values; at most %d rounds are read", k, len(words), MaxRounds)
		}
	}
	return l, nil
}

// dropCountAnnotation removes the "; # 12" some tools add at the end of a
// line, as tsh does.
func dropCountAnnotation(s string) string {
	i := strings.LastIndex(s, "; # ")
	if i < 0 {
		return s
	}
	backslashes := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		backslashes++
	}
	if backslashes%2 == 0 && isDigits(strings.TrimRight(s[i+4:], asciiSpace)) {
		return s[:i+1]
	}
	return s
}

// parseInt reads an optional '-' and up to nine digits.
func parseInt(w string) (int, error) {
	digits := strings.TrimPrefix(w, "-")
	if !isDigits(digits) || len(digits) > 9 {
		return 0, strconv.ErrSyntax
	}
	return strconv.Atoi(w)
}

// parseFields splits the extension fields at unescaped ';'s. A field
// given twice keeps its last value, as in tsh; a key with no words is
// dropped, as tsh drops it when writing.
func parseFields(s string) map[string][]string {
	out := map[string][]string{}
	var cur strings.Builder
	flush := func() {
		words := strings.FieldsFunc(cur.String(), func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) })
		cur.Reset()
		switch {
		case len(words) > 0 && strings.HasPrefix(words[0], "#"):
			// An annotation, not a field.
		case len(words) > 1:
			out[words[0]] = words[1:]
		case len(words) == 1:
			delete(out, words[0])
		}
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == ';'):
			cur.WriteByte(s[i+1])
			i++
		case s[i] == ';':
			flush()
		default:
			cur.WriteByte(s[i])
		}
	}
	flush()
	return out
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}

// tFields are the per-round fields of one line, decoded.
type tFields struct {
	p12, board, forfeit, tiebreak []int // -1: "00"
}

func at0(v []int, round int) int {
	if round < 1 || round > len(v) || v[round-1] < 0 {
		return 0
	}
	return v[round-1]
}

// intWords decodes a field's words, "00" as -1, each within lo..hi.
func intWords(l tLine, key string, words []string, lo, hi int) ([]int, error) {
	out := make([]int, len(words))
	for i, w := range words {
		if w == "00" {
			out[i] = -1
			continue
		}
		n, err := parseInt(w)
		if err != nil || n < lo || n > hi {
			return nil, lineErr(l.line, CodeBadField, "field %s: %q is not a number from %d to %d", key, w, lo, hi)
		}
		out[i] = n
	}
	return out, nil
}

// oneInt decodes a single-valued field ("00" is 0).
func oneInt(l tLine, key, w string, lo, hi int) (int, error) {
	if w == "00" {
		return 0, nil
	}
	n, err := parseInt(w)
	if err != nil || n < lo || n > hi {
		return 0, lineErr(l.line, CodeBadField, "field %s: %q is not a number from %d to %d", key, w, lo, hi)
	}
	return n, nil
}
