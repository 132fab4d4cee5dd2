package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// migration is one step of the schema: plain SQL, applied once, in its own
// transaction, and recorded in schema_migrations. A released migration is
// never edited: a change to the schema is a new step at the end.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations is the schema, step by step. Conventions:
//   - INTEGER PRIMARY KEY ids (SQLite's rowid); foreign keys declared,
//     with no ON DELETE actions: nothing is deleted yet, and whatever
//     deletes one day should say what goes with it;
//   - text columns NOT NULL with an empty default where the domain type
//     has a string, NULL only where it has a pointer;
//   - times as DATETIME text in UTC (the driver reads them back as
//     time.Time); JSON as TEXT, checked by json_valid;
//   - an index for every list query (tournament_id, id), so that lists
//     come out in id order without a sort.
var migrations = []migration{
	{1, "tournaments and entrants", `
CREATE TABLE tournaments (
	id             INTEGER PRIMARY KEY,
	name           TEXT     NOT NULL,
	start_date     TEXT     NOT NULL DEFAULT '',
	end_date       TEXT     NOT NULL DEFAULT '',
	variant        TEXT     NOT NULL DEFAULT '',
	lexicon        TEXT     NOT NULL DEFAULT '',
	challenge_rule TEXT     NOT NULL DEFAULT '',
	current_round  INTEGER  NOT NULL DEFAULT 0,
	board          TEXT     NOT NULL DEFAULT '',
	tiles          TEXT     NOT NULL DEFAULT '',
	settings       TEXT     NOT NULL DEFAULT 'null' CHECK (json_valid(settings)),
	created_at     DATETIME NOT NULL,
	updated_at     DATETIME NOT NULL
);

-- Two divisions of one tournament with one name would be
-- indistinguishable on every pairing sheet.
CREATE TABLE divisions (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	name          TEXT    NOT NULL,
	UNIQUE (tournament_id, name)
);

CREATE TABLE players (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	division_id   INTEGER REFERENCES divisions (id),
	name          TEXT    NOT NULL,
	rating        INTEGER NOT NULL DEFAULT 0,
	member_id     TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX players_tournament ON players (tournament_id, id);
CREATE INDEX players_division ON players (division_id);

CREATE TABLE rounds (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
	division_id   INTEGER REFERENCES divisions (id),
	number        INTEGER NOT NULL
);
CREATE INDEX rounds_tournament ON rounds (tournament_id, id);
CREATE INDEX rounds_division ON rounds (division_id);
-- One round 3 per division, and one for the whole tournament (NULL
-- division, which a plain UNIQUE would let repeat).
CREATE UNIQUE INDEX rounds_number ON rounds (tournament_id, ifnull(division_id, 0), number);
`},

	{2, "games and turns", `
CREATE TABLE games (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER  NOT NULL REFERENCES tournaments (id),
	division_id   INTEGER  REFERENCES divisions (id),
	round         INTEGER  NOT NULL,
	table_number  INTEGER  NOT NULL,
	teams         BOOLEAN  NOT NULL DEFAULT 0,
	created_at    DATETIME NOT NULL,
	-- the service's rule: one game per table per round
	UNIQUE (tournament_id, round, table_number)
);
CREATE INDEX games_tournament ON games (tournament_id, id);
CREATE INDEX games_division ON games (division_id);

-- Game.Seats, in order: seat 1 moves first.
CREATE TABLE game_seats (
	game_id   INTEGER NOT NULL REFERENCES games (id),
	seat      INTEGER NOT NULL CHECK (seat >= 1),
	player_id INTEGER NOT NULL REFERENCES players (id),
	PRIMARY KEY (game_id, seat),
	UNIQUE (game_id, player_id)
) WITHOUT ROWID;
CREATE INDEX game_seats_player ON game_seats (player_id);

-- A game's events; (game_id, seq) is unique so that two tablets racing
-- to enter the same turn cannot both win.
CREATE TABLE turn_events (
	id            INTEGER PRIMARY KEY,
	game_id       INTEGER  NOT NULL REFERENCES games (id),
	seq           INTEGER  NOT NULL CHECK (seq >= 1),
	kind          TEXT     NOT NULL,
	seat          INTEGER  NOT NULL,
	move          TEXT     NOT NULL DEFAULT '',
	rack          TEXT     NOT NULL DEFAULT '',
	claimed_score INTEGER,
	points        INTEGER  NOT NULL DEFAULT 0,
	score         INTEGER  NOT NULL DEFAULT 0,
	agrees        BOOLEAN  NOT NULL DEFAULT 0,
	flag          TEXT     NOT NULL DEFAULT '',
	breakdown     TEXT     CHECK (breakdown IS NULL OR json_valid(breakdown)),
	undone        BOOLEAN  NOT NULL DEFAULT 0,
	entered_by    TEXT     NOT NULL DEFAULT '',
	created_at    DATETIME NOT NULL,
	UNIQUE (game_id, seq)
);
`},

	{3, "audit log", `
CREATE TABLE audit_entries (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER  NOT NULL REFERENCES tournaments (id),
	game_id       INTEGER  REFERENCES games (id),
	who           TEXT     NOT NULL,
	action        TEXT     NOT NULL,
	reason        TEXT     NOT NULL DEFAULT '',
	before        TEXT     CHECK (before IS NULL OR json_valid(before)),
	after         TEXT     CHECK (after IS NULL OR json_valid(after)),
	at            DATETIME NOT NULL
);
CREATE INDEX audit_entries_tournament ON audit_entries (tournament_id, id);
CREATE INDEX audit_entries_game ON audit_entries (game_id, id);
`},

	{4, "credentials and idempotent responses", `
-- Only a token's hash is stored. tournament_id is NULL for a director.
CREATE TABLE credentials (
	id            INTEGER PRIMARY KEY,
	kind          TEXT     NOT NULL,
	tournament_id INTEGER  REFERENCES tournaments (id),
	table_number  INTEGER  NOT NULL DEFAULT 0,
	label         TEXT     NOT NULL DEFAULT '',
	token_hash    TEXT     NOT NULL UNIQUE,
	created_at    DATETIME NOT NULL,
	revoked_at    DATETIME
);
CREATE INDEX credentials_kind ON credentials (kind);
CREATE INDEX credentials_tournament ON credentials (tournament_id);

CREATE TABLE idempotent_responses (
	scope        TEXT     NOT NULL,
	key          TEXT     NOT NULL,
	status       INTEGER  NOT NULL,
	content_type TEXT     NOT NULL DEFAULT '',
	body         BLOB,
	created_at   DATETIME NOT NULL,
	PRIMARY KEY (scope, key)
) WITHOUT ROWID;
`},

	{5, "challenge events", `
-- A challenge event's ruling. Existing events get the empty values that
-- mean "not a challenge". words and invalid_words are JSON arrays, NULL
-- when there are none.
ALTER TABLE turn_events ADD COLUMN challenged_turn INTEGER NOT NULL DEFAULT 0;
ALTER TABLE turn_events ADD COLUMN verdict TEXT NOT NULL DEFAULT '';
ALTER TABLE turn_events ADD COLUMN words TEXT CHECK (words IS NULL OR json_valid(words));
ALTER TABLE turn_events ADD COLUMN invalid_words TEXT CHECK (invalid_words IS NULL OR json_valid(invalid_words));
ALTER TABLE turn_events ADD COLUMN lexicon TEXT NOT NULL DEFAULT '';
ALTER TABLE turn_events ADD COLUMN decided_by TEXT NOT NULL DEFAULT '';
`},

	{6, "results and standings", `
-- One row per game or bye (service.Result). player2_id is NULL for a
-- round without an opponent: a bye, or a forfeit nobody won. score1 -
-- score2 is always player1's spread. game_id links a game's result to
-- its game: at most one each.
CREATE TABLE results (
	id                  INTEGER PRIMARY KEY,
	tournament_id       INTEGER  NOT NULL REFERENCES tournaments (id),
	division_id         INTEGER  REFERENCES divisions (id),
	round               INTEGER  NOT NULL CHECK (round >= 1),
	game_id             INTEGER  UNIQUE REFERENCES games (id),
	kind                TEXT     NOT NULL CHECK (kind IN ('game', 'bye', 'forfeit')),
	player1_id          INTEGER  NOT NULL REFERENCES players (id),
	player2_id          INTEGER  REFERENCES players (id) CHECK (player2_id <> player1_id),
	score1              INTEGER  NOT NULL DEFAULT 0,
	score2              INTEGER  NOT NULL DEFAULT 0,
	first_player_id     INTEGER  REFERENCES players (id),
	tie_break_winner_id INTEGER  REFERENCES players (id),
	table_number        INTEGER  NOT NULL DEFAULT 0,
	source              TEXT     NOT NULL,
	reason              TEXT     NOT NULL DEFAULT '',
	created_at          DATETIME NOT NULL,
	updated_at          DATETIME NOT NULL,
	CHECK (kind <> 'game' OR player2_id IS NOT NULL),
	CHECK (kind <> 'bye' OR player2_id IS NULL)
);
CREATE INDEX results_tournament ON results (tournament_id, id);
-- A player has one result a round (as player1 or as player2; the service
-- keeps the two apart).
CREATE UNIQUE INDEX results_player1_round ON results (player1_id, round);
CREATE UNIQUE INDEX results_player2_round ON results (player2_id, round);

-- A division's rules for standings and pairings (service.DivisionSettings).
ALTER TABLE divisions ADD COLUMN settings TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings));

-- withdrawn: '' while playing, else what unplayed rounds become;
-- tsh_fields: an imported .t line's other fields, as a JSON object.
ALTER TABLE players ADD COLUMN withdrawn TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN fixed_table INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN tsh_fields TEXT CHECK (tsh_fields IS NULL OR json_valid(tsh_fields));

-- Why a pairing system paired the game's players.
ALTER TABLE games ADD COLUMN pairing_reason TEXT NOT NULL DEFAULT '';
`},
	{7, "game versions", `
-- Bumped by every change to a game's turn events: a change claims the
-- version it read, so two changes made at once cannot both stand.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
`},
	{8, "table results", `
-- A table of three or four, or a team game (service.Result.Group): every
-- seat's player and the scores, as JSON {"players":[...],"scores":[...],
-- "teams":bool}; NULL for a two-player result. player1_id and player2_id
-- hold its first two seats.
ALTER TABLE results ADD COLUMN group_seats TEXT CHECK (group_seats IS NULL OR json_valid(group_seats));
`},
	{9, "turn notes", `
-- A note kept with a turn: a GCG record's #note lines, imported with the
-- turn they follow and written back after it. NULL when there is none.
ALTER TABLE turn_events ADD COLUMN note TEXT;
`},
	{10, "printable table codes", `
-- A live table code as issued, so that its card can be printed again
-- (NULL once revoked, and always for a director's token, which is kept
-- hashed only); replaced_by: the code that replaced a revoked one, so the
-- tablet still holding it can say so.
ALTER TABLE credentials ADD COLUMN code TEXT;
ALTER TABLE credentials ADD COLUMN replaced_by INTEGER;
`},
	{11, "credential sessions", `
-- A session credential (a tablet signed in with its table code) names
-- the credential it was made from: revoking that one ends it.
-- last_used_at: when a session was last used (written at most once a
-- minute), for idle expiry and the director's list of tablets;
-- client_address: where it signed in from.
ALTER TABLE credentials ADD COLUMN parent_id INTEGER REFERENCES credentials (id);
ALTER TABLE credentials ADD COLUMN last_used_at DATETIME;
ALTER TABLE credentials ADD COLUMN client_address TEXT NOT NULL DEFAULT '';
CREATE INDEX credentials_parent ON credentials (parent_id);
`},
	{12, "player classes", `
-- A player's rating class set by hand ("A", "B", ...; a .t file's
-- "class" field): '' for none, when the division's class_floors decide.
ALTER TABLE players ADD COLUMN class TEXT NOT NULL DEFAULT '';
`},
	{13, "results revisions", `
-- Every write to a tournament's results moves its results_rev, in the
-- writing transaction, and stamps the rows it wrote with the new value;
-- a delete also moves results_epoch. A reader holding the rows of one
-- revision reads only those stamped after it (results_cache.go).
ALTER TABLE tournaments ADD COLUMN results_rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN results_epoch INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
CREATE INDEX results_rev ON results (tournament_id, rev);
`},
	{14, "player names and photos", `
-- A player's name in its parts, as tsh holds it ("Surname, Given"):
-- '' when not split (read from name). photo: the path, under the
-- tournament's html/ folder, of the player's photo ('' for none), as
-- tsh's tourney.js names it; the photo itself in player_photos.
ALTER TABLE players ADD COLUMN surname TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN given_names TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN photo TEXT NOT NULL DEFAULT '';
CREATE TABLE player_photos (
	player_id     INTEGER  NOT NULL PRIMARY KEY REFERENCES players (id),
	tournament_id INTEGER  NOT NULL REFERENCES tournaments (id),
	path          TEXT     NOT NULL,
	content_type  TEXT     NOT NULL,
	content       BLOB     NOT NULL,
	updated_at    DATETIME NOT NULL
);
CREATE UNIQUE INDEX player_photos_path ON player_photos (tournament_id, path);
`},
	{15, "player teams", `
-- A player's team, club or country (a .t file's "team" field), which
-- exagony keeps apart in pairings: '' for none.
ALTER TABLE players ADD COLUMN team TEXT NOT NULL DEFAULT '';
`},
	{16, "rating lists and career games", `
-- A player's rated games before the event (a rating list's games, a .t
-- file's "lifeg"): the rating estimates' multipliers; 0 when not known.
ALTER TABLE players ADD COLUMN career_games INTEGER NOT NULL DEFAULT 0;
-- A rating body's list as tsh reads it (ratings/LIST/current.txt): a
-- tournament-independent table of names, ratings, games and member ids,
-- which a division's setting rating_list names.
CREATE TABLE rating_lists (
	id         INTEGER  PRIMARY KEY,
	name       TEXT     NOT NULL UNIQUE,
	created_at DATETIME NOT NULL
);
CREATE TABLE rating_list_entries (
	list_id   INTEGER NOT NULL REFERENCES rating_lists (id),
	line      INTEGER NOT NULL,
	name_key  TEXT    NOT NULL,
	name      TEXT    NOT NULL,
	rating    INTEGER NOT NULL,
	games     INTEGER NOT NULL,
	member_id TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (list_id, line)
);
CREATE INDEX rating_list_entries_name ON rating_list_entries (list_id, name_key);
CREATE INDEX rating_list_entries_member ON rating_list_entries (list_id, member_id);
`},
	{17, "player check-in", `
-- Whether the player has checked in at the registration desk: a division
-- with check_in_required pairs only players checked in.
ALTER TABLE players ADD COLUMN checked_in BOOLEAN NOT NULL DEFAULT 0;
`},
}

// migrate applies the migrations up to version upTo that the database
// lacks, in order, each in its own IMMEDIATE transaction (the DSN's
// _txlock): a second process starting at the same moment waits, then
// finds the step recorded and skips it. It refuses a database whose
// recorded steps are not a prefix of ours: one written by a newer
// tourney, or by another branch.
func migrate(ctx context.Context, db *sql.DB, steps []migration, upTo int) error {
	return migrateWith(ctx, db, steps, upTo, sqliteDialect)
}

// migrationDialect is how one database applies the steps: how it says a
// statement, and how it applies one step.
type migrationDialect struct {
	say   func(sqlite string) string
	apply func(ctx context.Context, db sqlRunner, m migration) error
}

var sqliteDialect = migrationDialect{
	say: func(q string) string { return q },
	apply: func(ctx context.Context, db sqlRunner, m migration) error {
		return applyMigration(ctx, db.(*sql.DB), m)
	},
}

func migrateWith(ctx context.Context, db sqlRunner, steps []migration, upTo int, d migrationDialect) error {
	if upTo < 0 || upTo > len(steps) {
		return fmt.Errorf("no migration %d (the latest is %d)", upTo, len(steps))
	}
	for i, m := range steps {
		if m.version != i+1 {
			return fmt.Errorf("migration %q has version %d, want %d", m.name, m.version, i+1)
		}
	}
	if _, err := db.ExecContext(ctx, d.say(`CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER  PRIMARY KEY,
	name       TEXT     NOT NULL,
	applied_at DATETIME NOT NULL
)`)); err != nil {
		return err
	}
	applied, err := appliedMigrations(ctx, db)
	if err != nil {
		return err
	}
	for v, name := range applied {
		if v > len(steps) {
			return fmt.Errorf("the database is at schema version %d, newer than this program's %d", v, len(steps))
		}
		if want := steps[v-1].name; name != want {
			return fmt.Errorf("the database's migration %d is %q, this program's is %q", v, name, want)
		}
	}
	for _, m := range steps[:upTo] {
		if _, ok := applied[m.version]; ok {
			continue
		}
		if err := d.apply(ctx, db, m); err != nil {
			return fmt.Errorf("migration %d (%s): %w", m.version, m.name, err)
		}
	}
	return nil
}

func appliedMigrations(ctx context.Context, db sqlRunner) (map[int]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT version, name FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	applied := map[int]string{}
	for rows.Next() {
		var v int
		var name string
		if err := rows.Scan(&v, &name); err != nil {
			return nil, err
		}
		applied[v] = name
	}
	return applied, rows.Err()
}

func applyMigration(ctx context.Context, db *sql.DB, m migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // a no-op after Commit
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil // another process applied it while we waited for the lock
	}
	// go-sqlite3 runs every statement of a multi-statement Exec.
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, time.Now().UTC()); err != nil {
		return err
	}
	return tx.Commit()
}
