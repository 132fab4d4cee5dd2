package reports

import (
	"tourney/scoring"
	"tourney/service"
)

// decidedByText explains, for the printed result, the rule that decided
// a game when the scores alone did not.
func decidedByText(code string) string {
	switch code {
	case "", scoring.DecidedByScore:
		return ""
	case string(scoring.TiePreAdjustment):
		return "The tie was broken by the higher score before the end-of-game rack adjustments (tie-break rule: " + code + ")."
	case string(scoring.TieLeaderBeforeFinalMove):
		return "The tie was broken in favour of the leader before the final play (tie-break rule: " + code + ")."
	case scoring.DecidedLastToPass:
		return "The tie was broken in favour of the last player to pass (tie-break rule: " + code + ")."
	case string(scoring.TieOutPlayerPoint):
		return "The tie was broken by one extra point for the player who went out (tie-break rule: " + code + ")."
	case service.DecidedByChallenge:
		return "Decided by a challenge under the triple rule: the loser of a challenge loses the game."
	}
	return "Decided by the rule " + code + "."
}

// endReasonText says why the game ended.
func endReasonText(reason, outName string) string {
	switch reason {
	case string(scoring.EndOut):
		return "The game ended when " + outName + " went out."
	case string(scoring.EndScoreless):
		return "The game ended after consecutive scoreless turns."
	case string(scoring.EndPasses):
		return "The game ended after consecutive passes."
	case string(scoring.EndDirector):
		return "The director ended the game where it stood."
	case "forfeit":
		return "Decided by forfeit."
	}
	return ""
}
