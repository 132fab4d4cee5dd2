// Package scoring is the rules engine: boards, tile sets and rule variants
// as data, move notation, placement validation, scoring with a breakdown a
// player can read, and the replay of a game's ordered turn events into its
// board, racks, totals and result.
//
// It is pure: no I/O, no database, no HTTP, no package state. Director-
// supplied board and tile files are parsed from bytes the caller read.
//
// The built-in rules are embedded text files, parsed on each lookup
// (LookupVariant, Variants, BuiltinLayout, BuiltinTileSet), never at start:
//
//	variants/NAME.txt  a variant: its rules, defaults and sources (VariantFormat)
//	boards/NAME.txt    a board (LayoutFormat)
//	tiles/NAME.txt     a tile set (TileSetFormat)
//
// A rules file names its board and tiles, what it calls its premium
// squares ("squares: L2=DL L3=TL W2=DW W3=TW"), its bingos, how a game
// ends, its tie-break, its default challenge rule and lexicon, and the
// sources its rules come from ("source:" lines, which `tourney rules`
// prints). Adding a variant is a rules file (with a board or tile file if
// it brings its own) and a test; Go code only for a new kind of rule.
// TestBuiltinFilesParse fails on any embedded file that does not read.
package scoring
