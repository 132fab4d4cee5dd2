package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"runtime/debug"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Idempotency-Key handling. A client that may resend a request (a tablet
// on a flaky network) sends a key with it; the first answer for that key
// is saved and every repeat gets it back, byte for byte, without the work
// being done again.
//
// The answer is saved in the transaction of the work it answers, so after
// a crash either both are there or neither is. Only a success is saved: a
// refusal (4xx) or a fault of ours (5xx) rolls the work back and keeps
// nothing, so a retry runs again (and is refused again, or succeeds if
// what refused it has changed). Otherwise anyone, signed in or not,
// could have the server keep an answer for every key they make up. A
// saved answer is kept for a day (service.AnswerKeptFor), then pruned.
//
// The answer is kept under the caller's scope (credential, method, path,
// a long path cut short: keptPath) with the SHA-256 of the request body,
// so that reusing a key for another request is refused instead of
// answered with the wrong response (see service.SavedAnswer).

const (
	headerKey      = "Idempotency-Key"
	headerReplayed = "Idempotent-Replayed"
	maxKeyLen      = 255
)

// errRollback makes InTx roll back the work of a request that failed.
var errRollback = errors.New("request failed: roll back")

// errKeyTaken: another request with the same key saved its answer first.
var errKeyTaken = errors.New("idempotency key taken meanwhile")

func (s *Server) idempotency(c *gin.Context) {
	key := c.GetHeader(headerKey)
	m := c.Request.Method
	if key == "" || (m != http.MethodPost && m != http.MethodPatch && m != http.MethodPut && m != http.MethodDelete) {
		c.Next()
		return
	}
	defer c.Abort() // the handlers ran here, inside the transaction, or must not run
	if err := checkKey(key); err != nil {
		writeProblem(c, s.log, err)
		return
	}
	body, err := requestBody(c)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	id := idemKey{scope: scopeOf(actorOf(c), m, c.Request.URL.Path), key: key, sum: sha256.Sum256(body)}
	release, err := s.inFlight.acquire(c.Request.Context(), id.scope+"\x00"+id.key)
	if err != nil {
		writeProblem(c, s.log, service.Errorf(service.KindConflict, "idempotency-key-in-use", "a request with this Idempotency-Key is still being answered; try again"))
		return
	}
	defer release()
	if s.replay(c, id) {
		return
	}

	w, err := s.runInTx(c, id)
	var p panicked
	switch {
	case errors.As(err, &p):
		panic(p) // rolled back; recoverPanics answers
	case err == nil: // done and saved together
		w.send()
	case errors.Is(err, errKeyTaken):
		if !s.replay(c, id) {
			writeProblem(c, s.log, service.Errorf(service.KindConflict, "idempotency-key-in-use", "a request with this Idempotency-Key is still being answered; try again"))
		}
	case errors.Is(err, errRollback):
		// Refused, or our fault: the work is undone and nothing is kept;
		// a retry runs again. A success saved meanwhile under the key is
		// still the answer.
		if w.status < 500 && s.replay(c, id) {
			return
		}
		w.send()
	default: // the commit failed: the work is not done, whatever the handler said
		writeProblem(c, s.log, err)
	}
}

// runInTx runs the rest of the chain inside one transaction, buffering
// the answer, and saves it with the work when it is a success.
func (s *Server) runInTx(c *gin.Context, id idemKey) (w *bufferWriter, err error) {
	req, orig := c.Request, c.Writer
	w = &bufferWriter{ResponseWriter: orig, status: http.StatusOK}
	defer func() { c.Request, c.Writer = req, orig }()
	err = s.svc.InTx(req.Context(), func(ctx context.Context) (err error) {
		defer func() {
			if v := recover(); v != nil {
				err = panicked{value: v, stack: debug.Stack()}
			}
		}()
		c.Request, c.Writer = req.WithContext(ctx), w
		c.Next()
		if w.status >= 400 {
			return errRollback
		}
		serr := s.save(ctx, id, w)
		if errors.Is(serr, service.ErrDuplicate) {
			return errKeyTaken
		}
		return serr
	})
	return w, err
}

// idemKey names a saved answer: who asked what, with which key and body.
type idemKey struct {
	scope, key string
	sum        [sha256.Size]byte
}

// scopeOf keeps one caller's keys apart from another's.
func scopeOf(a service.Actor, method, path string) string {
	who := "public"
	if a.Holder() != 0 {
		who = fmt.Sprintf("credential:%d", a.Holder())
	}
	return who + " " + method + " " + keptPath(path)
}

func checkKey(key string) error {
	if len(key) > maxKeyLen {
		return service.Errorf(service.KindInvalid, "bad-idempotency-key", "an Idempotency-Key is at most %d characters", maxKeyLen)
	}
	for _, r := range key {
		if r < 0x21 || r > 0x7e {
			return service.Errorf(service.KindInvalid, "bad-idempotency-key", "an Idempotency-Key is printable ASCII without spaces")
		}
	}
	return nil
}

// replay answers from a saved response, if there is one, and reports
// whether it did. A key saved for another body is refused.
func (s *Server) replay(c *gin.Context, id idemKey) bool {
	saved, err := s.svc.SavedAnswer(c.Request.Context(), id.scope, id.key, id.sum)
	switch {
	case err != nil:
		writeProblem(c, s.log, err)
	case saved == nil:
		return false
	default:
		c.Set(replayedKey, true)
		c.Header(headerReplayed, "true")
		writeBody(c, saved.Status, saved.ContentType, saved.Body)
	}
	return true
}

// save records the answer with the request's fingerprint.
func (s *Server) save(ctx context.Context, id idemKey, w *bufferWriter) error {
	return s.svc.SaveAnswer(ctx, &service.IdempotentResponse{
		Scope: id.scope, Key: id.key, Status: w.status,
		ContentType: w.Header().Get("Content-Type"), Body: w.body.Bytes(),
	}, id.sum)
}

// bufferWriter holds a handler's answer until the transaction it belongs
// to has ended. Headers go straight to the real writer's header map.
type bufferWriter struct {
	gin.ResponseWriter
	status  int
	written bool
	body    bytes.Buffer
}

func (w *bufferWriter) WriteHeader(code int) {
	if code > 0 && !w.written {
		w.status = code
	}
}

func (w *bufferWriter) WriteHeaderNow() { w.written = true }

func (w *bufferWriter) Write(b []byte) (int, error) {
	w.written = true
	return w.body.Write(b)
}

func (w *bufferWriter) WriteString(s string) (int, error) {
	w.written = true
	return w.body.WriteString(s)
}

func (w *bufferWriter) Status() int   { return w.status }
func (w *bufferWriter) Written() bool { return w.written }
func (w *bufferWriter) Flush()        {} // held until the transaction ends

func (w *bufferWriter) Size() int {
	if !w.written {
		return -1
	}
	return w.body.Len()
}

// send passes the held answer on to the client.
func (w *bufferWriter) send() {
	w.ResponseWriter.WriteHeader(w.status)
	w.ResponseWriter.Write(w.body.Bytes())
}
