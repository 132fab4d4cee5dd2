package service

import "context"

// HallDivision is what the hall's projector shows of a division (public):
// the standings so far, how far its rounds are (the same Complete and
// InProgress as the printed reports), and the pairings players look for.
type HallDivision struct {
	DivisionID *int64
	Division   string
	Complete   int            // rounds 1 to Complete all have their results: "after round N"
	InProgress *RoundProgress // round Complete+1 once paired: its results so far
	Standings  []StandingRow
	// Round is the round whose pairings are shown: the one after
	// Complete, or the tournament's current round when that is later and
	// paired; while neither is paired, round Complete with its results.
	// Pairings is empty before round 1 is paired.
	Round    int
	Pairings []PairingView
}

// Hall shows each division of the tournament for the projector, or only
// the one named.
func (s *Service) Hall(ctx context.Context, tournamentID int64, divisionID *int64) ([]HallDivision, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	divs := []*Division{}
	if divisionID != nil {
		d, err := s.resolveDivision(ctx, t, divisionID)
		if err != nil {
			return nil, err
		}
		divs = append(divs, d)
	} else {
		ds, err := s.Store.ListDivisions(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		for i := range ds {
			divs = append(divs, &ds[i])
		}
		if len(ds) == 0 || s.hasUndivided(ctx, t.ID) {
			divs = append(divs, nil)
		}
	}
	out := []HallDivision{}
	for _, d := range divs {
		st, err := s.loadDivision(ctx, t, d)
		if err != nil {
			return nil, err
		}
		out = append(out, st.hall())
	}
	return out, nil
}

func (st *divState) hall() HallDivision {
	h := HallDivision{DivisionID: st.divisionID(), Standings: st.standingRows(st.d.Rounds())}
	if st.div != nil {
		h.Division = st.div.Name
	}
	h.Complete, h.InProgress = st.progress(st.d.Rounds())
	h.Round = h.Complete + 1
	if cur := st.t.CurrentRound; cur > h.Round && len(st.d.Pairings(cur)) > 0 {
		h.Round = cur
	}
	if h.Complete > 0 && len(st.d.Pairings(h.Round)) == 0 {
		h.Round = h.Complete
	}
	h.Pairings = st.roundView(h.Round).Pairings
	return h
}
