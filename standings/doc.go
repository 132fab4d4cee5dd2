// Package standings runs a crossword-game division: results, standings,
// pairings, Gibsonization, and the tsh ".t" division files that every
// NASPA and WESPA event exchanges.
//
// It is pure: no database, no HTTP, no clock, no global state. A *Division
// holds players (id = line order, as in tsh) and, per player and round, a
// pairing and perhaps a result. Everything else (standings, Gibson reports,
// pairings for the next round) is computed from it on demand, with
// integers only, deterministically.
//
// The service layer is expected to:
//
//   - build a Division from its rows (NewDivision, AddPlayer, ApplyPairings,
//     Enter) or from a .t file (ReadT);
//   - call Enter and Amend for scorecards, and store the returned Change in
//     its audit log;
//   - call Pair (or one of PairSwiss, PairKOTH, PairRoundRobin, PairRandom,
//     PairManual) for the next round, show the Pairings (each with a Reason)
//     to the director, and record them with ApplyPairings;
//   - show Standings and Gibson reports, and export WriteT and
//     WriteStandingsCSV.
//
// Errors are *Error values with a stable Code (and a Line for .t files).
//
// Decisions taken where the rules are silent are listed in DECISIONS.md
// beside this file.
package standings
