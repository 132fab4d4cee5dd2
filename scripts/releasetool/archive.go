package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// archive packs the files directly in dir into out, a .zip or a .tar.gz,
// each under dir's name (tourney-1.2.0-linux-amd64/tourney), executables
// (mode 0755 in dir) kept executable. Entries are sorted and dated at the
// same fixed time, so the same files make the same archive.
func archive(out, dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	var add func(name string, mode os.FileMode, data []byte) error
	var finish func() error
	prefix := filepath.Base(dir) + "/"
	stamp := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	switch {
	case strings.HasSuffix(out, ".zip"):
		zw := zip.NewWriter(f)
		add = func(name string, mode os.FileMode, data []byte) error {
			h := &zip.FileHeader{Name: prefix + name, Method: zip.Deflate, Modified: stamp}
			h.SetMode(mode)
			w, err := zw.CreateHeader(h)
			if err == nil {
				_, err = w.Write(data)
			}
			return err
		}
		finish = zw.Close
	case strings.HasSuffix(out, ".tar.gz"):
		gz := gzip.NewWriter(f)
		tw := tar.NewWriter(gz)
		add = func(name string, mode os.FileMode, data []byte) error {
			h := &tar.Header{Name: prefix + name, Mode: int64(mode.Perm()), Size: int64(len(data)), ModTime: stamp, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
			if err := tw.WriteHeader(h); err != nil {
				return err
			}
			_, err := tw.Write(data)
			return err
		}
		finish = func() error {
			if err := tw.Close(); err != nil {
				return err
			}
			return gz.Close()
		}
	default:
		f.Close()
		os.Remove(out)
		return fmt.Errorf("%s: want a name ending in .zip or .tar.gz", out)
	}
	err = addAll(dir, entries, add)
	if err == nil {
		err = finish()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out)
	}
	return err
}

func addAll(dir string, entries []os.DirEntry, add func(string, os.FileMode, []byte) error) error {
	for _, e := range entries {
		if !e.Type().IsRegular() {
			return fmt.Errorf("%s: only plain files go in a release archive", filepath.Join(dir, e.Name()))
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if info.Mode().Perm()&0o100 != 0 {
			mode = 0o755
		}
		if err := add(e.Name(), mode, data); err != nil {
			return fmt.Errorf("%s: %w", e.Name(), err)
		}
	}
	return nil
}
