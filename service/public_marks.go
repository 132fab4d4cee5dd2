package service

import "sync"

// What the HTTP layer builds once for every reader from a tournament's
// records (its public PDFs: standings, the cross-table, pairings, ...)
// it keeps until the tournament changes; a ChangeMark says when it has.

// ChangeMark is where a tournament stands in the changes the public hear
// of that change its records (a result entered or amended, a game
// finished, pairings, players, the tournament's settings): two marks
// are equal when none came in between, in this process or another
// sharing the database. A turn of a game in play or a highlight does not
// move it: nothing built from the records shows them. Some changes tell
// no watcher (a player or division added, a .t file imported, the prize
// table): what is kept by the mark must also be kept only for a while.
type ChangeMark struct {
	resyncs uint64 // times changes may have been missed
	changes uint64 // changes heard since
}

// changesRecords reports whether a notice, as the public hear it,
// changes what is built from a tournament's records (the tsh feed, the
// public PDFs).
func changesRecords(pub Notice) bool {
	return pub.Kind != NoticeTurn && pub.Kind != NoticeHighlight
}

// publicMarks counts each tournament's changes (ChangeMark).
type publicMarks struct {
	mu      sync.Mutex
	resyncs uint64
	changes map[int64]uint64
}

// noticed counts a change to a tournament, if it changes its records.
func (m *publicMarks) noticed(no Notice) {
	pub, ok := publicView(no)
	if !ok || !changesRecords(pub) {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.changes == nil {
		m.changes = map[int64]uint64{}
	}
	m.changes[no.TournamentID]++
}

// resync moves every tournament's mark: changes may have been missed.
func (m *publicMarks) resync() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.resyncs++
}

// PublicMark is the tournament's change mark now.
func (s *Service) PublicMark(tournamentID int64) ChangeMark {
	m := &s.marks
	m.mu.Lock()
	defer m.mu.Unlock()
	return ChangeMark{resyncs: m.resyncs, changes: m.changes[tournamentID]}
}
