package scoring

// EndReason says why a game ended.
type EndReason string

const (
	EndNone      EndReason = ""          // still being played
	EndOut       EndReason = "out"       // a player played out with the bag empty
	EndScoreless EndReason = "scoreless" // consecutive scoreless turns
	EndPasses    EndReason = "passes"    // consecutive passes (AlphaJax, Word Chums)
	EndDirector  EndReason = "ended"     // ended where it stood by the director (EventEnd)
)

type player struct {
	score     int
	rackCount int
	rack      []Tile // known tiles on the rack (full when rackKnown)
	rackKnown bool
	timeSeen  bool
	timePen   int
	revealed  bool // an end rack was entered for this player
}

// lastPlay remembers what a withdrawal must undo.
type lastPlay struct {
	player        int
	placement     Placement
	score         int
	drawn         int
	prevScoreless int
	ended         bool
	rack          []Tile
	rackKnown     bool
}

// Game is a game in progress: the variant, the board and everything the
// events so far imply. Build it with NewGame and feed it events in order
// with Apply; Turns, Result and the accessors read the derived state.
type Game struct {
	v           *Variant
	board       Board
	players     []player
	bag         int
	onBoard     [maxLetters + 1]int // tiles on the board by letter; index 0 counts blanks
	full        [maxLetters + 1]int // tiles in the full bag, indexed as onBoard
	toMove      int
	scoreless   int
	turns       []Turn
	last        *lastPlay // the play a withdrawal would take back, or nil
	lastBuf     lastPlay  // storage for last, reused play after play
	lastMoveIdx int       // index in turns of the latest move event
	reason      EndReason
	outPlayer   int
	lastPasser  int
	beforeFinal []int // totals just before the latest move event
	teams       bool
	// noBreakdowns skips building a Breakdown for every play; a caller that
	// only needs totals (bulk verification) turns it on and asks for the
	// breakdown of the latest play when it wants one.
	noBreakdowns bool
	// Blocks of storage shared by many turns (see game_storage.go).
	totalsBlock    []int
	placementBlock []Placement
	placedBlock    []Placed
	// Scratch racks for takeTiles, overwritten play after play.
	wantBuf, restBuf []Tile
}

// SetBreakdowns chooses whether each placement's Turn carries its
// Breakdown (the default) or only its score.
func (g *Game) SetBreakdowns(on bool) { g.noBreakdowns = !on }

// LatestBreakdown explains the score of the latest event if it was a
// placement (nil otherwise), whether or not breakdowns are being kept.
func (g *Game) LatestBreakdown() *Breakdown {
	if len(g.turns) == 0 {
		return nil
	}
	t := &g.turns[len(g.turns)-1]
	if t.Breakdown != nil || t.Placement == nil {
		return t.Breakdown
	}
	bd := &Breakdown{}
	scorePlaced(&g.board, g.v, t.Placement, bd)
	return bd
}

// NewGame starts a game of the variant for a number of players; each is
// taken to have drawn a full rack.
func NewGame(v *Variant, players int) (*Game, error) {
	g := &Game{}
	if err := g.Reset(v, players); err != nil {
		return nil, err
	}
	return g, nil
}

// Variant is the rule set the game is played under.
func (g *Game) Variant() *Variant { return g.v }

// Board is the current board (do not modify it).
func (g *Game) Board() *Board { return &g.board }

// Turns are the applied events in order.
func (g *Game) Turns() []Turn { return g.turns }

// ToMove is the seat whose turn it is.
func (g *Game) ToMove() int { return g.toMove }

// Players is the number of seats.
func (g *Game) Players() int { return len(g.players) }

// Bag is the number of tiles left to draw.
func (g *Game) Bag() int { return g.bag }

// RackCount is the number of tiles on a player's rack.
func (g *Game) RackCount(seat int) int { return g.players[seat].rackCount }

// Over reports whether the game has ended. A game ended by a play that
// went out opens again if that play is withdrawn.
func (g *Game) Over() bool { return g.reason != EndNone }

// ScorelessTurns is the current run of turns counting toward the
// scoreless (or pass) ending.
func (g *Game) ScorelessTurns() int { return g.scoreless }

// Totals are the players' scores so far (before end-of-game adjustments).
func (g *Game) Totals() []int {
	t := make([]int, len(g.players))
	for i, p := range g.players {
		t[i] = p.score
	}
	return t
}

// Unseen counts the tiles not on the board, by tile (index 0 for
// blanks): the bag and all racks together.
func (g *Game) Unseen() []int {
	var u [maxLetters + 1]int
	g.unseenInto(&u)
	return append([]int(nil), u[:g.v.Tiles.Letters()+1]...)
}

func (g *Game) unseenInto(u *[maxLetters + 1]int) {
	for t := 0; t <= g.v.Tiles.Letters(); t++ {
		u[t] = g.full[t] - g.onBoard[t]
	}
}

// Apply plays the next event. An event that breaks the rules is refused
// with a *RuleError and leaves the game as it was; an irregular play that
// the variant lets stand is applied and marked on its Turn.
func (g *Game) Apply(e Event) (*Turn, error) {
	if e.Player < 0 || e.Player >= len(g.players) {
		return nil, ruleErr(CodeBadEvent, "there is no player %d", e.Player+1)
	}
	switch e.Kind {
	case EventMove:
		return g.applyMove(e)
	case EventWithdraw:
		return g.applyWithdraw(e)
	case EventChallengeBonus:
		return g.applyBonus(e)
	case EventLostTurn:
		return g.applyLostTurn(e)
	case EventEndRack:
		return g.applyEndRack(e)
	case EventTimePenalty:
		return g.applyTimePenalty(e)
	case EventEnd:
		return g.applyEnd(e)
	}
	return nil, ruleErr(CodeBadEvent, "unknown event kind %d", e.Kind)
}

func (g *Game) record(e Event, score int) *Turn {
	g.players[e.Player].score += score
	g.turns = append(g.turns, Turn{Event: e, Score: score, Totals: g.totalsSnapshot()})
	return &g.turns[len(g.turns)-1]
}

func (g *Game) next() { g.toMove = (g.toMove + 1) % len(g.players) }

func (g *Game) applyMove(e Event) (*Turn, error) {
	if g.Over() {
		return nil, ruleErr(CodeGameOver, "the game is over (%s); no more turns", g.reason)
	}
	if e.Player != g.toMove {
		return nil, ruleErr(CodeWrongPlayer, "it is player %d's turn, not player %d's", g.toMove+1, e.Player+1)
	}
	p := &g.players[e.Player]
	if e.Rack != nil {
		if err := g.checkRack(e.Player, e.Rack); err != nil {
			return nil, err
		}
	}
	for i := range g.beforeFinal {
		g.beforeFinal[i] = g.players[i].score
	}
	switch e.Move.Kind {
	case MovePlace:
		return g.applyPlace(e)
	case MoveExchange:
		return g.applyExchange(e)
	case MovePass:
		t := g.record(e, 0)
		g.setRack(p, e.Rack)
		g.lastPasser = e.Player
		g.scorelessTurn(true)
		g.finishMove()
		return t, nil
	}
	return nil, ruleErr(CodeBadEvent, "a move must be a placement, an exchange or a pass")
}

// checkRack verifies a seat's declared rack: no more tiles than the seat
// holds, and nothing the unseen tiles, less the racks other seats are
// known to hold, cannot supply.
func (g *Game) checkRack(seat int, rack []Tile) error {
	if count := g.players[seat].rackCount; len(rack) > count {
		return ruleErr(CodeRackCount, "the rack %s has %d tiles, but the player holds %d", TilesString(g.v.Tiles, rack), len(rack), count)
	}
	var unseen [maxLetters + 1]int
	g.unseenInto(&unseen)
	for i := range g.players {
		if other := &g.players[i]; i != seat && other.rackKnown {
			for _, t := range other.rack {
				unseen[rackIndex(t)]--
			}
		}
	}
	for _, t := range rack {
		i := rackIndex(t)
		if i >= len(unseen) || unseen[i] <= 0 {
			return ruleErr(CodeRackNotInBag, "the rack %s has more %c than the unseen tiles hold", TilesString(g.v.Tiles, rack), g.v.Tiles.Rune(t))
		}
		unseen[i]--
	}
	return nil
}

// rackIndex is a rack tile's index in a count array: 0 for a blank.
func rackIndex(t Tile) int {
	if t.IsBlank() {
		return 0
	}
	return int(t)
}

func (g *Game) setRack(p *player, rack []Tile) {
	if rack != nil && len(rack) == p.rackCount {
		p.rack = append(p.rack[:0], rack...)
		p.rackKnown = true
	}
}

func (g *Game) applyPlace(e Event) (*Turn, error) {
	p := &g.players[e.Player]
	pl, err := placeMove(&g.board, g.v, e.Move, g.placedRoom(len(e.Move.Word)))
	if err != nil {
		return nil, err
	}
	if len(pl.Tiles) > p.rackCount {
		return nil, ruleErr(CodeTooManyTiles, "%d tiles placed, but the rack holds %d", len(pl.Tiles), p.rackCount)
	}
	if err := g.checkDistribution(pl.Tiles); err != nil {
		return nil, err
	}
	rack := e.Rack
	if rack == nil && p.rackKnown {
		rack = p.rack
	}
	var remaining []Tile
	if rack != nil {
		var missing Tile
		g.wantBuf = g.wantBuf[:0]
		for _, t := range pl.Tiles {
			g.wantBuf = append(g.wantBuf, t.Tile)
		}
		remaining, missing = g.takeTiles(rack, g.wantBuf)
		if missing != 0 && len(rack) == p.rackCount {
			return nil, ruleErr(CodeNotOnRack, "%c is not on the rack %s", g.v.Tiles.Rune(missing), TilesString(g.v.Tiles, rack))
		}
	}
	lp := &g.lastBuf
	*lp = lastPlay{player: e.Player, placement: pl, prevScoreless: g.scoreless, rack: append(lp.rack[:0], rack...), rackKnown: rack != nil && len(rack) == p.rackCount}
	for _, t := range pl.Tiles {
		g.board.set(t.Row, t.Col, t.Tile)
		g.onBoard[rackIndex(t.Tile)]++
	}
	var bd *Breakdown
	if !g.noBreakdowns {
		bd = &Breakdown{}
	}
	score := scorePlaced(&g.board, g.v, &pl, bd)
	turn := g.record(e, score)
	g.keepPlaced(pl.Tiles)
	turn.Placement, turn.Breakdown, turn.Irregular = g.keepPlacement(pl), bd, pl.Irregular
	drawn := min(len(pl.Tiles), g.bag)
	g.bag -= drawn
	p.rackCount += drawn - len(pl.Tiles)
	turn.Drawn = drawn
	lp.score, lp.drawn = score, drawn
	p.rackKnown = lp.rackKnown && drawn == 0
	if p.rackKnown {
		p.rack = append(p.rack[:0], remaining...)
	}
	if score == 0 {
		g.scorelessTurn(false)
	} else {
		g.scoreless = 0
	}
	if p.rackCount == 0 && g.bag == 0 {
		g.reason, g.outPlayer = EndOut, e.Player
		lp.ended = true
	}
	g.last = lp
	g.finishMove()
	return &g.turns[len(g.turns)-1], nil
}

// takeTiles removes placed tiles from a rack (a blank pays for a
// designated blank); it reports the first tile the rack lacked. What
// remains is in g's scratch room, good until the next call.
func (g *Game) takeTiles(rack []Tile, placed []Tile) (remaining []Tile, missing Tile) {
	remaining = append(g.restBuf[:0], rack...)
	g.restBuf = remaining
	for _, t := range placed {
		want := t
		if want.IsBlank() {
			want = Blank
		}
		found := false
		for i, r := range remaining {
			if r == want {
				remaining = append(remaining[:i], remaining[i+1:]...)
				found = true
				break
			}
		}
		if !found && missing == 0 {
			missing = t
		}
	}
	return remaining, missing
}

// checkDistribution refuses a play that would put more of a letter (or
// more blanks) on the board than the bag ever held.
func (g *Game) checkDistribution(tiles []Placed) error {
	var extra [maxLetters + 1]int
	for _, t := range tiles {
		i := rackIndex(t.Tile)
		extra[i]++
		if g.onBoard[i]+extra[i] > g.full[i] {
			if i == 0 {
				return ruleErr(CodeExceedsBag, "the bag has only %d blanks", g.v.Tiles.Blanks)
			}
			return ruleErr(CodeExceedsBag, "the bag has only %d %c", g.v.Tiles.Count(Tile(i)), g.v.Tiles.Rune(Tile(i)))
		}
	}
	return nil
}

func (g *Game) applyExchange(e Event) (*Turn, error) {
	p := &g.players[e.Player]
	m := e.Move
	if m.Count < 1 || m.Count > p.rackCount {
		return nil, ruleErr(CodeTooManyTiles, "exchanging %d tiles, but the rack holds %d", m.Count, p.rackCount)
	}
	if g.bag < g.v.RackSize {
		return nil, ruleErr(CodeBagTooSmall, "exchanging needs at least %d tiles in the bag; it has %d", g.v.RackSize, g.bag)
	}
	rack := e.Rack
	if rack == nil && p.rackKnown {
		rack = p.rack
	}
	if m.Exchange != nil && rack != nil && len(rack) == p.rackCount {
		if _, missing := g.takeTiles(rack, m.Exchange); missing != 0 {
			return nil, ruleErr(CodeNotOnRack, "%c is not on the rack %s", g.v.Tiles.Rune(missing), TilesString(g.v.Tiles, rack))
		}
	}
	t := g.record(e, 0)
	p.rackKnown = false
	g.scorelessTurn(false)
	g.finishMove()
	return t, nil
}

// scorelessTurn counts a turn toward the scoreless or pass ending.
func (g *Game) scorelessTurn(pass bool) {
	if g.v.Stalemate.PassesOnly && !pass {
		g.scoreless = 0
		return
	}
	g.scoreless++
	if limit := g.v.Stalemate.TurnsPerPlayer * len(g.players); limit > 0 && g.scoreless >= limit {
		g.reason = EndScoreless
		if g.v.Stalemate.PassesOnly {
			g.reason = EndPasses
		}
	}
}

// finishMove closes a move event: the next player is up, and a play can
// no longer be withdrawn unless this event was that play.
func (g *Game) finishMove() {
	g.lastMoveIdx = len(g.turns) - 1
	if t := g.turns[g.lastMoveIdx]; t.Placement == nil {
		g.last = nil
	}
	g.next()
}
