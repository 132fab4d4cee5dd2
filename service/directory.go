package service

import (
	"cmp"
	"context"
	"slices"
)

// Listing is a tournament as the public directory at / shows it: the
// tournament and its divisions.
type Listing struct {
	Tournament
	Divisions []Division
}

// Directory lists every tournament with its divisions, the newest first,
// for the public page at /.
func (s *Service) Directory(ctx context.Context) ([]Listing, error) {
	ts, err := s.Store.ListTournaments(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Listing, 0, len(ts))
	for _, t := range ts {
		divs, err := s.Store.ListDivisions(ctx, t.ID)
		if err != nil {
			return nil, err
		}
		out = append(out, Listing{Tournament: t, Divisions: divs})
	}
	slices.SortStableFunc(out, func(a, b Listing) int {
		return cmp.Or(cmp.Compare(b.StartDate, a.StartDate), cmp.Compare(b.ID, a.ID))
	})
	return out, nil
}
