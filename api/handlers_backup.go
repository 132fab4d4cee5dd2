package api

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// mediaSQLite is the media type of a backup: an SQLite database file.
const mediaSQLite = "application/vnd.sqlite3"

// backupsFor is the server's backups: serve's, shared with its timer, or
// else backups through the service's store when it can take them.
func backupsFor(svc *service.Service, opts Options) *service.Backups {
	if opts.Backups != nil {
		return opts.Backups
	}
	return svc.Backups()
}

// downloadBackup sends the director a consistent copy of the whole
// database, every tournament in it, as an SQLite file. The copy is taken
// into a temporary file first (while turns go on being entered) and sent
// from there, so that an error while copying is still a problem document
// rather than half a file; it is removed once sent. A copy sent in full
// becomes the last good backup. The server's write timeout (serve: 60 s)
// bounds the download; a tournament's file is a few MB.
func (s *Server) downloadBackup(c *gin.Context) {
	cp, err := s.backups.Download(c.Request.Context(), actorOf(c))
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	defer cp.Remove()
	f, err := os.Open(cp.Path)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	defer f.Close() // before Remove: deferred calls run last in, first out
	st, err := f.Stat()
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	h := c.Writer.Header()
	h.Set("Content-Type", mediaSQLite)
	h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, cp.Name))
	h.Set("Cache-Control", "no-store")
	c.Writer.WriteHeader(http.StatusOK)
	if _, err := io.Copy(c.Writer, f); err != nil {
		s.log.WarnContext(c.Request.Context(), "backup download cut short", "file", cp.Name, "err", err.Error())
		return
	}
	s.backups.Downloaded(cp)
}

// healthDoc is GET /healthz's answer.
type healthDoc struct {
	Status     string          `json:"status"`
	LastBackup *lastBackupJSON `json:"last_backup,omitempty"`
}

// lastBackupJSON is the last good backup: when it began and its file's
// name (without its folder: the health check is public).
type lastBackupJSON struct {
	At   time.Time `json:"at"`
	File string    `json:"file"`
}

func (s *Server) health() healthDoc {
	h := healthDoc{Status: "ok"}
	if at, file, ok := s.backups.LastBackup(); ok {
		h.LastBackup = &lastBackupJSON{At: at.UTC(), File: filepath.Base(file)}
	}
	return h
}
