// Package api is tourney's HTTP interface: gin routes under /api/v1,
// bearer-token authentication, Idempotency-Key replay, and errors as
// RFC 9457 problem documents. Handlers only parse the request, call one
// service function and render what it returns; every decision about
// tournaments and games is the service's.
package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Server holds what the handlers need.
type Server struct {
	svc      *service.Service
	log      *slog.Logger
	inFlight keysInFlight // Idempotency-Keys being answered
	backups  *service.Backups
	hall     service.HallNetwork // how tablets reach the server (handlers_tablets.go)
	streams  *streamGate         // the open event streams (streams.go)
	cast     *publicCast         // the public ones' writers (public_cast.go)
	pdfs     *pdfPrinter         // the printouts drawn and kept (pdf_cache.go)
	reads    readVersions        // the public reads' versions (public_reads.go)
}

// New returns the HTTP handler for the service, trusting no proxy.
func New(svc *service.Service, log *slog.Logger) http.Handler {
	return newRouter(svc, log)
}

// Options are the HTTP layer's settings.
type Options struct {
	// TrustedProxies are the addresses or CIDR ranges of the reverse
	// proxies in front of the service: only from them do X-Forwarded-For
	// and X-Real-IP name the client. None by default, so that no client
	// can choose the address the sign-in limiter counts.
	TrustedProxies []string
	// PublicURL is the address people use (serve --public-url); when it
	// is https, cookies are Secure even though a TLS proxy in front hands
	// the requests on as plain HTTP.
	PublicURL string
	// Backups takes the director's backup downloads and knows the last
	// good backup (serve shares it with its backup timer); nil: backups
	// through the service's store.
	Backups *service.Backups
	// ListenAddr is the address the server listens on (":8080"): on every
	// interface, tablets are sent to the laptop's address on the hall's
	// network (service.HallNetwork).
	ListenAddr string
	// MaxStreams and MaxStreamsPerAddress limit the spectators' open
	// event streams, in all and from one client address (serve
	// --max-streams, --max-streams-per-address); MaxStaffStreams the
	// directors' pages', and again the signed-in tablets', counted apart
	// (--max-staff-streams); zero: DefaultMaxStreams,
	// DefaultMaxStreamsPerAddress, DefaultMaxStaffStreams.
	MaxStreams, MaxStreamsPerAddress, MaxStaffStreams int
	// PDFBuilders is how many printouts are drawn at once, PDFQueue how
	// many public ones may wait for a place, PDFCacheBytes how much the
	// public ones kept may take (pdf_gate.go, pdf_cache.go); zero:
	// DefaultPDFBuilders, DefaultPDFQueue, DefaultPDFCacheBytes.
	PDFBuilders, PDFQueue int
	PDFCacheBytes         int64
	// TLS: the server itself serves HTTPS (serve --tls-cert), so the
	// tablets' address on its own listener is https.
	TLS bool
}

// NewWith returns the HTTP handler with options; a proxy that is neither
// an address nor a CIDR range, or a public URL that is not http(s), is
// refused.
func NewWith(svc *service.Service, log *slog.Logger, opts Options) (http.Handler, error) {
	if opts.PublicURL != "" {
		u, err := url.Parse(opts.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("public URL %q: want http://HOST or https://HOST", opts.PublicURL)
		}
	}
	r := newRouter(svc, log, opts)
	if len(opts.TrustedProxies) > 0 {
		if err := r.SetTrustedProxies(opts.TrustedProxies); err != nil {
			return nil, fmt.Errorf("trusted proxies: %w", err)
		}
	}
	return r, nil
}

// secureKey marks, in a request's context, that cookies go out Secure:
// the service's public URL is https (behind a TLS proxy the request
// itself arrives as plain HTTP).
const secureKey = "tourney.secure-cookies"

func newRouter(svc *service.Service, log *slog.Logger, options ...Options) *gin.Engine {
	r, _ := newServer(svc, log, options...)
	return r
}

// newServer is newRouter, with the Server behind its routes.
func newServer(svc *service.Service, log *slog.Logger, options ...Options) (*gin.Engine, *Server) {
	var opts Options
	if len(options) > 0 {
		opts = options[0]
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	gin.SetMode(gin.ReleaseMode)
	s := &Server{svc: svc, log: log, backups: backupsFor(svc, opts),
		hall:    service.HallNetwork{PublicURL: opts.PublicURL, Listen: opts.ListenAddr, TLS: opts.TLS},
		streams: newStreamGate(streamLimits{opts.MaxStreams, opts.MaxStreamsPerAddress, opts.MaxStaffStreams}),
		pdfs:    newPDFPrinter(svc, opts.PDFBuilders, opts.PDFQueue, opts.PDFCacheBytes)}
	s.cast = newPublicCast(func(ctx context.Context, id int64) (<-chan []service.Notice, error) {
		return s.svc.WatchPublic(ctx, id)
	})
	if svc != nil && svc.OnGuard == nil {
		svc.OnGuard = s.logGuard
	}
	pg := newPages(s)

	r := gin.New()
	// Forwarded headers count only from trusted proxies (NewWith); gin's
	// default trusts every peer. An empty list cannot be refused.
	_ = r.SetTrustedProxies(nil)
	r.HandleMethodNotAllowed = true
	r.RedirectTrailingSlash = false // an API answers the path it was asked
	// Bodies are limited before any is read (limitBodies), well below
	// this, so no multipart part ever spills to a temporary file.
	r.MaxMultipartMemory = maxBody
	r.Use(s.logRequests, s.recoverPanics, noStore, s.limitBodies(pg))
	if strings.HasPrefix(strings.ToLower(opts.PublicURL), "https://") {
		r.Use(func(c *gin.Context) { c.Set(secureKey, true) })
	}
	r.NoRoute(s.noRoute)
	r.NoMethod(s.noMethod)

	r.GET("/healthz", s.healthz)
	pg.routes(r)

	v1 := r.Group("/api/v1", s.pageSession, s.authenticate, s.idempotency)
	v1.GET("/openapi.json", s.openapi)
	v1.GET("/variants", s.listVariants)
	v1.GET("/backup", s.downloadBackup)

	v1.POST("/tournaments", s.createTournament)
	v1.GET("/tournaments", s.listTournaments)
	v1.POST("/ratings-lists", s.createRatingList)
	v1.GET("/ratings-lists", s.listRatingLists)
	v1.GET("/tournaments/:id", s.getTournament)
	v1.PATCH("/tournaments/:id", s.updateTournament)

	v1.POST("/tournaments/:id/divisions", s.createDivision)
	v1.GET("/tournaments/:id/divisions", s.listDivisions)
	v1.PATCH("/tournaments/:id/divisions/:division", s.updateDivision)

	v1.POST("/tournaments/:id/players", s.createPlayer)
	v1.GET("/tournaments/:id/players", s.listPlayers)
	v1.PATCH("/tournaments/:id/players/:player", s.updatePlayer)
	v1.PUT("/tournaments/:id/players/:player/photo", s.setPlayerPhoto)
	v1.DELETE("/tournaments/:id/players/:player/photo", s.deletePlayerPhoto)
	v1.POST("/tournaments/:id/photos", s.importPhotos)

	v1.POST("/tournaments/:id/rounds", s.createRound)
	v1.GET("/tournaments/:id/rounds", s.listRounds)
	v1.GET("/tournaments/:id/rounds/:round/scoresheets.pdf", s.roundScoreSheets)
	v1.GET("/tournaments/:id/rounds/:round/slips.pdf", s.slipsPDF)
	v1.GET("/tournaments/:id/rounds/:round/blank-scoresheets.pdf", s.tableSheetsPDF)
	v1.GET("/tournaments/:id/rounds/:round/tablecards.pdf", s.tableCardsPDF)
	v1.GET("/tournaments/:id/blank-scoresheet.pdf", s.blankScoreSheetPDF)
	v1.GET("/tournaments/:id/crosstable.pdf", s.crossTablePDF)
	v1.GET("/tournaments/:id/scorecards.pdf", s.scorecardsPDF)
	jobs := newPrintJobs(s)
	v1.POST("/tournaments/:id/print-jobs", jobs.start)
	v1.GET("/print-jobs/:job", jobs.status)
	v1.GET("/print-jobs/:job/result.pdf", jobs.result)

	v1.POST("/tournaments/:id/games", s.createGame)
	v1.GET("/tournaments/:id/games", s.listGames)
	v1.GET("/tournaments/:id/games.zip", s.gamesZip)
	v1.POST("/tournaments/:id/tables/:table/credentials", s.issueTableCredential)
	v1.GET("/tournaments/:id/credentials", s.listTableCredentials)
	v1.POST("/tournaments/:id/credentials/:credential/revoke", s.revokeTableCredential)
	v1.POST("/tournaments/:id/tables/:table/code/replace", s.replaceTableCode)
	v1.GET("/tournaments/:id/tablet-address", s.tabletAddress)
	v1.GET("/tournaments/:id/tablets", s.listTablets)
	v1.POST("/tournaments/:id/tablets/:session/end", s.endTablet)
	v1.GET("/tournaments/:id/audit", s.tournamentAudit)
	v1.GET("/tournaments/:id/events", s.watch)
	s.readable(v1, "/tournaments/:id/live", s.liveBoards)
	s.readable(v1, "/tournaments/:id/highlights", s.highlights)
	v1.GET("/tournaments/:id/attention", s.roomAttention)
	v1.GET("/games/:id/attention", s.gameAttention)

	v1.POST("/tournaments/:id/results", s.enterResult)
	v1.GET("/tournaments/:id/results", s.listResults)
	v1.PATCH("/tournaments/:id/results/:result", s.amendResult)
	s.readable(v1, "/tournaments/:id/standings", s.standings)
	v1.GET("/tournaments/:id/standings.csv", s.standingsCSV)
	s.readable(v1, "/tournaments/:id/team-standings", s.teamStandings)
	v1.GET("/tournaments/:id/standings.pdf", s.standingsPDF)
	v1.GET("/tournaments/:id/gibson", s.gibson)
	v1.GET("/tournaments/:id/ratings", s.ratings)
	v1.GET("/tournaments/:id/ratings.pdf", s.ratingsPDF)
	s.readable(v1, "/tournaments/:id/stats", s.stats)
	v1.GET("/tournaments/:id/stats.pdf", s.statsPDF)
	v1.PUT("/tournaments/:id/prizes", s.setPrizes)
	s.readable(v1, "/tournaments/:id/prizes", s.prizes)
	v1.GET("/tournaments/:id/prizes.pdf", s.prizesPDF)
	v1.POST("/tournaments/:id/rounds/:round/pairings", s.pairRound)
	v1.GET("/tournaments/:id/rounds/:round/pairings", s.getPairings)
	v1.PUT("/tournaments/:id/rounds/:round/pairings", s.changePairings)
	v1.GET("/tournaments/:id/rounds/:round/pairings.pdf", s.pairingsPDF)
	v1.GET("/tournaments/:id/rounds/:round/tables", s.roundTables)
	v1.POST("/tournaments/:id/rounds/:round/tables/:table/result", s.enterTableResult)
	v1.POST("/tournaments/:id/players/:player/withdraw", s.withdrawPlayer)
	v1.POST("/tournaments/:id/players/:player/reinstate", s.reinstatePlayer)
	v1.POST("/tournaments/:id/players/:player/late-entry", s.lateEntry)
	v1.POST("/tournaments/:id/players/:player/check-in", s.checkIn)
	v1.POST("/tournaments/:id/players/:player/move", s.movePlayer)
	v1.GET("/tournaments/:id/export.t", s.exportT)
	v1.GET("/tournaments/:id/config.tsh", s.exportTSHConfig)
	v1.GET("/tournaments/:id/submission.tou", s.submissionTOU)
	v1.GET("/tournaments/:id/submission.t", s.submissionArchive)
	v1.GET("/tournaments/:id/submission-absp.zip", s.submissionABSP)
	s.readable(v1, "/tournaments/:id/tourney.js", s.tourneyJS)
	s.readable(v1, "/tournaments/:id/pix/*path", s.photo) // the photos, relative to that feed too
	v1.POST("/tournaments/:id/import.t", s.importT)

	v1.GET("/games/:id", s.getGame)
	s.readable(v1, "/games/:id/replay", s.gameReplay)
	v1.PATCH("/games/:id", s.updateGame)
	v1.POST("/games/:id/turns", s.enterTurn)
	v1.POST("/games/:id/preview", s.previewTurn)
	v1.POST("/games/:id/undo", s.undoTurn)
	v1.PATCH("/games/:id/turns/:turn", s.correctTurn)
	v1.GET("/games/:id/audit", s.gameAudit)
	v1.GET("/games/:id/export.gcg", s.exportGCG)
	v1.POST("/games/:id/import.gcg", s.importGCG)
	v1.GET("/games/:id/scoresheet.pdf", s.scoreSheet)
	v1.POST("/games/:id/challenges", s.challenge)
	v1.PATCH("/games/:id/challenges/:turn", s.reverseChallenge)
	v1.POST("/games/:id/hold", s.hold)
	v1.POST("/games/:id/confirm", s.confirmResult)
	v1.POST("/games/:id/end", s.endGame)
	v1.POST("/games/:id/end/preview", s.previewEnd)
	v1.POST("/games/:id/void", s.voidRecord)
	v1.POST("/tournaments/:id/judge", s.judge)
	return r, s
}

func (s *Server) healthz(c *gin.Context) {
	writeJSON(c, s.log, http.StatusOK, s.health())
}

func (s *Server) noRoute(c *gin.Context) {
	writeProblem(c, s.log, service.Errorf(service.KindNotFound, "no-such-route", "there is nothing at %s; see /api/v1/openapi.json", keptPath(c.Request.URL.Path)))
}

func (s *Server) noMethod(c *gin.Context) {
	writeProblem(c, s.log, service.Errorf(kindMethodNotAllowed, "method-not-allowed", "%s is not allowed on %s; allowed: %s", c.Request.Method, keptPath(c.Request.URL.Path), c.Writer.Header().Get("Allow")))
}

// respond renders a service call's outcome: the value with status, or
// the error as a problem.
func (s *Server) respond(c *gin.Context, status int, v any, err error) {
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	writeJSON(c, s.log, status, v)
}

// parse starts reading a request's path parameters and body.
func parse(c *gin.Context) *params { return &params{c: c} }

// failed sends the parse error, if any, and reports whether there was one.
func (s *Server) failed(c *gin.Context, p *params) bool {
	if p.err != nil {
		writeProblem(c, s.log, p.err)
		return true
	}
	return false
}
