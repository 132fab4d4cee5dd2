package gcg

import (
	"fmt"
	"strings"

	"tourney/scoring"
)

// Problem is something wrong with a record, at a line, with a stable code.
// Score disagreements carry the recorded and the recomputed numbers, and
// for plays the breakdown of the recomputed score.
type Problem struct {
	Line      int                `json:"line"`
	Code      string             `json:"code"`
	Msg       string             `json:"message"`
	Recorded  int                `json:"recorded"`
	Computed  int                `json:"computed"`
	Breakdown *scoring.Breakdown `json:"breakdown,omitempty"`
}

// Checker codes beyond the engine's own (scoring.Code values are used as
// they are).
const (
	// Score disagreements: the record's numbers differ from the rules'.
	CodePlayScore      = "play-score"      // a play's recorded score differs from the recomputed one
	CodeWithdrawnScore = "withdrawn-score" // a "--" line that does not take back the play's score
	CodeEndRackPoints  = "end-rack-points" // end-of-game rack points differ from the rules'
	CodeCumulative     = "cumulative"      // a running total that is not the previous one plus the score

	// Record errors.
	CodeBadRack          = "bad-rack"            // a rack with letters the tile set lacks
	CodeWithdrawnRack    = "withdrawn-rack"      // a "--" line whose rack differs from the play it takes back
	CodeEndRackWrong     = "end-rack-wrong"      // the tiles in "(...)" are not what the players held
	CodeEndRackOrder     = "end-rack-after-time" // rack points after a time penalty
	CodeEventAfterRack   = "event-after-rack"    // an event after the #rackN pragmas that close a record
	CodeUnsupportedRules = "unsupported-variant" // a #game-type, board or tile set the engine does not have
	CodeEndRackNotOver   = "end-rack-before-end" // rack points while the game is still on
)

// IsScoreDisagreement reports whether a code is a disagreement between
// recorded and recomputed numbers (as opposed to a broken record).
func IsScoreDisagreement(code string) bool {
	switch code {
	case CodePlayScore, CodeWithdrawnScore, CodeEndRackPoints, CodeCumulative:
		return true
	}
	return false
}

// Report is the outcome of replaying a record under a variant.
type Report struct {
	Variant    *scoring.Variant
	Game       *scoring.Game // the game as far as it could be replayed
	Placements int
	Problems   []Problem
	Result     scoring.Result
	Nicks      []string
}

// Errors are the problems that are not score disagreements.
func (r *Report) Errors() []Problem { return r.filter(false) }

// Mismatches are the score disagreements.
func (r *Report) Mismatches() []Problem { return r.filter(true) }

func (r *Report) filter(scores bool) []Problem {
	out := []Problem{}
	for _, p := range r.Problems {
		if IsScoreDisagreement(p.Code) == scores {
			out = append(out, p)
		}
	}
	return out
}

// checker carries the state of one replay.
type checker struct {
	rec       *Record
	v         *scoring.Variant
	g         *scoring.Game
	rep       *Report
	recTotal  []int    // running totals as the record states them
	endPoints []int    // end-of-game rack points recorded, per seat
	endLine   []int    // line of each seat's last end-rack event
	lastPlay  []*Event // each seat's play that a "--" line may take back
	timeSeen  bool
	sawEnd    bool
	// outTiles are the tiles of a "(TILES) +N" line in a game of more than
	// two players, which sums several racks (see attributeOutTiles).
	outTiles  []scoring.Tile
	outLine   int
	tileBlock []scoring.Tile // storage for the racks of many events
	// result is the game's Result once finish has worked it out.
	result     scoring.Result
	haveResult bool
}

// Check replays a record under a variant, recomputing every score, and
// reports every problem with its line. It stops at the first event that
// breaks the rules (later scores would be meaningless), but reports every
// score disagreement up to there.
func Check(rec *Record, v *scoring.Variant) *Report {
	return new(Checker).Check(rec, v)
}

func firstLine(rec *Record) int {
	if len(rec.Players) > 0 {
		return rec.Players[0].Line
	}
	return 1
}

func (c *checker) problem(line int, code, format string, args ...any) *Problem {
	c.rep.Problems = append(c.rep.Problems, Problem{Line: line, Code: code, Msg: fmt.Sprintf(format, args...)})
	return &c.rep.Problems[len(c.rep.Problems)-1]
}

func isRackError(err error) bool {
	re, ok := err.(*scoring.RuleError)
	return ok && (re.Code == scoring.CodeNotOnRack || re.Code == scoring.CodeRackNotInBag || re.Code == scoring.CodeRackCount)
}

func (c *checker) failed() bool {
	for _, p := range c.rep.Problems {
		if !IsScoreDisagreement(p.Code) {
			return true
		}
	}
	return false
}

func (c *checker) ruleProblem(line int, err error) {
	if re, ok := err.(*scoring.RuleError); ok {
		c.problem(line, string(re.Code), "%s", re.Msg)
		return
	}
	c.problem(line, string(scoring.CodeBadEvent), "%s", err.Error())
}

func (c *checker) rack(e *Event) ([]scoring.Tile, bool) {
	if e.Rack == "" {
		return nil, true
	}
	c.tileRoom(len(e.Rack))
	start := len(c.tileBlock)
	out, err := scoring.AppendRack(c.tileBlock, c.v.Tiles, e.Rack)
	if err != nil {
		c.problem(e.Line, CodeBadRack, "%s", err.Error())
		return nil, false
	}
	c.tileBlock = out
	return out[start:len(out):len(out)], true
}

// tileRoom makes room for n more tiles in tileBlock. Racks and words are
// kept by the game's turns; one block holds many of them, and a full one
// is left to the turns that point into it.
func (c *checker) tileRoom(n int) {
	if cap(c.tileBlock)-len(c.tileBlock) < n {
		c.tileBlock = make([]scoring.Tile, 0, max(256, n))
	}
}

// event replays one line; false stops the replay.
func (c *checker) event(e *Event) bool {
	seat, ok := c.seatOf(e)
	if !ok {
		c.problem(e.Line, CodeUnknownPlayer, "%q is not one of the players", e.Nick)
		return false
	}
	for _, r := range c.rec.Racks {
		if r.Line < e.Line {
			c.problem(e.Line, CodeEventAfterRack, "an event after the #rack%d line that ends the record", r.Player)
			return false
		}
	}
	rack, ok := c.rack(e)
	if !ok {
		return false
	}
	ev := scoring.Event{Player: seat, Rack: rack, Claimed: e.Score, HasClaim: true}
	switch e.Kind {
	case Play:
		c.tileRoom(len(e.Word))
		m, out, err := scoring.AppendPlace(c.tileBlock, c.v.Tiles, e.Position, e.Word)
		if err != nil {
			c.ruleProblem(e.Line, err)
			return false
		}
		c.tileBlock = out
		ev.Kind, ev.Move = scoring.EventMove, m
	case Exchange:
		m := scoring.Move{Kind: scoring.MoveExchange, Count: e.Count}
		if e.Exchanged != "" {
			var err error
			if m, err = scoring.ParseExchange(c.v.Tiles, e.Exchanged); err != nil {
				c.ruleProblem(e.Line, err)
				return false
			}
		}
		ev.Kind, ev.Move = scoring.EventMove, m
	case Pass:
		ev.Kind, ev.Move = scoring.EventMove, scoring.Move{Kind: scoring.MovePass}
		if c.g.EndReason() == scoring.EndOut {
			// A pass after a play that went out is the opponent's failed
			// challenge of it (how Woogles and Macondo write it).
			ev.Kind, ev.Rack = scoring.EventLostTurn, nil
		}
	case Withdrawn:
		if p := c.lastPlay[seat]; p != nil && e.Rack != "" && p.Rack != "" && !sameLetters(p.Rack, e.Rack) {
			c.problem(e.Line, CodeWithdrawnRack, "the rack %s is not the rack %s of the play it takes back (line %d)", e.Rack, p.Rack, p.Line)
			return false
		}
		ev.Kind, ev.Rack = scoring.EventWithdraw, nil
	case ChallengeBonus:
		ev.Kind, ev.Points, ev.Rack = scoring.EventChallengeBonus, e.Score, nil
	case TimePenalty:
		ev.Kind, ev.Points, ev.Rack = scoring.EventTimePenalty, -e.Score, nil
		c.timeSeen = true
	case EndRackPoints, EndRackPenalty:
		return c.endRack(e, seat)
	default:
		c.problem(e.Line, string(scoring.CodeBadEvent), "an event the checker does not know")
		return false
	}
	turn, err := c.g.Apply(ev)
	if err != nil && ev.Rack != nil && isRackError(err) {
		// The rack column is wrong but the move may be fine: report it
		// and go on without the rack, so later lines are still checked.
		c.ruleProblem(e.Line, err)
		ev.Rack = nil
		turn, err = c.g.Apply(ev)
	}
	if err != nil {
		c.ruleProblem(e.Line, err)
		return false
	}
	c.lastPlay[seat] = nil
	switch e.Kind {
	case Play:
		c.rep.Placements++
		c.lastPlay[seat] = e
		if turn.Score != e.Score {
			bd := c.g.LatestBreakdown()
			p := c.problem(e.Line, CodePlayScore, "%s %s is recorded as %d; it scores %d (%s)", e.Position, e.Word, e.Score, turn.Score, bd)
			p.Recorded, p.Computed, p.Breakdown = e.Score, turn.Score, bd
		}
	case Withdrawn:
		if turn.Score != e.Score {
			p := c.problem(e.Line, CodeWithdrawnScore, "the withdrawn play is recorded as %+d; taking it back is %+d", e.Score, turn.Score)
			p.Recorded, p.Computed = e.Score, turn.Score
		}
	}
	c.cumulative(e, seat)
	return true
}

// seatOf finds the seat an event belongs to. When players share a nick,
// a turn belongs to the player to move and anything else to the player
// who moved last.
func (c *checker) seatOf(e *Event) (int, bool) {
	first, shared := -1, false
	for i, p := range c.rec.Players {
		if p.Nick != e.Nick {
			continue
		}
		if first >= 0 {
			shared = true
			break
		}
		first = i
	}
	if first < 0 || !shared {
		return first, first >= 0
	}
	want := c.g.ToMove()
	if e.Kind != Play && e.Kind != Exchange && e.Kind != Pass {
		want = (want + c.g.Players() - 1) % c.g.Players()
	}
	if want < len(c.rec.Players) && c.rec.Players[want].Nick == e.Nick {
		return want, true
	}
	return first, true
}

// cumulative checks the record's own arithmetic: each running total is
// the previous one plus the score written on the line.
func (c *checker) cumulative(e *Event, seat int) {
	c.recTotal[seat] += e.Score
	if e.HasCumulative && e.Cumulative != c.recTotal[seat] {
		p := c.problem(e.Line, CodeCumulative, "the running total is written %d; %d plus %+d is %d", e.Cumulative, c.recTotal[seat]-e.Score, e.Score, c.recTotal[seat])
		p.Recorded, p.Computed = e.Cumulative, c.recTotal[seat]
		c.recTotal[seat] = e.Cumulative // carry on from what the record says
	}
}

// endRack handles "(TILES) +N" (points from the others' racks) and
// "TILES (TILES) -N" (a player's own rack): the tiles are revealed to the
// engine, and the points are compared with the rules' once all are seen.
func (c *checker) endRack(e *Event, seat int) bool {
	if c.timeSeen {
		c.problem(e.Line, CodeEndRackOrder, "end-of-game rack points come before time penalties")
		return false
	}
	if !c.g.Over() && !c.endedWhereItStood(e, seat) {
		c.problem(e.Line, CodeEndRackNotOver, "end-of-game rack points while the game is still on")
		return false
	}
	tiles, err := scoring.ParseRack(c.v.Tiles, e.EndRack)
	if err != nil {
		c.problem(e.Line, CodeBadRack, "%s", err.Error())
		return false
	}
	if e.Kind == EndRackPenalty && e.Rack != "" && !sameLetters(e.Rack, e.EndRack) {
		c.problem(e.Line, CodeEndRackWrong, "the rack %s and the tiles in parentheses (%s) differ", e.Rack, e.EndRack)
		return false
	}
	owner := seat
	if e.Kind == EndRackPoints {
		owner = c.otherSeatWithTiles(seat)
		if owner < 0 {
			c.outTiles, c.outLine = append(c.outTiles, tiles...), e.Line
		}
	}
	if owner >= 0 && c.g.RackCount(owner) > 0 {
		if _, err := c.g.Apply(scoring.Event{Kind: scoring.EventEndRack, Player: owner, Rack: tiles}); err != nil {
			c.problem(e.Line, CodeEndRackWrong, "(%s): %s", e.EndRack, err.Error())
			return false
		}
	}
	c.endPoints[seat] += e.Score
	c.endLine[seat] = e.Line
	c.sawEnd = true
	c.cumulative(e, seat)
	return true
}

// endedWhereItStood reads a player's own rack line ("TILES (TILES) -N")
// in a game still on as the game ended where it stood (a director's end
// for time, an abandoned or adjudicated game: EXTENSIONS.md), so that the
// racks deducted after it count as they did at the event. A "(TILES) +N"
// line claims the player went out, which a game still on denies.
func (c *checker) endedWhereItStood(e *Event, seat int) bool {
	if e.Kind != EndRackPenalty {
		return false
	}
	_, err := c.g.Apply(scoring.Event{Kind: scoring.EventEnd, Player: seat})
	return err == nil
}

// otherSeatWithTiles is the seat whose rack a "(TILES) +N" line reveals:
// in a two-player game, the opponent; with more players the line sums
// several racks and no single seat can be named (-1).
func (c *checker) otherSeatWithTiles(seat int) int {
	if c.g.Players() != 2 {
		return -1
	}
	return 1 - seat
}

// finish compares the recorded end-of-game rack points with the rules'
// and checks the #rackN pragmas of an unfinished record.
func (c *checker) finish() {
	for _, r := range c.rec.Racks {
		if r.Player < 1 || r.Player > c.g.Players() {
			c.problem(r.Line, CodeUnknownPlayer, "#rack%d names no player", r.Player)
			continue
		}
		tiles, err := scoring.ParseRack(c.v.Tiles, r.Rack)
		if err != nil {
			c.problem(r.Line, CodeBadRack, "%s", err.Error())
			continue
		}
		if c.g.Over() {
			continue
		}
		// A known rack at the end of the record: it must fit the unseen tiles.
		if err := c.g.CheckRack(tiles, r.Player-1); err != nil {
			c.ruleProblem(r.Line, err)
		}
	}
	if !c.g.Over() || !c.sawEnd {
		return
	}
	if c.outLine > 0 && !c.attributeOutTiles() {
		return
	}
	res := c.g.Result()
	c.result, c.haveResult = res, true
	if !res.Complete {
		return
	}
	for seat := range c.endPoints {
		if c.endLine[seat] == 0 {
			if res.RackAdjust[seat] != 0 {
				line := lastLine(c.rec)
				p := c.problem(line, CodeEndRackPoints, "%s's end-of-game rack adjustment is missing: the rules give %+d", c.rep.Nicks[seat], res.RackAdjust[seat])
				p.Recorded, p.Computed = 0, res.RackAdjust[seat]
			}
			continue
		}
		if c.endPoints[seat] != res.RackAdjust[seat] {
			p := c.problem(c.endLine[seat], CodeEndRackPoints, "%s's end-of-game rack points are recorded as %+d; under %s they are %+d", c.rep.Nicks[seat], c.endPoints[seat], c.v.Name, res.RackAdjust[seat])
			p.Recorded, p.Computed = c.endPoints[seat], res.RackAdjust[seat]
		}
	}
}

func lastLine(rec *Record) int {
	if len(rec.Events) == 0 {
		return firstLine(rec)
	}
	return rec.Events[len(rec.Events)-1].Line
}

func sameLetters(a, b string) bool {
	return sortedUpper(a) == sortedUpper(b)
}

func sortedUpper(s string) string {
	r := []rune(strings.ToUpper(s))
	for i := 1; i < len(r); i++ {
		for j := i; j > 0 && r[j] < r[j-1]; j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
	return string(r)
}
