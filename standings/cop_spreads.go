package standings

// copSpreads are the margins COP's simulations draw a game's result
// from, smallest first: the 256 quantiles ((k+0.5)/256) of the margins
// of the 743 games played in the three real events whose tsh feeds are
// in api/testdata/tshfeeds (the 2024 SPC division A among them), ties
// (0) included. api's TestCOPSpreadsFromRealGames recomputes them from
// those files. A game's margin is capped at the Gibson spread of the
// rounds left, as tsh's COP caps it.
var copSpreads = [256]int32{
	0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 9, 9, 9, 10, 10, 11, 11, 11, 12, 12, 13, 13, 13,
	14, 14, 14, 14, 15, 15, 15, 16, 16, 16, 17, 18, 18, 18, 19, 19,
	20, 21, 21, 22, 22, 23, 23, 25, 25, 25, 26, 26, 27, 28, 28, 29,
	30, 30, 31, 32, 32, 33, 33, 34, 34, 35, 36, 36, 36, 37, 37, 38,
	38, 38, 39, 39, 40, 40, 41, 41, 42, 43, 44, 45, 45, 46, 46, 47,
	47, 47, 47, 47, 48, 48, 49, 49, 49, 50, 51, 52, 52, 52, 53, 54,
	54, 55, 55, 56, 58, 58, 58, 61, 62, 62, 63, 64, 64, 65, 66, 67,
	67, 67, 68, 69, 69, 70, 71, 72, 73, 73, 74, 74, 75, 75, 75, 78,
	79, 79, 80, 80, 81, 81, 82, 82, 83, 84, 85, 86, 87, 88, 89, 90,
	90, 92, 92, 93, 94, 95, 95, 96, 98, 99, 100, 100, 102, 102, 103, 105,
	105, 106, 107, 108, 109, 110, 110, 111, 112, 113, 113, 114, 115, 116, 117, 119,
	119, 120, 121, 121, 122, 124, 126, 129, 130, 131, 132, 133, 135, 136, 138, 139,
	140, 140, 140, 142, 144, 144, 144, 146, 147, 149, 149, 151, 153, 153, 155, 157,
	158, 161, 165, 166, 169, 170, 172, 174, 175, 176, 181, 184, 188, 191, 192, 194,
	196, 197, 202, 208, 210, 213, 217, 219, 222, 224, 232, 233, 249, 273, 300, 356,
}

// COPSpreads returns the margin table (for the test that derives it).
func COPSpreads() []int {
	out := make([]int, len(copSpreads))
	for i, s := range copSpreads {
		out[i] = int(s)
	}
	return out
}
