package api

import (
	"bytes"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"sync"
	"time"

	"tourney/reports"
	"tourney/service"
)

// The public printouts (standings, the cross-table, scorecards, pairings,
// slips, blank score sheets, ratings, statistics, prizes) show what anyone
// may read, the same to every reader, so each is drawn once per change to
// its tournament (service.ChangeMark) and then sent as it is, with an
// ETag, to everyone who asks: as the tsh feed is. Readers asking for one
// being drawn wait for that drawing. A kept printout older than pdfFresh
// is still sent (nobody was told of a change) while it is drawn again
// behind the others, when a place to draw is free; the director's
// requests are always drawn anew (what is printed for the wall is what
// is there now) and the drawing is kept for the others. What is kept is
// bounded in bytes (DefaultPDFCacheBytes), the least recently read going
// first.
//
// Printouts whose content depends on who asks (score sheets, table cards,
// which carry the tables' codes) are never kept; they are drawn for their
// reader alone, through the same gate (pdf_gate.go).

const (
	// DefaultPDFCacheBytes bounds the public printouts kept.
	DefaultPDFCacheBytes = 64 << 20
	// pdfFresh is how long a kept printout is sent without being drawn
	// again, for the changes that tell nobody.
	pdfFresh = 30 * time.Second
)

// pdfRest bounds how long a place to draw rests after a drawing.
const pdfRest = time.Second

// pdfWait is how long a public reader waits for a printout being drawn
// before 503 printouts-busy; the staff wait for theirs.
const pdfWait = 10 * time.Second

// pdfKey names a public printout: what, of which tournament, for which
// division (0: all), round (the path's) and standings round (?round=),
// on which paper.
type pdfKey struct {
	what       string
	tournament int64
	division   int64
	round      int
	asOf       int
	paper      reports.Paper
}

// pdfDraft is a printout's data, read: its file's name and how to draw it.
type pdfDraft struct {
	name  string
	write func(io.Writer) error
}

// printedPDF is a drawn printout, shared by every reader it is sent to.
type printedPDF struct {
	name string
	body []byte
	etag string
}

// pdfFlight is one drawing of a printout, which its readers wait for.
type pdfFlight struct {
	done    chan struct{}
	pdf     *printedPDF
	err     error
	waiters int                // under pdfPrinter.mu
	cancel  context.CancelFunc // stops it once no reader waits
	behind  bool               // drawn again for the kept one: nobody waits for it
}

type flightKey struct {
	pdfKey
	mark service.ChangeMark
}

// keptPDF is a printout kept with the change mark it was drawn at.
type keptPDF struct {
	key  pdfKey
	mark service.ChangeMark
	at   time.Time
	pdf  *printedPDF
}

// pdfPrinter draws printouts through its gate and keeps the public ones.
type pdfPrinter struct {
	gate     *pdfGate
	mark     func(tournamentID int64) service.ChangeMark
	maxBytes int64
	now      func() time.Time
	// unbounded: every printout drawn in its request, none kept, none
	// waiting (as before issue 37; BenchmarkPreviewUnderPDFLoad's
	// baseline).
	unbounded bool

	mu      sync.Mutex
	wait    time.Duration // pdfWait
	size    int64
	order   *list.List // of *keptPDF, most recently read first
	kept    map[pdfKey]*list.Element
	flights map[flightKey]*pdfFlight
	drawn   int // drawings finished, for tests
}

func newPDFPrinter(svc *service.Service, builders, queue int, maxBytes int64) *pdfPrinter {
	if maxBytes <= 0 {
		maxBytes = DefaultPDFCacheBytes
	}
	pr := &pdfPrinter{gate: newPDFGate(builders, queue), maxBytes: maxBytes, now: time.Now, wait: pdfWait,
		order: list.New(), kept: map[pdfKey]*list.Element{}, flights: map[flightKey]*pdfFlight{}}
	pr.mark = func(int64) service.ChangeMark { return service.ChangeMark{} }
	if svc != nil {
		pr.mark = svc.PublicMark
	}
	return pr
}

// limit sets the places to draw, the public printouts that may wait,
// the bytes kept and the public's wait (for tests, while nothing is
// drawn).
func (pr *pdfPrinter) limit(builders, queue int, maxBytes int64, wait time.Duration) {
	pr.gate.mu.Lock()
	pr.gate.free, pr.gate.queue = builders-pr.gate.drawing, queue
	pr.gate.mu.Unlock()
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.maxBytes, pr.wait = maxBytes, wait
}

// setClock sets the clock kept printouts are dated by (for tests).
func (pr *pdfPrinter) setClock(now func() time.Time) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.now = now
}

// publicWait is how long a public reader waits for a drawing.
func (pr *pdfPrinter) publicWait() time.Duration {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	return pr.wait
}

// lookup is the kept printout for key if it was drawn at mark, and
// whether it is older than pdfFresh.
func (pr *pdfPrinter) lookup(key pdfKey, mark service.ChangeMark) (pdf *printedPDF, stale bool) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	el := pr.kept[key]
	if el == nil {
		return nil, false
	}
	k := el.Value.(*keptPDF)
	if k.mark != mark {
		return nil, false
	}
	pr.order.MoveToFront(el)
	return k.pdf, pr.now().Sub(k.at) >= pdfFresh
}

// join returns a drawing of the printout at mark for one more reader:
// the one under way, or a new one. shared false: a drawing of its own
// (the director's, or a printout never kept when key is nil).
func (pr *pdfPrinter) join(ctx context.Context, key *pdfKey, mark service.ChangeMark, staff, shared bool, draft func(context.Context) (*pdfDraft, error)) *pdfFlight {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	var fk flightKey
	if key != nil {
		fk = flightKey{*key, mark}
		if f := pr.flights[fk]; shared && f != nil {
			f.waiters++
			return f
		}
	}
	// The drawing is every waiting reader's: the one who happened to ask
	// first hanging up does not stop it, the last one does (leave).
	fctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	f := &pdfFlight{done: make(chan struct{}), waiters: 1, cancel: cancel}
	if key != nil && shared {
		pr.flights[fk] = f
	}
	go pr.fly(fctx, f, key, mark, staff, nil, draft)
	return f
}

// again draws a stale kept printout anew for the readers to come, if a
// place to draw is free now and no drawing of it is under way.
func (pr *pdfPrinter) again(ctx context.Context, key pdfKey, mark service.ChangeMark, draft func(context.Context) (*pdfDraft, error)) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	fk := flightKey{key, mark}
	if pr.flights[fk] != nil {
		return
	}
	leave := pr.gate.tryEnter()
	if leave == nil {
		return
	}
	fctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	f := &pdfFlight{done: make(chan struct{}), cancel: cancel, behind: true}
	pr.flights[fk] = f
	go pr.fly(fctx, f, &key, mark, false, leave, draft)
}

// leave is a reader no longer waiting for a drawing: the last one stops
// it.
func (pr *pdfPrinter) leave(f *pdfFlight) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	f.waiters--
	if f.waiters > 0 || f.behind {
		return
	}
	f.cancel()
	for k, g := range pr.flights {
		if g == f {
			delete(pr.flights, k)
		}
	}
}

// fly draws a printout once a place is free (or with the place given),
// and keeps it when key is set and nothing changed while it was drawn.
//
// The place then rests as long as the drawing took (pdfRest at most)
// before the next drawing takes it: however many printouts are asked
// for, drawing them takes at most half of a processor's time.
func (pr *pdfPrinter) fly(ctx context.Context, f *pdfFlight, key *pdfKey, mark service.ChangeMark, staff bool, leave func(), draft func(context.Context) (*pdfDraft, error)) {
	defer f.cancel()
	if leave == nil {
		var err error
		if leave, err = pr.gate.enter(ctx, staff); err != nil {
			f.err = err
			pr.land(f, key, mark)
			close(f.done)
			return
		}
	}
	start := time.Now()
	f.pdf, f.err = drawPDF(ctx, draft)
	pr.land(f, key, mark)
	close(f.done)
	time.Sleep(min(time.Since(start), pdfRest))
	leave()
}

// land ends a drawing: it is no longer joined, and kept if it is good.
func (pr *pdfPrinter) land(f *pdfFlight, key *pdfKey, mark service.ChangeMark) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.drawn++
	if key == nil {
		return
	}
	fk := flightKey{*key, mark}
	if pr.flights[fk] == f {
		delete(pr.flights, fk)
	}
	if f.err != nil || pr.mark(key.tournament) != mark {
		return // a change came while it was drawn: the next reader draws
	}
	pr.keep(*key, mark, f)
}

// keep keeps a drawing (under mu). A drawing the same as the one kept
// but for its date leaves the one kept, so that readers holding it keep
// getting 304.
func (pr *pdfPrinter) keep(key pdfKey, mark service.ChangeMark, f *pdfFlight) {
	if el := pr.kept[key]; el != nil {
		k := el.Value.(*keptPDF)
		if k.pdf.etag == f.pdf.etag {
			f.pdf = k.pdf
		}
		pr.size -= int64(len(k.pdf.body))
		pr.order.Remove(el)
		delete(pr.kept, key)
	}
	n := int64(len(f.pdf.body))
	if n > pr.maxBytes {
		return
	}
	pr.kept[key] = pr.order.PushFront(&keptPDF{key: key, mark: mark, at: pr.now(), pdf: f.pdf})
	pr.size += n
	for pr.size > pr.maxBytes {
		el := pr.order.Back()
		k := el.Value.(*keptPDF)
		pr.order.Remove(el)
		delete(pr.kept, k.key)
		pr.size -= int64(len(k.pdf.body))
	}
}

// drawings is how many drawings have ended, for tests.
func (pr *pdfPrinter) drawings() int {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	return pr.drawn
}

// keptBytes is the size of what is kept, for tests.
func (pr *pdfPrinter) keptBytes() (n int64, count int) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	return pr.size, len(pr.kept)
}

// drawPDF reads a printout's data and draws it. The data are read under
// a context with no Done channel (see service's builtCache: the SQLite
// driver reads each row of a cancellable one in a goroutine of its own,
// which queues ahead of the tables' turns); the drawing stops at its next
// page once ctx ends or pdfDeadline passes (too-slow).
func drawPDF(ctx context.Context, draft func(context.Context) (*pdfDraft, error)) (*printedPDF, error) {
	d, err := draft(context.WithoutCancel(ctx))
	if err != nil {
		return nil, err
	}
	dctx, cancel := context.WithTimeout(ctx, pdfDeadline)
	defer cancel()
	buf := &pdfBuffer{ctx: dctx}
	if err := d.write(buf); err != nil {
		if ctx.Err() == nil && dctx.Err() != nil {
			return nil, service.Errorf(service.KindUnavailable, "too-slow", "the printout took more than %v and was stopped; print fewer pages at once (a round, a division)", pdfDeadline)
		}
		return nil, err
	}
	body := buf.Bytes()
	return &printedPDF{name: d.name, body: body, etag: pdfETag(body)}, nil
}

// pdfETag is a strong ETag from a PDF's digest, leaving out the dates
// it was made and changed at (gofpdf writes the time of drawing): two
// drawings of the same pages have the same ETag.
func pdfETag(body []byte) string {
	h := sha256.New()
	rest := body
	for _, field := range [][]byte{[]byte("/CreationDate (D:"), []byte("/ModDate (D:")} {
		i := bytes.Index(rest, field)
		if i < 0 {
			break
		}
		i += len(field)
		h.Write(rest[:i])
		rest = rest[min(i+len("20060102150405"), len(rest)):]
	}
	h.Write(rest)
	return `"` + hex.EncodeToString(h.Sum(nil)[:12]) + `"`
}
