package service

import "tourney/scoring"

// One truth on every screen: a game's status and scores as the room, the
// table's tablet, the game's page and the API all show them come from
// here, from the game's record and its official result together.

// gameStatus is a game's status: finished once its official result is
// in, however it came (recorded turn by turn, keyed by hand, a forfeit,
// adjudicated, the record set aside and the result keyed); until then,
// what its record says (in-progress, on-hold, awaiting-racks, ..., or
// voided: the record set aside, its result still to be keyed).
func gameStatus(recordStatus string, official *Result) string {
	if official != nil {
		return StatusFinished
	}
	return recordStatus
}

// withResult completes a game's view with its official result (nil:
// none yet): the result itself, the status (gameStatus), and, for a
// result the director entered by hand, that result's scores on the
// seats in place of the record's running totals (0 – 0 for a game
// played on paper), so that nothing shows a score that does not count.
// In a team game each team's score goes on its first seat (seats 1 and
// 2), its partner's reading 0, so that the seats add up to the teams'.
func (v *GameView) withResult(g *Game, official *Result) *GameView {
	v.Official = officialView(g, official)
	v.Status = gameStatus(v.Status, official)
	if official != nil && official.Source != SourceRecorded {
		v.DirectorEntry = handEntry(v.NextTurn)
	}
	o := v.Official
	if o == nil || !o.EnteredByHand || len(o.Scores) != len(v.Players) {
		return v
	}
	for i := range v.Players {
		v.Players[i].Score = o.Scores[i]
		if g.Teams && len(v.Players) == 4 && i >= 2 {
			v.Players[i].Score = 0
		}
	}
	return v
}

// ResultByHand reports whether a game's result is one the director
// entered by hand (the game has no record, or its record was set aside):
// the views say so, and nobody at the table confirms it.
func (v *GameView) ResultByHand() bool {
	return v.Official != nil && v.Official.EnteredByHand && v.Status == StatusFinished
}

// ResultByDirector reports whether the director decided a finished
// game's result: entered it by hand (ResultByHand), or ended the game
// where it stood from its record. Nobody at the table confirms it.
func (v *GameView) ResultByDirector() bool {
	ended := v.Result != nil && v.Result.Reason == string(scoring.EndDirector)
	return v.ResultByHand() || (ended && v.Status == StatusFinished)
}
