// Package scoring is the rules engine: boards, tile sets and rule variants
// as data, move notation, placement validation, scoring with a breakdown a
// player can read, and the replay of a game's ordered turn events into its
// board, racks, totals and result.
//
// It is pure: no I/O, no database, no HTTP, no package state. Director-
// supplied board and tile files are parsed from bytes the caller read.
package scoring
