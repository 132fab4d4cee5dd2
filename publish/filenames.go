package publish

import (
	"fmt"
	"strings"
)

// safeFileName reports whether a file or folder name can be written on
// every system a director copies the site to (issue 37): Windows refuses
// the device names CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9 in any
// case, with or without an extension ("con.html", "Nul .txt"), a name
// ending in a dot or a space, and the characters < > : " / \ | ? * and
// the control characters; "", "." and ".." are no file's name.
func safeFileName(name string) bool {
	if name == "" || name == "." || name == ".." || strings.HasSuffix(name, ".") || strings.HasSuffix(name, " ") {
		return false
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7F || strings.ContainsRune(`<>:"/\|?*`, r) {
			return false
		}
	}
	stem, _, _ := strings.Cut(name, ".")
	return !windowsDevice(strings.TrimRight(stem, " "))
}

// windowsDevice: a device name of Windows, whatever the case (the
// superscript digits of COM¹ and LPT³ too).
func windowsDevice(stem string) bool {
	s := strings.ToLower(stem)
	switch s {
	case "con", "prn", "aux", "nul", "conin$", "conout$":
		return true
	}
	for _, p := range []string{"com", "lpt"} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			if len(rest) == 1 && rest[0] >= '0' && rest[0] <= '9' || rest == "¹" || rest == "²" || rest == "³" {
				return true
			}
		}
	}
	return false
}

// checkPaths refuses a site with a path that is not safe everywhere
// (safeFileName, each of its parts), before anything is written: the
// folder names come from names people type (uniqueSlug).
func checkPaths(files map[string][]byte) error {
	for name := range files {
		for _, part := range strings.Split(name, "/") {
			if !safeFileName(part) {
				return fmt.Errorf("publish: %q is not a name every system can write (a Windows device name, a name ending in a dot or a space, or a character Windows refuses)", name)
			}
		}
	}
	return nil
}
