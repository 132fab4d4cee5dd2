package service

import (
	"context"
	"strconv"
	"strings"

	"tourney/challenges"
	"tourney/scoring"
)

// ChallengeInput challenges a play. Verdict is for the director ruling by
// hand (no lexicon, a disputed word, an appeal); tables leave it empty and
// the lexicon decides.
type ChallengeInput struct {
	Turn       int    `json:"turn"`       // the seq of the play challenged (its "seq" in the game view)
	Challenger int    `json:"challenger"` // seat
	Verdict    string `json:"verdict"`    // director only: acceptable or unacceptable
	Reason     string `json:"reason"`     // director's ruling: why
}

// ChallengeResult is the ruling and what it did to the game.
type ChallengeResult struct {
	ID             int64       `json:"id"`
	Turn           int         `json:"turn"`            // the turn number of the play challenged (see TurnNumbers)
	Seq            int         `json:"seq"`             // the challenge event's seq
	ChallengedTurn int         `json:"challenged_turn"` // the seq of the play challenged
	Challenger     int         `json:"challenger"`
	Challenged     int         `json:"challenged"`
	Verdict        string      `json:"verdict"`
	Effect         string      `json:"effect"` // play-withdrawn, turn-lost, bonus, no-penalty, game-lost
	Points         int         `json:"points,omitempty"`
	Words          []string    `json:"words"`
	InvalidWords   []string    `json:"invalid_words,omitempty"` // director only
	Lexicon        string      `json:"lexicon,omitempty"`
	DecidedBy      string      `json:"decided_by"`
	Rule           string      `json:"rule"`
	Status         string      `json:"status"`
	Totals         []int       `json:"totals"`
	NextTurn       int         `json:"next_turn"`
	ToMove         int         `json:"to_move"`
	Result         *ResultView `json:"result,omitempty"`
}

// Challenge settles a challenge of the latest play: every word the play
// formed is judged against the tournament's lexicon (or the director
// rules), and the challenge rule decides what happens to scores and turns.
func (s *Service) Challenge(ctx context.Context, a Actor, gameID int64, in ChallengeInput) (*ChallengeResult, error) {
	var res *ChallengeResult
	challenged := 0
	_, err := s.changeGame(ctx, a, gameID, gameChange{
		decide: func(ctx context.Context, l *loaded) error {
			if err := s.refuseBeforeDirector(ctx, a, l, in.Turn); err != nil {
				return err
			}
			e, seat, err := s.challengeStep(a, l, in)
			if err != nil {
				return err
			}
			challenged = seat
			l.events = append(l.events, *e)
			return nil
		},
		write: func(ctx context.Context, l *loaded) error {
			return s.audit(ctx, a, l.g, "challenge-ruling", in.Reason, nil, numbered(l.events, len(l.events)-1))
		},
		answer: func(l *loaded) func() {
			view := s.view(l.t, l.g, l.names, l.events, l.r)
			res = challengeResult(&l.events[len(l.events)-1], challenged, l.r, view, a)
			r := res
			return func() { s.gameNotice(l.g, r.Turn, r.Status, "challenge:"+r.Verdict) }
		}})
	return res, err
}

// challengeStep is a challenge's way through the rules, shared by a
// table's challenge (Challenge) and a record's import (ImportGCG): the
// play challenged is found, its words are ruled on (by the lexicon, or
// the verdict given), and the ruling's effect under the challenge rule
// runs through the engine. It returns the event to store and the seat of
// the player challenged; the replay in l moves on with it, and nothing is
// stored.
func (s *Service) challengeStep(a Actor, l *loaded, in ChallengeInput) (*TurnEvent, int, error) {
	target, err := challengeTarget(l, in)
	if err != nil {
		return nil, 0, err
	}
	words := playWords(l.r, target)
	e := &TurnEvent{
		GameID: l.g.ID, Seq: nextSeq(l.events), Kind: EventChallenge, Seat: in.Challenger,
		ChallengedTurn: in.Turn, Words: words, EnteredBy: a.Name(), CreatedAt: s.now(),
	}
	if strings.Contains(target.Flag, "irregular:") && in.Verdict == "" {
		// An irregular play (a first play missing the start square)
		// stood only because nobody had challenged it: a challenge
		// takes it off, whatever its words.
		e.Verdict, e.DecidedBy, e.Lexicon = VerdictUnacceptable, "rules", l.t.Lexicon
	} else if err := s.rule(a, l.t, in.Verdict, e); err != nil {
		return nil, 0, err
	}
	e.Points = bonusFor(l.r.rule, e.Verdict, len(words))
	challenged := target.Seat
	if err := l.r.apply(e); err != nil {
		return nil, 0, err
	}
	l.r.status = l.r.statusNow(l.t.ChallengeRule)
	fillComputed(e, l.r.turns[len(l.r.turns)-1])
	return e, challenged, nil
}

// challengeTarget finds the play a challenge is about and refuses a
// challenge the rules do not allow: under the void rule, of anything but
// the latest play, after the next turn has begun, or a second time.
func challengeTarget(l *loaded, in ChallengeInput) (*TurnEvent, error) {
	if l.r.rule.Penalty == challenges.PenaltyNotPossible {
		return nil, Errorf(KindRule, "no-challenges", "under the void rule invalid words are refused when played; there is nothing to challenge")
	}
	var target *TurnEvent
	turn := turnOfSeq(l.r.events, in.Turn) // the number players know it by
	for i := len(l.r.events) - 1; i >= 0; i-- {
		e := &l.r.events[i]
		if e.Kind == EventHold {
			continue
		}
		if e.Seq == in.Turn && e.Kind == EventMove {
			target = e
			break
		}
		if e.Kind == EventChallenge && e.ChallengedTurn == in.Turn {
			return nil, Errorf(KindRule, "already-challenged", "turn %d has already been challenged", turn)
		}
		return nil, Errorf(KindRule, "challenge-too-late", "turn %d can no longer be challenged: the game has moved on", turn)
	}
	if target == nil {
		return nil, Errorf(KindRule, "not-a-play", "entry %d is not a play that can be challenged", in.Turn)
	}
	if !isPlacement(target.Move) {
		return nil, Errorf(KindRule, "not-a-play", "turn %d placed no tiles; only plays can be challenged", turn)
	}
	switch {
	case in.Challenger < 1 || in.Challenger > len(l.g.Seats):
		return nil, Errorf(KindInvalid, "bad-player", "challenger is a seat number from 1 to %d", len(l.g.Seats))
	case in.Challenger == target.Seat:
		return nil, Errorf(KindRule, "own-play", "a player cannot challenge their own play")
	}
	return target, nil
}

func isPlacement(move string) bool {
	m := strings.TrimSpace(move)
	return m != "" && !strings.HasPrefix(m, "-") && !strings.EqualFold(m, "pass")
}

// playWords are the words a play formed, blanks as the letters they stand
// for, as a word judge reads them.
func playWords(r *replayed, target *TurnEvent) []string {
	for i, e := range r.events {
		if e.Seq != target.Seq || r.turns[i] == nil || r.turns[i].Breakdown == nil {
			continue
		}
		var words []string
		for _, w := range r.turns[i].Breakdown.Words {
			words = append(words, strings.ToUpper(w.Word))
		}
		return words
	}
	return nil
}

// rule decides the verdict: the director's by hand, else the lexicon's.
func (s *Service) rule(a Actor, t *Tournament, verdict string, e *TurnEvent) error {
	if verdict != "" {
		if !a.IsDirector() {
			return Errorf(KindForbidden, "director-only", "only the director rules on a challenge by hand")
		}
		if verdict != VerdictAcceptable && verdict != VerdictUnacceptable {
			return Errorf(KindInvalid, "bad-verdict", "a verdict is acceptable or unacceptable")
		}
		e.Verdict, e.DecidedBy = verdict, "director"
		return nil
	}
	if t.Lexicon == "" || s.Lexicons == nil {
		return Errorf(KindRule, "no-lexicon", "this tournament has no lexicon: call the director to rule on the challenge")
	}
	v, err := s.Lexicons.Judge(t.Lexicon, e.Words)
	if err != nil {
		return Errorf(KindConflict, "lexicon-unavailable", "the lexicon %s cannot be read (%v): call the director", t.Lexicon, err)
	}
	e.Verdict, e.InvalidWords, e.Lexicon, e.DecidedBy = VerdictUnacceptable, v.Invalid, t.Lexicon, "lexicon"
	if v.Acceptable {
		e.Verdict = VerdictAcceptable
	}
	return nil
}

// bonusFor is what an acceptable play earns its player under the rule.
func bonusFor(rule challenges.Rule, verdict string, words int) int {
	if verdict != VerdictAcceptable {
		return 0
	}
	switch rule.Penalty {
	case challenges.PenaltyPoints:
		return rule.Points
	case challenges.PenaltyPointsWord:
		return rule.Points * words
	}
	return 0
}

func effectOf(rule challenges.Rule, verdict string) string {
	switch {
	case verdict == VerdictUnacceptable && rule.Penalty == challenges.PenaltyLoseGame:
		return "play-withdrawn-game-lost"
	case verdict == VerdictUnacceptable:
		return "play-withdrawn"
	case rule.Penalty == challenges.PenaltyLoseTurn:
		return "turn-lost"
	case rule.Penalty == challenges.PenaltyPoints || rule.Penalty == challenges.PenaltyPointsWord:
		return "bonus"
	case rule.Penalty == challenges.PenaltyLoseGame:
		return "game-lost"
	}
	return "no-penalty"
}

func challengeResult(e *TurnEvent, challenged int, r *replayed, v *GameView, a Actor) *ChallengeResult {
	res := &ChallengeResult{
		ID: e.ID, Turn: turnNumberOf(r.events, len(r.events)-1), Seq: e.Seq, ChallengedTurn: e.ChallengedTurn, Challenger: e.Seat, Challenged: challenged,
		Verdict: e.Verdict, Effect: effectOf(r.rule, e.Verdict), Points: e.Points, Words: e.Words,
		Lexicon: e.Lexicon, DecidedBy: e.DecidedBy, Rule: r.rule.Name, Status: v.Status,
		Totals: v.Totals, NextTurn: v.NextTurn, ToMove: v.ToMove,
	}
	if res.Words == nil {
		res.Words = []string{}
	}
	if a.IsDirector() {
		res.InvalidWords = e.InvalidWords
	}
	if v.Result != nil && v.Result.Over {
		res.Result = v.Result
	}
	return res
}

// ReverseInput is the director's reversal of a ruling.
type ReverseInput struct {
	Reason string `json:"reason"`
	Seq    int    `json:"seq,omitempty"` // the challenge event, when the turn has more than one
}

// ReverseChallenge turns the ruling on a turn's challenge (the turn by
// its number, see TurnNumbers) round (an appeal, a mistaken lexicon):
// the game is replayed with the opposite verdict; if a later turn no
// longer fits, the reversal is refused. The audit log keeps both rulings.
func (s *Service) ReverseChallenge(ctx context.Context, a Actor, gameID int64, turn int, in ReverseInput) (*GameView, error) {
	if strings.TrimSpace(in.Reason) == "" {
		return nil, Errorf(KindInvalid, "missing-reason", "say why the ruling is reversed")
	}
	return s.editEvent(ctx, a, gameID, turn, directorEdit{action: "reverse-ruling", what: "the reversal", reason: in.Reason,
		seq: in.Seq, want: func(e TurnEvent) bool { return e.Kind == EventChallenge },
		change: func(l *loaded, e *TurnEvent) {
			if e.Verdict == VerdictAcceptable {
				e.Verdict = VerdictUnacceptable
			} else {
				e.Verdict = VerdictAcceptable
			}
			e.DecidedBy = "director"
			e.Points = bonusFor(l.r.rule, e.Verdict, len(e.Words))
		}})
}

// replayAndSave replays a game whose event idx was changed in memory and
// stores every computed value that moved (a change early in the game can
// change later scores); a game that no longer replays is refused.
func (s *Service) replayAndSave(ctx context.Context, l *loaded, idx int, what string) error {
	v, err := s.variantFor(l.t)
	if err != nil {
		return err
	}
	r, bad, err := replay(v, l.g, l.events, l.t.ChallengeRule)
	if err != nil {
		return &Error{Kind: KindRule, Type: "correction-breaks-game", Msg: "with " + what + ", turn " + strconv.Itoa(turnNumberOf(l.events, bad)) + " no longer fits: " + err.Error(), Err: err}
	}
	j := 0
	for i := range l.events {
		ev := &l.events[i]
		if ev.Undone {
			continue
		}
		old := *ev
		fillComputed(ev, r.turns[j])
		j++
		if i == idx || old.Score != ev.Score || old.Flag != ev.Flag || old.Agrees != ev.Agrees {
			if err := s.Store.UpdateTurn(ctx, ev); err != nil {
				return err
			}
		}
	}
	return nil
}

// HoldInput holds the latest play.
type HoldInput struct {
	Turn   int `json:"turn"`   // the seq of the play held
	Player int `json:"player"` // who holds it
}

// Hold records that the opponent holds the latest play while deciding
// whether to challenge; the next turn, an acceptance or a challenge ends
// the hold.
func (s *Service) Hold(ctx context.Context, a Actor, gameID int64, in HoldInput) (*GameView, error) {
	var view *GameView
	_, err := s.changeGame(ctx, a, gameID, gameChange{
		decide: func(ctx context.Context, l *loaded) error {
			if err := s.refuseBeforeDirector(ctx, a, l, in.Turn); err != nil {
				return err
			}
			target, err := challengeTarget(l, ChallengeInput{Turn: in.Turn, Challenger: in.Player})
			if err != nil {
				return err
			}
			if last := l.r.events[len(l.r.events)-1]; last.Seq != target.Seq {
				return Errorf(KindRule, "already-held", "turn %d is already held", turnOfSeq(l.r.events, in.Turn))
			}
			e := TurnEvent{GameID: l.g.ID, Seq: nextSeq(l.events), Kind: EventHold, Seat: in.Player, ChallengedTurn: in.Turn, EnteredBy: a.Name(), CreatedAt: s.now()}
			if err := l.r.apply(&e); err != nil {
				return err
			}
			l.r.status = l.r.statusNow(l.t.ChallengeRule)
			l.events = append(l.events, e)
			return nil
		},
		answer: func(l *loaded) func() {
			view = hideFromTables(s.view(l.t, l.g, l.names, l.events, l.r), a)
			v := view
			return func() { s.viewNotice(v) }
		}})
	return view, err
}

// checkVoid refuses, under the void rule, a play forming a word the
// lexicon does not have (AlphaJax refuses such a play when it is made).
func (s *Service) checkVoid(t *Tournament, rule challenges.Rule, turn *scoring.Turn) error {
	if rule.Penalty != challenges.PenaltyNotPossible || turn == nil || turn.Breakdown == nil || t.Lexicon == "" || s.Lexicons == nil {
		return nil
	}
	var words []string
	for _, w := range turn.Breakdown.Words {
		words = append(words, strings.ToUpper(w.Word))
	}
	v, err := s.Lexicons.Judge(t.Lexicon, words)
	if err != nil {
		return Errorf(KindConflict, "lexicon-unavailable", "the lexicon %s cannot be read (%v): call the director", t.Lexicon, err)
	}
	if !v.Acceptable {
		return Errorf(KindRule, "invalid-word", "not in %s: %s", t.Lexicon, strings.Join(v.Invalid, ", "))
	}
	return nil
}
