// Package service is the tournament service's domain: tournaments,
// divisions, players, rounds, games and their turn events, who may do
// what, and the operations the API offers. It owns the Store interface
// that the persistence package implements, and it asks the scoring engine
// for everything derived (board, racks, totals, results): a game is its
// ordered list of turn events, replayed on every read.
package service
