package service

import (
	"strings"
	"unicode"
)

// Rating classes: a player's class ("A", "B", ...) divides a division for
// class prizes. A class set by hand (PATCH player, or a .t file's "class"
// field) wins; otherwise the division's class_floors decide: floors are
// rating floors, highest first, [1800, 1500] making A 1800 and up, B
// 1500-1799 and C below. An unrated player (rating 0) is in the lowest
// class unless set by hand. Without floors and without a hand-set class
// a player has no class.

// MaxClassFloors bounds a division's class_floors (26 classes, A to Z).
const MaxClassFloors = 25

// maxClassLength bounds a class set by hand.
const maxClassLength = 8

// checkClass trims a class set by hand and checks it is one short word
// of letters and digits ("" clears it).
func checkClass(s string) (string, error) {
	s = strings.TrimSpace(s)
	if len([]rune(s)) > maxClassLength {
		return "", Errorf(KindInvalid, "bad-class", "a class is a short word (at most %d letters), not %q", maxClassLength, s)
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return "", Errorf(KindInvalid, "bad-class", "a class is letters and digits (\"A\", \"B\"), not %q", s)
		}
	}
	if err := checkName("the class", s); err != nil {
		return "", err // a Hangul filler is a letter, and shows nothing
	}
	return s, nil
}

// checkClassFloors: strictly descending positive ratings, at most 25.
func checkClassFloors(floors []int) error {
	if len(floors) > MaxClassFloors {
		return Errorf(KindInvalid, "bad-settings", "class_floors has at most %d floors, not %d", MaxClassFloors, len(floors))
	}
	for i, f := range floors {
		if f < 1 {
			return Errorf(KindInvalid, "bad-settings", "class_floors are ratings from 1, not %d", f)
		}
		if i > 0 && f >= floors[i-1] {
			return Errorf(KindInvalid, "bad-settings", "class_floors go from the highest down: %d cannot follow %d", f, floors[i-1])
		}
	}
	return nil
}

// className is the i-th class's name: A, B, C ...
func className(i int) string { return string(rune('A' + i)) }

// classFor is a player's class: the one set by hand, else the one their
// rating before the event gives under the floors ("" without floors).
func classFor(p *Player, floors []int) string {
	if p.Class != "" {
		return p.Class
	}
	if len(floors) == 0 {
		return ""
	}
	if p.Rating > 0 {
		for i, f := range floors {
			if p.Rating >= f {
				return className(i)
			}
		}
	}
	return className(len(floors))
}

// classOf is the class of a division's player by line.
func (st *divState) classOf(line int) string {
	return classFor(&st.players[line-1], st.settings.ClassFloors)
}

// classCount is how many classes the division has, for config.tsh's
// "classes" line: the floors' classes, else the distinct classes set by
// hand (0: none).
func (st *divState) classCount() int {
	if n := len(st.settings.ClassFloors); n > 0 {
		return n + 1
	}
	seen := map[string]bool{}
	for i := range st.players {
		if c := st.players[i].Class; c != "" {
			seen[c] = true
		}
	}
	return len(seen)
}
