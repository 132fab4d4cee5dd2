package store

import (
	"errors"
	"fmt"

	"github.com/mattn/go-sqlite3"
	"gorm.io/gorm"

	"tourney/service"
)

// wrap names the operation that failed and turns the errors callers branch
// on into the service's sentinels, keeping the driver's error in the chain
// for logs:
//
//   - no row: service.ErrNotFound;
//   - a UNIQUE or PRIMARY KEY constraint: service.ErrDuplicate;
//   - a FOREIGN KEY constraint (a turn for a game that does not exist, a
//     seat for an unknown player): service.ErrNotFound too, since what is
//     missing is the row referred to.
//
// Anything else is returned wrapped, and the service treats it as internal.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return fmt.Errorf("store: %s: %w", op, service.ErrNotFound)
	}
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch se.ExtendedCode {
		case sqlite3.ErrConstraintUnique, sqlite3.ErrConstraintPrimaryKey:
			return fmt.Errorf("store: %s: %w (%w)", op, service.ErrDuplicate, err)
		case sqlite3.ErrConstraintForeignKey:
			return fmt.Errorf("store: %s: %w: a row it refers to does not exist (%w)", op, service.ErrNotFound, err)
		}
	}
	return fmt.Errorf("store: %s: %w", op, err)
}

// notFound is the error for an update or lookup that matched no row.
func notFound(op string) error {
	return fmt.Errorf("store: %s: %w", op, service.ErrNotFound)
}
