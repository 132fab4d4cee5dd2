package service

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Highlight kinds, and what earns each (derived from the record: the
// games' replays and the results, behind the broadcast delay):
//   - bingo: a play with the full-rack bonus (not one challenged off);
//   - big-play: any other play of BigPlay points or more;
//   - high-game: a finished game in which a player scored HighGame or more;
//   - upset: a game won by a player rated Upset or more below the loser;
//   - streak: a player's Streak-th game won in a row, and every one after.
const (
	HighlightBingo    = "bingo"
	HighlightBigPlay  = "big-play"
	HighlightHighGame = "high-game"
	HighlightUpset    = "upset"
	HighlightStreak   = "streak"

	BigPlay  = 80
	HighGame = 500
	Upset    = 200
	Streak   = 5
)

// Highlight is a moment worth telling the room (public).
type Highlight struct {
	Time     time.Time `json:"time"`
	Round    int       `json:"round"`
	Table    int       `json:"table"`
	Players  []string  `json:"players"`
	Kind     string    `json:"kind"`
	Sentence string    `json:"sentence"`
	GameID   int64     `json:"game_id,omitempty"`
	Turn     int       `json:"turn,omitempty"` // a play's turn number (see TurnNumbers)
	Seq      int       `json:"seq,omitempty"`  // the play's stored event, which names it once
	Score    int       `json:"score,omitempty"`
}

// key names a highlight once, for publishing it once.
func (h Highlight) key() string {
	return fmt.Sprintf("%s/%d/%d/%s", h.Kind, h.GameID, h.Seq, strings.Join(h.Players, ","))
}

// Highlights lists a tournament's highlights, newest first; since (if
// not zero) keeps those after it.
func (s *Service) Highlights(ctx context.Context, tournamentID int64, since time.Time) ([]Highlight, error) {
	all, err := s.highlights.get(ctx, tournamentID, s.now, func(ctx context.Context, _ []Highlight, _ bool) ([]Highlight, error) {
		return s.allHighlights(ctx, tournamentID)
	})
	if err != nil {
		return nil, err
	}
	out := []Highlight{} // a list of its own: all is shared
	for _, x := range all {
		if since.IsZero() || x.Time.After(since) {
			out = append(out, x)
		}
	}
	return out, nil
}

// Every spectator's page reads the highlights when it opens, and each
// read replays every game of the tournament: they are built at most once
// per change (builtCache).
func newHighlightsCache() builtCache[[]Highlight] {
	return builtCache[[]Highlight]{fresh: liveFresh,
		counts: func(pub Notice) bool { return pub.Kind != NoticeHighlight }}
}

// allHighlights are the tournament's highlights, built afresh, newest
// first.
func (s *Service) allHighlights(ctx context.Context, tournamentID int64) ([]Highlight, error) {
	h, err := s.loadHallGames(ctx, tournamentID, nil)
	if err != nil {
		return nil, err
	}
	out := []Highlight{}
	for _, l := range h.games {
		out = append(out, h.playHighlights(l)...)
	}
	out = append(out, h.resultHighlights(nil)...)
	out = append(out, h.streaks()...)
	slices.SortStableFunc(out, func(a, b Highlight) int {
		return cmp.Or(b.Time.Compare(a.Time), cmp.Compare(b.Round, a.Round), cmp.Compare(a.Table, b.Table))
	})
	return out, nil
}

func (h *hallGames) seatNames(g *Game) []string {
	out := make([]string, len(g.Seats))
	for i, id := range g.Seats {
		out[i] = h.players[id].Name
	}
	return out
}

// playHighlights are a game's bingos and big plays, as far as the public
// may see it.
func (h *hallGames) playHighlights(l *loaded) []Highlight {
	var out []Highlight
	nums := TurnNumbers(l.r.events)
	for i := range l.r.events {
		p := playOf(l.r, i, nums[i])
		if p == nil || p.Kind != "play" || withdrawn(l.r.events, i) {
			continue
		}
		who := h.players[l.g.Seats[p.Seat-1]].Name
		x := Highlight{Time: l.r.events[i].CreatedAt, Round: l.g.Round, Table: l.g.Table, Players: h.seatNames(l.g),
			GameID: l.g.ID, Turn: p.Turn, Seq: l.r.events[i].Seq, Score: p.Score}
		switch {
		case p.Bingo:
			x.Kind = HighlightBingo
			x.Sentence = fmt.Sprintf("%s played %s at %s for %d points, a bingo, at table %d.", who, p.Word, p.Position, p.Score, l.g.Table)
		case p.Score >= BigPlay:
			x.Kind = HighlightBigPlay
			x.Sentence = fmt.Sprintf("%s played %s at %s for %d points at table %d.", who, p.Word, p.Position, p.Score, l.g.Table)
		default:
			continue
		}
		out = append(out, x)
	}
	return out
}

// withdrawn: the play at active event i was challenged off.
func withdrawn(events []TurnEvent, i int) bool {
	for _, e := range events[i+1:] {
		switch {
		case e.Kind == EventWithdraw:
			return true
		case e.Kind == EventChallenge && e.ChallengedTurn == events[i].Seq && e.Verdict == VerdictUnacceptable:
			return true
		case e.Kind == EventMove:
			return false
		}
	}
	return false
}

// table is where a result was played (0: not known).
func (h *hallGames) table(r *Result) int {
	if r.Table == 0 && r.GameID != nil {
		return h.tables[*r.GameID]
	}
	return r.Table
}

// twoPlayerGame: a game over the board between two players.
func twoPlayerGame(r *Result) bool {
	return r.Kind == ResultGame && r.Player2 != nil && r.Group == nil
}

// resultHighlights are the high scores and upsets of the results keep
// picks (nil: all).
func (h *hallGames) resultHighlights(keep func(*Result) bool) []Highlight {
	var out []Highlight
	for i := range h.results {
		if r := &h.results[i]; twoPlayerGame(r) && (keep == nil || keep(r)) {
			out = append(out, h.gameHighlights(r)...)
		}
	}
	return out
}

// gameHighlights are a two-player game's high scores and upset.
func (h *hallGames) gameHighlights(r *Result) []Highlight {
	a, b := h.players[r.Player1], h.players[*r.Player2]
	table := h.table(r)
	base := Highlight{Time: r.CreatedAt, Round: r.Round, Table: table}
	if r.GameID != nil {
		base.GameID = *r.GameID
	}
	var out []Highlight
	for _, side := range []struct {
		p, o       Player
		score, opp int
	}{{a, b, r.Score1, r.Score2}, {b, a, r.Score2, r.Score1}} {
		if side.score >= HighGame {
			x := base
			x.Kind, x.Score, x.Players = HighlightHighGame, side.score, []string{side.p.Name, side.o.Name}
			x.Sentence = fmt.Sprintf("%s scored %d against %s (%d)%s.", side.p.Name, side.score, side.o.Name, side.opp, atTable(table))
			out = append(out, x)
		}
		if side.score > side.opp && side.p.Rating > 0 && side.o.Rating-side.p.Rating >= Upset {
			x := base
			x.Kind, x.Score, x.Players = HighlightUpset, side.score, []string{side.p.Name, side.o.Name}
			x.Sentence = fmt.Sprintf("%s (rated %d) beat %s (rated %d), %d to %d%s.", side.p.Name, side.p.Rating, side.o.Name, side.o.Rating, side.score, side.opp, atTable(table))
			out = append(out, x)
		}
	}
	return out
}

func atTable(table int) string {
	if table == 0 {
		return ""
	}
	return fmt.Sprintf(" at table %d", table)
}

// streaks are the wins that make a player's run of wins Streak long or
// longer, round by round among the two-player games over the board.
func (h *hallGames) streaks() []Highlight {
	byPlayer := map[int64][]*Result{}
	for i := range h.results {
		if r := &h.results[i]; twoPlayerGame(r) {
			byPlayer[r.Player1] = append(byPlayer[r.Player1], r)
			byPlayer[*r.Player2] = append(byPlayer[*r.Player2], r)
		}
	}
	var out []Highlight
	for id, games := range byPlayer {
		slices.SortFunc(games, func(a, b *Result) int { return a.Round - b.Round })
		run := 0
		for _, r := range games {
			mine, theirs := r.Score1, r.Score2
			if r.Player1 != id {
				mine, theirs = theirs, mine
			}
			if mine <= theirs {
				run = 0
				continue
			}
			if run++; run < Streak {
				continue
			}
			name := h.players[id].Name
			x := Highlight{Time: r.CreatedAt, Round: r.Round, Table: h.table(r), Players: []string{name}, Kind: HighlightStreak, Score: run,
				Sentence: fmt.Sprintf("%s has won %d games in a row (round %d%s).", name, run, r.Round, atTable(h.table(r)))}
			if r.GameID != nil {
				x.GameID = *r.GameID
			}
			out = append(out, x)
		}
	}
	return out
}
