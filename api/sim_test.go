package api

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"

	"tourney/challenges"
	"tourney/service"
)

// The event simulator (issue 36): a seeded generator plays whole events
// of two to four divisions through the API and the tablets' sign-in, and
// after each step checks every surface against one model of the official
// results (sim_model_test.go). A failure names its seed and step; replay
// one seed with
//
//	go test -count=1 -run TestEventSimulator ./api/ -sim.seed=N
//
// The files: sim_test.go (the world, its log and the known-open map),
// sim_gen_test.go (the event: divisions, rounds, withdrawals, late
// entries, amendments, settings), sim_tablet_test.go (games at the
// tablets), sim_model_test.go (the model and its standings),
// sim_check_test.go (the JSON and CSV surfaces), sim_print_test.go (the
// PDFs, the .t export, tourney.js and the published site).

var (
	simSeed = flag.Uint64("sim.seed", 0, "event simulator: replay this seed only")
	simLog  = flag.Bool("sim.log", false, "event simulator: log every step, passing or not")
)

// simKnownOpen are the checks that fail on main because of an item issue
// 36 lists, fixed in other branches: while a check is named here its
// failure is logged, not failed. Delete an entry once its fix is merged.
var simKnownOpen = map[string]string{}

// simSeeds are the seeds CI runs (fewer with -short).
func simSeeds() []uint64 {
	if *simSeed != 0 {
		return []uint64{*simSeed}
	}
	if testing.Short() {
		return []uint64{1}
	}
	return []uint64{1, 2, 3, 4}
}

func TestEventSimulator(t *testing.T) {
	for _, seed := range simSeeds() {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) { runSimulator(t, seed) })
	}
}

// simWorld is one seed's event: the server, the model, the generator's
// random source and the log of steps done.
type simWorld struct {
	*testServer
	t          *testing.T
	seed       uint64
	rng        *rand.Rand
	tournament int64
	lexicon    bool // the tournament judges challenges by ENABLE
	single     bool // the single challenge rule (a good play challenged costs nothing)
	model      *simModel
	log        []string
	step       string          // the step being checked
	known      map[string]bool // known-open checks that failed this run
	tablets    map[int]*simTablet
}

func runSimulator(t *testing.T, seed uint64) {
	w := &simWorld{t: t, seed: seed, rng: rand.New(rand.NewPCG(seed, 36)), known: map[string]bool{}, tablets: map[int]*simTablet{}}
	w.testServer = newTestServer(t)
	w.useENABLE()
	defer func() {
		if t.Failed() || *simLog {
			t.Logf("event simulator: seed %d failed at step %q; replay with -run TestEventSimulator -sim.seed=%d\nsteps:\n%s",
				seed, w.step, seed, strings.Join(w.log, "\n"))
		}
		for check := range w.known {
			t.Logf("known open (simKnownOpen[%q]: %s): failed as expected", check, simKnownOpen[check])
		}
	}()
	w.playEvent()
}

// useENABLE gives the server the ENABLE word list (built in, or the
// shared folder's) so that tablets' challenges are judged; without it the
// tournament has no lexicon and the director rules phonies off.
func (w *simWorld) useENABLE() {
	lib := challenges.BuiltinLibrary()
	if _, err := lib.Get("ENABLE"); err != nil {
		if lib, err = challenges.OpenFolder("../../shared/lexicons"); err != nil {
			if os.Getenv("CI") == "true" {
				w.t.Fatalf("no ENABLE list: %v", err)
			}
			return
		}
		if _, err := lib.Get("ENABLE"); err != nil {
			return
		}
	}
	w.Svc.Lexicons = lib
	w.lexicon = true
}

// logf adds a step to the log and makes it the step being checked.
func (w *simWorld) logf(format string, args ...any) {
	w.step = fmt.Sprintf(format, args...)
	w.log = append(w.log, fmt.Sprintf("%3d. %s", len(w.log)+1, w.step))
}

// fail reports a disagreement of a check: logged if the check is known
// open, else the test fails with the seed and step.
func (w *simWorld) fail(check, format string, args ...any) {
	w.t.Helper()
	msg := fmt.Sprintf(format, args...)
	if why, ok := simKnownOpen[check]; ok {
		if !w.known[check] {
			w.t.Logf("seed %d, step %q: known open %s (%s): %s", w.seed, w.step, check, why, msg)
		}
		w.known[check] = true
		return
	}
	w.t.Fatalf("seed %d, step %q: check %s: %s", w.seed, w.step, check, msg)
}

// path is a tournament path.
func (w *simWorld) path(suffix string) string {
	return fmt.Sprintf("/api/v1/tournaments/%d%s", w.tournament, suffix)
}

// dpath is a tournament path with ?division= (or &division=).
func (w *simWorld) dpath(suffix string, d *simDiv) string {
	sep := "?"
	if strings.Contains(suffix, "?") {
		sep = "&"
	}
	return w.path(suffix) + sep + fmt.Sprintf("division=%d", d.id)
}

// do sends a director's request and wants the status; the answer is
// decoded into T.
func simDo[T any](w *simWorld, method, path string, body any, status int) T {
	w.t.Helper()
	r := w.send(req{method: method, path: path, token: w.Director, body: body})
	if r.Status != status {
		w.t.Fatalf("seed %d, step %q: %s %s: status %d, want %d: %s", w.seed, w.step, method, path, r.Status, status, r.Body)
	}
	return must[T](w.t, r, status)
}

// pick is a random element.
func pick[T any](w *simWorld, xs []T) T { return xs[w.rng.IntN(len(xs))] }

// chance is true with probability n in d.
func (w *simWorld) chance(n, d int) bool { return w.rng.IntN(d) < n }

// getOK reads a public or director answer that must be 200.
func (w *simWorld) getOK(path string, token string) response {
	w.t.Helper()
	r := w.get(path, token)
	if r.Status != http.StatusOK {
		w.t.Fatalf("seed %d, step %q: GET %s: %d %s", w.seed, w.step, path, r.Status, r.Body)
	}
	return r
}

var _ = service.StatusFinished
