package standings

// Loading a division from stored rows, round by round, as the service
// does on every view: room made once, and no Change worked out per entry.

// Reserve makes room for rounds rounds for every player, so that loading
// a division round by round (the service reads one from its rows on every
// view) grows no player's rounds more than once. It changes nothing else.
func (d *Division) Reserve(rounds int) {
	grow := 0
	for _, ss := range d.slots {
		if rounds > cap(ss) {
			grow++
		}
	}
	// One block for every player that needs room, each player's part
	// capped so that growing it further never runs into the next one's.
	block := make([]slot, grow*rounds)
	for i, ss := range d.slots {
		if rounds > cap(ss) {
			part := block[:len(ss):rounds]
			copy(part, ss)
			d.slots[i], block = part, block[rounds:]
		}
	}
}

// Quietly runs f, whose calls enter pairings and results, without working
// out what each one changed: the Changes they return are empty. For
// loading a division from stored rows, where nobody reads the Changes.
func (d *Division) Quietly(f func()) {
	d.quiet = true
	defer func() { d.quiet = false }()
	f()
}
