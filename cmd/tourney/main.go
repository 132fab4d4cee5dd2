// Command tourney is the tournament service and its tools:
//
//	tourney (no arguments: serve with the database in the user's data folder)
//	tourney serve [--addr :8080] [--db tourney.db]
//	tourney verify [--rules NAME] [--board FILE] [--tiles FILE] FILE.gcg...
//	tourney rules
//	tourney password [--db tourney.db]
//	tourney backup [--db tourney.db] OUT
//	tourney restore [--db tourney.db] [--force] BACKUP
//	tourney migrate --from DB --to DB [--tournament ID]
//	tourney publish --db FILE --out DIR [--tournament ID]
//	tourney version
//
// main only parses the command line and wires packages together.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  tourney
      with no arguments (a double-click): serve on :8080 (or a free port if taken) with the
      database in the user's data folder (TOURNEY_DATA_DIR; %AppData%\tourney on Windows,
      ~/Library/Application Support/tourney on macOS, $XDG_DATA_HOME/tourney or
      ~/.local/share/tourney elsewhere), print the director page's address and token, and
      open it in a browser (TOURNEY_ADDR sets the address, TOURNEY_NO_BROWSER=1 opens none)
  tourney serve [--addr :8080] [--db tourney.db] [--lexicons DIR] [--public-url URL] [--trusted-proxies LIST]
                [--backup-every 5m --backup-dir DIR [--backup-keep 10]] [--session-idle 8h] [--session-max 48h]
                [--tls-cert FILE --tls-key FILE] [--max-streams 1000] [--max-streams-per-address 50]
                [--max-staff-streams 500] [--publish-dir DIR] [--pdf-builders 1]
      serve the REST API; the SQLite file is created and migrated if needed;
      on first start a director token is printed once (or set TOURNEY_DIRECTOR_TOKEN);
      --lexicons (or TOURNEY_LEXICONS) is the folder of word lists tournaments name;
      --backup-every: a backup into --backup-dir soon after start and then this often,
      named tourney-YYYYMMDD-HHMMSS.db (UTC), the newest --backup-keep kept;
      a director's page session ends unused for --session-idle, or --session-max
      after sign-in (durations such as 90m, 8h, 2d);
      --tls-cert/--tls-key (or TOURNEY_TLS_CERT/TOURNEY_TLS_KEY): serve HTTPS with this certificate;
      --max-streams, --max-streams-per-address: spectators' live-update streams open at once,
      in all and from one client address; --max-staff-streams: the directors' pages', and
      again the signed-in tablets', counted apart (no spectator takes their places);
      --pdf-builders: printouts drawn at once (the others wait their turn);
      --publish-dir: keep the public pages as static HTML in DIR, rewritten soon after each change
  tourney verify [--rules NAME] [--board FILE] [--tiles FILE] FILE.gcg...
      replay game records, recompute every score, print one JSON line per file
  tourney rules
      list the built-in rule variants
  tourney password [--db tourney.db]
      set the director's password for the sign-in page (the token keeps working);
      typed twice at a terminal, or read from the first line of standard input
  tourney backup [--db tourney.db] OUT
      a consistent copy of the database, also while a server runs on it, written to OUT
      (a folder: OUT/tourney-YYYYMMDD-HHMMSS.db) whole or not at all
  tourney restore [--db tourney.db] [--force] BACKUP
      check BACKUP and put it in the database's place, keeping the database it replaces
      as FILE.before-restore-YYYYMMDD-HHMMSS; refused while a server has FILE open
      unless --force
  tourney migrate --from DB --to DB [--tournament ID]
      copy a whole tournament (turns, results, audit log, table codes, photos) between
      databases, a SQLite file or a postgres:// URL either way; refused if it is already there
  tourney publish --db FILE --out DIR [--tournament ID]
      write the public pages (standings, rounds, crosstable, scorecards, game replays, prizes,
      statistics) as plain static HTML into DIR: open DIR/index.html from disk or put DIR on any web host
  tourney version
      the version, commit and database driver of this program
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		code := runStart(stdout, stderr)
		holdOnError(code, runtime.GOOS, stdin, stderr)
		return code
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stderr)
	case "verify":
		return runVerify(args[1:], stdout, stderr)
	case "rules":
		return runRules(stdout)
	case "password":
		return runPassword(args[1:], stdin, stdout, stderr)
	case "backup":
		return runBackup(args[1:], stdout, stderr)
	case "restore":
		return runRestore(args[1:], stdout, stderr)
	case "migrate":
		return runMigrate(args[1:], stdout, stderr)
	case "publish":
		return runPublish(args[1:], stdout, stderr)
	case "version", "--version":
		return runVersion(stdout)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "tourney: unknown command %q\n%s", args[0], usage)
	return 2
}
