package gcg

import "fmt"

// SyntaxError is what Read returns when a record cannot be understood: the
// line it stopped at (1-based) and a stable code naming the rule broken.
// Callers branch on Code; Msg is for people and may change.
type SyntaxError struct {
	Line int
	Code string
	Msg  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d: %s (%s)", e.Line, e.Msg, e.Code)
}

// Syntax error codes. One code per rule; the strings are part of the API
// (the HTTP layer and stored reports use them), so never change one.
const (
	// CodeEmptyRecord: nothing but blank lines (and perhaps the encoding line).
	CodeEmptyRecord = "empty-record"
	// CodeRecordTooLarge: the input, decoded or as Write would write it, is
	// bigger than MaxRecordSize.
	CodeRecordTooLarge = "record-too-large"
	// CodeUnsupportedEncoding: #character-encoding names something other
	// than UTF-8 or ISO-8859-1, or the bytes start with a UTF-16 mark.
	CodeUnsupportedEncoding = "unsupported-encoding"
	// CodeInvalidUTF8: the record says it is UTF-8 but is not.
	CodeInvalidUTF8 = "invalid-utf8"
	// CodeEncodingNotFirst: #character-encoding after some other line
	// (blank lines aside), or given twice: the bytes before it would have
	// been decoded without knowing how.
	CodeEncodingNotFirst = "encoding-not-first"
	// CodeLineTooLong: a #playerN line longer than MaxLineLength
	// characters as Write would write it (the nick twice when no name is
	// given). No other line has a length limit of its own.
	CodeLineTooLong = "line-too-long"
	// CodeStrayText: a line that is not a pragma ('#'), not an event ('>')
	// and not the continuation of a #note.
	CodeStrayText = "stray-text"

	// CodeMalformedPlayer: a #playerN line without a nick, or a bad N.
	CodeMalformedPlayer = "malformed-player"
	// CodePlayerNumberRedundant: the same #playerN given twice.
	CodePlayerNumberRedundant = "player-number-redundant"
	// CodePlayerNumberGap: #player1..#playerN do not run without a gap.
	CodePlayerNumberGap = "player-number-gap"
	// CodeDuplicateNick: two players share a nick and an event line names
	// a player who does not exist, so the record cannot be attributed.
	// (Shared nicks alone are accepted: Quackle writes "NoName" for both
	// players, and turn order still tells them apart.)
	CodeDuplicateNick = "duplicate-nick"
	// CodeRedundantPragma: a header pragma (#title, #lexicon...) or a
	// #rackN given twice.
	CodeRedundantPragma = "redundant-pragma"
	// CodePragmaAfterEvents: a header pragma or #playerN after the first event.
	CodePragmaAfterEvents = "pragma-after-events"

	// CodeEventBeforePlayers: an event line before two #playerN lines.
	CodeEventBeforePlayers = "event-before-players"
	// CodeUnknownPlayer: an event (or #rackN) names a player not declared.
	// Check reports it too, for records built in code rather than read.
	CodeUnknownPlayer = "unknown-player"
	// CodeTooManyEvents: more than MaxEvents event lines.
	CodeTooManyEvents = "too-many-events"
	// CodeMalformedEvent: an event line that matches no event form.
	CodeMalformedEvent = "malformed-event"
	// CodeMalformedRack: a rack column (or #rackN, or tiles in
	// parentheses) holding something other than letters and '?'.
	CodeMalformedRack = "malformed-rack"
	// CodeMalformedPlay: a play whose position or word cannot be read.
	CodeMalformedPlay = "malformed-play"
	// CodeMalformedExchange: "-..." holding something other than tiles or
	// a count.
	CodeMalformedExchange = "malformed-exchange"
	// CodeMalformedTeams: a #teams line that is not teams of player
	// numbers ("#teams 1,3 2,4"), or that puts a player in two teams.
	CodeMalformedTeams = "malformed-teams"
	// CodeMalformedScore: a missing or unreadable score column.
	CodeMalformedScore = "malformed-score"
)

// Limits that keep a hostile upload from costing much.
//
// Memory is bounded by the record as a whole: MaxRecordSize bytes of input,
// and of UTF-8 once decoded, and of the record as Write would write it
// (CodeRecordTooLarge). ReadFile reads no more of a file than that.
// Lines have no limit of their own: an annotated record's #note, #title or
// #description, or the text after an event's cumulative score, may be as
// long as the record allows. (MAGPIE refuses lines over 512 bytes because
// it reads into a fixed buffer; that is its implementation's limit, not a
// rule of the format.)
//
// MaxLineLength bounds #playerN lines only, as written out: a nick is
// an identifier that every event line repeats and every page shows, and
// Write writes it twice when the line gives no name, so a long one is a
// mistake (or an attack), never an annotation. MaxEvents is MAGPIE's
// limit; no real record in shared/gcg comes close.
const (
	MaxRecordSize = 1 << 20 // bytes of input, of decoded text, and as written out
	MaxLineLength = 512     // characters in a #playerN line as written out, terminator excluded
	MaxEvents     = 200     // event lines in one record
)

func syntaxErr(line int, code, format string, args ...any) *SyntaxError {
	return &SyntaxError{Line: line, Code: code, Msg: fmt.Sprintf(format, args...)}
}
