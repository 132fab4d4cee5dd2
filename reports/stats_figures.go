package reports

import "tourney/service"

// Figure is a statistic and its label, in the words of the statistics
// sheet.
type Figure struct{ Label, Value string }

// StatsFigures are a division's figures as the statistics sheet prints
// them: the games', then (when some were recorded) the turns'.
func StatsFigures(d *service.DivisionStats) []Figure {
	var out []Figure
	for _, f := range append(gameFigures(d), turnFigures(d)...) {
		out = append(out, Figure{Label: f.label, Value: f.value})
	}
	return out
}

// RecordedTitle says how many games the turn figures come from.
func RecordedTitle(d *service.DivisionStats) string { return recordedTitle(d) }
