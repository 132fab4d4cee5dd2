package reports

import "strconv"

// How the printouts and the pages write a record and a spread: one
// place, so that the wall, the projector and the sheets never differ.

// Record writes wins and losses as "3–1", a tied game as a half: "2½–1½".
func Record(wins, losses float64) string {
	return Halves(wins) + "–" + Halves(losses)
}

// Halves writes wins or losses with a tie as ½: "3", "2½", "½".
func Halves(v float64) string {
	whole := int(v)
	s := strconv.Itoa(whole)
	if v-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		s += "½"
	}
	return s
}

// Signed writes a number with its sign, a true minus for negatives:
// "+70", "−12", "0".
func Signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}
