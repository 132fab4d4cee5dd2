package api

import (
	"context"
	"sync"

	"tourney/service"
)

// Drawing a PDF is the heaviest thing the server does (a 300-player
// division's cross-table or scorecards take tens of milliseconds of a
// processor, and memory for the whole file), and anyone may ask for the
// public ones. So printouts are drawn a few at a time (DefaultPDFBuilders:
// one on a laptop's two cores leaves the other to the tables, whose turns
// and previews never pass this gate), the staff's (the director's, a
// table's) ahead of the public's, and only so many wait: past that a
// printout is refused at once with 503 printouts-busy and Retry-After,
// rather than piling up.

const (
	// DefaultPDFBuilders is how many printouts are drawn at once.
	DefaultPDFBuilders = 1
	// DefaultPDFQueue is how many printouts may wait to be drawn; the
	// staff's wait whatever the count.
	DefaultPDFQueue = 32
	// pdfRetryAfter is the Retry-After, in seconds, of a printout refused
	// because too many wait.
	pdfRetryAfter = 5
)

// pdfGate lets a bounded number of printouts be drawn at once.
type pdfGate struct {
	mu            sync.Mutex
	free          int // places to draw not taken
	queue         int // how many public printouts may wait
	staff, public []chan struct{}
	drawing, most int // places taken, now and at most (for tests)
}

func newPDFGate(builders, queue int) *pdfGate {
	if builders < 1 {
		builders = DefaultPDFBuilders
	}
	if queue < 1 {
		queue = DefaultPDFQueue
	}
	return &pdfGate{free: builders, queue: queue}
}

// errPrintoutsBusy refuses a printout when too many wait to be drawn.
func errPrintoutsBusy() error {
	e := service.Errorf(service.KindUnavailable, "printouts-busy", "the server is drawing as many printouts as it takes; try again in a few seconds")
	e.Detail = service.RetryAfter{Seconds: pdfRetryAfter}
	return e
}

// enter waits for a place to draw a printout, the staff's first, and
// returns the function that gives it back; printouts-busy at once when a
// public printout would wait behind too many, or ctx's error when it ends
// first.
func (g *pdfGate) enter(ctx context.Context, staff bool) (leave func(), err error) {
	g.mu.Lock()
	if g.free > 0 {
		g.take()
		g.mu.Unlock()
		return g.leaver(), nil
	}
	if !staff && len(g.staff)+len(g.public) >= g.queue {
		g.mu.Unlock()
		return nil, errPrintoutsBusy()
	}
	turn := make(chan struct{})
	if staff {
		g.staff = append(g.staff, turn)
	} else {
		g.public = append(g.public, turn)
	}
	g.mu.Unlock()
	select {
	case <-turn:
		return g.leaver(), nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	if drop(&g.staff, turn) || drop(&g.public, turn) {
		g.mu.Unlock()
		return nil, ctx.Err()
	}
	g.mu.Unlock()
	g.leaver()() // handed a place as ctx ended: pass it on
	return nil, ctx.Err()
}

// tryEnter takes a place to draw if one is free now (a printout drawn
// again behind the others), and returns the function that gives it back;
// nil when none is.
func (g *pdfGate) tryEnter() (leave func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.free == 0 {
		return nil
	}
	g.take()
	return g.leaver()
}

// take takes a free place (under mu).
func (g *pdfGate) take() {
	g.free--
	g.drawing++
	g.most = max(g.most, g.drawing)
}

// leaver gives a place back once: to the first staff printout waiting,
// else the first public one.
func (g *pdfGate) leaver() func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			for _, q := range []*[]chan struct{}{&g.staff, &g.public} {
				if len(*q) > 0 {
					next := (*q)[0]
					*q = (*q)[1:]
					close(next)
					return
				}
			}
			g.free++
			g.drawing--
		})
	}
}

// drop takes a waiting turn out of a queue, if it is there.
func drop(q *[]chan struct{}, turn chan struct{}) bool {
	for i, t := range *q {
		if t == turn {
			*q = append((*q)[:i:i], (*q)[i+1:]...)
			return true
		}
	}
	return false
}

// counts is how many printouts are being drawn, how many wait, and the
// most ever drawn at once.
func (g *pdfGate) counts() (drawing, waiting, most int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.drawing, len(g.staff) + len(g.public), g.most
}
