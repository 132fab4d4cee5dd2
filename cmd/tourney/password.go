package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tourney/service"
	"tourney/store"
)

// runPassword sets the director's password in the database. At a
// terminal it asks twice without echo; otherwise it reads the first line
// of standard input (a script, or a password manager's pipe).
func runPassword(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("password", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "tourney.db", "the server's SQLite database file")
	create := fs.Bool("create", false, "create the database file if it does not exist (else a mistyped --db is refused)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if _, err := os.Stat(*db); errors.Is(err, os.ErrNotExist) && !*create {
		fmt.Fprintf(stderr, "tourney password: %s does not exist: give the --db the server uses (tourney serve --db FILE), or add --create to start a new database\n", *db)
		return 1
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tourney password: unexpected argument %q (the password is read from standard input)\n", fs.Arg(0))
		return 2
	}
	password, err := readPassword(stdin, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "tourney password: %v\n", err)
		return 1
	}
	st, err := store.Open(*db)
	if err != nil {
		fmt.Fprintf(stderr, "tourney password: %v\n", err)
		return 1
	}
	defer st.Close()
	if err := service.New(st).SetDirectorPassword(context.Background(), password); err != nil {
		fmt.Fprintf(stderr, "tourney password: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "director password set in %s: sign in at /director with it (the token still works; sessions opened with an older password are signed out)\n", *db)
	return 0
}

// readPassword reads the new password: twice without echo at a terminal,
// else the first line of in.
func readPassword(in io.Reader, prompt io.Writer) (string, error) {
	if f, ok := in.(*os.File); ok {
		if restore, err := noEcho(f); err == nil {
			defer restore()
			r := bufio.NewReader(f)
			fmt.Fprint(prompt, "New director password: ")
			first, err := readLine(r)
			fmt.Fprint(prompt, "\nAgain: ")
			if err == nil {
				var again string
				if again, err = readLine(r); err == nil && again != first {
					err = errors.New("the two passwords differ; nothing was changed")
				}
			}
			fmt.Fprintln(prompt)
			return first, err
		}
	}
	if in == nil {
		return "", errors.New("no password given on standard input")
	}
	return readLine(bufio.NewReader(in))
}

// readLine reads one line without its line end; a last line without one
// counts.
func readLine(r *bufio.Reader) (string, error) {
	line, err := r.ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		if errors.Is(err, io.EOF) {
			return "", errors.New("no password given on standard input")
		}
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}
