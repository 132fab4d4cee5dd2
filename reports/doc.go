// Package reports prints a tournament's paper: score sheets (filled in
// from the record, blank, or prefilled with a round's table to write the
// turns on) and result slips for the tables; standings, pairings by table
// and by name, the cross-table and players' scorecards for the wall;
// table cards, folded into tents, with a QR code and the table's code for
// score entry.
//
// Every report is pure rendering. Its input is a plain struct of this
// package (ScoreSheet, Division, Pairings, TableCard, ...) holding exactly what the page shows, so a
// report can be tested, previewed and benchmarked without a database;
// a constructor beside it (ScoreSheetFromGame) maps the service's view
// onto it. A writer (WriteScoreSheets) streams one PDF for any number of
// them, because a director prints a whole round at once.
//
// Pages are meant to be printed in black and white: nothing is told by
// colour alone (premium squares carry labels and shades, the chart's lines
// differ in dash and marker). Fonts are the Go fonts, embedded, so names
// such as Élodie Müller or Łukasz Żółw print as written.
package reports
