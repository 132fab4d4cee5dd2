package store

import (
	"encoding/json"
	"time"

	"tourney/service"
)

// The gorm models: one unexported struct per table, mapped column by column
// to the schema in migrations.go (gorm never creates or alters a table).
// The conversion functions beside each are the only place a service type
// meets a row. Times are stored in UTC; the autoCreateTime and
// autoUpdateTime tags are off so that the time a caller gets back is the
// time stored, not one gorm took a moment later.

type tournamentRow struct {
	ID            int64     `gorm:"column:id;primaryKey"`
	Name          string    `gorm:"column:name"`
	StartDate     string    `gorm:"column:start_date"`
	EndDate       string    `gorm:"column:end_date"`
	Variant       string    `gorm:"column:variant"`
	Lexicon       string    `gorm:"column:lexicon"`
	ChallengeRule string    `gorm:"column:challenge_rule"`
	CurrentRound  int       `gorm:"column:current_round"`
	Board         string    `gorm:"column:board"`
	Tiles         string    `gorm:"column:tiles"`
	Settings      string    `gorm:"column:settings"` // JSON
	CreatedAt     time.Time `gorm:"column:created_at;autoCreateTime:false"`
	UpdatedAt     time.Time `gorm:"column:updated_at;autoUpdateTime:false"`
}

func (tournamentRow) TableName() string { return "tournaments" }

func toTournamentRow(t *service.Tournament) (tournamentRow, error) {
	settings, err := json.Marshal(t.Settings)
	if err != nil {
		return tournamentRow{}, err
	}
	return tournamentRow{
		ID: t.ID, Name: t.Name, StartDate: t.StartDate, EndDate: t.EndDate,
		Variant: t.Variant, Lexicon: t.Lexicon, ChallengeRule: t.ChallengeRule,
		CurrentRound: t.CurrentRound, Board: t.Board, Tiles: t.Tiles,
		Settings: string(settings), CreatedAt: t.CreatedAt.UTC(), UpdatedAt: t.UpdatedAt.UTC(),
	}, nil
}

func (r *tournamentRow) toService() (service.Tournament, error) {
	var settings service.Settings
	if err := json.Unmarshal([]byte(r.Settings), &settings); err != nil {
		return service.Tournament{}, err
	}
	return service.Tournament{
		ID: r.ID, Name: r.Name, StartDate: r.StartDate, EndDate: r.EndDate,
		Variant: r.Variant, Lexicon: r.Lexicon, ChallengeRule: r.ChallengeRule,
		CurrentRound: r.CurrentRound, Board: r.Board, Tiles: r.Tiles,
		Settings: settings, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}, nil
}

type divisionRow struct {
	ID           int64  `gorm:"column:id;primaryKey"`
	TournamentID int64  `gorm:"column:tournament_id"`
	Name         string `gorm:"column:name"`
	Settings     string `gorm:"column:settings"` // JSON (migration 6)
}

func (divisionRow) TableName() string { return "divisions" }

func toDivisionRow(d *service.Division) divisionRow {
	// DivisionSettings holds strings, numbers and lists only: it always
	// encodes.
	settings, _ := json.Marshal(d.Settings)
	return divisionRow{ID: d.ID, TournamentID: d.TournamentID, Name: d.Name, Settings: string(settings)}
}

func (r *divisionRow) toService() (service.Division, error) {
	d := service.Division{ID: r.ID, TournamentID: r.TournamentID, Name: r.Name}
	err := json.Unmarshal([]byte(r.Settings), &d.Settings)
	return d, err
}

type playerRow struct {
	ID           int64  `gorm:"column:id;primaryKey"`
	TournamentID int64  `gorm:"column:tournament_id"`
	DivisionID   *int64 `gorm:"column:division_id"`
	Name         string `gorm:"column:name"`
	Rating       int    `gorm:"column:rating"`
	MemberID     string `gorm:"column:member_id"`
	// Migration 6.
	Withdrawn  string  `gorm:"column:withdrawn"`
	FixedTable int     `gorm:"column:fixed_table"`
	TSHFields  *string `gorm:"column:tsh_fields"` // JSON object, NULL when nil
	// Migration 12.
	Class string `gorm:"column:class"`
	// Migration 14.
	Surname    string `gorm:"column:surname"`
	GivenNames string `gorm:"column:given_names"`
	Photo      string `gorm:"column:photo"`
	// Migration 15.
	Team string `gorm:"column:team"`
	// Migration 16.
	CareerGames int `gorm:"column:career_games"`
	// Migration 17.
	CheckedIn bool `gorm:"column:checked_in"`
}

func (playerRow) TableName() string { return "players" }

func toPlayerRow(p *service.Player) playerRow {
	r := playerRow{ID: p.ID, TournamentID: p.TournamentID, DivisionID: p.DivisionID,
		Name: p.Name, Rating: p.Rating, MemberID: p.MemberID, Withdrawn: p.Withdrawn, FixedTable: p.FixedTable, Class: p.Class,
		Surname: p.Surname, GivenNames: p.GivenNames, Photo: p.Photo, Team: p.Team, CareerGames: p.CareerGames, CheckedIn: p.CheckedIn}
	if p.TSHFields != nil {
		b, _ := json.Marshal(p.TSHFields) // strings only: always encodes
		s := string(b)
		r.TSHFields = &s
	}
	return r
}

func (r *playerRow) toService() (service.Player, error) {
	p := service.Player{ID: r.ID, TournamentID: r.TournamentID, DivisionID: r.DivisionID,
		Name: r.Name, Rating: r.Rating, MemberID: r.MemberID, Withdrawn: r.Withdrawn, FixedTable: r.FixedTable, Class: r.Class,
		Surname: r.Surname, GivenNames: r.GivenNames, Photo: r.Photo, Team: r.Team, CareerGames: r.CareerGames, CheckedIn: r.CheckedIn}
	if r.TSHFields != nil {
		if err := json.Unmarshal([]byte(*r.TSHFields), &p.TSHFields); err != nil {
			return p, err
		}
	}
	return p, nil
}

type roundRow struct {
	ID           int64  `gorm:"column:id;primaryKey"`
	TournamentID int64  `gorm:"column:tournament_id"`
	DivisionID   *int64 `gorm:"column:division_id"`
	Number       int    `gorm:"column:number"`
}

func (roundRow) TableName() string { return "rounds" }

func toRoundRow(r *service.Round) roundRow {
	return roundRow{ID: r.ID, TournamentID: r.TournamentID, DivisionID: r.DivisionID, Number: r.Number}
}

func (r *roundRow) toService() service.Round {
	return service.Round{ID: r.ID, TournamentID: r.TournamentID, DivisionID: r.DivisionID, Number: r.Number}
}

// gameRow is a game without its seats, which live in game_seats.
type gameRow struct {
	ID           int64     `gorm:"column:id;primaryKey"`
	TournamentID int64     `gorm:"column:tournament_id"`
	DivisionID   *int64    `gorm:"column:division_id"`
	Round        int       `gorm:"column:round"`
	TableNumber  int       `gorm:"column:table_number"`
	Teams        bool      `gorm:"column:teams"`
	Reason       string    `gorm:"column:pairing_reason"` // migration 6
	CreatedAt    time.Time `gorm:"column:created_at;autoCreateTime:false"`
	Version      int64     `gorm:"column:version;->"` // migration 7; written only by ClaimGame
}

func (gameRow) TableName() string { return "games" }

func toGameRow(g *service.Game) gameRow {
	return gameRow{ID: g.ID, TournamentID: g.TournamentID, DivisionID: g.DivisionID,
		Round: g.Round, TableNumber: g.Table, Teams: g.Teams, Reason: g.Reason, CreatedAt: g.CreatedAt.UTC()}
}

func (r *gameRow) toService(seats []int64) service.Game {
	return service.Game{ID: r.ID, TournamentID: r.TournamentID, DivisionID: r.DivisionID,
		Round: r.Round, Table: r.TableNumber, Seats: seats, Teams: r.Teams, Reason: r.Reason, CreatedAt: r.CreatedAt,
		Version: r.Version}
}

// gameSeatRow is one entry of Game.Seats: Seats[i] is seat i+1.
type gameSeatRow struct {
	GameID   int64 `gorm:"column:game_id;primaryKey;autoIncrement:false"`
	Seat     int   `gorm:"column:seat;primaryKey;autoIncrement:false"`
	PlayerID int64 `gorm:"column:player_id"`
}

func (gameSeatRow) TableName() string { return "game_seats" }

func toSeatRows(g *service.Game) []gameSeatRow {
	rows := make([]gameSeatRow, len(g.Seats))
	for i, id := range g.Seats {
		rows[i] = gameSeatRow{GameID: g.ID, Seat: i + 1, PlayerID: id}
	}
	return rows
}

type turnRow struct {
	ID           int64   `gorm:"column:id;primaryKey"`
	GameID       int64   `gorm:"column:game_id"`
	Seq          int     `gorm:"column:seq"`
	Kind         string  `gorm:"column:kind"`
	Seat         int     `gorm:"column:seat"`
	Move         string  `gorm:"column:move"`
	Rack         string  `gorm:"column:rack"`
	ClaimedScore *int    `gorm:"column:claimed_score"`
	Points       int     `gorm:"column:points"`
	Score        int     `gorm:"column:score"`
	Agrees       bool    `gorm:"column:agrees"`
	Flag         string  `gorm:"column:flag"`
	Breakdown    *string `gorm:"column:breakdown"` // JSON, NULL when none
	// A challenge's ruling (migration 5).
	ChallengedTurn int     `gorm:"column:challenged_turn"`
	Verdict        string  `gorm:"column:verdict"`
	Words          *string `gorm:"column:words"`         // JSON array, NULL when nil
	InvalidWords   *string `gorm:"column:invalid_words"` // JSON array, NULL when nil
	Lexicon        string  `gorm:"column:lexicon"`
	DecidedBy      string  `gorm:"column:decided_by"`

	Undone    bool      `gorm:"column:undone"`
	EnteredBy string    `gorm:"column:entered_by"`
	CreatedAt time.Time `gorm:"column:created_at;autoCreateTime:false"`
	Note      *string   `gorm:"column:note"` // migration 9; NULL when there is none
}

func (turnRow) TableName() string { return "turn_events" }

// noteColumn is a turn's note as stored: NULL for none.
func noteColumn(note string) *string {
	if note == "" {
		return nil
	}
	return &note
}

// noteText is a stored note: "" for NULL.
func noteText(note *string) string {
	if note == nil {
		return ""
	}
	return *note
}

func toTurnRow(e *service.TurnEvent) (turnRow, error) {
	words, err := jsonStrings(e.Words)
	if err != nil {
		return turnRow{}, err
	}
	invalid, err := jsonStrings(e.InvalidWords)
	if err != nil {
		return turnRow{}, err
	}
	return turnRow{ID: e.ID, GameID: e.GameID, Seq: e.Seq, Kind: e.Kind, Seat: e.Seat,
		Move: e.Move, Rack: e.Rack, ClaimedScore: e.ClaimedScore, Points: e.Points,
		Score: e.Score, Agrees: e.Agrees, Flag: e.Flag, Breakdown: jsonColumn(e.Breakdown),
		ChallengedTurn: e.ChallengedTurn, Verdict: e.Verdict, Words: words, InvalidWords: invalid,
		Lexicon: e.Lexicon, DecidedBy: e.DecidedBy,
		Undone: e.Undone, EnteredBy: e.EnteredBy, CreatedAt: e.CreatedAt.UTC(), Note: noteColumn(e.Note)}, nil
}

func (r *turnRow) toService() (service.TurnEvent, error) {
	words, err := stringsJSON(r.Words)
	if err != nil {
		return service.TurnEvent{}, err
	}
	invalid, err := stringsJSON(r.InvalidWords)
	if err != nil {
		return service.TurnEvent{}, err
	}
	return service.TurnEvent{ID: r.ID, GameID: r.GameID, Seq: r.Seq, Kind: r.Kind, Seat: r.Seat,
		Move: r.Move, Rack: r.Rack, ClaimedScore: r.ClaimedScore, Points: r.Points,
		Score: r.Score, Agrees: r.Agrees, Flag: r.Flag, Breakdown: rawJSON(r.Breakdown),
		ChallengedTurn: r.ChallengedTurn, Verdict: r.Verdict, Words: words, InvalidWords: invalid,
		Lexicon: r.Lexicon, DecidedBy: r.DecidedBy,
		Undone: r.Undone, EnteredBy: r.EnteredBy, CreatedAt: r.CreatedAt, Note: noteText(r.Note)}, nil
}

// resultRow is a service.Result (migration 6).
type resultRow struct {
	ID             int64     `gorm:"column:id;primaryKey"`
	TournamentID   int64     `gorm:"column:tournament_id"`
	DivisionID     *int64    `gorm:"column:division_id"`
	Round          int       `gorm:"column:round"`
	GameID         *int64    `gorm:"column:game_id"`
	Kind           string    `gorm:"column:kind"`
	Player1        int64     `gorm:"column:player1_id"`
	Player2        *int64    `gorm:"column:player2_id"`
	Score1         int       `gorm:"column:score1"`
	Score2         int       `gorm:"column:score2"`
	First          *int64    `gorm:"column:first_player_id"`
	TieBreakWinner *int64    `gorm:"column:tie_break_winner_id"`
	TableNumber    int       `gorm:"column:table_number"`
	Source         string    `gorm:"column:source"`
	Reason         string    `gorm:"column:reason"`
	CreatedAt      time.Time `gorm:"column:created_at;autoCreateTime:false"`
	UpdatedAt      time.Time `gorm:"column:updated_at;autoUpdateTime:false"`
	GroupSeats     *string   `gorm:"column:group_seats"` // migration 8: JSON, NULL for two players
	Rev            int64     `gorm:"column:rev"`         // migration 13: the results revision that wrote it
}

func (resultRow) TableName() string { return "results" }

// groupSeats is the JSON of results.group_seats.
type groupSeats struct {
	Players []int64 `json:"players"`
	Scores  []int   `json:"scores"`
	Teams   bool    `json:"teams,omitempty"`
}

func toResultRow(r *service.Result) resultRow {
	row := toResultRowPlain(r)
	if r.Group != nil {
		b, _ := json.Marshal(groupSeats{Players: r.Group, Scores: r.GroupScores, Teams: r.Teams}) // ints only: always encodes
		s := string(b)
		row.GroupSeats = &s
	}
	return row
}

func toResultRowPlain(r *service.Result) resultRow {
	return resultRow{ID: r.ID, TournamentID: r.TournamentID, DivisionID: r.DivisionID, Round: r.Round,
		GameID: r.GameID, Kind: r.Kind, Player1: r.Player1, Player2: r.Player2, Score1: r.Score1, Score2: r.Score2,
		First: r.First, TieBreakWinner: r.TieBreakWinner, TableNumber: r.Table, Source: r.Source, Reason: r.Reason,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

func (r *resultRow) toService() service.Result {
	out := r.toServicePlain()
	if r.GroupSeats != nil {
		var g groupSeats
		if json.Unmarshal([]byte(*r.GroupSeats), &g) == nil {
			out.Group, out.GroupScores, out.Teams = g.Players, g.Scores, g.Teams
		}
	}
	return out
}

func (r *resultRow) toServicePlain() service.Result {
	return service.Result{ID: r.ID, TournamentID: r.TournamentID, DivisionID: r.DivisionID, Round: r.Round,
		GameID: r.GameID, Kind: r.Kind, Player1: r.Player1, Player2: r.Player2, Score1: r.Score1, Score2: r.Score2,
		First: r.First, TieBreakWinner: r.TieBreakWinner, Table: r.TableNumber, Source: r.Source, Reason: r.Reason,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
}

type auditRow struct {
	ID           int64     `gorm:"column:id;primaryKey"`
	TournamentID int64     `gorm:"column:tournament_id"`
	GameID       *int64    `gorm:"column:game_id"`
	Who          string    `gorm:"column:who"`
	Action       string    `gorm:"column:action"`
	Reason       string    `gorm:"column:reason"`
	Before       *string   `gorm:"column:before"` // JSON
	After        *string   `gorm:"column:after"`  // JSON
	At           time.Time `gorm:"column:at"`
}

func (auditRow) TableName() string { return "audit_entries" }

func toAuditRow(a *service.AuditEntry) auditRow {
	return auditRow{ID: a.ID, TournamentID: a.TournamentID, GameID: a.GameID, Who: a.Who,
		Action: a.Action, Reason: a.Reason, Before: jsonColumn(a.Before), After: jsonColumn(a.After),
		At: a.At.UTC()}
}

func (r *auditRow) toService() service.AuditEntry {
	return service.AuditEntry{ID: r.ID, TournamentID: r.TournamentID, GameID: r.GameID, Who: r.Who,
		Action: r.Action, Reason: r.Reason, Before: rawJSON(r.Before), After: rawJSON(r.After),
		At: r.At}
}

type credentialRow struct {
	ID           int64      `gorm:"column:id;primaryKey"`
	Kind         string     `gorm:"column:kind"`
	TournamentID *int64     `gorm:"column:tournament_id"` // NULL for a director: no tournament to refer to
	TableNumber  int        `gorm:"column:table_number"`
	Label        string     `gorm:"column:label"`
	TokenHash    string     `gorm:"column:token_hash"`
	CreatedAt    time.Time  `gorm:"column:created_at;autoCreateTime:false"`
	RevokedAt    *time.Time `gorm:"column:revoked_at"`
	Code         *string    `gorm:"column:code"`        // a live table code as issued; NULL otherwise
	ReplacedBy   *int64     `gorm:"column:replaced_by"` // the code that replaced a revoked one
	ParentID     *int64     `gorm:"column:parent_id"`
	LastUsedAt   *time.Time `gorm:"column:last_used_at"`
	ClientAddr   string     `gorm:"column:client_address"`
}

func (credentialRow) TableName() string { return "credentials" }

func toCredentialRow(c *service.Credential) credentialRow {
	r := credentialRow{ID: c.ID, Kind: c.Kind, TableNumber: c.Table, Label: c.Label,
		TokenHash: c.TokenHash, CreatedAt: c.CreatedAt.UTC(), ClientAddr: c.ClientAddr,
		ParentID: orNull(c.ParentID), TournamentID: orNull(c.TournamentID), ReplacedBy: orNull(c.ReplacedBy),
		LastUsedAt: utcOrNull(c.LastUsedAt), RevokedAt: utcOrNull(c.RevokedAt)}
	if c.Kind == service.CredTable {
		r.Code = orNull(c.Code)
	}
	return r
}

func (r *credentialRow) toService() service.Credential {
	return service.Credential{ID: r.ID, Kind: r.Kind, Table: r.TableNumber, Label: r.Label,
		TokenHash: r.TokenHash, CreatedAt: r.CreatedAt, RevokedAt: r.RevokedAt, LastUsedAt: r.LastUsedAt, ClientAddr: r.ClientAddr,
		ParentID: orZero(r.ParentID), TournamentID: orZero(r.TournamentID), Code: orZero(r.Code), ReplacedBy: orZero(r.ReplacedBy)}
}

// orNull is a nullable column's value: NULL for the zero value.
func orNull[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

// orZero reads a nullable column: the zero value for NULL.
func orZero[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// utcOrNull is a nullable time column's value, in UTC.
func utcOrNull(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

type idempotentRow struct {
	Scope       string    `gorm:"column:scope;primaryKey"`
	Key         string    `gorm:"column:key;primaryKey"`
	Status      int       `gorm:"column:status"`
	ContentType string    `gorm:"column:content_type"`
	Body        []byte    `gorm:"column:body"`
	CreatedAt   time.Time `gorm:"column:created_at;autoCreateTime:false"`
}

func (idempotentRow) TableName() string { return "idempotent_responses" }

func toIdempotentRow(r *service.IdempotentResponse) idempotentRow {
	return idempotentRow{Scope: r.Scope, Key: r.Key, Status: r.Status,
		ContentType: r.ContentType, Body: r.Body, CreatedAt: r.CreatedAt.UTC()}
}

func (r *idempotentRow) toService() service.IdempotentResponse {
	return service.IdempotentResponse{Scope: r.Scope, Key: r.Key, Status: r.Status,
		ContentType: r.ContentType, Body: r.Body, CreatedAt: r.CreatedAt}
}

// jsonColumn stores an absent JSON value as NULL rather than as an empty
// string (which json_valid refuses).
func jsonColumn(m json.RawMessage) *string {
	if len(m) == 0 {
		return nil
	}
	s := string(m)
	return &s
}

func rawJSON(s *string) json.RawMessage {
	if s == nil {
		return nil
	}
	return json.RawMessage(*s)
}

// jsonStrings stores a list of words as a JSON array, and nil as NULL so
// that nil and empty come back as they went in.
func jsonStrings(ss []string) (*string, error) {
	if ss == nil {
		return nil, nil
	}
	b, err := json.Marshal(ss)
	if err != nil {
		return nil, err
	}
	s := string(b)
	return &s, nil
}

func stringsJSON(s *string) ([]string, error) {
	if s == nil {
		return nil, nil
	}
	var ss []string
	err := json.Unmarshal([]byte(*s), &ss)
	return ss, err
}
