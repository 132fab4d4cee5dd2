// Package gcg reads and writes GCG game records, the plain-text format that
// Quackle, Macondo, Woogles and most score-keeping tools exchange.
//
// Reading is lenient: every dialect found in real records is accepted
// (Latin-1 or UTF-8, CRLF, lowercase coordinates, letters spelled through
// instead of '.', "+-N" scores, counted exchanges, trailing notes after the
// cumulative score, unknown pragmas, which are kept). What cannot be
// understood at all is a *SyntaxError with a line number and a stable code.
//
// Whether the game a record describes is legal (whose turn it is, whether
// the tiles were on the rack, whether end-of-game points add up) is a
// separate question, answered by Check, which replays the record with the
// scoring engine.
//
// GCG has no standard for more than two players or for teams; the
// extensions this package reads and writes (the #teams pragma, the
// end-of-game lines of a game of more than two players) are described in
// EXTENSIONS.md.
package gcg
