// Command releasetool is scripts/release's helper, in Go so that the
// release needs nothing but Go and a shell:
//
//	releasetool notices BINARY       the license notices of every module in BINARY, on stdout
//	releasetool archive OUT DIR      DIR's files into OUT (.zip or .tar.gz), under DIR's name
//	releasetool checknotices BINARY NOTICES   every module in BINARY has its notice in NOTICES
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage:
  releasetool notices BINARY
  releasetool checknotices BINARY NOTICES
  releasetool archive OUT.zip|OUT.tar.gz DIR
`

func run(args []string, stdout, stderr io.Writer) int {
	var err error
	switch {
	case len(args) == 2 && args[0] == "notices":
		err = writeNotices(stdout, args[1], ".")
	case len(args) == 3 && args[0] == "checknotices":
		err = checkNotices(args[1], args[2])
	case len(args) == 3 && args[0] == "archive":
		err = archive(args[1], args[2])
	default:
		fmt.Fprint(stderr, usage)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "releasetool %s: %v\n", args[0], err)
		return 1
	}
	return 0
}
