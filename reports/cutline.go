package reports

// cutGap is the room between two pieces of one sheet (scorecards, result
// slips), where the dashed cut line runs.
const cutGap = 8.0

// cutLine is a dashed rule across the whole sheet at y, with its word
// ("cut", "fold") set small in a break of the dashes at both ends, so
// that nobody has to guess which line the scissors or the fold follow.
func cutLine(c canvas, f frame, y float64, word string) {
	const size, pad = 6.5, 1.0
	tw := c.width(sans, size, word)
	left, right := f.left, f.left+f.width-tw // where the word sits, at both ends
	c.SetDashPattern([]float64{2, 1.5}, 0)
	c.hline(0, y, left-pad, 0.2, midGrey)
	c.hline(left+tw+pad, y, right-left-tw-2*pad, 0.2, midGrey)
	c.hline(right+tw+pad, y, f.pageW-right-tw-pad, 0.2, midGrey)
	c.SetDashPattern(nil, 0)
	c.ink(midGrey)
	c.text(left, y-2, tw+0.5, 4, alignLeft, sans, size, word)
	c.text(right-0.5, y-2, tw+0.5, 4, alignRight, sans, size, word)
	c.ink(black)
}
