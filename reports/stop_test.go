package reports

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// stopAfter is a destination that says stop once it has been asked
// pages times: a request cancelled part-way through a report.
type stopAfter struct {
	bytes.Buffer
	pages, asked int
}

func (s *stopAfter) Err() error {
	s.asked++
	if s.asked > s.pages {
		return context.Canceled
	}
	return nil
}

// TestReportsStopWhenAsked: every report checks its destination at each
// page; told to stop, it draws no further page, writes nothing, and says
// why. Told nothing, it writes the whole file.
func TestReportsStopWhenAsked(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sheets := make([]ScoreSheet, 40)
	for i := range sheets {
		sheets[i] = syntheticSheet(r, i+1, 12)
	}
	div := Division{Tournament: "Stop", Through: 1}
	for _, tc := range []struct {
		name  string
		write func(w *stopAfter) error
	}{
		{"score sheets", func(w *stopAfter) error { return WriteScoreSheets(w, A4, sheets...) }},
		{"standings", func(w *stopAfter) error { return WriteStandings(w, A4, div) }},
		{"cross-table", func(w *stopAfter) error { return WriteCrossTable(w, A4, div) }},
		{"scorecards", func(w *stopAfter) error { return WriteScorecards(w, A4, div, nil) }},
		{"pairings", func(w *stopAfter) error { return WritePairings(w, A4, Pairings{Tournament: "Stop", Round: 1}) }},
		{"slips", func(w *stopAfter) error {
			return WriteResultSlips(w, A4, ResultSlip{Tournament: "Stop", Round: 1, Table: 1, Players: []string{"A", "B"}})
		}},
		{"table cards", func(w *stopAfter) error {
			return WriteTableCards(w, A4, TableCard{Tournament: "Stop", Round: 1, Table: 1, Players: []string{"A", "B"}})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stop := &stopAfter{pages: 0}
			if err := tc.write(stop); !errors.Is(err, context.Canceled) || stop.Len() != 0 {
				t.Fatalf("stopped at once: err %v, %d bytes written", err, stop.Len())
			}
			if stop.asked != 1 {
				t.Errorf("asked %d times after being told to stop", stop.asked)
			}
			full := &stopAfter{pages: 1 << 30}
			if err := tc.write(full); err != nil || full.Len() == 0 || full.asked < 1 {
				t.Fatalf("not stopped: err %v, %d bytes, asked %d", err, full.Len(), full.asked)
			}
		})
	}
	// Part-way: 40 sheets stop after the fifth page.
	stop := &stopAfter{pages: 5}
	if err := WriteScoreSheets(stop, A4, sheets...); !errors.Is(err, context.Canceled) || stop.Len() != 0 || stop.asked != 6 {
		t.Fatalf("part-way: err %v, %d bytes, asked %d", err, stop.Len(), stop.asked)
	}
}
