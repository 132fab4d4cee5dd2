package reports

import (
	"strings"

	"tourney/scoring"
	"tourney/service"
)

// ScoreSheetFromGame maps a game as the service shows it onto its score
// sheet. layout gives the premium squares (nil draws a plain grid; see
// TournamentLayout). The view knows the division only by id, so its
// name is the caller's to fill in.
func ScoreSheetFromGame(t *service.Tournament, g *service.GameView, layout *scoring.Layout) ScoreSheet {
	s := ScoreSheet{
		Round: g.Round, Table: g.Table, Game: g.ID, Lexicon: g.Lexicon, Variant: g.Variant,
		ChallengeRule: g.ChallengeRule, Status: g.Status, Unseen: g.Unseen,
		Board: boardOf(g.Board, layout),
	}
	if t != nil {
		s.Tournament = t.Name
	}
	if v, err := scoring.LookupVariant(g.Variant); err == nil {
		s.Board.Names = v.Squares
	}
	for _, p := range g.Players {
		s.Players = append(s.Players, SheetPlayer{Seat: p.Seat, Name: p.Name, First: p.Seat == 1})
	}
	m := newTurnMapper(g)
	for i := range g.Turns {
		m.add(&g.Turns[i])
	}
	s.Turns = m.turns
	s.Result = resultOf(g, m.endRacks)
	// The game view does not say it is a team game until its result
	// does (team totals); a finished team game prints as one.
	if r := g.Result; r != nil && len(r.TeamFinal) == 2 && len(g.Players) == 4 {
		s.Teams = true
	}
	if r := s.Result; r != nil && r.TeamFinal != nil {
		s.Teams = true
	}
	return s
}

// TournamentLayout is the board a tournament plays on: the director's
// board file, else its variant's standard board; nil when neither can be
// read, and the sheet then draws a plain grid rather than failing.
func TournamentLayout(t *service.Tournament) *scoring.Layout {
	if t == nil {
		return nil
	}
	if strings.TrimSpace(t.Board) != "" {
		if l, err := scoring.ParseLayout("board", t.Board); err == nil {
			return l
		}
	}
	if v, err := scoring.LookupVariant(t.Variant); err == nil {
		return v.Layout
	}
	return nil
}

func boardOf(rows []string, l *scoring.Layout) SheetBoard {
	b := SheetBoard{Rows: rows}
	if l == nil {
		return b
	}
	for r := range l.Rows {
		line := make([]scoring.Premium, l.Cols)
		for c := range l.Cols {
			line[c] = l.At(r, c)
		}
		b.Premiums = append(b.Premiums, line)
	}
	b.Start = &Square{Row: l.StartRow, Col: l.StartCol}
	return b
}

// resultOf is the result block of a finished game; nil until the game is
// finished (a play that went out may still be challenged).
func resultOf(g *service.GameView, endRacks map[int]string) *SheetResult {
	if o := g.Official; o != nil && o.EnteredByHand {
		return handResult(g, o)
	}
	r := g.Result
	if r == nil || !r.Over || !r.Complete || g.Status != service.StatusFinished {
		return nil
	}
	res := &SheetResult{
		Reason: r.Reason, OutSeat: r.OutSeat, BeforeAdjust: r.BeforeAdjust, RackAdjust: r.RackAdjust,
		TimePenalty: r.TimePenalty, TimeMinutes: r.TimeMinutes, TieBreak: r.TieBreak, Final: r.Final, TeamFinal: r.TeamFinal,
		Winner: r.WinnerSeat, DecidedBy: r.DecidedBy, RackLeft: make([]string, len(g.Players)),
	}
	if r.Tie {
		res.Winner = 0
	}
	if r.DecidedBy == service.DecidedByChallenge {
		res.Reason = ""
	}
	for seat, rack := range endRacks {
		if seat >= 1 && seat <= len(res.RackLeft) {
			res.RackLeft[seat-1] = rack
		}
	}
	// Two players, one went out with the bag empty: whatever is unseen is
	// the other's rack.
	if len(g.Players) == 2 && r.OutSeat > 0 && g.Bag == 0 {
		other := 2 - r.OutSeat // 0-based index of the other seat
		if res.RackLeft[other] == "" {
			res.RackLeft[other] = g.Unseen
		}
	}
	return res
}

// handResult is the result block of a result the director entered by
// hand: the scores, the winner, and nothing the record would add.
func handResult(g *service.GameView, o *service.OfficialResult) *SheetResult {
	res := &SheetResult{Final: append([]int(nil), o.Scores...), ByHand: true, Voided: g.Status == service.StatusVoided || g.RecordSetAside,
		DecidedBy: "score"}
	for _, p := range g.Players {
		if o.WinnerPlayerID != nil && p.PlayerID == *o.WinnerPlayerID {
			res.Winner = p.Seat
		}
	}
	// A team game's hand result is the two teams' scores: each seat
	// shows its team's, and the winner is a team.
	if len(g.Players) == 4 && len(o.Scores) == 2 {
		res.TeamFinal = res.Final
		res.Final = []int{o.Scores[0], o.Scores[1], o.Scores[0], o.Scores[1]}
		if res.Winner > 0 {
			res.Winner = (res.Winner-1)%2 + 1
		}
	}
	if o.Kind == service.ResultForfeit {
		res.Reason = service.ResultForfeit
	}
	return res
}
