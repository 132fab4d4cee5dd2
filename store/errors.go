package store

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
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
	if code, ok := sqliteCode(err); ok {
		switch {
		case code == codeConstraintUnique, code == codeConstraintPrimaryKey:
			return fmt.Errorf("store: %s: %w (%w)", op, service.ErrDuplicate, err)
		case code == codeConstraintForeignKey:
			return fmt.Errorf("store: %s: %w: a row it refers to does not exist (%w)", op, service.ErrNotFound, err)
		case code&0xff == codeBusy, code&0xff == codeLocked:
			return busy(op, err)
		}
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505": // unique_violation
			return fmt.Errorf("store: %s: %w (%w)", op, service.ErrDuplicate, err)
		case "23503": // foreign_key_violation
			return fmt.Errorf("store: %s: %w: a row it refers to does not exist (%w)", op, service.ErrNotFound, err)
		case "40001", "40P01", "55P03": // serialization_failure, deadlock_detected, lock_not_available
			return busy(op, err)
		}
	}
	return fmt.Errorf("store: %s: %w", op, err)
}

// busy is the error for a write that lost to another one at the same time
// (a lock held too long by another process, a deadlock PostgreSQL broke):
// nothing was written, and the same request sent again will do.
func busy(op string, err error) error {
	return fmt.Errorf("store: %s: %w", op, &service.Error{Kind: service.KindUnavailable, Type: "database-busy",
		Msg: "the database was busy with another change at the same moment; nothing was saved: send it again", Err: err})
}

// notFound is the error for an update or lookup that matched no row.
func notFound(op string) error {
	return fmt.Errorf("store: %s: %w", op, service.ErrNotFound)
}
