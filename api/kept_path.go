package api

import (
	"crypto/sha256"
	"encoding/hex"
	"unicode/utf8"
)

// maxPathKept is how much of a request's path the server keeps where it
// keeps one (an Idempotency-Key's scope in the database, a log line): a
// client chooses the path, up to the 64 KB of a request line, and what a
// client signed in as nobody sends must not fill the disk.
const maxPathKept = 200

// keptPath is path as the server keeps it: whole when it is short;
// otherwise its first maxPathKept bytes (cut between characters) and the
// SHA-256 of the whole, so that two long paths kept stay two.
func keptPath(path string) string {
	if len(path) <= maxPathKept {
		return path
	}
	cut := maxPathKept
	for cut > 0 && !utf8.RuneStart(path[cut]) {
		cut--
	}
	sum := sha256.Sum256([]byte(path))
	return path[:cut] + "…sha256:" + hex.EncodeToString(sum[:])
}
