package service

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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
	if x.Kind == HighlightBingo || x.Kind == HighlightBigPlay {
		t.told[tournamentID][playKey(x.GameID, x.Seq)] = true
	}
	return true
}

// playTold: a highlight of the play stored as seq has been published.
func (t *highlightsTold) playTold(tournamentID, gameID int64, seq int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.told[tournamentID][playKey(gameID, seq)]
}

func playKey(gameID int64, seq int) string { return fmt.Sprintf("play/%d/%d", gameID, seq) }

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
	go s.tellHighlights(context.Background(), no)
}

// tellHighlights publishes the highlights a notice made that were not
// told yet, and returns them.
func (s *Service) tellHighlights(ctx context.Context, no Notice) []Highlight {
	var told []Highlight
	for _, x := range s.newHighlights(ctx, no) {
		if s.told.first(no.TournamentID, x) {
			s.publish(Notice{Kind: NoticeHighlight, TournamentID: no.TournamentID, Round: x.Round, Table: x.Table, At: x.Time, Highlight: &x})
			told = append(told, x)
		}
	}
	return told
}

// newHighlights are the highlights a notice may have made: for a game's
// notice, that game's; for a result's, its round's results and streaks.
func (s *Service) newHighlights(ctx context.Context, no Notice) []Highlight {
	if no.Kind == NoticeGame && no.Status != StatusFinished {
		// A turn of a game in play: only its plays can be new, and only
		// it is read (not the whole tournament, at every turn); and
		// replayed only if it holds a play that may be one.
		g, err := s.Store.GetGame(ctx, no.GameID)
		if err != nil || g.TournamentID != no.TournamentID || !s.playsToTell(ctx, no.TournamentID, g) {
			return nil
		}
		h, l, err := s.loadHallGame(ctx, g)
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

// playsToTell: game g holds a play not told of yet that may be a
// highlight (one that scored BigPlay or more, or a bingo), so that
// replaying it may find something new. Most turns hold none: a hall's
// every turn is told to the highlights while anyone watches, and a replay
// each time cost more than all the live boards' builds. What is told is
// decided by the replay (playHighlights, behind the broadcast delay);
// this only spares the replays that could find nothing. On doubt (a read
// that fails), it says yes.
func (s *Service) playsToTell(ctx context.Context, tournamentID int64, g *Game) bool {
	events, ok := s.games.look(g.ID, g.Version)
	if !ok {
		var err error
		if events, err = s.Store.ListTurns(ctx, g.ID); err != nil {
			return true
		}
	}
	for _, e := range events {
		if e.Kind == EventMove && !e.Undone && (e.Score >= BigPlay || mayBeBingo(e.Breakdown)) &&
			!s.told.playTold(tournamentID, g.ID, e.Seq) {
			return true
		}
	}
	return false
}

// mayBeBingo: a stored play's score breakdown does not rule out a bingo
// bonus (it says "bingo":0 as encoding/json writes it; anything else is
// read).
func mayBeBingo(breakdown json.RawMessage) bool {
	if len(breakdown) == 0 || bytes.Contains(breakdown, []byte(`"bingo":0,`)) || bytes.Contains(breakdown, []byte(`"bingo":0}`)) {
		return false
	}
	var b struct {
		Bingo int `json:"bingo"`
	}
	return json.Unmarshal(breakdown, &b) != nil || b.Bingo != 0
}
