package service

import (
	"encoding/json"
	"time"
)

// Tournament is an event: its rules, lexicon and challenge rule apply to
// every game in it.
type Tournament struct {
	ID            int64     `json:"id"`
	Name          string    `json:"name"`
	StartDate     string    `json:"start_date,omitempty"` // YYYY-MM-DD
	EndDate       string    `json:"end_date,omitempty"`
	Variant       string    `json:"variant"`         // scoring variant name: naspa, wespa, hasbro, alphajax, wordchums
	Lexicon       string    `json:"lexicon"`         // word list name (a file in the lexicon folder), may be empty
	ChallengeRule string    `json:"challenge_rule"`  // void, single, double, five-point, ...
	CurrentRound  int       `json:"current_round"`   // the round table credentials may enter turns for
	Board         string    `json:"board,omitempty"` // a board file's text, when the director supplied one
	Tiles         string    `json:"tiles,omitempty"` // a tile file's text, when the director supplied one
	Settings      Settings  `json:"settings"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

// Settings are a tournament's further options, stored as JSON.
type Settings map[string]any

// Division is a group of players paired among themselves, with its
// rules for results, standings and pairings.
type Division struct {
	ID           int64            `json:"id"`
	TournamentID int64            `json:"tournament_id"`
	Name         string           `json:"name"`
	Settings     DivisionSettings `json:"settings"`
	// NextRound and NextSystem (GET .../divisions, DivisionsNext): the
	// round to pair next and the system it takes (defaultSystem); absent
	// once the rounds planned are all paired.
	NextRound  int    `json:"next_round,omitempty"`
	NextSystem string `json:"next_system,omitempty"`
	// NextTakenBack: auto_pair is on, but the director took the next
	// round back, so it waits for them (auto-pair leaves it).
	NextTakenBack bool `json:"next_taken_back,omitempty"`
}

// Player is an entrant.
type Player struct {
	ID           int64  `json:"id"`
	TournamentID int64  `json:"tournament_id"`
	DivisionID   *int64 `json:"division_id,omitempty"`
	Name         string `json:"name"`
	Rating       int    `json:"rating"`
	MemberID     string `json:"member_id,omitempty"`
	// Withdrawn is empty for a player still playing; for one who withdrew,
	// what their unplayed rounds become: forfeit, bye or none.
	Withdrawn string `json:"withdrawn,omitempty"`
	// FixedTable is the table the player always sits at (0: none).
	FixedTable int `json:"fixed_table,omitempty"`
	// Class is the rating class set by hand (or read from a .t file's
	// "class" field): "" when the division's class_floors decide.
	Class string `json:"class,omitempty"`
	// Surname and GivenNames are the name in its parts, as tsh holds it
	// ("Surname, Given Names"): both "" when the name was never split
	// (NameParts splits it then). See names_parts.go.
	Surname    string `json:"surname,omitempty"`
	GivenNames string `json:"given_names,omitempty"`
	// Photo is the path of the player's photo under the tournament's
	// html/ folder, as tsh's tourney.js names it ("pix/g/..."): "" for none.
	Photo string `json:"photo,omitempty"`
	// Team is the player's team, club or country (a .t file's "team"
	// field): players of one team avoid each other under exagony.
	Team string `json:"team,omitempty"`
	// CareerGames are the player's rated games before the event (a rating
	// list's games, a .t file's "lifeg"): under 50, NASPA's higher
	// multipliers; 0 when not known (taken as established).
	CareerGames int `json:"career_games,omitempty"`
	// CheckedIn: the player has checked in at the registration desk (see
	// registration.go); a division with check_in_required pairs only
	// players checked in.
	CheckedIn bool `json:"checked_in,omitempty"`
	// TSHFields are the fields of an imported .t line this service has no
	// use for (newr, class, xtid, ...), written back on export.
	TSHFields map[string][]string `json:"tsh_fields,omitempty"`
}

// Round is one round of a division (or of the whole tournament).
type Round struct {
	ID           int64  `json:"id"`
	TournamentID int64  `json:"tournament_id"`
	DivisionID   *int64 `json:"division_id,omitempty"`
	Number       int    `json:"number"`
}

// Game is one game at one table in one round; Seats are player ids in
// playing order (seat 1 moves first).
type Game struct {
	ID           int64     `json:"id"`
	TournamentID int64     `json:"tournament_id"`
	DivisionID   *int64    `json:"division_id,omitempty"`
	Round        int       `json:"round"`
	Table        int       `json:"table"`
	Seats        []int64   `json:"players"`
	Teams        bool      `json:"teams,omitempty"`  // 2-vs-2 (Word Chums): seats 1+3 against 2+4
	Reason       string    `json:"reason,omitempty"` // why these players were paired, when a pairing system paired them
	CreatedAt    time.Time `json:"created_at"`
	// Version counts changes to the game's turn events (see Store.ClaimGame).
	Version int64 `json:"-"`
}

// Turn event kinds as stored and as the API names them.
const (
	EventMove           = "move"            // placement, exchange or pass
	EventAccept         = "accept"          // the opponent accepts a play that went out (no challenge)
	EventWithdraw       = "withdraw"        // a play taken back after a successful challenge
	EventChallengeBonus = "challenge-bonus" // points for a play that was challenged and stood
	EventLostTurn       = "lost-turn"       // a challenger's turn lost to a failed challenge
	EventEndRack        = "end-rack"        // a player's tiles revealed at the end of the game
	EventTimePenalty    = "time-penalty"    // overtime points deducted
	EventChallenge      = "challenge"       // a challenge and its ruling; its effect follows the challenge rule
	EventHold           = "hold"            // the opponent holds the play while deciding whether to challenge
	EventConfirm        = "confirm"         // a player confirms the finished game's result (see ConfirmResult)
	EventEnd            = "end"             // the director ends the game where it stands (Move: how: time, abandoned, adjudicated)
	EventVoid           = "void"            // the director sets the record aside: the result is entered by hand
)

// Challenge verdicts.
const (
	VerdictAcceptable   = "acceptable"
	VerdictUnacceptable = "unacceptable"
)

// TurnEvent is one entry of a game's ordered list, with what was entered
// and what the engine computed, side by side. Undone events are kept (with
// who undid them and why) but no longer replayed.
type TurnEvent struct {
	ID     int64 `json:"id"`
	GameID int64 `json:"game_id"`
	// Seq is the event's place in storage (1-based, never reused, undone
	// events included); the turn players count is TurnView.Turn (see
	// TurnNumbers).
	Seq          int             `json:"seq"`
	Kind         string          `json:"kind"`
	Seat         int             `json:"player"` // 1-based seat
	Move         string          `json:"move,omitempty"`
	Rack         string          `json:"rack,omitempty"`
	ClaimedScore *int            `json:"claimed_score"`
	Points       int             `json:"points,omitempty"` // bonus or penalty events
	Score        int             `json:"score"`            // computed change to the player's score
	Agrees       bool            `json:"agrees"`
	Flag         string          `json:"flag,omitempty"` // why the director should look: "score-disagreement", "irregular:missed-start"
	Breakdown    json.RawMessage `json:"breakdown,omitempty"`
	// Challenge events: the play challenged (its Seq), the ruling, the words judged
	// (blanks as the letters they stand for), the words that failed (shown
	// to the director only), the lexicon and who decided ("lexicon" or
	// "director").
	ChallengedTurn int       `json:"challenged_turn,omitempty"`
	Verdict        string    `json:"verdict,omitempty"`
	Words          []string  `json:"words,omitempty"`
	InvalidWords   []string  `json:"invalid_words,omitempty"`
	Lexicon        string    `json:"lexicon,omitempty"`
	DecidedBy      string    `json:"decided_by,omitempty"`
	Undone         bool      `json:"undone,omitempty"`
	EnteredBy      string    `json:"entered_by"`
	CreatedAt      time.Time `json:"created_at"`
	// Note is kept with the turn: a GCG record's #note lines after it,
	// imported, and written back after it on export.
	Note string `json:"note,omitempty"`
}

// Result kinds.
const (
	ResultGame    = "game"    // a game played: two players, two scores
	ResultBye     = "bye"     // a round won (or, at 0, neither won nor lost) without an opponent
	ResultForfeit = "forfeit" // a round lost by forfeit, to an opponent or to nobody
)

// Where a result came from.
const (
	SourceRecorded   = "recorded"   // the game was recorded turn by turn
	SourceEntered    = "entered"    // the director entered (or amended) it
	SourcePairing    = "pairing"    // a bye given when the round was paired
	SourceWithdrawal = "withdrawal" // a round a withdrawn player did not play
	SourceLateEntry  = "late-entry" // a round a late entrant missed
	SourceImported   = "imported"   // read from a tsh .t file
)

// Result is one round's outcome between two players, or for one player
// alone, as stored:
//
//   - a game: Player1 and Player2 with their scores, First who started
//     (nil: not known), TieBreakWinner for a tied score the variant's
//     tie-break decided;
//   - a forfeit between two players: Player1 forfeited to Player2, who
//     wins by Score2 (Score1 is 0);
//   - no opponent: Player1 alone, Score1 the spread they get (a bye's
//     positive spread, a forfeit's negative one, 0 for a round that
//     counts neither way).
//
// So Score1 - Score2 is always Player1's spread. A game recorded turn by
// turn has its GameID; so does a result entered for a game.
type Result struct {
	ID             int64     `json:"id"`
	TournamentID   int64     `json:"tournament_id"`
	DivisionID     *int64    `json:"division_id,omitempty"`
	Round          int       `json:"round"`
	GameID         *int64    `json:"game_id,omitempty"`
	Kind           string    `json:"kind"`
	Player1        int64     `json:"player1"`
	Player2        *int64    `json:"player2,omitempty"`
	Score1         int       `json:"score1"`
	Score2         int       `json:"score2"`
	First          *int64    `json:"first,omitempty"`
	TieBreakWinner *int64    `json:"tie_break_winner,omitempty"`
	Table          int       `json:"table,omitempty"`
	Source         string    `json:"source"`
	Reason         string    `json:"reason,omitempty"` // a bye's pairing reason
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
	// A table of three or four, or a team game: every seat's player in
	// seat order (Player1 and Player2 are the first two) and the scores in
	// the same order, or for a team game (Teams) the two teams' scores,
	// seats 1 and 3 then 2 and 4 (Score1 and Score2 are those). Nil for a
	// two-player result.
	Group       []int64 `json:"group,omitempty"`
	GroupScores []int   `json:"group_scores,omitempty"`
	Teams       bool    `json:"teams,omitempty"`
}

// AuditEntry records who changed what, when and why, with the state
// before and after.
type AuditEntry struct {
	ID           int64           `json:"id"`
	TournamentID int64           `json:"tournament_id"`
	GameID       *int64          `json:"game_id,omitempty"`
	Who          string          `json:"who"`
	Action       string          `json:"action"` // "undo-turn", "correct-turn", ...
	Reason       string          `json:"reason,omitempty"`
	Before       json.RawMessage `json:"before,omitempty"`
	After        json.RawMessage `json:"after,omitempty"`
	At           time.Time       `json:"at"`
}

// Credential kinds.
const (
	CredDirector = "director"
	CredTable    = "table"
)

// Credential is a bearer token's record; only its hash is stored.
type Credential struct {
	ID           int64      `json:"id"`
	Kind         string     `json:"kind"`
	TournamentID int64      `json:"tournament_id,omitempty"` // table credentials only
	Table        int        `json:"table,omitempty"`
	Label        string     `json:"label"`
	TokenHash    string     `json:"-"`
	CreatedAt    time.Time  `json:"created_at"`
	RevokedAt    *time.Time `json:"revoked_at,omitempty"`
	// Code is a live table code as issued, kept so that its card can be
	// printed again (never a director's token), and never listed: it is
	// shown once, when issued, and printed; ReplacedBy, of a revoked code,
	// the code that replaced it (of a tablet's session ended by newer
	// sign-ins, MaxTabletsPerTable, the session that did).
	Code       string `json:"-"`
	ReplacedBy int64  `json:"replaced_by,omitempty"`
	// A session (a tablet signed in with a table code) names the
	// credential it was made from (ParentID), where it signed in from,
	// and when it was last used (written at most once a minute).
	ParentID   int64      `json:"-"`
	ClientAddr string     `json:"-"`
	LastUsedAt *time.Time `json:"-"`
}

// IdempotentResponse is the first answer to a request that carried an
// Idempotency-Key; a repeat of the key gets it back.
type IdempotentResponse struct {
	Scope       string // who asked (credential) and what (method and path)
	Key         string
	Status      int
	ContentType string
	Body        []byte
	CreatedAt   time.Time
}
