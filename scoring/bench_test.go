package scoring

import "testing"

// BenchmarkScoreMove scores one play with its full breakdown: a bingo
// through a tile already on the board, forming cross-words.
func BenchmarkScoreMove(b *testing.B) {
	v, _ := LookupVariant("naspa")
	g, _ := NewGame(v, 2)
	for i, text := range []string{"8D WINDY", "7C GALE", "E3 JAVE..N", "F2 VOX"} {
		m, _ := ParseMove(v.Tiles, text)
		if _, err := g.Apply(Event{Kind: EventMove, Player: i % 2, Move: m}); err != nil {
			b.Fatal(err)
		}
	}
	m, _ := ParseMove(v.Tiles, "10B DONATES")
	p, err := PlaceMove(g.Board(), v, m)
	if err != nil {
		b.Fatal(err)
	}
	bd := &Breakdown{}
	b.Run("breakdown", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if Score(g.Board(), v, &p, bd) != 82 {
				b.Fatal("wrong score")
			}
		}
	})
	b.Run("total-only", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if Score(g.Board(), v, &p, nil) != 82 {
				b.Fatal("wrong score")
			}
		}
	})
	b.Run("parse-place-score", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			m, _ := ParseMove(v.Tiles, "10B DONATES")
			p, _ := PlaceMove(g.Board(), v, m)
			if Score(g.Board(), v, &p, bd) != 82 {
				b.Fatal("wrong score")
			}
		}
	})
}
