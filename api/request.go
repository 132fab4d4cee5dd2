package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// maxBody is the largest request body an API route accepts unless it
// says otherwise (uploadBodies): a tournament with board and tile files
// fits many times over.
const maxBody = 1 << 20

// bodyKey caches the request body in the gin context: the idempotency
// middleware hashes it, the handler decodes it.
const bodyKey = "tourney.body"

// requestBody reads the body once, refusing more than the route takes
// (bodyLimit).
func requestBody(c *gin.Context) ([]byte, error) {
	if b, ok := c.Get(bodyKey); ok {
		return b.([]byte), nil
	}
	var b []byte
	if c.Request.Body != nil {
		var err error
		b, err = io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, bodyLimit(c)))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return nil, tooLarge(c)
		case err != nil:
			return nil, service.Errorf(service.KindInvalid, "unreadable-body", "the request body could not be read")
		}
	}
	c.Set(bodyKey, b)
	return b, nil
}

// decodeJSON reads the body as exactly one JSON value into v, refusing
// fields v does not have and nesting past service.MaxJSONDepth. An empty body is refused unless optional.
func decodeJSON(c *gin.Context, v any, optional bool) error {
	b, err := requestBody(c)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(b)) == 0 {
		if optional {
			return nil
		}
		return service.Errorf(service.KindInvalid, "missing-body", "send the details as a JSON object")
	}
	if err := checkMediaType(c.GetHeader("Content-Type")); err != nil {
		return err
	}
	if err := service.CheckJSONDepth(b); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return service.Errorf(service.KindInvalid, "malformed-json", "the body must hold one JSON object and nothing after it")
	}
	return nil
}

// checkMediaType accepts JSON, and no type at all. It also lets through
// curl's default for -d (form-urlencoded): the body must still be JSON,
// so a real form is refused as malformed.
func checkMediaType(ct string) error {
	if ct == "" {
		return nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err == nil && (mt == mediaJSON || strings.HasSuffix(mt, "+json") || mt == "application/x-www-form-urlencoded") {
		return nil
	}
	return service.Errorf(kindUnsupportedMedia, "unsupported-media-type", "send the body as %s, not %q", mediaJSON, ct)
}

// jsonError explains a decoding failure in terms of the request.
func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return service.Errorf(service.KindInvalid, "malformed-json", "the body is not valid JSON (at byte %d)", syn.Offset)
	case errors.As(err, &typ) && typ.Field != "":
		return service.Errorf(service.KindInvalid, "bad-field", "%q must be %s, not %s", typ.Field, article(typ.Type.Kind().String()), typ.Value)
	case errors.As(err, &typ):
		return service.Errorf(service.KindInvalid, "bad-body", "the body must be a JSON object, not %s", typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return service.Errorf(service.KindInvalid, "malformed-json", "the body is not valid JSON: it ends too early")
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return service.Errorf(service.KindInvalid, "unknown-field", "there is no field %s here", keptPath(name))
	}
	return service.Errorf(service.KindInvalid, "malformed-json", "the body is not valid JSON")
}

func article(kind string) string {
	switch kind {
	case "int", "int64", "int32", "uint", "uint64", "float64":
		return "a number"
	case "slice", "array":
		return "a list"
	case "struct", "map":
		return "an object"
	case "bool":
		return "true or false"
	}
	return "a " + kind
}

// params reads path parameters, keeping the first error so a handler
// checks once.
type params struct {
	c   *gin.Context
	err error
}

// id is a positive row id.
func (p *params) id(name string) int64 {
	return p.number(name, math.MaxInt64)
}

// small is a positive number that fits an int everywhere (table, turn).
func (p *params) small(name string) int {
	return int(p.number(name, math.MaxInt32))
}

func (p *params) number(name string, limit int64) int64 {
	s := p.c.Param(name)
	n, err := strconv.ParseInt(s, 10, 64)
	if (err != nil || n < 1 || n > limit) && p.err == nil {
		p.err = service.Errorf(service.KindInvalid, "bad-id", "%s in the path must be a whole number from 1 to %d, not %q", name, limit, keptPath(s))
	}
	return n
}

// body decodes the JSON body into v unless a parameter was already wrong.
func (p *params) body(v any) {
	if p.err == nil {
		p.err = decodeJSON(p.c, v, false)
	}
}

// optionalBody is body for requests that need nothing in it.
func (p *params) optionalBody(v any) {
	if p.err == nil {
		p.err = decodeJSON(p.c, v, true)
	}
}
