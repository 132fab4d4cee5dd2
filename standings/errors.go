package standings

import (
	"errors"
	"fmt"
)

// Code names the rule a request or a file broke. The strings are part of
// the API (the HTTP layer and stored audit entries use them): never change
// one, only add.
type Code string

// Codes for entering results, pairing and managing players.
const (
	// CodeUnknownPlayer: a player id that is not in the division.
	CodeUnknownPlayer Code = "unknown-player"
	// CodeRoundOutOfRange: a round before 1, after the division's last
	// round, or more than one past the last round already paired.
	CodeRoundOutOfRange Code = "round-out-of-range"
	// CodePairedElsewhere: one of the players is paired with someone else
	// (or has a bye) in that round.
	CodePairedElsewhere Code = "paired-elsewhere"
	// CodeAlreadyEntered: the result is already there; amending it is a
	// separate, explicit operation (Amend).
	CodeAlreadyEntered Code = "already-entered"
	// CodeNotEntered: Amend or ClearResult on a result that was never entered.
	CodeNotEntered Code = "not-entered"
	// CodeScoreOutOfRange: the spread of a bye or forfeit that is negative
	// (byes), not positive (forfeits) or above MaxScore; in a .t file, a
	// bye score beyond ±MaxScore. (Before game scores had their own code,
	// CodeImplausibleScore, it also named a game score outside 0..MaxScore.)
	CodeScoreOutOfRange Code = "score-out-of-range"
	// CodeImplausibleScore: a game score outside Config.MinScore..MaxScore
	// (-500..2500 by default). A sanity bound, not a rule: negative finals
	// are real (rack deductions, time penalties); a score past the bounds
	// is a typing error, or a variant that needs wider bounds.
	CodeImplausibleScore Code = "implausible-score"
	// CodeSpreadMismatch: the spread written on the scorecard is not the
	// difference of the two scores.
	CodeSpreadMismatch Code = "spread-mismatch"
	// CodeSelfPairing: a player paired with, or entered against, themself.
	CodeSelfPairing Code = "self-pairing"
	// CodeBadStart: "who went first" names neither player of the game.
	CodeBadStart Code = "bad-start"
	// CodeBadTieBreak: a tie-break winner for a game that was not tied, or
	// who is not one of its players.
	CodeBadTieBreak Code = "bad-tie-break"
	// CodeWithdrawn: a new pairing for a withdrawn player.
	CodeWithdrawn Code = "player-withdrawn"
	// CodeBadEntry: an entry whose kind and fields do not fit together.
	CodeBadEntry Code = "bad-entry"
	// CodeAlreadyPaired: pairing a player who already has a pairing in
	// that round (Unpair first).
	CodeAlreadyPaired Code = "already-paired"
	// CodeDuplicateInRound: the same player twice in one set of pairings.
	CodeDuplicateInRound Code = "duplicate-in-round"
	// CodeDuplicateTable: two games at one table in one round.
	CodeDuplicateTable Code = "duplicate-table"
	// CodeIncompletePairing: manual pairings that leave an active player
	// unpaired.
	CodeIncompletePairing Code = "incomplete-pairing"
	// CodeNoPlayers: nothing to pair.
	CodeNoPlayers Code = "no-players"
	// CodeNotInSchedule: a round the round robin's schedule does not cover.
	CodeNotInSchedule Code = "not-in-schedule"
	// CodeFontesMismatch: a later Fontes round whose earlier rounds, as
	// recorded, are not the groups drawn again for the field (another
	// seed, changed ratings).
	CodeFontesMismatch Code = "fontes-groups-mismatch"
	// CodeBadName: a name tsh could not read back (empty, with ';', a
	// leading '#', a line break, or ending in a word that reads as a
	// rating).
	CodeBadName Code = "bad-name"
	// CodeReservedField: an extension field whose key this package writes
	// itself (p12, board, off, forfeit, tiebreak, fixedboard).
	CodeReservedField Code = "reserved-field"
	// CodeTooManyPlayers: more than MaxPlayers players.
	CodeTooManyPlayers Code = "too-many-players"
	// CodeBadConfig: a configuration value out of range.
	CodeBadConfig Code = "bad-config"
	// CodeUnknownKey: a standings key the chain does not know.
	CodeUnknownKey Code = "unknown-standings-key"
	// CodeUnknownSystem: a pairing system this package does not know.
	CodeUnknownSystem Code = "unknown-pairing-system"
)

// Codes for reading .t files. Each comes with the line number.
const (
	// CodeTooLarge: the file is bigger than MaxTFileSize.
	CodeTooLarge Code = "file-too-large"
	// CodeMalformedLine: a player line that has no name and rating.
	CodeMalformedLine Code = "malformed-line"
	// CodeBadRating: a rating that is not a whole number.
	CodeBadRating Code = "bad-rating"
	// CodeBadScore: a score that is not a whole number (or "00").
	CodeBadScore Code = "bad-score"
	// CodeBadField: an extension field (p12, board, off, ...) with a value
	// it cannot have.
	CodeBadField Code = "bad-field"
	// CodeUnknownOpponent: a pairing with a player number past the last line.
	CodeUnknownOpponent Code = "unknown-opponent"
	// CodeAsymmetricPairing: A is paired with B in a round but B is not
	// paired with A.
	CodeAsymmetricPairing Code = "asymmetric-pairing"
	// CodeScoreWithoutPairing: a score in a round with no pairing.
	CodeScoreWithoutPairing Code = "score-without-pairing"
	// CodeHalfScored: one player of a game has a score and the other not.
	CodeHalfScored Code = "half-scored"
	// CodeStartMismatch: both players of a game marked as going first (or
	// both second).
	CodeStartMismatch Code = "start-mismatch"
	// CodeTableMismatch: the two players of a game at different tables.
	CodeTableMismatch Code = "table-mismatch"
	// CodeForfeitMismatch: a forfeit field that its opponent's line does
	// not confirm.
	CodeForfeitMismatch Code = "forfeit-mismatch"
	// CodeTooManyRounds: a line with more than MaxRounds rounds.
	CodeTooManyRounds Code = "too-many-rounds"
	// CodeRoundsNotSet: a system that looks ahead to the last round (COP)
	// in a division whose number of rounds is not set.
	CodeRoundsNotSet Code = "rounds-not-set"
	// CodeOverconstrained: COP's hard rules (pairings made by hand, King
	// of the Hill, Gibson groups, control loss, byes) leave no pairing of
	// everyone.
	CodeOverconstrained Code = "cop-overconstrained"
)

// Limits that keep a hostile upload cheap. The largest real divisions
// (NSC) have a few hundred players and 31 rounds.
const (
	MaxPlayers   = 2000
	MaxRounds    = 200
	MaxTFileSize = 4 << 20
)

// Kind sorts codes for the HTTP layer: one status per kind, chosen there.
type Kind string

const (
	KindInvalid  Kind = "invalid"   // the request is wrong (400/422)
	KindConflict Kind = "conflict"  // the division's state refuses it (409)
	KindNotFound Kind = "not-found" // no such player or result (404)
)

// Error is every error this package returns. Code is stable; Msg is for
// people and may change. Line is set for .t files (1-based), Round and
// Player where they help.
type Error struct {
	Code   Code
	Msg    string
	Line   int
	Round  int
	Player int
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s (%s)", e.Line, e.Msg, e.Code)
	}
	return fmt.Sprintf("%s (%s)", e.Msg, e.Code)
}

// Kind tells the HTTP layer which class of status fits.
func (e *Error) Kind() Kind {
	switch e.Code {
	case CodePairedElsewhere, CodeAlreadyEntered, CodeAlreadyPaired, CodeWithdrawn:
		return KindConflict
	case CodeUnknownPlayer, CodeNotEntered:
		return KindNotFound
	}
	return KindInvalid
}

// CodeOf returns the Code of err if it is (or wraps) an *Error, else "".
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

func lineErr(line int, code Code, format string, args ...any) *Error {
	return &Error{Code: code, Line: line, Msg: fmt.Sprintf(format, args...)}
}
