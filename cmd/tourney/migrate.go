package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tourney/store"
)

// runMigrate is `tourney migrate --from DB --to DB [--tournament ID]`:
// a whole tournament copied from one database to another, SQLite or
// PostgreSQL either way (store.CopyTournament). The destination is made
// and brought to the latest schema if needed; a tournament already there
// is never overwritten.
func runMigrate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the database to copy from: a SQLite file or a postgres:// URL")
	to := fs.String("to", "", "the database to copy to: a SQLite file (made if missing) or a postgres:// URL")
	id := fs.Int64("tournament", 0, "the tournament's id (needed when the source has several)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tourney migrate: --from and --to are both needed\n%s", usage)
		return 2
	}
	if err := migrateTournament(context.Background(), *from, *to, *id, stdout); err != nil {
		fmt.Fprintf(stderr, "tourney migrate: %v\n", err)
		return 1
	}
	return 0
}

func migrateTournament(ctx context.Context, from, to string, id int64, stdout io.Writer) error {
	if from == to {
		return errors.New("--from and --to are the same database")
	}
	if !store.IsPostgres(from) {
		if _, err := os.Stat(from); err != nil {
			return fmt.Errorf("no database at %s: %w", from, err)
		}
	}
	src, err := store.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	if id == 0 {
		ts, err := src.ListTournaments(ctx)
		if err != nil {
			return err
		}
		switch len(ts) {
		case 0:
			return fmt.Errorf("%s has no tournament", from)
		case 1:
			id = ts[0].ID
		default:
			var names []string
			for _, t := range ts {
				names = append(names, fmt.Sprintf("%d (%s)", t.ID, t.Name))
			}
			return fmt.Errorf("%s has %d tournaments: name one with --tournament: %s", from, len(ts), strings.Join(names, ", "))
		}
	}
	dst, err := store.Open(to)
	if err != nil {
		return err
	}
	defer dst.Close()
	st, err := store.CopyTournament(ctx, src, dst, id)
	if errors.Is(err, store.ErrTournamentExists) {
		return fmt.Errorf("%w; nothing was copied (remove it there first if it is to be replaced)", err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "copied tournament %d (%s): %d divisions, %d players, %d rounds, %d games, %d turns, %d results, %d audit entries, %d table codes, %d photos\n",
		id, st.Name, st.Divisions, st.Players, st.Rounds, st.Games, st.Turns, st.Results, st.Audit, st.Credentials, st.Photos)
	return nil
}
