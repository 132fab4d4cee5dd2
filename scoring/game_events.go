package scoring

// The events that are not moves: rulings on a play (withdrawn, a
// challenge bonus, a turn lost), and the end of the game (racks revealed,
// time penalties, the director's end).

func (g *Game) applyWithdraw(e Event) (*Turn, error) {
	lp := g.last
	if lp == nil || lp.player != e.Player {
		return nil, ruleErr(CodeNothingToUndo, "player %d has no play that can be withdrawn now", e.Player+1)
	}
	for _, t := range lp.placement.Tiles {
		g.board.set(t.Row, t.Col, 0)
		g.onBoard[rackIndex(t.Tile)]--
	}
	p := &g.players[e.Player]
	g.bag += lp.drawn
	p.rackCount += len(lp.placement.Tiles) - lp.drawn
	p.rackKnown = lp.rackKnown
	if p.rackKnown {
		p.rack = append(p.rack[:0], lp.rack...)
	}
	if lp.ended {
		g.reason, g.outPlayer = EndNone, -1
	}
	g.scoreless = lp.prevScoreless
	t := g.record(e, -lp.score)
	g.last = nil
	g.scorelessTurn(false)
	return t, nil
}

func (g *Game) applyBonus(e Event) (*Turn, error) {
	if g.last == nil || g.last.player != e.Player {
		return nil, ruleErr(CodeNothingToUndo, "a challenge bonus goes to the player whose play was just challenged; player %d has no such play", e.Player+1)
	}
	if e.Points < 0 {
		return nil, ruleErr(CodeBadEvent, "a challenge bonus cannot be negative")
	}
	return g.record(e, e.Points), nil
}

func (g *Game) applyLostTurn(e Event) (*Turn, error) {
	if g.reason == EndOut && e.Player != g.outPlayer {
		// A failed challenge of the play that went out: the game stays over.
		return g.record(e, 0), nil
	}
	if g.Over() {
		return nil, ruleErr(CodeGameOver, "the game is over (%s); no more turns", g.reason)
	}
	if e.Player != g.toMove {
		return nil, ruleErr(CodeWrongPlayer, "it is player %d's turn, not player %d's", g.toMove+1, e.Player+1)
	}
	for i := range g.beforeFinal {
		g.beforeFinal[i] = g.players[i].score
	}
	t := g.record(e, 0)
	g.lastPasser = e.Player
	g.scorelessTurn(true)
	g.finishMove()
	return t, nil
}

func (g *Game) applyEndRack(e Event) (*Turn, error) {
	if !g.Over() {
		return nil, ruleErr(CodeGameNotOver, "racks are revealed only when the game is over")
	}
	p := &g.players[e.Player]
	if len(e.Rack) != p.rackCount {
		return nil, ruleErr(CodeRackCount, "player %d holds %d tiles, not %d (%s)", e.Player+1, p.rackCount, len(e.Rack), TilesString(g.v.Tiles, e.Rack))
	}
	if err := g.checkRack(e.Player, e.Rack); err != nil {
		return nil, err
	}
	p.rack = append(p.rack[:0], e.Rack...)
	p.rackKnown, p.revealed = true, true
	return g.record(e, 0), nil
}

func (g *Game) applyTimePenalty(e Event) (*Turn, error) {
	if !g.Over() {
		return nil, ruleErr(CodeGameNotOver, "time penalties are assessed when the game is over")
	}
	p := &g.players[e.Player]
	if p.timeSeen {
		return nil, ruleErr(CodeDuplicate, "player %d already has a time penalty", e.Player+1)
	}
	if e.Points < 0 {
		return nil, ruleErr(CodeBadEvent, "a time penalty is a number of points to deduct, not %d", e.Points)
	}
	p.timeSeen, p.timePen = true, e.Points
	return g.record(e, -e.Points), nil
}

// applyEnd ends a game in progress where it stands.
func (g *Game) applyEnd(e Event) (*Turn, error) {
	if g.Over() {
		return nil, ruleErr(CodeGameOver, "the game is over (%s) already", g.reason)
	}
	g.reason = EndDirector
	g.last = nil
	return g.record(e, 0), nil
}

// CheckRack verifies that a rack a seat is said to hold fits: no more
// tiles than the seat holds, none the unseen tiles (less the racks other
// seats are known to hold) cannot supply.
func (g *Game) CheckRack(rack []Tile, seat int) error {
	return g.checkRack(seat, rack)
}

// EndReason is why the game ended ("" while it goes on).
func (g *Game) EndReason() EndReason { return g.reason }
