package scoring

import (
	"fmt"
	"slices"
)

// Storage of a Game: where its turns, totals and placements live, and how
// Reset reuses it for the next game. A game's turns point into blocks
// shared by many turns (one allocation per block, not one per turn);
// blocks are appended to and never written again while the game lasts,
// so the pointers stay good until Reset.

// Reset starts g afresh as a game of the variant for a number of players,
// exactly as NewGame would, but reusing g's storage (turns, board, racks,
// the blocks behind Turn.Totals and Turn.Placement) instead of allocating
// it again: a caller that replays many games one after another (bulk
// verification) allocates for the first only. Whatever was read from g
// before (Turns and what they point to) is overwritten. On error g is
// left as it was.
func (g *Game) Reset(v *Variant, players int) error {
	if players < v.MinPlayers || players > v.MaxPlayers {
		return fmt.Errorf("%s is played by %d to %d players, not %d", v.Name, v.MinPlayers, v.MaxPlayers, players)
	}
	kept := *g
	*g = Game{
		v: v, outPlayer: -1, lastPasser: -1, lastMoveIdx: -1,
		board:          resetBoard(kept.board, v.Layout),
		players:        kept.players[:0],
		beforeFinal:    resize(kept.beforeFinal, players),
		turns:          kept.turns[:0],
		totalsBlock:    kept.totalsBlock[:0],
		placementBlock: kept.placementBlock[:0],
		placedBlock:    kept.placedBlock[:0],
		wantBuf:        kept.wantBuf[:0],
		restBuf:        kept.restBuf[:0],
	}
	if g.turns == nil {
		g.turns = make([]Turn, 0, 48) // a two-player game has about 25 turns each side
	}
	g.lastBuf.rack = kept.lastBuf.rack[:0]
	if cap(g.players) < players {
		g.players = make([]player, players)
	}
	g.players = g.players[:players]
	g.full[0] = v.Tiles.Blanks
	for t := 1; t <= v.Tiles.Letters(); t++ {
		g.full[t] = v.Tiles.Count(Tile(t))
	}
	g.bag = v.Tiles.Total()
	for i := range g.players {
		n := min(v.RackSize, g.bag)
		g.players[i] = player{rackCount: n, rack: g.players[i].rack[:0]}
		g.bag -= n
	}
	return nil
}

// resize returns s with length n and every element zero, reusing its
// array when it is big enough.
func resize[T any](s []T, n int) []T {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

// resetBoard empties a board for a layout, reusing its squares.
func resetBoard(b Board, l *Layout) Board {
	return Board{Rows: l.Rows, Cols: l.Cols, cells: resize(b.cells, l.Rows*l.Cols)}
}

// totalsSnapshot copies the totals into a block shared by many turns, so
// that a game of fifty turns allocates for its totals once, not fifty
// times. Snapshots are never written again, so sharing is safe.
func (g *Game) totalsSnapshot() []int {
	n := len(g.players)
	if cap(g.totalsBlock)-len(g.totalsBlock) < n {
		g.totalsBlock = make([]int, 0, 64*n)
	}
	start := len(g.totalsBlock)
	for _, p := range g.players {
		g.totalsBlock = append(g.totalsBlock, p.score)
	}
	return g.totalsBlock[start : start+n : start+n]
}

// keepPlacement stores a placement where its Turn can point to it, in
// blocks that never move (a pointer into a growing slice would go stale).
func (g *Game) keepPlacement(p Placement) *Placement {
	if len(g.placementBlock) == cap(g.placementBlock) {
		g.placementBlock = make([]Placement, 0, 32)
	}
	g.placementBlock = append(g.placementBlock, p)
	return &g.placementBlock[len(g.placementBlock)-1]
}

// placedRoom is room for the new tiles of a play of n squares, at the end
// of the block that keeps placements' tiles: empty, with capacity n
// exactly, so that appending to it never reaches past it.
func (g *Game) placedRoom(n int) []Placed {
	if cap(g.placedBlock)-len(g.placedBlock) < n {
		g.placedBlock = make([]Placed, 0, max(128, n))
	}
	end := len(g.placedBlock)
	return g.placedBlock[end : end : end+n]
}

// keepPlaced claims the room placedRoom gave for tiles that a play kept.
func (g *Game) keepPlaced(tiles []Placed) {
	g.placedBlock = g.placedBlock[:len(g.placedBlock)+len(tiles)]
}
