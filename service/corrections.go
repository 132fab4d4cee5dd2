package service

import (
	"context"
	"encoding/json"
	"time"
)

// TurnOriginal is a corrected turn as it was first entered, kept beside
// the correction so that the director still sees what the table claimed.
type TurnOriginal struct {
	Player       int    `json:"player"`
	Move         string `json:"move,omitempty"`
	Rack         string `json:"rack,omitempty"`
	ClaimedScore *int   `json:"claimed_score"`
	Points       int    `json:"points,omitempty"`
	Score        int    `json:"score"` // what the engine computed for it then
	// Corrections counts the corrections since; Reason, By and At are the
	// latest one's.
	Corrections int       `json:"corrections"`
	Reason      string    `json:"reason,omitempty"`
	By          string    `json:"corrected_by"`
	At          time.Time `json:"corrected_at"`
}

// withCorrections fills in, for the director, each corrected turn's
// CorrectedFrom from the game's audit log: the first "correct-turn"
// entry of an event keeps it as entered (its before), the later ones
// only add to the count.
func (s *Service) withCorrections(ctx context.Context, a Actor, v *GameView) error {
	if !a.IsDirector() || v == nil {
		return nil
	}
	id := v.ID
	entries, err := s.Store.ListAudit(ctx, v.TournamentID, &id)
	if err != nil {
		return err
	}
	originals := map[int64]*TurnOriginal{} // by event id
	for _, e := range entries {
		if e.Action != "correct-turn" || len(e.Before) == 0 {
			continue
		}
		var before TurnEvent
		if json.Unmarshal(e.Before, &before) != nil || before.ID == 0 {
			continue
		}
		o := originals[before.ID]
		if o == nil {
			o = &TurnOriginal{Player: before.Seat, Move: before.Move, Rack: before.Rack, ClaimedScore: before.ClaimedScore,
				Points: before.Points, Score: before.Score}
			originals[before.ID] = o
		}
		o.Corrections++
		o.Reason, o.By, o.At = e.Reason, e.Who, e.At
	}
	for i := range v.Turns {
		v.Turns[i].CorrectedFrom = originals[v.Turns[i].ID]
	}
	return nil
}
