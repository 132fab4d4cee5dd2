package service

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// GamesZip writes every game of a tournament recorded turn by turn as one
// GCG file in a zip archive, for annotators and archives. Each file is
// named r{round}-t{table}-{names}.gcg, the names in seat order. The
// director gets every recorded game; anyone else the games of rounds that
// are complete in their division, which the standings already show.
// round, when above 0, keeps only that round.
func (s *Service) GamesZip(ctx context.Context, a Actor, tournamentID int64, round int) ([]byte, error) {
	games, err := s.ListGames(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	complete := map[string]bool{}
	if !a.IsDirector() {
		rounds, err := s.ListRounds(ctx, tournamentID)
		if err != nil {
			return nil, err
		}
		for _, rs := range rounds {
			if rs.Status == RoundComplete {
				complete[roundKey(rs.DivisionID, rs.Number)] = true
			}
		}
	}
	slices.SortStableFunc(games, func(x, y Game) int {
		if x.Round != y.Round {
			return x.Round - y.Round
		}
		return x.Table - y.Table
	})
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	used := map[string]bool{}
	files := 0
	for i := range games {
		g := &games[i]
		if g.Version == 0 || (round > 0 && g.Round != round) {
			continue // no turns: nothing to write
		}
		if !a.IsDirector() && !complete[roundKey(g.DivisionID, g.Round)] {
			continue
		}
		l, err := s.load(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		data, err := gcgText(l)
		if err != nil {
			return nil, err
		}
		name := uniqueName(used, gameFileName(g, l))
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: g.CreatedAt})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
		files++
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	if files == 0 {
		what := "no game of this tournament is recorded turn by turn yet"
		if !a.IsDirector() {
			what = "no round with games recorded turn by turn is complete yet"
		}
		if round > 0 {
			what += fmt.Sprintf(" (round %d)", round)
		}
		return nil, Errorf(KindNotFound, "no-games", "%s", what)
	}
	return buf.Bytes(), nil
}

func roundKey(division *int64, round int) string {
	if division == nil {
		return fmt.Sprintf("-/%d", round)
	}
	return fmt.Sprintf("%d/%d", *division, round)
}

// gameFileName is r{round}-t{table}-{names}.gcg, each name as the record's
// nick with anything a file system might refuse made an underscore.
func gameFileName(g *Game, l *loaded) string {
	var parts []string
	for _, nick := range gcgNicks(l) {
		parts = append(parts, strings.Map(func(r rune) rune {
			switch {
			case r == '-' || r == '.' || r == '_':
				return r
			case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
				return r
			case r >= 0x80 && unicode.IsLetter(r):
				return r
			}
			return '_'
		}, nick))
	}
	return fmt.Sprintf("r%d-t%d-%s.gcg", g.Round, g.Table, strings.Join(parts, "-"))
}

// uniqueName keeps two games' files apart when divisions share table
// numbers and names (two players of the same name in two divisions).
func uniqueName(used map[string]bool, name string) string {
	out := name
	for n := 2; used[out]; n++ {
		out = fmt.Sprintf("%s-%d.gcg", strings.TrimSuffix(name, ".gcg"), n)
	}
	used[out] = true
	return out
}
