package gcg

import "tourney/scoring"

// EngineTeams is the #teams value of a game the engine plays as a team
// game (scoring.Game.Teamed): players 1 and 3 against 2 and 4.
func EngineTeams() [][]int { return [][]int{{1, 3}, {2, 4}} }

// EndRackEvents are the end-of-game rack lines of a finished game as GCG
// writes them, with the seat (0-based) of each; the caller fills in Nick
// and the running total.
//
//   - The player who went out scores "(TILES) +N": the racks the rules
//     count (everyone else's; in team play not the partner's).
//   - Every other player whose rack is adjusted writes "RACK (RACK) -N".
//   - With more than two players, every rack the rules count (after going
//     out or a stalemate) gets its own "RACK (RACK) -N" line, written
//     "+0" where the variant takes nothing from it, so that a reader can
//     tell whose tiles the "(TILES)" line sums.
//
// Nothing is written before the result is complete.
func EndRackEvents(g *scoring.Game) (seats []int, events []Event) {
	res := g.Result()
	if !res.Over || !res.Complete {
		return nil, nil
	}
	ts := g.Variant().Tiles
	racks := g.Racks()
	teamSkip := func(seat int) bool {
		return g.Teamed() && g.Variant().Out.TeammateIgnored && seat%2 == res.OutPlayer%2
	}
	counted := func(seat int) bool {
		switch res.Reason {
		case scoring.EndOut:
			return seat != res.OutPlayer && !teamSkip(seat)
		case scoring.EndScoreless, scoring.EndPasses:
			return true
		}
		return false
	}
	for seat, adj := range res.RackAdjust {
		if seat == res.OutPlayer {
			if adj == 0 {
				continue
			}
			var others []scoring.Tile
			for i, r := range racks {
				if counted(i) {
					others = append(others, r...)
				}
			}
			seats = append(seats, seat)
			events = append(events, Event{Kind: EndRackPoints, EndRack: scoring.TilesString(ts, others), Score: adj})
			continue
		}
		if adj == 0 && (g.Players() == 2 || !counted(seat) || len(racks[seat]) == 0) {
			continue
		}
		own := scoring.TilesString(ts, racks[seat])
		seats = append(seats, seat)
		events = append(events, Event{Kind: EndRackPenalty, Rack: own, EndRack: own, Score: adj})
	}
	return seats, events
}
