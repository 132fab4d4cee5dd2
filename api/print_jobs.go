package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/reports"
	"tourney/service"
)

// Print jobs: a whole round's score sheets or a division's scorecards
// can take a while, so the director starts a job, watches its progress
// and fetches the PDF when it is done. Jobs live in memory, a bounded
// number of them for a bounded time: a restart forgets them, and the
// director prints again.

const (
	printJobLimit   = 16
	printJobTTL     = 30 * time.Minute
	printJobTimeout = 5 * time.Minute
)

// Print job kinds and states.
const (
	jobScoreSheets = "scoresheets"
	jobScorecards  = "scorecards"

	jobRunning = "running"
	jobDone    = "done"
	jobFailed  = "failed"
)

// printJobInput asks for a job: {"kind":"scoresheets","round":N} or
// {"kind":"scorecards","division":ID}; without a division, every
// division's.
type printJobInput struct {
	Kind     string `json:"kind"`
	Round    int    `json:"round"`
	Division *int64 `json:"division"`
	Paper    string `json:"paper"`
}

// printJobView is a job as the API shows it.
type printJobView struct {
	ID           string `json:"id"`
	TournamentID int64  `json:"tournament_id"`
	Kind         string `json:"kind"`
	Status       string `json:"status"`
	Done         int    `json:"done"`
	Total        int    `json:"total"`
	Error        string `json:"error,omitempty"`
	Result       string `json:"result,omitempty"` // the PDF's path, once done
}

type printJob struct {
	mu       sync.Mutex
	view     printJobView
	created  time.Time
	pdf      []byte
	filename string
}

func (j *printJob) snapshot() printJobView {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.view
}

func (j *printJob) progress(done, total int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.view.Done, j.view.Total = done, total
}

func (j *printJob) finish(pdf []byte, err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if err != nil {
		j.view.Status, j.view.Error = jobFailed, err.Error()
		return
	}
	j.view.Status, j.pdf = jobDone, pdf
	j.view.Done = j.view.Total
	j.view.Result = "/api/v1/print-jobs/" + j.view.ID + "/result.pdf"
}

// printJobs is the registry of one server's jobs, with its handlers.
type printJobs struct {
	s    *Server
	mu   sync.Mutex
	jobs map[string]*printJob
	now  func() time.Time
}

func newPrintJobs(s *Server) *printJobs {
	return &printJobs{s: s, jobs: map[string]*printJob{}, now: time.Now}
}

// add registers a job, first forgetting expired ones and, when full, the
// oldest finished one; a registry full of running jobs refuses.
func (r *printJobs) add(j *printJob) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	var finished []*printJob
	for id, old := range r.jobs {
		if now.Sub(old.created) > printJobTTL {
			delete(r.jobs, id)
		} else if old.snapshot().Status != jobRunning {
			finished = append(finished, old)
		}
	}
	if len(r.jobs) >= printJobLimit {
		if len(finished) == 0 {
			return service.Errorf(service.KindRateLimited, "too-many-print-jobs", "%d print jobs are running; wait for one to finish", len(r.jobs))
		}
		sort.Slice(finished, func(a, b int) bool { return finished[a].created.Before(finished[b].created) })
		delete(r.jobs, finished[0].view.ID)
	}
	r.jobs[j.view.ID] = j
	return nil
}

func (r *printJobs) get(id string) (*printJob, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	j, ok := r.jobs[id]
	if !ok || r.now().Sub(j.created) > printJobTTL {
		return nil, service.Errorf(service.KindNotFound, "not-found", "print job %q does not exist (jobs are kept for %v)", id, printJobTTL)
	}
	return j, nil
}

// start begins a print job (director) and answers 202 with where to
// watch it.
func (r *printJobs) start(c *gin.Context) {
	s := r.s
	actor := actorOf(c)
	if err := service.RequireDirector(actor); err != nil {
		writeProblem(c, s.log, err)
		return
	}
	var in printJobInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	paper, err := reports.ParsePaper(in.Paper)
	if err != nil {
		writeProblem(c, s.log, service.Errorf(service.KindInvalid, "bad-paper", "%v", err))
		return
	}
	var run func(ctx context.Context, j *printJob) ([]byte, error)
	switch in.Kind {
	case jobScoreSheets:
		if in.Round < 1 {
			writeProblem(c, s.log, service.Errorf(service.KindInvalid, "bad-round", "a score-sheet job needs the round, from 1"))
			return
		}
		run = func(ctx context.Context, j *printJob) ([]byte, error) {
			return s.printRoundSheets(ctx, actor, id, in.Round, in.Division, paper, j)
		}
	case jobScorecards:
		run = func(ctx context.Context, j *printJob) ([]byte, error) {
			return s.printScorecards(ctx, id, in.Division, paper, j)
		}
	default:
		writeProblem(c, s.log, service.Errorf(service.KindInvalid, "bad-kind", "a print job is scoresheets or scorecards, not %q", in.Kind))
		return
	}
	if _, err := s.svc.GetTournament(c.Request.Context(), id); err != nil {
		writeProblem(c, s.log, err)
		return
	}
	jobID, err := newJobID()
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	j := &printJob{created: r.now(), view: printJobView{ID: jobID, TournamentID: id, Kind: in.Kind, Status: jobRunning}}
	if err := r.add(j); err != nil {
		writeProblem(c, s.log, err)
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), printJobTimeout)
		defer cancel()
		pdf, err := run(ctx, j)
		if err != nil {
			s.log.Warn("print job failed", "job", jobID, "err", err)
		}
		j.finish(pdf, err)
	}()
	c.Header("Location", "/api/v1/print-jobs/"+jobID)
	writeJSON(c, s.log, http.StatusAccepted, j.snapshot())
}

// status answers a job's progress (director).
func (r *printJobs) status(c *gin.Context) {
	if err := service.RequireDirector(actorOf(c)); err != nil {
		writeProblem(c, r.s.log, err)
		return
	}
	j, err := r.get(c.Param("job"))
	if err != nil {
		writeProblem(c, r.s.log, err)
		return
	}
	writeJSON(c, r.s.log, http.StatusOK, j.snapshot())
}

// result sends a finished job's PDF (director); 409 while it runs.
func (r *printJobs) result(c *gin.Context) {
	s := r.s
	if err := service.RequireDirector(actorOf(c)); err != nil {
		writeProblem(c, s.log, err)
		return
	}
	j, err := r.get(c.Param("job"))
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	v := j.snapshot()
	switch v.Status {
	case jobRunning:
		writeProblem(c, s.log, service.Errorf(service.KindConflict, "job-running", "print job %s has done %d of %d; ask again when it is done", v.ID, v.Done, v.Total))
		return
	case jobFailed:
		writeProblem(c, s.log, service.Errorf(service.KindConflict, "job-failed", "print job %s failed: %s", v.ID, v.Error))
		return
	}
	j.mu.Lock()
	pdf := j.pdf
	j.mu.Unlock()
	c.Header("Content-Disposition", fmt.Sprintf(`inline; filename="%s-%s.pdf"`, v.Kind, v.ID))
	c.Data(http.StatusOK, mediaPDF, pdf)
}

// printRoundSheets is the scoresheets job: every game of the round by
// table, counted as each is read.
func (s *Server) printRoundSheets(ctx context.Context, actor service.Actor, tournamentID int64, round int, division *int64, paper reports.Paper, j *printJob) ([]byte, error) {
	maker, err := s.sheetMaker(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	games, err := s.roundGames(ctx, maker, round, division)
	if err != nil {
		return nil, err
	}
	j.progress(0, len(games))
	sheets := make([]reports.ScoreSheet, 0, len(games))
	for i, g := range games {
		v, err := s.svc.GetGame(ctx, actor, g.ID)
		if err != nil {
			return nil, err
		}
		sheets = append(sheets, maker.sheet(v))
		j.progress(i+1, len(games))
	}
	var buf bytes.Buffer
	err = reports.WriteScoreSheets(&buf, paper, sheets...)
	return buf.Bytes(), err
}

// printScorecards is the scorecards job: a card a player (of the
// division, else of every division), counted as each is drawn.
func (s *Server) printScorecards(ctx context.Context, tournamentID int64, division *int64, paper reports.Paper, j *printJob) ([]byte, error) {
	recs, err := s.svc.Records(ctx, tournamentID, service.StandingsQuery{DivisionID: division})
	if err != nil {
		return nil, err
	}
	ds, n := divisionsFromRecords(recs)
	j.progress(0, n)
	var buf bytes.Buffer
	err = reports.WriteDivisionsScorecards(&buf, paper, ds, func(done int) { j.progress(done, n) })
	return buf.Bytes(), err
}

func newJobID() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
