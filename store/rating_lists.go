package store

import (
	"context"
	"fmt"
	"time"

	"tourney/service"
)

// ratingListRow is a rating list (migration 16); its players are
// ratingEntryRow, a row per line.
type ratingListRow struct {
	ID        int64     `gorm:"column:id;primaryKey"`
	Name      string    `gorm:"column:name"`
	CreatedAt time.Time `gorm:"column:created_at;autoCreateTime:false"`
	Entries   int       `gorm:"column:entries;->;-:migration"` // counted by ListRatingLists
}

func (ratingListRow) TableName() string { return "rating_lists" }

type ratingEntryRow struct {
	ListID   int64  `gorm:"column:list_id;primaryKey;autoIncrement:false"`
	Line     int    `gorm:"column:line;primaryKey;autoIncrement:false"`
	NameKey  string `gorm:"column:name_key"`
	Name     string `gorm:"column:name"`
	Rating   int    `gorm:"column:rating"`
	Games    int    `gorm:"column:games"`
	MemberID string `gorm:"column:member_id"`
}

func (ratingEntryRow) TableName() string { return "rating_list_entries" }

func (r *ratingListRow) toService() service.RatingList {
	return service.RatingList{ID: r.ID, Name: r.Name, Entries: r.Entries, CreatedAt: r.CreatedAt}
}

// CreateRatingList stores a list and its entries in one transaction;
// ErrDuplicate for a name taken.
func (s *Store) CreateRatingList(ctx context.Context, l *service.RatingList, entries []service.RatingListEntry) error {
	return s.InTx(ctx, func(ctx context.Context) error {
		row := ratingListRow{Name: l.Name, CreatedAt: now().UTC()}
		db := s.writer(ctx)
		if err := db.Omit("entries").Create(&row).Error; err != nil {
			return wrap(fmt.Sprintf("create rating list %q", l.Name), err)
		}
		rows := make([]ratingEntryRow, len(entries))
		for i, e := range entries {
			rows[i] = ratingEntryRow{ListID: row.ID, Line: e.Line, NameKey: e.NameKey, Name: e.Name, Rating: e.Rating,
				Games: e.Games, MemberID: e.MemberID}
		}
		if err := db.CreateInBatches(rows, 500).Error; err != nil {
			return wrap(fmt.Sprintf("rating list %q entries", l.Name), err)
		}
		row.Entries = len(entries)
		*l = row.toService()
		return nil
	})
}

// ListRatingLists are the lists, by name, each with its count of entries.
func (s *Store) ListRatingLists(ctx context.Context) ([]service.RatingList, error) {
	var rows []ratingListRow
	err := s.reader(ctx).Table("rating_lists").
		Select("rating_lists.id, rating_lists.name, rating_lists.created_at, " +
			"(SELECT count(*) FROM rating_list_entries e WHERE e.list_id = rating_lists.id) AS entries").
		Order("rating_lists.name").Scan(&rows).Error
	if err != nil {
		return nil, wrap("list rating lists", err)
	}
	out := make([]service.RatingList, len(rows))
	for i := range rows {
		out[i] = rows[i].toService()
	}
	return out, nil
}

// RatingListByName is the list of that name (without its count).
func (s *Store) RatingListByName(ctx context.Context, name string) (*service.RatingList, error) {
	var row ratingListRow
	if err := s.reader(ctx).Omit("entries").Where("name = ?", name).Take(&row).Error; err != nil {
		return nil, wrap(fmt.Sprintf("rating list %q", name), err)
	}
	l := row.toService()
	return &l, nil
}

// FindRatingListEntry is the entry with the member id when one is given,
// else the first line with the name key.
func (s *Store) FindRatingListEntry(ctx context.Context, listID int64, memberID, nameKey string) (*service.RatingListEntry, error) {
	q := s.reader(ctx).Where("list_id = ?", listID)
	if memberID != "" {
		q = q.Where("member_id = ?", memberID)
	} else {
		q = q.Where("name_key = ?", nameKey)
	}
	var row ratingEntryRow
	if err := q.Order("line").Take(&row).Error; err != nil {
		return nil, wrap("rating list entry", err)
	}
	return &service.RatingListEntry{Line: row.Line, NameKey: row.NameKey, Name: row.Name, Rating: row.Rating,
		Games: row.Games, MemberID: row.MemberID}, nil
}
