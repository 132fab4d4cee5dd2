package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"

	"tourney/internal/logfile"
	"tourney/service"
)

// runStart is what starting tourney with no arguments does (a double-click
// on the downloaded file): serve, with the database in the user's data
// folder (dataDir), on :8080 or, if that port is taken, on any free one;
// then print the director page's address, the director token on first
// start, and how to stop, and open the page in a browser where there is
// one. TOURNEY_ADDR sets the address (then no other port is tried);
// TOURNEY_NO_BROWSER=1 keeps the browser closed. The other TOURNEY_*
// settings of serve apply too.
func runStart(stdout, stderr io.Writer) int {
	dir, err := dataDir()
	if err != nil {
		fmt.Fprintf(stderr, "tourney: no folder for the database: %v\nstart it as: tourney serve --db FILE\n", err)
		return 1
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		fmt.Fprintf(stderr, "tourney: cannot create the data folder: %v\nstart it as: tourney serve --db FILE\n", err)
		return 1
	}
	logPath := filepath.Join(dir, "tourney.log")
	cfg := envConfig()
	cfg.Addr, cfg.DB = os.Getenv("TOURNEY_ADDR"), filepath.Join(dir, "tourney.db")
	if cfg.Addr == "" {
		cfg.Addr, cfg.anyPortIfBusy = ":8080", true
	}
	cfg.started = func(addr, token string) {
		url := cfg.scheme() + "://" + browserHost(addr) + "/director"
		printStarted(stdout, url, tabletAddress(cfg, addr), token, cfg.DB, logPath)
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(stdout, "(no browser opened: %v; open the address above yourself)\n", err)
		}
	}
	// The server's log lines (JSON, for whoever looks into a problem) go
	// to a file beside the database: the window keeps to plain words. The
	// file rotates by size (tourney.log.1 … .5), so no client can fill
	// the disk with log lines.
	logFile, err := logfile.Open(logPath, logfile.Default)
	if err != nil {
		fmt.Fprintf(stderr, "tourney: cannot open the log file: %v\nstart it as: tourney serve --db FILE\n", err)
		return 1
	}
	defer logFile.Close()
	if err := serveUntilSignal(cfg, logFile); err != nil {
		fmt.Fprintf(stderr, "tourney: %v\n", err)
		return 1
	}
	return 0
}

// printStarted tells the director where the page is, where tablets go
// (or why they cannot reach this laptop), how to sign in and how to stop.
func printStarted(w io.Writer, url string, tablets service.TabletAddress, token, db, logPath string) {
	fmt.Fprintf(w, "\ntourney is running.\n\n  Director page:  %s\n", url)
	printTablets(w, tablets, "  Tablets:        ")
	if token != "" {
		fmt.Fprintf(w, "  Director token: %s\n                  (shown this once: write it down, it signs you in)\n", token)
	} else {
		fmt.Fprintf(w, "  Sign in with the director token shown on the first start, or the password\n"+
			"  set with: tourney password --db %q\n", db)
	}
	fmt.Fprintf(w, "  Database:       %s\n  Log:            %s\n\nTo stop: press Ctrl+C here, or close this window.\n\n", db, logPath)
}

// dataDir is the folder of the no-argument mode's database:
//
//   - TOURNEY_DATA_DIR if set;
//   - Windows: %AppData%\tourney;
//   - macOS: ~/Library/Application Support/tourney;
//   - elsewhere: $XDG_DATA_HOME/tourney, or ~/.local/share/tourney.
func dataDir() (string, error) {
	if d := os.Getenv("TOURNEY_DATA_DIR"); d != "" {
		return d, nil
	}
	switch runtime.GOOS {
	case "windows", "darwin", "ios":
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "tourney"), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "tourney"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "share", "tourney"), nil
}

// browserHost is the host:port to put in a link to a server listening on
// addr: localhost for a server on every interface.
func browserHost(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// tabletAddress is where tablets reach a server listening on addr, as
// the table cards say when no tournament names a hall address.
func tabletAddress(cfg serveConfig, addr string) service.TabletAddress {
	h := service.HallNetwork{PublicURL: cfg.PublicURL, Listen: addr, TLS: cfg.TLSCert != ""}
	return h.Address("", cfg.scheme()+"://"+browserHost(addr))
}

// listen listens on cfg.Addr, or, if that port is taken and
// cfg.anyPortIfBusy, on a free port of the same host (the error of the
// first try if that fails too).
func listen(cfg serveConfig) (net.Listener, error) {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err == nil || !cfg.anyPortIfBusy {
		return ln, err
	}
	host, _, serr := net.SplitHostPort(cfg.Addr)
	if serr != nil {
		return nil, err
	}
	if ln, ferr := net.Listen("tcp", net.JoinHostPort(host, "0")); ferr == nil {
		return ln, nil
	}
	return nil, err
}

// holdOnError keeps a double-clicked Windows console open after a failed
// start, which would otherwise close before the message can be read.
func holdOnError(code int, goos string, stdin io.Reader, w io.Writer) {
	if code == 0 || goos != "windows" || stdin == nil {
		return
	}
	fmt.Fprint(w, "\nPress Enter to close this window.\n")
	bufio.NewReader(stdin).ReadString('\n')
}
