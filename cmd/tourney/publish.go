package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"tourney/publish"
	"tourney/service"
	"tourney/store"
)

// runPublish is `tourney publish --db FILE --out DIR [--tournament ID]`:
// the public pages (standings, rounds, crosstable, scorecards, replays,
// prizes, statistics) written as plain static HTML into DIR, for any web
// host or to open from disk.
func runPublish(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("publish", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "tourney.db", "the database: a SQLite file or a postgres:// URL")
	out := fs.String("out", "", "the folder to write the pages into (made if missing)")
	id := fs.Int64("tournament", 0, "only this tournament (default: every one)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tourney publish: --out DIR is needed\n%s", usage)
		return 2
	}
	if !store.IsPostgres(*db) {
		if _, err := os.Stat(*db); err != nil {
			fmt.Fprintf(stderr, "tourney publish: no database at %s\n", *db)
			return 1
		}
	}
	var only *int64
	if *id != 0 {
		only = id
	}
	if err := publishSite(context.Background(), *db, *out, only); err != nil {
		fmt.Fprintf(stderr, "tourney publish: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "published to %s (open %s)\n", *out, *out+string(os.PathSeparator)+"index.html")
	return 0
}

func publishSite(ctx context.Context, db, out string, only *int64) error {
	st, err := store.Open(db)
	if err != nil {
		return err
	}
	defer st.Close()
	return publish.Write(ctx, service.New(st), out, only)
}

// startPublishing keeps --publish-dir up to date while the server runs;
// the function it returns stops it and waits for a write in progress.
func startPublishing(ctx context.Context, cfg serveConfig, svc *service.Service, log *slog.Logger) func() {
	if cfg.PublishDir == "" {
		return func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	log.Info("publishing", "dir", cfg.PublishDir)
	go func() {
		defer close(done)
		publish.Keep(ctx, svc, cfg.PublishDir, publish.DefaultEvery, func(err error) {
			log.Warn("publish", "dir", cfg.PublishDir, "err", err.Error())
		})
	}()
	return func() {
		cancel()
		<-done
	}
}
