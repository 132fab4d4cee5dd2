package service

import (
	"context"
	"time"
)

// Store is what the service needs from persistence. Methods return
// ErrNotFound for a missing row and ErrDuplicate for a taken unique key.
// Every method runs inside the transaction carried by ctx, if any (see
// InTx), so that a turn, its audit entry and its idempotency record are
// committed together or not at all.
type Store interface {
	// InTx runs fn in one transaction (reusing the one in ctx, if any):
	// committed, durably, if fn returns nil; rolled back otherwise.
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// AfterCommit runs f once the writes made in ctx's transaction are
	// committed, and never if they are undone; outside a transaction, at
	// once.
	AfterCommit(ctx context.Context, f func())

	CreateTournament(ctx context.Context, t *Tournament) error
	GetTournament(ctx context.Context, id int64) (*Tournament, error)
	ListTournaments(ctx context.Context) ([]Tournament, error)
	UpdateTournament(ctx context.Context, t *Tournament) error

	CreateDivision(ctx context.Context, d *Division) error
	ListDivisions(ctx context.Context, tournamentID int64) ([]Division, error)
	UpdateDivision(ctx context.Context, d *Division) error

	CreatePlayer(ctx context.Context, p *Player) error
	GetPlayer(ctx context.Context, id int64) (*Player, error)
	ListPlayers(ctx context.Context, tournamentID int64) ([]Player, error)
	// HasUndividedPlayers: some player of the tournament is in no division.
	HasUndividedPlayers(ctx context.Context, tournamentID int64) (bool, error)
	UpdatePlayer(ctx context.Context, p *Player) error
	PhotoStore      // the players' photos (photo_store.go)
	RatingListStore // the rating lists (rating_lists.go)

	CreateRound(ctx context.Context, r *Round) error
	ListRounds(ctx context.Context, tournamentID int64) ([]Round, error)

	CreateGame(ctx context.Context, g *Game) error
	GetGame(ctx context.Context, id int64) (*Game, error)
	ListGames(ctx context.Context, tournamentID int64) ([]Game, error)
	// ListGamesInRounds is ListGames for the games of some rounds only.
	ListGamesInRounds(ctx context.Context, tournamentID int64, rounds []int) ([]Game, error)
	// GameRounds are the rounds the tournament has games in, each with its
	// division (Round.ID 0), in no set order.
	GameRounds(ctx context.Context, tournamentID int64) ([]Round, error)
	UpdateGame(ctx context.Context, g *Game) error
	// ClaimGame is the first write of any change to a game's turn events:
	// it moves the game past the version the change was decided on, or
	// fails with ErrStale if another change moved it first.
	ClaimGame(ctx context.Context, gameID, version int64) error
	// DeleteGame removes a game that has no turns, results or audit
	// entries (a pairing taken back) with its seats.
	DeleteGame(ctx context.Context, id int64) error

	// AppendTurn adds an event; ErrDuplicate if the game already has one
	// with that Seq (two tablets racing for the same turn).
	AppendTurn(ctx context.Context, e *TurnEvent) error
	UpdateTurn(ctx context.Context, e *TurnEvent) error
	// ListTurns returns all of a game's events, undone ones included, by Seq.
	ListTurns(ctx context.Context, gameID int64) ([]TurnEvent, error)

	// Results: one row per game or bye (see Result). ListResults is by id,
	// the order they were entered; ResultForGame is ErrNotFound when the
	// game has none; a game has at most one (ErrDuplicate).
	CreateResult(ctx context.Context, r *Result) error
	UpdateResult(ctx context.Context, r *Result) error
	DeleteResult(ctx context.Context, id int64) error
	ListResults(ctx context.Context, tournamentID int64) ([]Result, error)
	ResultForGame(ctx context.Context, gameID int64) (*Result, error)

	AddAudit(ctx context.Context, a *AuditEntry) error
	ListAudit(ctx context.Context, tournamentID int64, gameID *int64) ([]AuditEntry, error)

	CreateCredential(ctx context.Context, c *Credential) error
	CredentialByHash(ctx context.Context, hash string) (*Credential, error)
	CountCredentials(ctx context.Context, kind string) (int, error)
	CredentialByID(ctx context.Context, id int64) (*Credential, error)
	ListTableCredentials(ctx context.Context, tournamentID int64) ([]Credential, error)
	// ActiveCredentials are the credentials of a kind not revoked, oldest
	// first.
	ActiveCredentials(ctx context.Context, kind string) ([]Credential, error)
	// RevokeCredential marks a credential revoked (once: a second call
	// changes nothing), and the sessions made from it; ErrNotFound if
	// there is none.
	RevokeCredential(ctx context.Context, id int64, at time.Time) error
	// ReplaceCredential is RevokeCredential naming the credential that
	// replaces it (kept with the revoked one).
	ReplaceCredential(ctx context.Context, id, replacedBy int64, at time.Time) error
	// TabletSessions are a tournament's live tablet sessions (table
	// credentials made from a table code), oldest first.
	TabletSessions(ctx context.Context, tournamentID int64) ([]Credential, error)
	// TableSessions are the live tablet sessions of one table, oldest
	// first.
	TableSessions(ctx context.Context, tournamentID int64, table int) ([]Credential, error)
	// TouchCredential records that a credential was used at that time.
	TouchCredential(ctx context.Context, id int64, at time.Time) error

	SaveIdempotent(ctx context.Context, r *IdempotentResponse) error
	GetIdempotent(ctx context.Context, scope, key string) (*IdempotentResponse, error)
	// PruneIdempotent deletes the responses saved before a time and
	// reports how many it deleted.
	PruneIdempotent(ctx context.Context, before time.Time) (int64, error)

	// Broadcast tells the other processes sharing the database about a
	// change; inside a transaction, with its commit and only then. Listen
	// has f called with each change they broadcast, and reports whether
	// other processes may share the database. A store that one process
	// has to itself does nothing, and reports false.
	Broadcast(ctx context.Context, c Change) error
	Listen(f func(Change)) (shared bool)
}
