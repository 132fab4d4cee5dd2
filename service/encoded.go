package service

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"
)

// Encoded is an answer built once and sent as it is to every reader (the
// tsh feed, the live boards): its body and its Version, and the body
// gzipped, made once, for the first reader that asks for it (Gzip).
// Shared by every request: read it, never change it.
type Encoded struct {
	Body []byte
	Version

	gzipOnce sync.Once
	gzipped  []byte
}

// Version is what a conditional request is answered by: a strong ETag
// (quoted) from the body's digest; Modified, when a body with that ETag
// was first made (Last-Modified); and SameSecond, set when another body
// was first made within the same second. If-Modified-Since names whole
// seconds, so a reader naming that second may hold either body: only its
// ETag can say which.
type Version struct {
	ETag       string
	Modified   time.Time
	SameSecond bool
}

// ETagOf is a body's strong ETag: its digest, quoted.
func ETagOf(body []byte) string {
	h := sha256.Sum256(body)
	return `"` + hex.EncodeToString(h[:12]) + `"`
}

// Next is the version of a body with etag made at at, after v: v itself
// when the body is the same (its ETag and its time are kept), else one
// modified at at, never before v was (a clock set back), and SameSecond
// when that is v's second. A reader holding a version thus never sees
// one modified earlier, nor another modified in the same second without
// being told so.
func (v Version) Next(etag string, at time.Time) Version {
	if etag == v.ETag {
		return v
	}
	at = at.UTC().Round(0)
	if at.Before(v.Modified) {
		at = v.Modified
	}
	return Version{ETag: etag, Modified: at, SameSecond: !v.Modified.IsZero() && at.Unix() == v.Modified.Unix()}
}

// encoded is body as an Encoded made now; prev, the answer it replaces,
// when the body is the same (a rebuild that found nothing changed), so
// that readers keep the one they hold, with its time and its gzip. since
// is when the cache last forgot its builds (builtCache.since): with no
// prev, a body replaced unseen may have been made in that second.
func encoded(body []byte, prev *Encoded, since time.Time) *Encoded {
	v := Version{Modified: since}
	if prev != nil {
		v = prev.Version
	}
	next := v.Next(ETagOf(body), time.Now())
	if prev != nil && next == prev.Version {
		return prev
	}
	return &Encoded{Body: body, Version: next}
}

// Gzip is the body gzipped, made the first time it is asked for and kept
// with the body.
func (e *Encoded) Gzip() []byte {
	e.gzipOnce.Do(func() { e.gzipped = Gzip(e.Body) })
	return e.gzipped
}

// gzipWriters are compressors to reuse: each holds some hundreds of
// kilobytes of tables, too much to make for every answer gzipped on the
// fly.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// Gzip is body compressed with gzip (RFC 1952), at the default level.
func Gzip(body []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body)/4 + 64)
	w := gzipWriters.Get().(*gzip.Writer)
	w.Reset(&buf)
	_, _ = w.Write(body) // a bytes.Buffer's writes do not fail
	_ = w.Close()
	gzipWriters.Put(w)
	return buf.Bytes()
}
