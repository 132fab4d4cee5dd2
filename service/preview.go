package service

import (
	"context"
	"strings"

	"tourney/scoring"
)

// PreviewInput is a move a table is about to enter.
type PreviewInput struct {
	Player int    `json:"player"`
	Move   string `json:"move"`
	Rack   string `json:"rack"`
}

// Preview is what a move would score, computed exactly as EnterTurn
// would, with nothing recorded: the table sees the score, its breakdown
// and the words formed before confirming.
type Preview struct {
	Legal     bool               `json:"legal"`
	Score     int                `json:"score"`
	Breakdown *scoring.Breakdown `json:"breakdown,omitempty"`
	Words     []string           `json:"words"`
	Flag      string             `json:"flag,omitempty"`
	Code      string             `json:"code,omitempty"`    // why it is refused (the engine's code)
	Message   string             `json:"message,omitempty"` // the refusal in words
	Totals    []int              `json:"totals"`            // everyone's totals if the move is entered
}

// PreviewTurn scores a move against the game as it stands without
// recording it. A move the rules refuse is answered with legal=false and
// the engine's code, not as an error: the table is still typing.
func (s *Service) PreviewTurn(ctx context.Context, a Actor, gameID int64, in PreviewInput) (*Preview, error) {
	l, err := s.loadToEnter(ctx, a, gameID)
	if err != nil {
		return nil, err
	}
	e, err := s.newEvent(a, l, TurnInput{Turn: nextSeq(l.events), Player: in.Player, Move: in.Move, Rack: in.Rack})
	if err != nil {
		return refusal(err)
	}
	if err := l.r.apply(e); err != nil {
		return refusal(err)
	}
	turn := l.r.turns[len(l.r.turns)-1]
	if err := s.checkVoid(l.t, l.r.rule, turn); err != nil {
		return refusal(err)
	}
	fillComputed(e, turn)
	p := &Preview{Legal: true, Score: e.Score, Flag: e.Flag, Words: []string{}, Totals: l.r.game.Totals()}
	if turn != nil && turn.Breakdown != nil {
		p.Breakdown = turn.Breakdown
		for _, w := range turn.Breakdown.Words {
			p.Words = append(p.Words, strings.ToUpper(w.Word))
		}
	}
	return p, nil
}

// refusal turns a rule or input error into a preview that says why;
// anything else stays an error.
func refusal(err error) (*Preview, error) {
	e := AsError(err)
	if e.Kind != KindRule && e.Kind != KindInvalid {
		return nil, err
	}
	return &Preview{Code: e.Type, Message: e.Msg, Words: []string{}, Totals: []int{}}, nil
}
