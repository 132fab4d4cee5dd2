package service

import (
	"errors"
	"fmt"
)

// Kind is the class of an error; the HTTP layer maps each kind to one
// status code, in one place.
type Kind string

const (
	KindInvalid      Kind = "invalid"      // the request itself is wrong (400)
	KindRule         Kind = "rule"         // the game's rules refuse it (422)
	KindNotFound     Kind = "not-found"    // no such object (404)
	KindConflict     Kind = "conflict"     // the state moved on: stale turn, duplicate (409)
	KindUnauthorized Kind = "unauthorized" // no or wrong credentials (401)
	KindForbidden    Kind = "forbidden"    // credentials that do not allow this (403)
	KindRateLimited  Kind = "rate-limited" // too many requests; try again later (429)
	KindUnavailable  Kind = "unavailable"  // could not be done in time; try again (503)
	KindInternal     Kind = "internal"     // our fault (500)
)

// Error is an error a user can cause (or our own, KindInternal): a kind,
// a stable type slug for clients to branch on ("stale-turn",
// "not-connected"), a message a player understands, and optional detail
// (such as the current game state for a stale turn).
type Error struct {
	Kind   Kind
	Type   string
	Msg    string
	Detail any
	Err    error // the underlying cause, for logs only
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Msg, e.Err)
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an *Error.
func Errorf(kind Kind, typ, format string, args ...any) *Error {
	return &Error{Kind: kind, Type: typ, Msg: fmt.Sprintf(format, args...)}
}

// ErrNotFound is what a Store returns for a missing row.
var ErrNotFound = errors.New("not found")

// ErrDuplicate is what a Store returns when a unique key is taken (such as
// a second turn event with the same number).
var ErrDuplicate = errors.New("duplicate")

// ErrStale is what a Store returns when a game changed after it was read.
var ErrStale = errors.New("stale")

// AsError turns any error into an *Error: store sentinels become their
// kinds, anything unknown is internal.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	switch {
	case errors.Is(err, ErrNotFound):
		return &Error{Kind: KindNotFound, Type: "not-found", Msg: "not found", Err: err}
	case errors.Is(err, ErrDuplicate):
		return &Error{Kind: KindConflict, Type: "duplicate", Msg: "that already exists", Err: err}
	}
	return &Error{Kind: KindInternal, Type: "internal", Msg: "something went wrong on our side; nothing you entered was lost", Err: err}
}
