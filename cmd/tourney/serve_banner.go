package main

import (
	"bytes"
	"fmt"
	"io"
	"sync"

	"tourney/service"
)

// serve's banner: what a director starting the server reads in the
// terminal, in plain words and on its own, before the first line of the
// JSON log: where it listens, the database, and on the first start the
// director token, in a block of its own. (The no-argument start prints
// its own banner, printStarted, and logs to a file.)

// logFollows ends the banner: after it, the log's JSON lines.
const logFollows = "Log follows (one JSON object a line)."

// printServeBanner writes the banner to w. token is empty when there is
// none to show (it was shown on the first start, or given).
func printServeBanner(w io.Writer, scheme, addr string, tablets service.TabletAddress, db, token string) {
	fmt.Fprintf(w, "\ntourney is running.\n\n  Listening on:  %s\n  Director page: %s://%s/director\n", addr, scheme, browserHost(addr))
	printTablets(w, tablets, "  Tablets:       ")
	fmt.Fprintf(w, "  Database:      %s\n\n", db)
	if token != "" {
		printToken(w, token)
	} else {
		fmt.Fprintf(w, "  Sign in with the director token shown on the first start (or\n"+
			"  TOURNEY_DIRECTOR_TOKEN), or the password set with: tourney password --db %q\n\n", db)
	}
	fmt.Fprintf(w, "%s\n", logFollows)
}

// printTablets writes where tablets go (label, then the address), or
// why they cannot reach this laptop.
func printTablets(w io.Writer, tablets service.TabletAddress, label string) {
	if tablets.Reachable {
		fmt.Fprintf(w, "%s%s/table/N\n", label, tablets.Base)
	} else {
		fmt.Fprintf(w, "  %s.\n", tablets.Warning)
	}
}

// printToken writes the director token in a block of its own. A start
// that fails after making the token (the port is taken) prints it alone:
// it is not shown again.
func printToken(w io.Writer, token string) {
	fmt.Fprintf(w, "  ------------------------------------------------------------\n"+
		"  Director token (shown once): %s\n"+
		"  Write it down: it signs you in as the director.\n"+
		"  ------------------------------------------------------------\n\n", token)
}

// heldWriter holds what is written to it until release, then writes it
// to w and passes everything after straight on: the log lines of the
// start wait until the banner is out.
type heldWriter struct {
	mu       sync.Mutex
	w        io.Writer
	held     bytes.Buffer
	released bool
}

func (h *heldWriter) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.released {
		return h.w.Write(p)
	}
	return h.held.Write(p)
}

// release writes what was held and lets the rest through; again, it does
// nothing.
func (h *heldWriter) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.released {
		h.released = true
		h.w.Write(h.held.Bytes())
		h.held.Reset()
	}
}
