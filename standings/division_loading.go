package standings

import "slices"

// Loading a division from stored rows, round by round, as the service
// does on every view: room made once, and no Change worked out per entry.

// Reserve makes room for rounds rounds for every player, so that loading
// a division round by round (the service reads one from its rows on every
// view) grows no player's rounds more than once. It changes nothing else.
func (d *Division) Reserve(rounds int) {
	for i, ss := range d.slots {
		if rounds > cap(ss) {
			d.slots[i] = slices.Grow(ss, rounds-len(ss))
		}
	}
}

// Quietly runs f, whose calls enter pairings and results, without working
// out each one's results before and after: the Changes they return name
// the players and rounds, with Before and After nil. For loading a
// division from stored rows, where nobody reads the Changes.
func (d *Division) Quietly(f func()) {
	d.quiet = true
	defer func() { d.quiet = false }()
	f()
}
