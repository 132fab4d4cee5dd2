package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"tourney/api"
	"tourney/challenges"
	"tourney/service"
	"tourney/store"
)

// serveConfig is what serve needs from the command line and environment.
type serveConfig struct {
	Addr          string
	DB            string
	DirectorToken string // TOURNEY_DIRECTOR_TOKEN; empty: one is made on first start
	Lexicons      string // folder of word lists (TOURNEY_LEXICONS); empty: none
	// TrustedProxies: addresses or CIDR ranges, comma-separated, of the
	// reverse proxies whose forwarded headers name the client; none by
	// default.
	TrustedProxies string
	// PublicURL: the address people use; https makes cookies Secure behind
	// a TLS proxy.
	PublicURL string
	// Backups (serve_backup.go): every BackupEvery (0: none) into
	// BackupDir, the newest BackupKeep kept.
	BackupEvery time.Duration
	BackupDir   string
	BackupKeep  int
	// SessionIdle, SessionMax: a director's page session ends unused
	// that long, or that long after sign-in (0: the service's defaults).
	SessionIdle, SessionMax time.Duration
	// TLSCert and TLSKey: PEM files of a certificate and its key, to
	// serve HTTPS itself (both or neither; TOURNEY_TLS_CERT,
	// TOURNEY_TLS_KEY).
	TLSCert, TLSKey string
	// MaxStreams, MaxStreamsPerAddress: the spectators' open event
	// streams, in all and from one client address; MaxStaffStreams: the
	// directors' pages', and again the tablets' (0: api's defaults).
	MaxStreams, MaxStreamsPerAddress, MaxStaffStreams int
	// PublishDir: keep the public pages as static HTML here (empty: no).
	PublishDir string
	// PDFBuilders: printouts drawn at once (0: api's default).
	PDFBuilders int
	// The no-argument mode (start.go): another port if Addr's is taken,
	// and started, told the address and the director token (empty after
	// the first start) once the server listens.
	anyPortIfBusy bool
	started       func(addr, token string)
}

// proxies splits the --trusted-proxies list.
func (c serveConfig) proxies() []string {
	var out []string
	for _, p := range strings.Split(c.TrustedProxies, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// runServe parses the serve command's flags and runs the server until
// SIGINT or SIGTERM.
func runServe(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := envConfig()
	fs.StringVar(&cfg.Lexicons, "lexicons", cfg.Lexicons, "folder of word-list files (NWL2023.txt, CSW24.txt.gz, ENABLE.txt...) named by tournaments")
	fs.StringVar(&cfg.Addr, "addr", ":8080", "address to listen on")
	fs.StringVar(&cfg.DB, "db", "tourney.db", "SQLite database file, created and migrated if needed, or a postgres:// URL (several servers may share one)")
	fs.StringVar(&cfg.PublicURL, "public-url", cfg.PublicURL, "the address people use, e.g. https://scores.example.org (https: cookies are Secure behind a TLS proxy)")
	fs.StringVar(&cfg.TrustedProxies, "trusted-proxies", cfg.TrustedProxies, "comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-For names the client (default: none)")
	backupFlags(fs, &cfg)
	fs.Var((*days)(&cfg.SessionIdle), "session-idle", "a director's page session ends when unused this long (default 8h; 90m, 12h, 2d)")
	fs.Var((*days)(&cfg.SessionMax), "session-max", "a director's page session ends this long after sign-in (default 48h; 7d)")
	fs.StringVar(&cfg.TLSCert, "tls-cert", cfg.TLSCert, "PEM certificate file (with its chain) to serve HTTPS; needs --tls-key")
	fs.StringVar(&cfg.TLSKey, "tls-key", cfg.TLSKey, "PEM private key file of --tls-cert")
	fs.IntVar(&cfg.MaxStreams, "max-streams", api.DefaultMaxStreams, "spectators' live-update streams open at once, in all; past it one is refused (503)")
	fs.IntVar(&cfg.MaxStreamsPerAddress, "max-streams-per-address", api.DefaultMaxStreamsPerAddress, "spectators' live-update streams one client address may hold; past it one is refused (429)")
	fs.IntVar(&cfg.MaxStaffStreams, "max-staff-streams", api.DefaultMaxStaffStreams, "live-update streams the directors' pages may hold at once, and again the signed-in tablets, apart from the spectators'; past it one is refused (503)")
	fs.IntVar(&cfg.PDFBuilders, "pdf-builders", api.DefaultPDFBuilders, "printouts drawn at once; the others wait their turn, the tables' work never does")
	fs.StringVar(&cfg.PublishDir, "publish-dir", "", "keep the public pages as static HTML in this folder, rewritten within seconds of each change")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tourney serve: unexpected argument %q\n%s", fs.Arg(0), usage)
		return 2
	}
	if err := cfg.checkLimits(); err != nil {
		fmt.Fprintf(stderr, "tourney serve: %v\n%s", err, usage)
		return 2
	}
	if err := cfg.checkBackups(); err != nil {
		fmt.Fprintf(stderr, "tourney serve: %v\n%s", err, usage)
		return 2
	}
	if err := serveUntilSignal(cfg, stderr); err != nil {
		fmt.Fprintf(stderr, "tourney serve: %v\n", err)
		return 1
	}
	return 0
}

// envConfig is what the environment says of serving (TOURNEY_*): the
// defaults of serve's flags, and all the no-argument start takes.
func envConfig() serveConfig {
	return serveConfig{
		DirectorToken:  os.Getenv("TOURNEY_DIRECTOR_TOKEN"),
		Lexicons:       os.Getenv("TOURNEY_LEXICONS"),
		PublicURL:      os.Getenv("TOURNEY_PUBLIC_URL"),
		TrustedProxies: os.Getenv("TOURNEY_TRUSTED_PROXIES"),
		TLSCert:        os.Getenv("TOURNEY_TLS_CERT"),
		TLSKey:         os.Getenv("TOURNEY_TLS_KEY"),
	}
}

// serveUntilSignal serves until SIGINT (Ctrl+C) or SIGTERM, the server's
// log lines going to logTo.
func serveUntilSignal(cfg serveConfig, logTo io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, cfg, logTo, nil)
}

// Server timeouts: long enough for a slow tablet on hotel Wi-Fi, short
// enough that idle or stuck connections do not pile up.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 2 * time.Minute
	shutdownTimeout   = 20 * time.Second
)

// serve opens the store, makes sure there is a director, and serves until
// ctx ends; then it lets requests in flight finish and closes the store.
// ready, if set, is told the address once the server listens.
func serve(ctx context.Context, cfg serveConfig, stderr io.Writer, ready func(addr string)) (err error) {
	// The log waits until the banner is out (serve_banner.go).
	held := &heldWriter{w: stderr}
	defer held.release()
	log := slog.New(slog.NewJSONHandler(held, nil))
	tlsConf, err := cfg.tlsConfig()
	if err != nil {
		return err
	}
	st, err := store.Open(cfg.DB)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := st.Close(); err == nil {
			err = cerr
		}
	}()
	svc := service.New(st)
	svc.SessionIdle, svc.SessionMax = cfg.SessionIdle, cfg.SessionMax
	if cfg.Lexicons != "" {
		lib, err := challenges.OpenLibrary(cfg.Lexicons)
		if err != nil {
			return fmt.Errorf("lexicon folder: %w", err)
		}
		svc.Lexicons = lib
		log.Info("lexicons", "dir", cfg.Lexicons, "names", lib.Names())
		if skipped := lib.Skipped(); len(skipped) > 0 {
			log.Info("lexicon folder: files skipped, not word lists (a word list is NAME, NAME.txt, NAME.lst or NAME.dic, perhaps .gz)",
				"dir", cfg.Lexicons, "skipped", skipped)
		}
	} else if names := challenges.BuiltinNames(); len(names) > 0 {
		// No folder: the lists built in (ENABLE, for AlphaJax and Word
		// Chums), loaded when first used.
		svc.Lexicons = challenges.BuiltinLibrary()
		log.Info("lexicons", "built-in", names)
	}
	token, err := svc.EnsureDirector(ctx, cfg.DirectorToken)
	if err != nil {
		return fmt.Errorf("director credential: %w", err)
	}
	bannerOut := false
	defer func() {
		if token != "" && !bannerOut && cfg.started == nil {
			printToken(stderr, token)
		}
	}()

	ln, err := listen(cfg)
	if err != nil {
		return err
	}
	defer ln.Close() // Serve closes it too: this is for an early return
	backups := service.NewBackups(st)
	handler, err := api.NewWith(svc, log, api.Options{TrustedProxies: cfg.proxies(), PublicURL: cfg.PublicURL, Backups: backups,
		ListenAddr: ln.Addr().String(), TLS: tlsConf != nil, MaxStreams: cfg.MaxStreams, MaxStreamsPerAddress: cfg.MaxStreamsPerAddress,
		MaxStaffStreams: cfg.MaxStaffStreams, PDFBuilders: cfg.PDFBuilders})
	if err != nil {
		return err
	}
	stopBackups, err := startBackups(ctx, cfg, backups, log)
	if err != nil {
		return err
	}
	defer stopBackups() // before the store closes
	stopPublishing := startPublishing(ctx, cfg, svc, log)
	defer stopPublishing() // likewise
	stopPruning := startPruning(ctx, svc, log, service.PruneAnswersEvery)
	defer stopPruning() // likewise
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		TLSConfig:         tlsConf,
	}
	// Consoles' event streams never end by themselves: close them when
	// shutting down, so that the requests in flight can finish.
	srv.RegisterOnShutdown(svc.Close)
	tablets := tabletAddress(cfg, ln.Addr().String())
	log.Info("listening", "addr", ln.Addr().String(), "db", cfg.DB, "tls", tlsConf != nil,
		"tablets", tablets.Base+"/table/N", "tablets_reachable", tablets.Reachable)
	if cfg.started == nil { // started shows it all in its own words
		printServeBanner(stderr, cfg.scheme(), ln.Addr().String(), tablets, cfg.DB, token)
		bannerOut = true
	}
	held.release()
	if ready != nil {
		ready(ln.Addr().String())
	}
	if cfg.started != nil {
		cfg.started(ln.Addr().String(), token)
	}
	served := make(chan error, 1)
	go func() {
		if tlsConf != nil {
			served <- srv.ServeTLS(ln, "", "")
			return
		}
		served <- srv.Serve(ln)
	}()

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests in flight")
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("requests still running at shutdown", "err", err.Error())
		srv.Close()
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// days is a duration flag that also reads whole days: "2d", "7d".
type days time.Duration

func (d *days) String() string {
	if d == nil || *d == 0 {
		return ""
	}
	return time.Duration(*d).String()
}

func (d *days) Set(v string) error {
	var n int
	if _, err := fmt.Sscanf(v, "%dd", &n); err == nil && strconv.Itoa(n)+"d" == v && n > 0 {
		*d = days(time.Duration(n) * 24 * time.Hour)
		return nil
	}
	x, err := time.ParseDuration(v)
	if err != nil || x <= 0 {
		return fmt.Errorf("%q is not a duration such as 90m, 8h or 2d", v)
	}
	*d = days(x)
	return nil
}
