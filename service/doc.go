// Package service is the tournament service's domain: tournaments,
// divisions, players, rounds, games and their turn events, who may do
// what, and the operations the API offers. It owns the Store interface
// (store.go) that the persistence package implements, and it asks the
// scoring engine for everything derived (board, racks, totals, results)
// and the standings package for everything ranked.
//
// # Two halves
//
// A game's life. A game is its ordered list of turn events (TurnEvent),
// replayed through the engine on every read (replay.go, view.go; the
// events of games in play are cached, gamecache.go). Tables and the
// director enter turns (turns.go), challenge and hold (challenges.go),
// confirm the result (confirm.go); the director undoes, corrects, reverses
// rulings (turns.go, challenges.go), ends or voids a record
// (games_record.go) and imports a GCG record (import_gcg*.go). What may
// be entered, and by whom: games.go (canEnter, canRead).
//
// A division's life. A division (or a tournament without divisions) is
// loaded from its rows into a standings.Division (divState,
// division_load.go), the one place the service gets one. Players join,
// withdraw and come late (players*.go), rounds are paired (pairings*.go,
// rounds.go), results are entered and amended by hand (results_entry.go,
// results_table.go), and the standings, prizes, ratings, statistics and
// tsh files are read off the loaded division (standings*.go, prizes*.go,
// ratings.go, stats*.go, tsh*.go, feed*.go).
//
// # Where they meet
//
// A game belongs to a round's pairing, and a pairing has one result. A
// game recorded turn by turn owns its result: when its record finishes
// (or changes, or reopens) syncResult (results_recorded.go) enters,
// amends or clears the result in the division, in the same transaction.
// A result entered by hand beside a live record is refused unless it sets
// the record aside (handOverRecord, games_record.go), and a record is not
// started beside a hand result (refuseBesideHandResult).
//
// # The write recipes
//
// Every change to a game's turn events goes through changeGame
// (game_change.go): load → decide (in memory, through the rules) → claim
// the version read (claim.go) → append the new events → the change's own
// writes (audit) → keep the result in step (syncResult) → answer; once
// committed, the watchers are told (Store.AfterCommit, notices.go). A use
// case fills in a gameChange with what is its own.
//
// Every change to a division loads it (loadDivision), asks the
// standings.Division for the change (Enter, Amend, ApplyPairings,
// Withdraw, ...) and stores the standings.Change it gives with saveChange
// (result_rows.go), inside changeTournament (notices.go) or changeRound
// (pairings.go), which tell the watchers once committed. Every change a
// director makes is in the audit log (audit.go).
//
// What the public read again and again (the tsh feed, the live boards) is
// built once per change that the watchers are told of, and shared
// (built_cache.go); the store brings a tournament's results up to date by
// their revision rather than reading them all (store.ListResults).
//
// # Where each noun lives
//
//   - stored rows: domain.go (Tournament, Division, Player, Round, Game,
//     TurnEvent, Result, AuditEntry, Credential, IdempotentResponse);
//     a division's settings: division_settings.go
//   - a game as read: view.go (GameView, ResultView); a turn's answer:
//     turns.go (TurnResult); a division's rows as read: result_rows.go
//     (RoundResult), standings.go (StandingRow), pairings.go
//   - who is asking: auth.go (Actor), credentials.go, sessions.go,
//     guard.go; errors the API turns into problems: errors.go
//   - what watchers are told: notices.go (Notice), changes.go (Change);
//     the live boards: live.go
//   - each operation's input (…Input) beside the operation.
package service
