//go:build !linux

package main

import (
	"errors"
	"os"
)

// noEcho is only written for Linux terminals: elsewhere the password is
// read as a line of standard input (pipe it in to keep it off the screen).
func noEcho(*os.File) (func(), error) { return nil, errors.New("not a Linux terminal") }
