package scoring

import "fmt"

// Code names one way a move or event can be wrong. Codes are stable: the
// API, the GCG checker and the verify command report them to users.
type Code string

// Every way a move can break the rules has its own code.
const (
	CodeBadNotation     Code = "bad-notation"           // the move text cannot be read
	CodeBadPosition     Code = "bad-position"           // "8D"/"D8" coordinate cannot be read
	CodeUnknownLetter   Code = "unknown-letter"         // a letter the tile set does not have
	CodeOffBoard        Code = "off-board"              // a tile would land outside the board
	CodeOccupied        Code = "occupied"               // a new tile on a square that already has one
	CodeThroughMismatch Code = "through-mismatch"       // a played-through letter differs from the board
	CodeGap             Code = "gap"                    // the tiles leave an empty square inside the word
	CodeNotInLine       Code = "not-in-line"            // tiles not in one row or column
	CodeNotConnected    Code = "not-connected"          // the play touches no tile already on the board
	CodeMissedStart     Code = "missed-start"           // the first play does not cover the start square
	CodeFirstTooShort   Code = "first-too-short"        // the first play is a single letter
	CodeWordContinues   Code = "word-continues"         // the written word stops short of tiles next to it
	CodeNoTiles         Code = "no-tiles"               // a play that places nothing
	CodeTooManyTiles    Code = "too-many-tiles"         // more tiles than a rack holds
	CodeNotOnRack       Code = "not-on-rack"            // a tile the player's rack does not have
	CodeExceedsBag      Code = "exceeds-distribution"   // more of a letter (or blanks) than the bag ever had
	CodeRackNotInBag    Code = "rack-not-in-bag"        // a declared rack that the unseen tiles cannot supply
	CodeBagTooSmall     Code = "exchange-bag-too-small" // exchange with fewer tiles in the bag than the rule needs
	CodeWrongPlayer     Code = "wrong-player"           // not this player's turn
	CodeGameOver        Code = "game-over"              // a turn after the game ended
	CodeNothingToUndo   Code = "nothing-to-withdraw"    // withdrawal or challenge bonus with no play to refer to
	CodeGameNotOver     Code = "game-not-over"          // an end-of-game event before the end
	CodeDuplicate       Code = "duplicate"              // an event that may happen once happened twice
	CodeBadEvent        Code = "bad-event"              // an event whose fields do not fit together
	CodeRackCount       Code = "rack-count"             // a declared rack with the wrong number of tiles
)

// RuleError is a move or event that breaks the rules. Irregular errors
// are those the variant lets stand unless challenged: the caller decides
// whether to accept the play.
type RuleError struct {
	Code      Code
	Msg       string
	Irregular bool
}

func (e *RuleError) Error() string { return e.Msg }

func ruleErr(code Code, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Msg: fmt.Sprintf(format, args...)}
}
