package gcg

import (
	"io"
	"io/fs"
	"syscall"
)

// A record file is opened and read with plain system calls: os.Open also
// sets the file up for the network poller, which a regular file never
// uses, and that costs `tourney verify` five more calls a file than the
// open, two reads and close it needs.

type recordFile struct {
	fd   int
	path string
}

func openFile(path string) (recordFile, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		switch err {
		case nil:
			return recordFile{fd, path}, nil
		case syscall.EINTR:
			continue
		}
		return recordFile{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
}

// read is os.File.Read: io.EOF at the end.
func (f recordFile) read(p []byte) (int, error) {
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.path, Err: err}
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f recordFile) close() { syscall.Close(f.fd) }
