package service

import (
	"context"
	"slices"

	"tourney/standings"
)

// What the printed reports need beyond the standings and pairings the API
// already shows: every player's round-by-round record, for scorecards and
// the cross-table.

// DivisionRecord is a division round by round (public): its standings
// after Through, and each player's games up to that round.
type DivisionRecord struct {
	TournamentID int64  `json:"tournament_id"`
	Tournament   string `json:"tournament"`
	DivisionID   *int64 `json:"division_id,omitempty"`
	Division     string `json:"division,omitempty"`
	Through      int    `json:"through"` // the last round shown
	Rounds       int    `json:"rounds"`  // rounds planned (0: not set)
	// Complete is the last round N (up to Through) such that rounds 1 to N
	// are complete: what "after round N" means. InProgress is the next
	// round, when it is shown and has pairings: how many results are in.
	Complete   int            `json:"complete"`
	InProgress *RoundProgress `json:"in_progress,omitempty"`
	Standings  []StandingRow  `json:"standings"`
	Players    []PlayerRecord `json:"players"` // in the division's line order (player id)
}

// PlayerRecord is one player's rounds.
type PlayerRecord struct {
	ID        int64         `json:"id"`
	Line      int           `json:"line"` // 1-based, the player's number in the division
	Name      string        `json:"name"`
	Rating    int           `json:"rating"`
	Withdrawn bool          `json:"withdrawn"`
	Rounds    []RoundRecord `json:"rounds"` // one per round paired, in order
}

// RoundRecord is one round from one player's side.
type RoundRecord struct {
	Round        int    `json:"round"`
	Table        int    `json:"table,omitempty"`
	OpponentID   int64  `json:"opponent_id,omitempty"` // 0: a bye, or a forfeit nobody won
	OpponentLine int    `json:"opponent_line,omitempty"`
	Opponent     string `json:"opponent,omitempty"`
	Start        string `json:"start,omitempty"` // first, second or "" when not known
	Entered      bool   `json:"entered"`         // the result is in; scores below are meaningful
	Bye          bool   `json:"bye"`
	Forfeit      bool   `json:"forfeit"`
	Score        int    `json:"score"`
	OppScore     int    `json:"opp_score"`
	Spread       int    `json:"spread"`
	Outcome      string `json:"outcome,omitempty"` // W, L, T or "" (not entered, or counts neither way)
	// A table of three or four, or a team game: everyone at the table in
	// seat order (this player too) with their scores once entered (a team
	// game's Score and OppScore are the teams'), and the round's pairwise
	// record (Wins, Losses: a tie is half of each). Opponent* stay empty.
	Group  []TableSeat `json:"group,omitempty"`
	Teams  bool        `json:"teams,omitempty"`
	Wins   float64     `json:"wins,omitempty"`
	Losses float64     `json:"losses,omitempty"`
}

// TableSeat is one seat of a table of three or four (or a team game).
type TableSeat struct {
	ID    int64  `json:"id"`
	Line  int    `json:"line"`
	Name  string `json:"name"`
	Score *int   `json:"score,omitempty"` // once entered; a team game's seats carry their team's score
}

// Record shows a division round by round after q.Round (0: every round
// so far). Public, like the standings it comes from.
func (s *Service) Record(ctx context.Context, tournamentID int64, q StandingsQuery) (*DivisionRecord, error) {
	// One load of the division serves both the standings and the rounds.
	st, through, err := s.publicThrough(ctx, tournamentID, q)
	if err != nil {
		return nil, err
	}
	rows := st.standingRows(through)
	rec := &DivisionRecord{TournamentID: st.t.ID, Tournament: st.t.Name, DivisionID: st.divisionID(),
		Through: through, Rounds: st.cfg.Rounds, Standings: rows, Players: []PlayerRecord{}}
	rec.Complete, rec.InProgress = st.progress(through)
	if st.div != nil {
		rec.Division = st.div.Name
	}
	for line := 1; line <= len(st.players); line++ {
		p := st.players[line-1]
		pr := PlayerRecord{ID: p.ID, Line: line, Name: p.Name, Rating: p.Rating, Withdrawn: p.Withdrawn != "", Rounds: []RoundRecord{}}
		for round := 1; round <= through; round++ {
			opp, paired := st.d.Opponent(line, round)
			if !paired {
				continue
			}
			rr := RoundRecord{Round: round, OpponentLine: opp, OpponentID: st.id(opp)}
			if opp != 0 {
				rr.Opponent = st.name(opp)
			}
			if g := st.gameOf(round, p.ID); g != nil {
				rr.Table = g.Table
			}
			for _, pp := range st.d.Pairings(round) {
				if pp.Player == line || pp.Opponent == line || slices.Contains(pp.Group, line) {
					if pp.Group != nil {
						st.tableRecord(&rr, pp)
					}
					if rr.Table == 0 {
						rr.Table = pp.Table
					}
					switch pp.First {
					case 0:
					case line:
						rr.Start = "first"
					default:
						rr.Start = "second"
					}
				}
			}
			if r, ok := st.d.Result(line, round); ok {
				rr.Entered, rr.Forfeit, rr.Bye = true, r.Forfeit, r.IsBye()
				rr.Score, rr.OppScore, rr.Spread = r.Score, r.OppScore, r.Spread()
				rr.Outcome = string(r.Outcome())
				switch r.Start {
				case standings.StartFirst:
					rr.Start = "first"
				case standings.StartSecond:
					rr.Start = "second"
				}
				if r.IsGroup() {
					for _, leg := range r.Legs() {
						w, l := leg.Outcome().Halves()
						rr.Wins += float64(w) / 2
						rr.Losses += float64(l) / 2
					}
				}
			} else if opp == 0 && rr.Group == nil {
				rr.Bye = true
			}
			pr.Rounds = append(pr.Rounds, rr)
		}
		rec.Players = append(rec.Players, pr)
	}
	return rec, nil
}

// tableRecord fills in a round at a table of three or four (or a team
// game): its seats with their scores once entered.
func (st *divState) tableRecord(rr *RoundRecord, p standings.Pairing) {
	rr.Teams = p.Teams
	var scores []int
	if r, ok := st.d.Result(p.Group[0], rr.Round); ok {
		scores = r.GroupScores
	}
	for i, l := range p.Group {
		seat := TableSeat{ID: st.id(l), Line: l, Name: st.name(l)}
		switch {
		case p.Teams && len(scores) == 2:
			seat.Score = ptr(scores[i%2])
		case i < len(scores):
			seat.Score = ptr(scores[i])
		}
		rr.Group = append(rr.Group, seat)
	}
}

// RoundProgress is how far a round's results are in.
type RoundProgress struct {
	Round   int `json:"round"`
	Results int `json:"results"`
	Games   int `json:"games"` // pairings, byes included
}

// progress is where the division stands up to a round: the last complete
// round, and the next one's results so far when it is paired.
func (st *divState) progress(through int) (int, *RoundProgress) {
	complete := min(st.lastComplete(), through)
	next := complete + 1
	if next > through {
		return complete, nil
	}
	rs := st.roundStatus(next)
	if rs.Games == 0 {
		return complete, nil
	}
	return complete, &RoundProgress{Round: next, Results: rs.Results, Games: rs.Games}
}

// RequireDirector refuses anyone but the director, for the printouts
// that carry credentials or cost the server real work.
func RequireDirector(a Actor) error { return requireDirector(a) }
