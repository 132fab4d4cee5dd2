package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"tourney/service"
)

// TestPDFStopsWhenCancelled: a printout whose request is cancelled stops
// drawing and answers nothing; one past the deadline answers 503
// too-slow; within it, the PDF.
func TestPDFStopsWhenCancelled(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Stop"}), http.StatusCreated)
	for _, n := range []string{"Ann Lee", "Bo Chen", "Cy Diaz"} {
		must[service.Player](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/players", tour.ID), ts.Director, map[string]any{"name": n}), http.StatusCreated)
	}
	path := fmt.Sprintf("/api/v1/tournaments/%d/standings.pdf", tour.ID)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	ts.Handler.ServeHTTP(rec, httptest.NewRequest("GET", path, nil).WithContext(ctx))
	if rec.Header().Get("Content-Type") == mediaPDF {
		t.Errorf("a cancelled request got a PDF of %d bytes", rec.Body.Len())
	}

	old := pdfDeadline
	pdfDeadline = time.Nanosecond
	r := ts.get(path, "")
	pdfDeadline = old
	wantProblem(t, r, http.StatusServiceUnavailable, "too-slow")

	if r := ts.get(path, ""); r.Status != http.StatusOK || string(r.Body[:5]) != "%PDF-" {
		t.Fatalf("in time: %d", r.Status)
	}
}
