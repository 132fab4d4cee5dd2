package api

import (
	"bytes"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// connStream is an event stream written straight to its connection,
// taken over from the HTTP server (takeConn). No goroutine waits on it:
// the client is found gone when a write to it fails, at the latest at
// the next heartbeat but one (a write after the client hung up is taken
// by the system; the one after it fails).
type connStream struct {
	conn     net.Conn
	head     []byte    // the response's head, sent with the first write
	deadline time.Time // the write deadline set on conn
}

// takeConn takes the request's connection over from the HTTP server for
// an event stream, whose head (200, the event stream's headers and those
// set so far, Connection: close) goes out with its first write: the rest
// of the connection is the stream's body. Nil where the connection cannot
// be taken (HTTP/2; a test's recorder): the stream is then written as the
// HTTP response.
func takeConn(c *gin.Context) *connStream {
	u, ok := c.Writer.(interface{ Unwrap() http.ResponseWriter })
	if !ok {
		return nil
	}
	if _, ok := u.Unwrap().(http.Hijacker); !ok || c.Writer.Written() {
		return nil
	}
	h := c.Writer.Header().Clone()
	setEventStreamHeaders(h)
	h.Set("Connection", "close")
	h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	conn, _, err := c.Writer.Hijack()
	if err != nil {
		return nil
	}
	// The server's read timeout is for requests; nothing is read from a
	// stream, but its end is looked for (peerClosed) as long as it lasts.
	_ = conn.SetReadDeadline(time.Time{})
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	_ = h.Write(&head)
	head.WriteString("\r\n")
	return &connStream{conn: conn, head: head.Bytes()}
}

// send writes p within wait (at least half of it: the deadline, which
// costs a timer's move each time it is set, is moved on only once half of
// it has passed); false: the client is gone or does not read.
func (s *connStream) send(p []byte, wait time.Duration) bool {
	if s.head != nil {
		p, s.head = append(s.head, p...), nil
	}
	if now := time.Now(); s.deadline.Sub(now) < wait/2 {
		s.deadline = now.Add(wait)
		_ = s.conn.SetWriteDeadline(s.deadline)
	}
	_, err := s.conn.Write(p)
	return err == nil
}
