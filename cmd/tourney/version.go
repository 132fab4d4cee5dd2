package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"tourney/store"
)

// version and commit are set by scripts/release:
//
//	go build -ldflags "-X main.version=1.2.0 -X main.commit=abc1234" ./cmd/tourney
//
// Without them a build says "dev" and takes the commit from the VCS
// information Go stamps into binaries built in a git checkout (none with
// -buildvcs=false).
var (
	version = "dev"
	commit  = ""
)

// versionInfo is the version and commit this binary was built from.
func versionInfo() (ver, com string) {
	ver, com = version, commit
	if com != "" {
		return ver, com
	}
	com = "unknown"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ver, com
	}
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			com = s.Value
			if len(com) > 12 {
				com = com[:12]
			}
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if modified && com != "unknown" {
		com += "-dirty"
	}
	return ver, com
}

// runVersion prints the version, commit and database drivers.
func runVersion(stdout io.Writer) int {
	ver, com := versionInfo()
	fmt.Fprintf(stdout, "tourney %s (commit %s)\n", ver, com)
	fmt.Fprintf(stdout, "database: %s; postgres:// URLs also accepted\n", store.Driver)
	fmt.Fprintf(stdout, "built with %s for %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return 0
}
