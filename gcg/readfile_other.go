//go:build !linux

package gcg

import "os"

// Elsewhere than Linux a record file is an os.File.

type recordFile struct{ f *os.File }

func openFile(path string) (recordFile, error) {
	f, err := os.Open(path)
	return recordFile{f}, err
}

func (f recordFile) read(p []byte) (int, error) { return f.f.Read(p) }

func (f recordFile) close() { f.f.Close() }
