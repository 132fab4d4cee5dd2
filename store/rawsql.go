package store

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

// The hot paths of turn entry (ListTurns, GetGame, GetPlayer,
// GetTournament, AppendTurn, AddAudit) skip gorm's reflection-driven
// statement building and scanning: they run hand-written SQL on the
// database/sql handle under the gorm handle that s.reader or s.writer
// returned, so they use the same connection and the same transaction gorm
// would. The columns are named, mapped to the same model fields, and
// scanned into the same Go types, so the results are the same. Both
// databases run the same text (an insert returns its id with RETURNING,
// which SQLite has had since 3.35), with PostgreSQL's placeholders.

// The hand-written statements, prepared once per pool by prepareStmts.
const (
	listTurnsSQL  = `SELECT ` + turnColumns + ` FROM turn_events WHERE game_id = ? ORDER BY seq`
	insertTurnSQL = `INSERT INTO turn_events (game_id, seq, kind, seat, move, rack, claimed_score,
	points, score, agrees, flag, breakdown, challenged_turn, verdict, words, invalid_words, lexicon, decided_by,
	undone, entered_by, created_at, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`
	insertAuditSQL = `INSERT INTO audit_entries (tournament_id, game_id, who, action, reason,
	before, after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`
	getPlayerSQL     = `SELECT ` + playerColumns + ` FROM players WHERE id = ? LIMIT 1`
	listPlayersSQL   = `SELECT ` + playerColumns + ` FROM players WHERE tournament_id = ? ORDER BY id`
	undividedSQL     = `SELECT EXISTS (SELECT 1 FROM players WHERE tournament_id = ? AND division_id IS NULL)`
	getTournamentSQL = `SELECT ` + tournamentColumns + ` FROM tournaments WHERE id = ? LIMIT 1`
	resultForGameSQL = `SELECT ` + resultColumns + ` FROM results WHERE game_id = ? LIMIT 1`
	// listResultsSQL reads a tournament's results, by id: every division
	// view starts here (standings, ratings, prizes, the tsh feed).
	listResultsSQL = `SELECT ` + resultColumns + ` FROM results WHERE tournament_id = ? ORDER BY id`
)

// gamesSQL is loadGames's statement for a condition on games.
func gamesSQL(where string) string {
	return `SELECT ` + gameColumns + `, game_seats.player_id FROM games
	LEFT JOIN game_seats ON game_seats.game_id = games.id
	WHERE ` + where + ` ORDER BY games.id, game_seats.seat`
}

// claimGameSQL moves a game to its next version, if it is at the one given.
const claimGameSQL = `UPDATE games SET version = version + 1 WHERE id = ? AND version = ?`

var preparedSQL = []string{moveResultsSQL, moveResultsOfSQL, dropResultsOfSQL, resultsHeadSQL, resultsSinceSQL, claimGameSQL, listTurnsSQL, insertTurnSQL, insertAuditSQL, getPlayerSQL, listPlayersSQL, undividedSQL, getTournamentSQL,
	resultForGameSQL, listResultsSQL, gamesSQL("games.id = ?"), gamesSQL("games.tournament_id = ?")}

// stmtCache holds a pool's prepared statements by their SQL. It is filled
// when the pool is opened and only read afterwards. The writer's must be
// prepared then: later its one connection may be held by the transaction
// that wants the statement.
type stmtCache map[string]*sql.Stmt

// prepareStmts prepares preparedSQL on db, in the store's dialect (the
// cache is keyed by the SQLite text). A statement the schema cannot take
// (a store opened at an older migration, in tests) is left out, and runs
// unprepared.
func (s *Store) prepareStmts(db *sql.DB) stmtCache {
	c := stmtCache{}
	for _, q := range preparedSQL {
		if st, err := db.Prepare(s.sqlFor(q)); err == nil {
			c[q] = st
		}
	}
	return c
}

func (c stmtCache) close() {
	for _, st := range c {
		st.Close()
	}
}

// sqlConn is the database/sql handle under a gorm handle, with the
// prepared statements of its pool.
type sqlConn struct {
	pool  gorm.ConnPool // the *sql.DB of a pool, or the *sql.Tx of a transaction
	stmts stmtCache
	s     *Store
}

// conn is the database/sql handle under db, which s.reader or s.writer
// returned. A transaction whose BEGIN failed carries the error in
// db.Error, which gorm would have returned for any statement on it; so
// does conn.
func (s *Store) conn(db *gorm.DB) (sqlConn, error) {
	if db.Error != nil {
		return sqlConn{}, db.Error
	}
	c := sqlConn{pool: db.Statement.ConnPool, s: s}
	switch p := c.pool.(type) {
	case *sql.Tx:
		c.stmts = s.wStmts // every transaction is on the writer
	case *sql.DB:
		if p == s.wDB {
			c.stmts = s.wStmts
		} else if p == s.rDB {
			c.stmts = s.rStmts
		}
	}
	return c, nil
}

// stmt is q prepared, on the transaction if c is one; nil if q is not.
func (c sqlConn) stmt(ctx context.Context, q string) *sql.Stmt {
	st := c.stmts[q]
	if st == nil {
		return nil
	}
	if tx, ok := c.pool.(*sql.Tx); ok {
		return tx.StmtContext(ctx, st)
	}
	return st
}

func (c sqlConn) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	ctx = c.s.stmtCtx(ctx)
	if st := c.stmt(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return c.pool.ExecContext(ctx, c.s.sqlFor(q), args...)
}

func (c sqlConn) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	ctx = c.s.stmtCtx(ctx)
	if st := c.stmt(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return c.pool.QueryContext(ctx, c.s.sqlFor(q), args...)
}

// queryAll runs q and reads each of its rows with read, in order (an
// empty list, not nil, for none).
func queryAll[T any](ctx context.Context, c sqlConn, q string, read func(*sql.Rows) (T, error), args ...any) ([]T, error) {
	rows, err := c.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := read(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (c sqlConn) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	if st := c.stmt(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return c.pool.QueryRowContext(ctx, c.s.sqlFor(q), args...)
}

// nullInt is an INTEGER column that may be NULL, read as gorm reads it into
// an *int or *int64 field.
type nullInt struct{ sql.NullInt64 }

func (n nullInt) intPtr() *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func (n nullInt) int64Ptr() *int64 {
	if !n.Valid {
		return nil
	}
	v := n.Int64
	return &v
}

func stringPtr(n sql.NullString) *string {
	if !n.Valid {
		return nil
	}
	v := n.String
	return &v
}

// turnColumns are turnRow's columns, in scanTurn's order.
const turnColumns = `id, game_id, seq, kind, seat, move, rack, claimed_score, points, score, agrees, flag, breakdown,
	challenged_turn, verdict, words, invalid_words, lexicon, decided_by, undone, entered_by, created_at, note`

func scanTurn(rows *sql.Rows, r *turnRow) error {
	var (
		seq, seat, points, score, challenged int64
		claimed                              nullInt
		breakdown, words, invalid, note      sql.NullString
	)
	if err := rows.Scan(&r.ID, &r.GameID, &seq, &r.Kind, &seat, &r.Move, &r.Rack, &claimed, &points, &score,
		&r.Agrees, &r.Flag, &breakdown, &challenged, &r.Verdict, &words, &invalid, &r.Lexicon, &r.DecidedBy,
		&r.Undone, &r.EnteredBy, &r.CreatedAt, &note); err != nil {
		return err
	}
	r.Seq, r.Seat, r.Points, r.Score, r.ChallengedTurn = int(seq), int(seat), int(points), int(score), int(challenged)
	r.ClaimedScore = claimed.intPtr()
	r.Breakdown, r.Words, r.InvalidWords, r.Note = stringPtr(breakdown), stringPtr(words), stringPtr(invalid), stringPtr(note)
	return nil
}

// gameColumns are gameRow's columns, in scanGame's order.
const gameColumns = `games.id, games.tournament_id, games.division_id, games.round, games.table_number,
	games.teams, games.pairing_reason, games.created_at, games.version`

// playerColumns are playerRow's columns, in scanPlayer's order.
const playerColumns = `id, tournament_id, division_id, name, rating, member_id, withdrawn, fixed_table, tsh_fields, class,
	surname, given_names, photo, team, career_games, checked_in`

func scanPlayer(row interface{ Scan(...any) error }, r *playerRow) error {
	var (
		division      nullInt
		rating, fixed int64
		tsh           sql.NullString
	)
	if err := row.Scan(&r.ID, &r.TournamentID, &division, &r.Name, &rating, &r.MemberID, &r.Withdrawn,
		&fixed, &tsh, &r.Class, &r.Surname, &r.GivenNames, &r.Photo, &r.Team, &r.CareerGames, &r.CheckedIn); err != nil {
		return err
	}
	r.DivisionID, r.Rating, r.FixedTable, r.TSHFields = division.int64Ptr(), int(rating), int(fixed), stringPtr(tsh)
	return nil
}

// tournamentColumns are tournamentRow's columns, in scanTournament's order.
const tournamentColumns = `id, name, start_date, end_date, variant, lexicon, challenge_rule, current_round,
	board, tiles, settings, created_at, updated_at`

func scanTournament(row *sql.Row, r *tournamentRow) error {
	var round int64
	if err := row.Scan(&r.ID, &r.Name, &r.StartDate, &r.EndDate, &r.Variant, &r.Lexicon, &r.ChallengeRule,
		&round, &r.Board, &r.Tiles, &r.Settings, &r.CreatedAt, &r.UpdatedAt); err != nil {
		return err
	}
	r.CurrentRound = int(round)
	return nil
}

// resultColumns are resultRow's columns, in scanResult's order.
const resultColumns = `id, tournament_id, division_id, round, game_id, kind, player1_id, player2_id, score1, score2,
	first_player_id, tie_break_winner_id, table_number, source, reason, created_at, updated_at, group_seats`

// scanResult reads a result's row (an *sql.Row or the current row of
// *sql.Rows).
func scanResult(row interface{ Scan(...any) error }, r *resultRow) error {
	var (
		division, game, player2, first, tieBreak nullInt
		round, score1, score2, table             int64
	)
	if err := row.Scan(&r.ID, &r.TournamentID, &division, &round, &game, &r.Kind, &r.Player1, &player2,
		&score1, &score2, &first, &tieBreak, &table, &r.Source, &r.Reason, &r.CreatedAt, &r.UpdatedAt, &r.GroupSeats); err != nil {
		return err
	}
	r.DivisionID, r.GameID, r.Player2 = division.int64Ptr(), game.int64Ptr(), player2.int64Ptr()
	r.First, r.TieBreakWinner = first.int64Ptr(), tieBreak.int64Ptr()
	r.Round, r.Score1, r.Score2, r.TableNumber = int(round), int(score1), int(score2), int(table)
	return nil
}
