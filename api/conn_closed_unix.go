//go:build unix

package api

import (
	"errors"
	"net"
	"syscall"
)

// peerClosed reports whether the client of a connection taken over for
// an event stream has hung up, without reading anything from it or
// waiting: a peek at what the connection holds finds its end.
func peerClosed(c net.Conn) bool {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	closed := false
	var b [1]byte
	_ = rc.Read(func(fd uintptr) bool {
		n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case err == nil:
			closed = n == 0 // the end of the stream; n > 0: it sent something, still there
		case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.EWOULDBLOCK), errors.Is(err, syscall.EINTR):
		default:
			closed = true // reset
		}
		return true // never wait
	})
	return closed
}
