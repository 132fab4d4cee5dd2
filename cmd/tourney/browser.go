package main

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// openBrowser opens url in the desktop's browser, without waiting for it.
// It does nothing under tests or with TOURNEY_NO_BROWSER set, and returns
// an error where there is no browser to open (a server without a
// desktop): the caller prints the address instead.
func openBrowser(url string) error {
	if testing.Testing() || os.Getenv("TOURNEY_NO_BROWSER") != "" {
		return nil
	}
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	case "darwin":
		cmd = exec.Command("open", url)
	default:
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return errors.New("no desktop display")
		}
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reap it whenever it ends
	return nil
}
