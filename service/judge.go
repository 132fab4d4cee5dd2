package service

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"tourney/challenges"
)

// JudgeInput is a word-judge request: words to look up, touching no game.
type JudgeInput struct {
	Words []string `json:"words"`
}

// JudgeResult answers like a word judge: the verdict on the words as a
// whole; the director also sees which words failed.
type JudgeResult struct {
	Verdict      string   `json:"verdict"`
	Words        []string `json:"words"`
	InvalidWords []string `json:"invalid_words,omitempty"`
	Lexicon      string   `json:"lexicon"`
}

// JudgeWords looks words up in the tournament's lexicon. The director
// may ask about any word at any time. A table may ask only once its game
// is over (issue 25): while a game at its table (in any round and any
// division: the table's own games, never the tournament's current round,
// issue 37) is being played (in progress, on hold, or awaiting the
// acceptance of a play that went out), the judge refuses it, with
// challenge-open while a play can still be challenged and
// game-in-progress otherwise. The word judge answers a table's
// challenge, and nothing else during a game: a table that could look up
// the words of the play just made would learn whether a challenge wins
// before risking one, and under judge_open it could try out its own next
// play. The director's setting "judge_open": true lets a table ask about
// any word, not only the words on its own boards, and only after its
// game, like the rest. Requests are rate-limited per credential.
func (s *Service) JudgeWords(ctx context.Context, a Actor, tournamentID int64, in JudgeInput) (*JudgeResult, error) {
	switch {
	case a.Kind == "":
		return nil, Errorf(KindUnauthorized, "credentials-required", "sign in with the table's credential to use the word judge")
	case !a.IsDirector() && a.TournamentID != tournamentID:
		return nil, Errorf(KindForbidden, "not-your-tournament", "this credential is for another tournament")
	}
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	if len(in.Words) == 0 || len(in.Words) > 8 {
		return nil, Errorf(KindInvalid, "bad-words", "ask about 1 to 8 words at a time")
	}
	words := make([]string, len(in.Words))
	for i, w := range in.Words {
		words[i] = strings.ToUpper(strings.TrimSpace(w))
		if words[i] == "" || len(words[i]) > 64 {
			return nil, Errorf(KindInvalid, "bad-words", "a word is 1 to 64 letters")
		}
	}
	if t.Lexicon == "" || s.Lexicons == nil {
		return nil, Errorf(KindRule, "no-lexicon", "this tournament has no lexicon: ask the director")
	}
	if !s.limiter.allow(strconv.FormatInt(a.Holder(), 10), s.now(), a.IsDirector()) {
		return nil, Errorf(KindRateLimited, "rate-limited", "too many word-judge requests; wait a minute")
	}
	if !a.IsDirector() {
		games, err := s.tableGames(ctx, a, t)
		if err != nil {
			return nil, err
		}
		if err := refuseWhilePlaying(games); err != nil {
			return nil, err
		}
		if t.Settings["judge_open"] != true {
			if err := wordsOnTableBoard(games, words); err != nil {
				return nil, err
			}
		}
	}
	v, err := s.Lexicons.Judge(t.Lexicon, words)
	if err != nil {
		return nil, Errorf(KindConflict, "lexicon-unavailable", "the lexicon %s cannot be read (%v)", t.Lexicon, err)
	}
	res := &JudgeResult{Verdict: VerdictUnacceptable, Words: words, Lexicon: t.Lexicon}
	if v.Acceptable {
		res.Verdict = VerdictAcceptable
	}
	if a.IsDirector() {
		res.InvalidWords = v.Invalid
	}
	return res, nil
}

// tableGames loads the games at the actor's table: every round's and
// every division's, whatever the tournament's current round is (the
// director may have forced a round on with a game still in play, or
// another division may be paired ahead).
func (s *Service) tableGames(ctx context.Context, a Actor, t *Tournament) ([]*loaded, error) {
	games, err := s.Store.ListGames(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	var out []*loaded
	for _, g := range games {
		if g.Table != a.Table {
			continue
		}
		l, err := s.load(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		if err := s.withOfficial(ctx, l); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// refuseWhilePlaying refuses a table's judge while a game at the table
// is being played (see JudgeWords): challenge-open when any of them has
// a play open to challenge, else game-in-progress. A game with a result
// entered by hand is decided, whatever its record shows.
func refuseWhilePlaying(games []*loaded) error {
	playing := false
	for _, l := range games {
		if l.official != nil {
			continue
		}
		switch l.r.status {
		case StatusInProgress, StatusOnHold, StatusAwaitingAcceptance:
		default:
			continue
		}
		if openToChallenge(l) {
			return Errorf(KindForbidden, "challenge-open", "A play is open to challenge at your table: challenge it to have the words judged, or ask the director")
		}
		playing = true
	}
	if playing {
		return Errorf(KindForbidden, "game-in-progress", "Your game is still being played: the word judge answers a table once its game is over (challenge a play to have its words judged, or ask the director)")
	}
	return nil
}

// openToChallenge reports whether the game's latest play can still be
// challenged: the rule allows challenges and the latest turn (a hold
// aside) placed tiles.
func openToChallenge(l *loaded) bool {
	if l.r.rule.Penalty == challenges.PenaltyNotPossible {
		return false
	}
	for i := len(l.r.events) - 1; i >= 0; i-- {
		if e := l.r.events[i]; e.Kind != EventHold {
			return e.Kind == EventMove && isPlacement(e.Move)
		}
	}
	return false
}

// wordsOnTableBoard refuses words that are not on the boards of the
// table's games (all of them: by then none is being played).
func wordsOnTableBoard(games []*loaded, words []string) error {
	onBoard := map[string]bool{}
	for _, l := range games {
		for _, w := range boardWords(l.r.game.Board().Text(l.r.v.Tiles)) {
			onBoard[w] = true
		}
	}
	for _, w := range words {
		if !onBoard[w] {
			return Errorf(KindForbidden, "word-not-on-board", "%s is not on your board; the word judge answers about words on your own board", w)
		}
	}
	return nil
}

// boardWords lists every word of two or more letters on a board drawn as
// text rows ('.' for empty), across and down, upper-cased.
func boardWords(rows []string) []string {
	grid := make([][]rune, len(rows))
	for i, r := range rows {
		grid[i] = []rune(strings.ToUpper(r))
	}
	var words []string
	flush := func(cur []rune) {
		if len(cur) >= 2 {
			words = append(words, string(cur))
		}
	}
	for _, row := range grid {
		var cur []rune
		for _, c := range row {
			if c == '.' {
				flush(cur)
				cur = cur[:0]
				continue
			}
			cur = append(cur, c)
		}
		flush(cur)
	}
	for c := 0; len(grid) > 0 && c < len(grid[0]); c++ {
		var cur []rune
		for r := range grid {
			if grid[r][c] == '.' {
				flush(cur)
				cur = cur[:0]
				continue
			}
			cur = append(cur, grid[r][c])
		}
		flush(cur)
	}
	return words
}

// rateLimiter allows each caller a number of requests per minute (the
// director ten times as many), in fixed one-minute windows.
type rateLimiter struct {
	perMinute int
	mu        sync.Mutex
	windows   map[string]rateWindow
}

type rateWindow struct {
	start time.Time
	count int
}

func (l *rateLimiter) allow(who string, now time.Time, director bool) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.windows == nil {
		l.windows = map[string]rateWindow{}
	}
	limit := l.perMinute
	if director {
		limit *= 10
	}
	w := l.windows[who]
	if now.Sub(w.start) >= time.Minute {
		w = rateWindow{start: now}
	}
	if w.count >= limit {
		return false
	}
	w.count++
	l.windows[who] = w
	return true
}
