// Package logfile is a log file that rotates itself by size: when the
// next write would take it past its limit, tourney.log becomes
// tourney.log.1, tourney.log.1 becomes tourney.log.2 and so on, the oldest
// kept one is deleted, and writing goes on in a new tourney.log. The log
// then never holds more than (Keep+1) × MaxSize bytes, whatever the
// clients of a server make it write.
package logfile

import (
	"fmt"
	"os"
	"sync"
)

// Limits bound a log file.
type Limits struct {
	MaxSize int64 // bytes in one file before it is rotated
	Keep    int   // rotated files kept (path.1 … path.Keep)
}

// Default: 10 MB per file, five old files kept (60 MB in all at most).
var Default = Limits{MaxSize: 10 << 20, Keep: 5}

// Writer appends to the log file at its path, rotating it by size. It is
// safe for concurrent use: each Write lands whole in one file.
type Writer struct {
	path   string
	limits Limits
	mu     sync.Mutex
	f      *os.File
	size   int64
}

// Open opens the log file at path for appending, creating it if needed.
func Open(path string, l Limits) (*Writer, error) {
	if l.MaxSize <= 0 || l.Keep < 0 {
		return nil, fmt.Errorf("logfile: bad limits %+v", l)
	}
	w := &Writer{path: path, limits: l}
	if err := w.open(); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *Writer) open() error {
	f, err := os.OpenFile(w.path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	w.f, w.size = f, st.Size()
	return nil
}

// Write appends p, rotating the file first if p would take it past
// MaxSize (a p larger than MaxSize on its own starts a file of its own).
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return 0, os.ErrClosed
	}
	if w.size > 0 && w.size+int64(len(p)) > w.limits.MaxSize {
		if err := w.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := w.f.Write(p)
	w.size += int64(n)
	return n, err
}

// rotate shifts the old files up by one, dropping the oldest, and starts
// a new file. The file is closed before it is renamed (Windows renames no
// open file); if the renames fail, writing goes on in the same file.
func (w *Writer) rotate() error {
	if err := w.f.Close(); err != nil {
		return err
	}
	w.f = nil
	var renameErr error
	if w.limits.Keep == 0 {
		renameErr = os.Remove(w.path)
	} else {
		os.Remove(w.name(w.limits.Keep))
		for i := w.limits.Keep - 1; i >= 1; i-- {
			os.Rename(w.name(i), w.name(i+1)) // a missing one is fine
		}
		renameErr = os.Rename(w.path, w.name(1))
	}
	if err := w.open(); err != nil {
		return err
	}
	if renameErr != nil && w.size >= w.limits.MaxSize {
		return fmt.Errorf("logfile: rotate %s: %w", w.path, renameErr)
	}
	return nil
}

// name is the file of the i-th rotation: path.i.
func (w *Writer) name(i int) string { return fmt.Sprintf("%s.%d", w.path, i) }

// Close closes the file; writes after it fail.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return nil
	}
	err := w.f.Close()
	w.f = nil
	return err
}
