// Package reports prints a tournament's paper: score sheets now, and
// standings, pairings, cross-tables, scorecards and table cards in the
// same way later.
//
// Every report is pure rendering. Its input is a plain struct of this
// package (ScoreSheet, ...) holding exactly what the page shows, so a
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
