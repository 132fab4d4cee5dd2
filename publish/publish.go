// Package publish writes a tournament's public pages as a folder of plain
// static HTML (index, standings, rounds, crosstable, scorecards, game
// replays, prizes, statistics) that works opened from disk or from any
// static web host: relative links only, no script.
//
// It reads only what the public may see, through the same service
// functions the API's public reads use (Record, Pairings, GetGame as the
// public, Prizes, Stats), so the pages give the same numbers.
package publish

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tourney/service"
)

// Write renders the tournament (only, when not nil; else every one) into
// dir, each file written whole to a temporary name in dir and renamed, so
// a web server never serves half a page. Files whose content is unchanged
// are left alone.
func Write(ctx context.Context, svc *service.Service, dir string, only *int64) error {
	files, err := Render(ctx, svc, only)
	if err != nil {
		return err
	}
	return writeFiles(dir, files)
}

// Render is the site as files: path (slash-separated, relative) to content.
func Render(ctx context.Context, svc *service.Service, only *int64) (map[string][]byte, error) {
	var ts []service.Tournament
	if only != nil {
		t, err := svc.GetTournament(ctx, *only)
		if err != nil {
			return nil, err
		}
		ts = []service.Tournament{*t}
	} else {
		var err error
		if ts, err = svc.ListTournaments(ctx); err != nil {
			return nil, err
		}
	}
	s := &site{ctx: ctx, svc: svc, files: map[string][]byte{}}
	if err := s.build(ts); err != nil {
		return nil, err
	}
	return s.files, nil
}

// manifest lists, in the folder, the files the last write made, so that
// the next removes those the site no longer has (a replay whose record
// was set aside, a renamed division) and nothing else of the folder's.
const manifest = ".published-files"

// writeFiles writes each file whole: to a temporary name in its folder,
// then renamed over the old one; then it removes the files of the last
// write that are no more. A path Windows cannot write (checkPaths)
// stops it before anything is written.
func writeFiles(dir string, files map[string][]byte) error {
	if err := checkPaths(files); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	old, _ := os.ReadFile(filepath.Join(dir, manifest))
	for _, name := range names {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, files[name]) {
			continue
		}
		if err := writeWhole(path, files[name]); err != nil {
			return err
		}
	}
	if err := writeWhole(filepath.Join(dir, manifest), []byte(strings.Join(names, "\n")+"\n")); err != nil {
		return err
	}
	for _, name := range strings.Split(string(old), "\n") {
		if _, keep := files[name]; keep || !filepath.IsLocal(filepath.FromSlash(name)) {
			continue
		}
		os.Remove(filepath.Join(dir, filepath.FromSlash(name)))
	}
	return nil
}

func writeWhole(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".publish-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
