package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"tourney/standings"
)

// Auto-pair: a division with auto_pair on has its next round paired by
// itself as soon as a round is complete, however its last result
// arrived (a tablet's last turn, a result keyed by hand, a game the
// director ended, an imported record, a forfeit, a withdrawal), with the
// system the pairing plan gives it (defaultSystem), as the director's
// POST .../pairings would, audited with the actor "auto-pair". It runs
// once the change that completed the round is committed, in a
// transaction of its own: a pairing that fails never undoes or fails
// the result; it is audited ("auto-pair-failed") and logged, and the
// round is left for the director to pair. A round the director took
// back (every pairing undone by hand) is theirs: auto-pair does not
// pair it again behind their back (takenBack).

// AutoPairActor is who auto-pair's pairings are by, in the audit log.
var AutoPairActor = Actor{Kind: CredDirector, Label: "auto-pair"}

// autoPairAfter pairs what a committed change completed: called for
// every notice published here (publish), acting on those that may
// bring a round's last result.
func (s *Service) autoPairAfter(no Notice) {
	switch {
	case no.Kind == NoticeResult, no.Kind == NoticePlayers:
	case no.Kind == NoticeGame && no.Status == StatusFinished:
	default:
		return
	}
	s.autoPair(context.Background(), no.TournamentID)
}

// autoPair pairs the next round of each division of the tournament that
// has auto_pair on and whose last paired round is complete, within the
// rounds planned.
func (s *Service) autoPair(ctx context.Context, tournamentID int64) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return
	}
	divs, err := s.Store.ListDivisions(ctx, tournamentID)
	if err != nil {
		return
	}
	var on []*Division
	for i := range divs {
		if divs[i].Settings.AutoPair {
			on = append(on, &divs[i])
		}
	}
	if ts, err := tournamentSettings(t); err == nil && ts.AutoPair && (len(divs) == 0 || s.hasUndivided(ctx, tournamentID)) {
		on = append(on, nil)
	}
	for _, div := range on {
		st, err := s.loadDivision(ctx, t, div)
		if err != nil {
			continue
		}
		next, sys := st.dueRound()
		if next == 0 || s.takenBack(ctx, tournamentID, st.divisionID(), next) {
			continue
		}
		err = s.autoPairRound(ctx, tournamentID, next, PairInput{DivisionID: st.divisionID(),
			Reason: fmt.Sprintf("round %d complete: round %d paired by %s", next-1, next, sys)})
		var e *Error
		if err == nil || errors.As(err, &e) && e.Type == "round-already-paired" {
			continue // paired, or by another change meanwhile
		}
		slog.Warn("auto-pair failed", slog.Int64("tournament", tournamentID), slog.Int("round", next), slog.String("error", err.Error()))
		failure := map[string]any{"division_id": st.divisionID(), "round": next, "system": sys, "error": err.Error()}
		if aerr := s.auditTournament(ctx, AutoPairActor, tournamentID, "auto-pair-failed", "", nil, failure); aerr != nil {
			slog.Warn("auto-pair failure not audited", slog.String("error", aerr.Error()))
		}
	}
}

// dueRound is the round auto-pair pairs now in the division (the next
// round, once the last paired one is complete) and its system; 0 for
// none.
func (st *divState) dueRound() (int, standings.System) {
	last := st.d.Rounds()
	next, sys := st.nextRound()
	if last == 0 || next == 0 || !st.roundComplete(last) {
		return 0, ""
	}
	return next, sys
}

// takenBack says whether the director took a division's round back: its
// last pairing change in the audit log (a pairing or a change by hand)
// left it without a pairing. Auto-pair leaves such a round to the
// director, whatever result or player change arrives next: the director
// pairs it (any way), and auto-pair goes on from the round after.
func (s *Service) takenBack(ctx context.Context, tournamentID int64, divisionID *int64, round int) bool {
	entries, err := s.Store.ListAudit(ctx, tournamentID, nil)
	if err != nil {
		return true // unknown: the director decides
	}
	back := false
	for _, e := range entries {
		if e.Action != "pair-round" && e.Action != "change-pairings" {
			continue
		}
		var rp RoundPairings
		if json.Unmarshal(e.After, &rp) != nil || rp.Round != round || !eqID(rp.DivisionID, divisionID) {
			continue
		}
		back = len(rp.Pairings) == 0
	}
	return back
}

// autoPairRound pairs a round as the director's POST would, a panic in a
// pairing system turned into its failure: the result that completed the
// round is committed and its request must not fail.
func (s *Service) autoPairRound(ctx context.Context, tournamentID int64, round int, in PairInput) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the pairing failed: %v", r)
		}
	}()
	_, err = s.PairRound(ctx, AutoPairActor, tournamentID, round, in)
	return err
}
