package service

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A rating list as tsh reads one (Ratings::LoadFileToHash): a line per
// player, tab-separated; the columns are name, rating, rank, expiry and
// games unless the first line has no digit, when it names them (NASPA's
// lists add a "naspa" column for the member id). tsh matches a player to
// a line by the name upper-cased with its comma dropped, "(EXP)" and
// "(GM)" dropped, and for NASPA a ":AA000000" member id after the name
// optional.

// MaxRatingList is the largest rating list's text (a NASPA list is some
// 20,000 lines, about a megabyte).
const MaxRatingList = 10 << 20

// RatingListEntry is one player of a rating list.
type RatingListEntry struct {
	Line     int    `json:"line"` // in the list's text, from 1
	NameKey  string `json:"-"`    // ratingNameKey(Name)
	Name     string `json:"name"`
	Rating   int    `json:"rating"`
	Games    int    `json:"games"`
	MemberID string `json:"member_id,omitempty"`
}

// ratingListColumns are tsh's columns of a list without a first line
// naming them.
var ratingListColumns = []string{"name", "rating", "rank", "expiry", "games"}

// ParseRatingList reads a rating list's text; a line it cannot read is a
// bad-rating-list problem naming the line (Detail an ImportProblem: the
// problem document's line).
func ParseRatingList(text string) ([]RatingListEntry, error) {
	if len(text) > MaxRatingList {
		return nil, Errorf(KindInvalid, "rating-list-too-large", "a rating list is at most %d bytes; this one is %d", MaxRatingList, len(text))
	}
	cols := ratingListColumns
	var out []RatingListEntry
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimSuffix(line, "\r")
		bad := func(format string, args ...any) error {
			e := Errorf(KindInvalid, "bad-rating-list", "line %d: %s", n, fmt.Sprintf(format, args...))
			e.Detail = ImportProblem{Line: n, Code: e.Type}
			return e
		}
		if !utf8.ValidString(line) {
			return nil, bad("not UTF-8 text")
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if n == 1 && !strings.ContainsAny(line, "0123456789") {
			cols = make([]string, len(fields))
			for k, f := range fields {
				cols[k] = strings.ToLower(strings.TrimSpace(f))
			}
			if !slices.Contains(cols, "name") || !slices.Contains(cols, "rating") {
				return nil, bad("a first line naming the columns names a name and a rating column, not %q", line)
			}
			continue
		}
		e, err := ratingListLine(cols, fields)
		if err != nil {
			return nil, bad("%s", err)
		}
		e.Line = n
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, Errorf(KindInvalid, "empty-rating-list", "the rating list has no players")
	}
	return out, nil
}

// ratingListLine is one line's entry by the columns.
func ratingListLine(cols, fields []string) (RatingListEntry, error) {
	var e RatingListEntry
	for k, f := range fields {
		if k >= len(cols) {
			break
		}
		f = strings.TrimSpace(f)
		var err error
		switch cols[k] {
		case "name":
			e.Name = f
		case "rating":
			e.Rating, err = ratingListNumber("rating", f, 4000)
		case "games":
			e.Games, err = ratingListNumber("games", f, 1_000_000)
		case "naspa", "member_id":
			e.MemberID = f
		}
		if err != nil {
			return e, err
		}
	}
	if name, id, ok := strings.Cut(e.Name, ":"); ok { // tsh's NAME:AA000000
		e.Name = strings.TrimSpace(name)
		if e.MemberID == "" {
			e.MemberID = strings.TrimSpace(id)
		}
	}
	e.NameKey = ratingNameKey(e.Name)
	switch {
	case e.NameKey == "":
		return e, fmt.Errorf("no name")
	case len(e.Name) > MaxShortField || len(e.MemberID) > MaxShortField:
		return e, fmt.Errorf("a name or member id longer than %d bytes", MaxShortField)
	}
	return e, nil
}

func ratingListNumber(what, s string, most int) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > most {
		return 0, fmt.Errorf("%s is a number from 0 to %d, not %q", what, most, s)
	}
	return n, nil
}

var ratingNameTitles = regexp.MustCompile(`\((?i:EXP|GM)\)`)

// ratingNameKey is a name as tsh matches it against a rating list: upper
// case, commas and tsh's (EXP)/(GM) dropped, a ":member id" dropped,
// spaces collapsed.
func ratingNameKey(name string) string {
	name, _, _ = strings.Cut(name, ":")
	name = ratingNameTitles.ReplaceAllString(name, "")
	name = strings.ToUpper(strings.ReplaceAll(name, ",", ""))
	return strings.Join(strings.Fields(name), " ")
}
