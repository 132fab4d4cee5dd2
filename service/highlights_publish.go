package service

import (
	"context"
	"sync"
)

// highlightsTold remembers, per tournament, the highlights this process
// has published, so each goes out once. It starts empty: after a restart
// a highlight may go out again when its game next changes.
type highlightsTold struct {
	mu   sync.Mutex
	told map[int64]map[string]bool
}

// first reports whether x has not been published for the tournament
// yet, and marks it published.
func (t *highlightsTold) first(tournamentID int64, x Highlight) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.told == nil {
		t.told = map[int64]map[string]bool{}
	}
	if t.told[tournamentID] == nil {
		t.told[tournamentID] = map[string]bool{}
	}
	k := x.key()
	if t.told[tournamentID][k] {
		return false
	}
	t.told[tournamentID][k] = true
	return true
}

// watched: somebody in this process watches the tournament.
func (s *Service) watched(tournamentID int64) bool {
	n := &s.notices
	n.mu.Lock()
	defer n.mu.Unlock()
	room := n.rooms[tournamentID]
	return room != nil && room.watchers() > 0
}

// highlightsAfter works out, once a turn or a result is recorded, the new
// highlights it makes (a game's plays now past the broadcast delay, its
// high scores and upset, the streaks it extends) and publishes each as a
// "highlight" notice, in the background; only while someone watches.
func (s *Service) highlightsAfter(no Notice) {
	if no.Kind != NoticeGame && no.Kind != NoticeResult || !s.watched(no.TournamentID) {
		return
	}
	go func() {
		for _, x := range s.newHighlights(context.Background(), no) {
			if s.told.first(no.TournamentID, x) {
				s.publish(Notice{Kind: NoticeHighlight, TournamentID: no.TournamentID, Round: x.Round, Table: x.Table, At: x.Time, Highlight: &x})
			}
		}
	}()
}

// newHighlights are the highlights a notice may have made: for a game's
// notice, that game's; for a result's, its round's results and streaks.
func (s *Service) newHighlights(ctx context.Context, no Notice) []Highlight {
	if no.Kind == NoticeGame && no.Status != StatusFinished {
		// A turn of a game in play: only its plays can be new, and only
		// it is read (not the whole tournament, at every turn).
		h, l, err := s.loadHallGame(ctx, no.TournamentID, no.GameID)
		if err != nil || l == nil {
			return nil
		}
		return h.playHighlights(l)
	}
	h, err := s.loadHallGames(ctx, no.TournamentID, func(g *Game, _ *Result) bool {
		return no.Kind == NoticeGame && g.ID == no.GameID
	})
	if err != nil {
		return nil
	}
	mine := func(r *Result) bool {
		if no.Kind == NoticeGame {
			return r.GameID != nil && *r.GameID == no.GameID
		}
		return r.Round == no.Round
	}
	var out []Highlight
	for _, l := range h.games {
		out = append(out, h.playHighlights(l)...)
	}
	out = append(out, h.resultHighlights(mine)...)
	for _, x := range h.streaks() {
		if no.Kind == NoticeGame && x.GameID == no.GameID || no.Kind == NoticeResult && x.Round == no.Round {
			out = append(out, x)
		}
	}
	return out
}
