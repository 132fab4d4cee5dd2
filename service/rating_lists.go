package service

import (
	"context"
	"errors"
	"strings"
	"time"
)

// Rating lists (tsh's ratings/LIST/current.txt): a rating body's list of
// players, their ratings, career games and member ids, kept by name. A
// division's setting rating_list names one; a player entered in it by
// name or by member id alone, or imported from a .t file, takes the
// list's rating (when given none), member id and career games.

// RatingList is a stored list.
type RatingList struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Entries   int       `json:"entries"`
	CreatedAt time.Time `json:"created_at"`
}

// RatingListInput is a list to store: its name and tsh-format text.
type RatingListInput struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// RatingListStore is what rating lists need from persistence (the
// store's rating_lists and rating_list_entries).
type RatingListStore interface {
	// CreateRatingList stores a list and its entries (ID, Entries and
	// CreatedAt filled in); ErrDuplicate for a name taken.
	CreateRatingList(ctx context.Context, l *RatingList, entries []RatingListEntry) error
	// ListRatingLists are the lists, by name.
	ListRatingLists(ctx context.Context) ([]RatingList, error)
	// RatingListByName is the list of that name, or ErrNotFound.
	RatingListByName(ctx context.Context, name string) (*RatingList, error)
	// FindRatingListEntry is a list's entry with that member id when one
	// is given, else with that name key (its first such line); ErrNotFound.
	FindRatingListEntry(ctx context.Context, listID int64, memberID, nameKey string) (*RatingListEntry, error)
}

// CreateRatingList stores a rating list (director): its text read as tsh
// reads one (ParseRatingList).
func (s *Service) CreateRatingList(ctx context.Context, a Actor, in RatingListInput) (*RatingList, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		return nil, Errorf(KindInvalid, "missing-name", "a rating list needs a name (as tsh's rating_list: nsa, naspa-csw, wespa, ...)")
	}
	if err := checkLine("the rating list's name", name, MaxShortField); err != nil {
		return nil, err
	}
	entries, err := ParseRatingList(in.Text)
	if err != nil {
		return nil, err
	}
	l := &RatingList{Name: name}
	if err := s.Store.CreateRatingList(ctx, l, entries); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return nil, Errorf(KindConflict, "rating-list-exists", "there is already a rating list named %q", name)
		}
		return nil, err
	}
	return l, nil
}

// ListRatingLists (director) are the stored lists, by name.
func (s *Service) ListRatingLists(ctx context.Context, a Actor) ([]RatingList, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	return s.Store.ListRatingLists(ctx)
}

// checkRatingList refuses a division setting rating_list that names no
// stored list.
func (s *Service) checkRatingList(ctx context.Context, ds DivisionSettings) error {
	if ds.RatingList == "" {
		return nil
	}
	if _, err := s.Store.RatingListByName(ctx, ds.RatingList); err != nil {
		if errors.Is(err, ErrNotFound) {
			return Errorf(KindInvalid, "unknown-rating-list", "there is no rating list named %q (POST /api/v1/ratings-lists adds one)", ds.RatingList)
		}
		return err
	}
	return nil
}

// ratingEntry is the entry of the division's rating list for a player
// known by member id (first) or one of their names; nil when the division
// names no list or the list does not have them.
func (s *Service) ratingEntry(ctx context.Context, div *Division, memberID string, names ...string) (*RatingListEntry, error) {
	if div == nil || div.Settings.RatingList == "" {
		return nil, nil
	}
	l, err := s.Store.RatingListByName(ctx, div.Settings.RatingList)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	keys := [][2]string{{strings.TrimSpace(memberID), ""}}
	for _, name := range names {
		keys = append(keys, [2]string{"", ratingNameKey(name)})
	}
	for _, key := range keys {
		if key == [2]string{} {
			continue
		}
		e, err := s.Store.FindRatingListEntry(ctx, l.ID, key[0], key[1])
		if err == nil {
			return e, nil
		} else if !errors.Is(err, ErrNotFound) {
			return nil, err
		}
	}
	return nil, nil
}

// fromRatingList gives a player what the division's list has for them:
// the rating unless one was given, the member id, the career games
// unless given.
func (s *Service) fromRatingList(ctx context.Context, p *Player, ratingGiven, gamesGiven bool) error {
	div, err := s.divisionOfPlayer(ctx, p)
	if err != nil {
		return err
	}
	e, err := s.ratingEntry(ctx, div, p.MemberID, p.Name, joinName(p.Surname, ", ", p.GivenNames))
	if err != nil || e == nil {
		return err
	}
	e.giveTo(p, ratingGiven && p.Rating > 0, gamesGiven)
	return nil
}

// giveTo gives a player the entry's rating (unless they have one), member
// id (when they have none) and career games (unless given).
func (e *RatingListEntry) giveTo(p *Player, ratingGiven, gamesGiven bool) {
	if !ratingGiven {
		p.Rating = e.Rating
	}
	if p.MemberID == "" && len(memberIDs(p)) == 0 {
		p.MemberID = e.MemberID
	}
	if !gamesGiven {
		p.CareerGames = e.Games
	}
}

// nameFromRatingList is the name of the player with this member id on
// the division's list ("" when none): a player entered by member id alone.
func (s *Service) nameFromRatingList(ctx context.Context, tournamentID int64, divisionID *int64, memberID string) (string, error) {
	if divisionID == nil || strings.TrimSpace(memberID) == "" {
		return "", nil
	}
	div, err := s.divisionOfPlayer(ctx, &Player{TournamentID: tournamentID, DivisionID: divisionID})
	if err != nil {
		return "", nil // applyPlayer names the bad division
	}
	e, err := s.ratingEntry(ctx, div, memberID)
	if err != nil || e == nil {
		return "", err
	}
	return e.Name, nil
}

// fromRatingListT gives a player imported from a .t line what the
// division's list has for them, matched as tsh matches: by the line's
// naspa field, else by its name; the line's rating and lifeg win.
func (s *Service) fromRatingListT(ctx context.Context, div *Division, p *Player, name string) error {
	id := p.MemberID
	if ids := memberIDs(p); len(ids) > 0 {
		id = ids[0]
	}
	e, err := s.ratingEntry(ctx, div, id, name)
	if err != nil || e == nil {
		return err
	}
	e.giveTo(p, p.Rating > 0, p.CareerGames > 0)
	return nil
}
