package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
)

// A client that may resend a request (a tablet on a flaky network) sends
// an Idempotency-Key with it (see the api's middleware): the first answer
// for the key is kept, with the SHA-256 of the request's body under the
// scope plus fingerprintSuffix, so that a repeat gets the answer back and
// a key reused for another request is refused.

const fingerprintSuffix = " #request-sha256"

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
	if err := s.Store.SaveIdempotent(ctx, r); err != nil {
		return err
	}
	return s.Store.SaveIdempotent(ctx, &IdempotentResponse{
		Scope: r.Scope + fingerprintSuffix, Key: r.Key, Status: r.Status,
		ContentType: "text/plain", Body: []byte(hex.EncodeToString(sum[:])),
	})
}
