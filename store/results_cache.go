package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sync"

	"gorm.io/gorm"

	"tourney/service"
)

// Every view of a division (standings, ratings, prizes, the tsh feed that
// overlays poll every few seconds) starts from the tournament's results:
// 15,500 rows after 31 rounds of 500 players, 50 ms to read on SQLite.
// So the store keeps each tournament's rows as last read, and a read
// brings them up to date by the results revision, not by reading them all:
//
//   - every write to results (CreateResult, UpdateResult, DeleteResult)
//     moves tournaments.results_rev in its own transaction, before it
//     writes, and stamps the rows it writes with the new value; a delete
//     also moves results_epoch;
//   - a read asks for the tournament's revision (one row by key). At the
//     revision held it answers the rows held; past it, it reads only the
//     rows stamped later, and puts them in place by id; when the epoch (a
//     delete) or the tournament (an id used again) is not the one held,
//     it reads them all.
//
// The revision is moved under the tournament row's lock, so revisions
// commit in order: a reader that sees revision R sees every row stamped R
// or less, whichever process wrote it (several servers on one PostgreSQL
// database). A write inside a transaction reads the rows afresh until it
// commits (ListResults), since only it sees what it wrote.
//
// A restore of an older copy under a running server (Restore with Force)
// is the one change this cannot see; Restore asks for the server to be
// stopped first.

// resultsRevsVersion is the migration that adds results revisions.
const resultsRevsVersion = 13

// The statements of the results revision, prepared with the others.
const (
	moveResultsSQL   = `UPDATE tournaments SET results_rev = results_rev + 1 WHERE id = ? RETURNING results_rev`
	moveResultsOfSQL = `UPDATE tournaments SET results_rev = results_rev + 1
	WHERE id = (SELECT tournament_id FROM results WHERE id = ?) RETURNING results_rev`
	dropResultsOfSQL = `UPDATE tournaments SET results_rev = results_rev + 1, results_epoch = results_epoch + 1
	WHERE id = (SELECT tournament_id FROM results WHERE id = ?) RETURNING results_rev`
	resultsHeadSQL  = `SELECT created_at, results_rev, results_epoch FROM tournaments WHERE id = ?`
	resultsSinceSQL = `SELECT ` + resultColumns + ` FROM results WHERE tournament_id = ? AND rev > ? ORDER BY id`
)

// resultsHeld is how many tournaments' rows are kept at most.
const resultsHeld = 8

// moveResults moves the results revision of the tournament q names (by
// its id, or by one of its results' ids), in ctx's transaction, and
// stamps row with it; it returns the handle to write with. A tournament
// or result that does not exist moves nothing: the write then says so.
// On a database opened at an older migration (tests) it moves nothing and
// leaves the column out.
func (s *Store) moveResults(ctx context.Context, row *resultRow, q string, id int64) (*gorm.DB, error) {
	db := s.writer(ctx)
	if !s.revs {
		return db.Omit("rev"), nil
	}
	c, err := s.conn(db)
	if err != nil {
		return nil, err
	}
	var rev int64
	if err := c.queryRow(ctx, q, id).Scan(&rev); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if row != nil {
		row.Rev = rev
	}
	return db, nil
}

// resultsCache holds tournaments' result rows as last read.
type resultsCache struct {
	mu   sync.Mutex
	by   map[int64]*heldResults
	uses uint64
}

// heldResults is one tournament's rows at one revision.
type heldResults struct {
	mu sync.Mutex // held while the rows are read or brought up to date
	// Under mu:
	created    string // the tournament's created_at: an id used again is another tournament
	rev, epoch int64
	rows       []service.Result // by id; nil: none held
	// Under resultsCache.mu:
	used uint64
}

// entry is a tournament's entry, made if need be; the least recently used
// goes when more than resultsHeld are kept.
func (c *resultsCache) entry(id int64) *heldResults {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.uses++
	if e := c.by[id]; e != nil {
		e.used = c.uses
		return e
	}
	if c.by == nil {
		c.by = map[int64]*heldResults{}
	}
	if len(c.by) >= resultsHeld {
		var oldest *heldResults
		var key int64
		for k, e := range c.by {
			if oldest == nil || e.used < oldest.used {
				oldest, key = e, k
			}
		}
		delete(c.by, key)
	}
	e := &heldResults{used: c.uses}
	c.by[id] = e
	return e
}

// list is ListResults outside a transaction that has written.
func (c *resultsCache) list(ctx context.Context, s *Store, tournamentID int64) ([]service.Result, error) {
	conn, err := s.conn(s.reader(ctx))
	if err != nil {
		return nil, wrap("list results", err)
	}
	var created string
	var rev, epoch int64
	err = conn.queryRow(ctx, resultsHeadSQL, tournamentID).Scan(&created, &rev, &epoch)
	if errors.Is(err, sql.ErrNoRows) {
		return []service.Result{}, nil // no tournament: no results
	}
	if err != nil {
		return nil, wrap("list results", err)
	}
	e := c.entry(tournamentID)
	e.mu.Lock()
	defer e.mu.Unlock()
	same := e.rows != nil && e.created == created && e.epoch == epoch
	switch {
	case same && e.rev == rev:
	case same && e.rev < rev:
		later, err := readResults(ctx, conn, resultsSinceSQL, tournamentID, e.rev)
		if err != nil {
			e.rows = nil
			return nil, wrap("list results", err)
		}
		e.rows = mergeResults(e.rows, later)
	default:
		all, err := readResults(ctx, conn, listResultsSQL, tournamentID)
		if err != nil {
			e.rows = nil
			return nil, wrap("list results", err)
		}
		e.rows = all
	}
	e.created, e.rev, e.epoch = created, rev, epoch
	return cloneResults(e.rows), nil
}

// mergeResults puts rows read later in place among rows by id: a row
// written again replaces the one held, a new one goes in at its id.
func mergeResults(held, later []service.Result) []service.Result {
	for _, r := range later {
		i, found := slices.BinarySearchFunc(held, r.ID, func(h service.Result, id int64) int {
			switch {
			case h.ID < id:
				return -1
			case h.ID > id:
				return 1
			}
			return 0
		})
		if found {
			held[i] = r
		} else {
			held = slices.Insert(held, i, r)
		}
	}
	return held
}

// cloneResults copies rows with everything they point to, so that no
// caller can change the rows held. The pointed-to ids and the groups are
// laid out in two blocks, not one allocation each.
func cloneResults(rows []service.Result) []service.Result {
	out := slices.Clone(rows)
	ids, seats := 0, 0
	for i := range out {
		r := &out[i]
		for _, p := range []*int64{r.DivisionID, r.GameID, r.Player2, r.First, r.TieBreakWinner} {
			if p != nil {
				ids++
			}
		}
		seats += len(r.Group)
	}
	idBlock := make([]int64, 0, ids)
	seatBlock := make([]int64, 0, seats)
	own := func(p *int64) *int64 {
		if p == nil {
			return nil
		}
		idBlock = append(idBlock, *p)
		return &idBlock[len(idBlock)-1]
	}
	for i := range out {
		r := &out[i]
		r.DivisionID, r.GameID, r.Player2 = own(r.DivisionID), own(r.GameID), own(r.Player2)
		r.First, r.TieBreakWinner = own(r.First), own(r.TieBreakWinner)
		if r.Group != nil {
			n := len(seatBlock)
			seatBlock = append(seatBlock, r.Group...)
			r.Group = seatBlock[n:len(seatBlock):len(seatBlock)]
		}
		if r.GroupScores != nil {
			r.GroupScores = slices.Clone(r.GroupScores)
		}
	}
	return out
}
