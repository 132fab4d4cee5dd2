package api

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Players' photos: uploaded one at a time (the body the image, or a
// multipart form's field "photo") or a folder at once (a multipart form
// of files named by member id), and served, public, at the path under
// /t/{id}/html/ that the tsh feed's "photo" names.

// photoUpload is the most a photo upload's body may hold: a photo at
// its limit, and a form around it.
const photoUpload = service.MaxPhotoBytes + 1<<20

// photoFolderBody is the most one folder import's body may hold (the
// console sends a large folder in several).
const photoFolderBody = 64 << 20

// maxPhotoFiles is the most files one folder import may carry.
const maxPhotoFiles = 2000

func (s *Server) setPlayerPhoto(c *gin.Context) {
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if s.failed(c, p) || s.refused(c) {
		return
	}
	data, err := readPhoto(c)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	pl, err := s.svc.SetPlayerPhoto(c.Request.Context(), actorOf(c), id, player, data)
	s.respond(c, http.StatusOK, pl, err)
}

func (s *Server) deletePlayerPhoto(c *gin.Context) {
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if s.failed(c, p) {
		return
	}
	pl, err := s.svc.DeletePlayerPhoto(c.Request.Context(), actorOf(c), id, player)
	s.respond(c, http.StatusOK, pl, err)
}

func (s *Server) importPhotos(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) || s.refused(c) {
		return
	}
	mr, err := multipartOf(c)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	var files []service.PhotoFile
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			writeProblem(c, s.log, unreadablePart(c, err))
			return
		}
		if part.FileName() == "" {
			continue
		}
		if len(files) == maxPhotoFiles {
			writeProblem(c, s.log, service.Errorf(service.KindInvalid, "too-many-files", "send at most %d photos at once", maxPhotoFiles))
			return
		}
		data, big, err := readLimited(part, service.MaxPhotoBytes)
		if err != nil {
			writeProblem(c, s.log, unreadablePart(c, err))
			return
		}
		files = append(files, service.PhotoFile{Name: part.FileName(), Data: data, TooLarge: big})
	}
	res, err := s.svc.ImportPhotos(c.Request.Context(), actorOf(c), id, files)
	s.respond(c, http.StatusOK, res, err)
}

// refused sends the refusal of a photo upload by anyone but the
// director, before its body is read, and reports whether there was one.
func (s *Server) refused(c *gin.Context) bool {
	if err := service.RequireDirector(actorOf(c)); err != nil {
		writeProblem(c, s.log, err)
		return true
	}
	return false
}

// readPhoto is a photo upload's image: the body itself, or a multipart
// form's field "photo". One over service.MaxPhotoBytes is read no
// further, and refused by the service for its size.
func readPhoto(c *gin.Context) ([]byte, error) {
	if mt, _, _ := mime.ParseMediaType(c.GetHeader("Content-Type")); mt != "multipart/form-data" {
		data, _, err := readLimited(photoBody(c), service.MaxPhotoBytes)
		if err != nil {
			return nil, unreadablePart(c, err)
		}
		return data, nil
	}
	mr, err := multipartOf(c)
	if err != nil {
		return nil, err
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, service.Errorf(service.KindInvalid, "missing-photo", "send the photo as the form's field \"photo\"")
		}
		if err != nil {
			return nil, unreadablePart(c, err)
		}
		if part.FormName() == "photo" {
			data, _, err := readLimited(part, service.MaxPhotoBytes)
			if err != nil {
				return nil, unreadablePart(c, err)
			}
			return data, nil
		}
	}
}

// multipartOf reads a multipart form's parts one at a time, none
// spilled to a file; any other body is refused.
func multipartOf(c *gin.Context) (*multipart.Reader, error) {
	mt, params, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, service.Errorf(kindUnsupportedMedia, "unsupported-media-type", "send the photos as a multipart form (multipart/form-data), a file for each")
	}
	return multipart.NewReader(photoBody(c), params["boundary"]), nil
}

// photoBody is the request's body: as read already, with an
// Idempotency-Key (requestBody), else as it comes.
func photoBody(c *gin.Context) io.Reader {
	if b, ok := c.Get(bodyKey); ok {
		return bytes.NewReader(b.([]byte))
	}
	return c.Request.Body
}

// readLimited reads r to its end, or to one byte past limit (big).
func readLimited(r io.Reader, limit int64) (data []byte, big bool, err error) {
	data, err = io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, false, err
	}
	if int64(len(data)) > limit {
		// The rest is not needed: the file is refused for its size.
		_, err = io.Copy(io.Discard, r)
		return data, true, err
	}
	return data, false, nil
}

// unreadablePart is the answer to a body that could not be read: too
// large for its route, or broken.
func unreadablePart(c *gin.Context, err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return tooLarge(c)
	}
	return service.Errorf(service.KindInvalid, "unreadable-body", "the request body could not be read")
}

// photo serves a tournament's photo at its path under /t/{id}/html/
// (public): readable from any site, as the feed is, and cached (a new
// photo has a new path), revalidated by its ETag.
func (s *Server) photo(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	ph, err := s.svc.Photo(c.Request.Context(), id, "pix"+c.Param("path"))
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	// A public read (publicRead): any origin, HEAD, 304 to its ETag or
	// its Last-Modified; never gzipped (a JPEG would not shrink).
	sendAnswer(c, readAnswer{contentType: ph.ContentType, body: ph.Content,
		version: service.Version{ETag: service.ETagOf(ph.Content), Modified: ph.UpdatedAt}, cacheControl: "public, max-age=3600"})
}
