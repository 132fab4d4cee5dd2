package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// A client that may resend a request (a tablet on a flaky network) sends
// an Idempotency-Key with it (see the api's middleware): the first answer
// for the key is kept, with the SHA-256 of the request's body under the
// scope plus fingerprintSuffix, so that a repeat gets the answer back and
// a key reused for another request is refused.

const fingerprintSuffix = " #request-sha256"

// AnswerKeptFor is how long a kept answer is replayed: a client resends
// within seconds or minutes, never a day later. Older answers count as
// none and are deleted (PruneAnswers), so that what is kept stays
// bounded by a day's successful requests.
const AnswerKeptFor = 24 * time.Hour

// PruneAnswersEvery is how often a server deletes the kept answers older
// than AnswerKeptFor (cmd/tourney runs PruneAnswers at this pace).
const PruneAnswersEvery = 10 * time.Minute

// InTx runs fn in one transaction: every call on the service made with
// fn's ctx joins it, and it commits when fn returns nil (then the changes
// are told, see Store.AfterCommit). A request's work and its kept answer
// go together this way.
func (s *Service) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return s.Store.InTx(ctx, fn)
}

// SavedAnswer is the answer kept for a request with key in scope, whose
// body's SHA-256 is sum; nil when there is none. A key kept for another
// request is refused (idempotency-key-reused).
func (s *Service) SavedAnswer(ctx context.Context, scope, key string, sum [sha256.Size]byte) (*IdempotentResponse, error) {
	saved, err := s.Store.GetIdempotent(ctx, scope, key)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if expired(saved, s.now()) {
		// Too old to be a resend: forget it now, so that the key can
		// be saved again (the prune deletes every other old one too).
		if _, err := s.PruneAnswers(ctx); err != nil {
			return nil, err
		}
		return nil, nil
	}
	fp, err := s.Store.GetIdempotent(ctx, scope+fingerprintSuffix, key)
	if err != nil {
		return nil, err
	}
	if string(fp.Body) != hex.EncodeToString(sum[:]) {
		return nil, Errorf(KindRule, "idempotency-key-reused",
			"this Idempotency-Key was already used for a different request; use a new key for a new request")
	}
	return saved, nil
}

// SaveAnswer keeps the first answer to a request whose body's SHA-256 is
// sum, in ctx's transaction; ErrDuplicate when another answer was kept
// for the key first.
func (s *Service) SaveAnswer(ctx context.Context, r *IdempotentResponse, sum [sha256.Size]byte) error {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = s.now()
	}
	if err := s.Store.SaveIdempotent(ctx, r); err != nil {
		return err
	}
	return s.Store.SaveIdempotent(ctx, &IdempotentResponse{
		Scope: r.Scope + fingerprintSuffix, Key: r.Key, Status: r.Status, CreatedAt: r.CreatedAt,
		ContentType: "text/plain", Body: []byte(hex.EncodeToString(sum[:])),
	})
}

// PruneAnswers deletes the answers kept longer than AnswerKeptFor and
// reports how many rows went.
func (s *Service) PruneAnswers(ctx context.Context) (int64, error) {
	return s.Store.PruneIdempotent(ctx, s.now().Add(-AnswerKeptFor))
}

// expired: r was kept longer than AnswerKeptFor by now.
func expired(r *IdempotentResponse, now time.Time) bool {
	return now.Sub(r.CreatedAt) > AnswerKeptFor
}
