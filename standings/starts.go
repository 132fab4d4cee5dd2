package standings

// startCounts counts a player's recorded firsts and seconds before a round.
func (d *Division) startCounts(id, before int) (firsts, seconds int) {
	slots := d.slots[id-1]
	for r := 0; r < len(slots) && r < before-1; r++ {
		switch slots[r].start {
		case StartFirst:
			firsts++
		case StartSecond:
			seconds++
		}
	}
	return firsts, seconds
}

// decideFirst applies the start rule to a game of a round, returning who
// goes first:
//
//  1. the player who has started fewer games than they have replied in,
//     counted as firsts minus seconds (between players who have played
//     as many games this is "who has started fewer games"; counting
//     seconds too keeps a late entrant, or a player back from byes, from
//     starting every game until their firsts catch up);
//  2. else the one who has started fewer games;
//  3. else the one who went second in the latest round where exactly one
//     of them went first (so that nobody starts twice running when it can
//     be helped);
//  4. else, deterministically but without favouring low or high ids, the
//     lower id when round+a+b is even and the higher when odd.
func (d *Division) decideFirst(round, a, b int) int {
	fa, sa := d.startCounts(a, round)
	fb, sb := d.startCounts(b, round)
	switch {
	case fa-sa != fb-sb:
		if fa-sa < fb-sb {
			return a
		}
		return b
	case fa != fb:
		if fa < fb {
			return a
		}
		return b
	}
	for r := round - 1; r >= 1; r-- {
		ia := d.slotAt(a, r).start == StartFirst
		ib := d.slotAt(b, r).start == StartFirst
		if ia != ib {
			if ia {
				return b
			}
			return a
		}
	}
	lo, hi := min(a, b), max(a, b)
	if (round+a+b)%2 == 0 {
		return lo
	}
	return hi
}

// startBalance is firsts minus seconds before a round.
func (d *Division) startBalance(id, before int) int {
	f, s := d.startCounts(id, before)
	return f - s
}
