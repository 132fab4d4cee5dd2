package gcg

import "tourney/scoring"

// teams turns team play on for a record with a #teams line: the engine
// plays players 1 and 3 against 2 and 4, under a variant that has teams.
func (c *checker) teams(g *scoring.Game) bool {
	if !StandardTeams(c.rec.Teams) {
		c.problem(c.rec.TeamsLine, CodeUnsupportedRules, "#teams: the engine plays teams of players 1 and 3 against 2 and 4 only")
		return false
	}
	if err := g.SetTeams(true); err != nil {
		c.problem(c.rec.TeamsLine, CodeUnsupportedRules, "#teams: %s", err.Error())
		return false
	}
	return true
}

// attributeOutTiles checks the "(TILES) +N" line of a game of more than
// two players, which sums the racks of every player the one who went out
// scores (in team play, not the partner's). The racks already known (from
// the others' "RACK (RACK) -N" lines, or worked out by the engine) must be
// among the tiles; when exactly one counted rack is still unknown, it is
// what is left, and is revealed to the engine. False when the tiles
// cannot be the counted racks (a problem is reported).
func (c *checker) attributeOutTiles() bool {
	g := c.g
	out := g.Result().OutPlayer
	if g.EndReason() != scoring.EndOut || out < 0 {
		return true
	}
	left := append([]scoring.Tile(nil), c.outTiles...)
	racks := g.Racks()
	unknown := -1
	for seat, rack := range racks {
		if !c.counted(seat, out) {
			continue
		}
		if rack == nil {
			if unknown >= 0 {
				return true // two racks unknown: nothing to attribute
			}
			unknown = seat
			continue
		}
		var ok bool
		if left, ok = takeRack(left, rack); !ok {
			c.problem(c.outLine, CodeEndRackWrong, "(%s) does not hold %s's rack %s", scoring.TilesString(c.v.Tiles, c.outTiles), c.rep.Nicks[seat], scoring.TilesString(c.v.Tiles, rack))
			return false
		}
	}
	if unknown < 0 {
		if len(left) > 0 {
			c.problem(c.outLine, CodeEndRackWrong, "(%s) holds %s, which no rack %s scores holds", scoring.TilesString(c.v.Tiles, c.outTiles), scoring.TilesString(c.v.Tiles, left), c.rep.Nicks[out])
			return false
		}
		return true
	}
	if _, err := g.Apply(scoring.Event{Kind: scoring.EventEndRack, Player: unknown, Rack: left}); err != nil {
		c.problem(c.outLine, CodeEndRackWrong, "(%s): %s", scoring.TilesString(c.v.Tiles, c.outTiles), err.Error())
		return false
	}
	return true
}

// counted reports whether the player who went out scores seat's rack.
func (c *checker) counted(seat, out int) bool {
	if seat == out {
		return false
	}
	return !(c.g.Teamed() && c.v.Out.TeammateIgnored && seat%2 == out%2)
}

// takeRack removes rack's tiles from tiles, reporting whether all were there.
func takeRack(tiles, rack []scoring.Tile) ([]scoring.Tile, bool) {
	for _, t := range rack {
		found := false
		for i, u := range tiles {
			if u == t {
				tiles = append(tiles[:i], tiles[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			return tiles, false
		}
	}
	return tiles, true
}
