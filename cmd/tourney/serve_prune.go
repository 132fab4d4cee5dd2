package main

import (
	"context"
	"log/slog"
	"time"

	"tourney/service"
)

// startPruning deletes the kept Idempotency-Key answers older than a day
// (service.AnswerKeptFor) now and every service.PruneAnswersEvery, until
// ctx ends or the returned stop is called (before the store closes).
func startPruning(ctx context.Context, svc *service.Service, log *slog.Logger, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			n, err := svc.PruneAnswers(ctx)
			switch {
			case err != nil && ctx.Err() == nil:
				log.Warn("pruning kept answers", "err", err.Error())
			case n > 0:
				log.Info("pruned kept answers", "rows", n)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
