package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/scoring"
	"tourney/service"
	"tourney/templates"
)

// pages renders the server-side pages: the table's tablet page, the
// director's console and the public standings. Their JavaScript calls
// the JSON API with the session cookie and its CSRF token.
type pages struct {
	s    *Server
	tmpl map[string]*template.Template
}

func newPages(s *Server) *pages {
	p := &pages{s: s, tmpl: map[string]*template.Template{}}
	for _, name := range []string{"signin", "table", "director", "tournaments", "standings"} {
		p.tmpl[name] = template.Must(template.ParseFS(templates.FS, "layout.html", name+".html"))
	}
	return p
}

func (p *pages) routes(r *gin.Engine) {
	static, err := fs.Sub(templates.FS, "static")
	if err != nil {
		panic(err)
	}
	r.StaticFS("/static", http.FS(static))
	r.GET("/table/:table", p.table)
	r.GET("/director", p.director)
	r.POST("/director", p.directorSignIn)
	r.GET("/director/:id", p.console)
	r.POST("/signout", p.signOut)
	r.GET("/t/:id/standings", p.standings)
}

// page is what every template's head needs.
type page struct {
	Title, BodyClass, CSRF string
	Refresh                int
}

func (p *pages) render(c *gin.Context, status int, name string, data any) {
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
	c.Header("X-Content-Type-Options", "nosniff")
	c.Status(status)
	c.Header("Content-Type", "text/html; charset=utf-8")
	if err := p.tmpl[name].ExecuteTemplate(c.Writer, name+".html", data); err != nil {
		p.s.log.ErrorContext(c.Request.Context(), "render page", "page", name, "err", err.Error())
	}
}

// pageError shows a problem as a page.
func (p *pages) pageError(c *gin.Context, err error) {
	status := problemFor(err).Status
	p.render(c, status, "signin", signInPage{page: page{Title: "Something is wrong"}, Error: problemFor(err).Detail,
		Method: "get", Action: c.Request.URL.Path, Label: "Code", Field: "code"})
}

type signInPage struct {
	page
	Error, Method, Action, Label, Field, FormCSRF string
}

// table is the tablet's page. With ?code= it signs the tablet in and
// redirects to itself without the code.
func (p *pages) table(c *gin.Context) {
	table, err := strconv.Atoi(c.Param("table"))
	if err != nil || table < 1 {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-table", "%q is not a table number", c.Param("table")))
		return
	}
	signIn := func(status int, msg string) {
		p.render(c, status, "signin", signInPage{page: page{Title: fmt.Sprintf("Table %d", table)}, Error: msg,
			Method: "get", Action: c.Request.URL.Path, Label: "Table code", Field: "code"})
	}
	if code := c.Query("code"); code != "" {
		a, err := p.s.svc.Authenticate(c.Request.Context(), code)
		if err != nil || a.Kind != service.CredTable || a.Table != table {
			signIn(http.StatusUnauthorized, "That code is not this table's. Scan the table card again or ask the director.")
			return
		}
		setSession(c, code)
		c.Redirect(http.StatusSeeOther, c.Request.URL.Path)
		return
	}
	a, token := p.s.pageActor(c)
	if a.Kind != service.CredTable || a.Table != table {
		signIn(http.StatusUnauthorized, "")
		return
	}
	v, err := p.s.svc.TableGame(c.Request.Context(), a, a.TournamentID, table)
	if err != nil {
		p.pageError(c, err)
		return
	}
	layout, err := p.s.svc.BoardLayout(c.Request.Context(), a.TournamentID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	p.render(c, http.StatusOK, "table", newTablePage(v, layout, csrfFor(token)))
}

type tablePage struct {
	page
	Game       *service.GameView
	Board      boardView
	ToMoveName string
	Turns      []string
	GameJSON   template.JS
	LayoutJSON template.JS
}

func newTablePage(v *service.GameView, l *scoring.Layout, csrf string) tablePage {
	tp := tablePage{page: page{Title: fmt.Sprintf("Table %d", v.Table), BodyClass: "tablet", CSRF: csrf}, Game: v, Board: newBoardView(l, v.Board)}
	for _, pl := range v.Players {
		if pl.Seat == v.ToMove {
			tp.ToMoveName = pl.Name
		}
	}
	for i := len(v.Turns) - 1; i >= 0; i-- {
		tp.Turns = append(tp.Turns, turnLine(v, &v.Turns[i]))
	}
	gj, _ := json.Marshal(v)
	tp.GameJSON = template.JS(gj)
	lj, _ := json.Marshal(premiumGrid(l))
	tp.LayoutJSON = template.JS(lj)
	return tp
}

func turnLine(v *service.GameView, t *service.TurnView) string {
	name := ""
	if t.Seat >= 1 && t.Seat <= len(v.Players) {
		name = v.Players[t.Seat-1].Name
	}
	s := fmt.Sprintf("%d. %s: %s %s %+d", t.Seq, name, t.Kind, t.Move, t.Score)
	if t.Verdict != "" {
		s += " (" + t.Verdict + ")"
	}
	if t.Flag != "" {
		s += " ⚑ " + t.Flag
	}
	if t.Undone {
		s += " (undone)"
	}
	return s
}

// boardView is a board ready for the template: premium squares and tiles.
type boardView struct {
	Cols     int
	ColNames []string
	Rows     []boardRow
}

type boardRow struct {
	Name    string
	Squares []boardSquare
}

type boardSquare struct {
	Name, Class, Label, Tile string
	Blank                    bool
}

// premiumGrid names each square's premium: "", "dl", "tl", "ql", "dw",
// "tw", "qw", with "start" for the start square.
func premiumGrid(l *scoring.Layout) []string {
	out := make([]string, 0, l.Rows*l.Cols)
	for r := 0; r < l.Rows; r++ {
		for c := 0; c < l.Cols; c++ {
			out = append(out, premiumClass(l, r, c))
		}
	}
	return out
}

func premiumClass(l *scoring.Layout, r, c int) string {
	pr := l.At(r, c)
	cls := ""
	switch {
	case pr.Word > 1:
		cls = [...]string{"", "", "dw", "tw", "qw"}[pr.Word]
	case pr.Letter > 1:
		cls = [...]string{"", "", "dl", "tl", "ql"}[pr.Letter]
	}
	if r == l.StartRow && c == l.StartCol {
		cls = strings.TrimSpace(cls + " start")
	}
	return cls
}

var premiumLabel = map[string]string{"dl": "2L", "tl": "3L", "ql": "4L", "dw": "2W", "tw": "3W", "qw": "4W"}

func newBoardView(l *scoring.Layout, rows []string) boardView {
	b := boardView{Cols: l.Cols}
	for c := 0; c < l.Cols; c++ {
		b.ColNames = append(b.ColNames, string(rune('A'+c)))
	}
	for r := 0; r < l.Rows; r++ {
		row := boardRow{Name: strconv.Itoa(r + 1)}
		var letters []rune
		if r < len(rows) {
			letters = []rune(rows[r])
		}
		for c := 0; c < l.Cols; c++ {
			cls := premiumClass(l, r, c)
			sq := boardSquare{Name: scoring.PositionName(r, c, false), Class: cls, Label: premiumLabel[strings.Fields(cls + " x")[0]]}
			if strings.Contains(cls, "start") && sq.Label == "" || cls == "dw start" {
				sq.Label = "★"
			}
			if c < len(letters) && letters[c] != '.' {
				sq.Tile = string(letters[c])
				sq.Blank = strings.ToLower(sq.Tile) == sq.Tile && strings.ToUpper(sq.Tile) != sq.Tile
			}
			row.Squares = append(row.Squares, sq)
		}
		b.Rows = append(b.Rows, row)
	}
	return b
}

// director is the director's sign-in form, or the list of tournaments.
func (p *pages) director(c *gin.Context) {
	a, _ := p.s.pageActor(c)
	if !a.IsDirector() {
		p.directorForm(c, http.StatusOK, "")
		return
	}
	ts, err := p.s.svc.ListTournaments(c.Request.Context())
	if err != nil {
		p.pageError(c, err)
		return
	}
	if len(ts) == 1 {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/director/%d", ts[0].ID))
		return
	}
	p.render(c, http.StatusOK, "tournaments", struct {
		page
		Tournaments []service.Tournament
	}{page{Title: "Director"}, ts})
}

func (p *pages) directorForm(c *gin.Context, status int, msg string) {
	p.render(c, status, "signin", signInPage{page: page{Title: "Director sign-in"}, Error: msg,
		Method: "post", Action: "/director", Label: "Director token", Field: "token", FormCSRF: loginCSRF(c)})
}

func (p *pages) directorSignIn(c *gin.Context) {
	if !checkLoginCSRF(c) {
		p.directorForm(c, http.StatusForbidden, "The form expired; sign in again.")
		return
	}
	token := strings.TrimSpace(c.PostForm("token"))
	a, err := p.s.svc.Authenticate(c.Request.Context(), token)
	if err != nil || !a.IsDirector() || token == "" {
		p.directorForm(c, http.StatusUnauthorized, "That is not the director's token.")
		return
	}
	setSession(c, token)
	c.Redirect(http.StatusSeeOther, "/director")
}

func (p *pages) signOut(c *gin.Context) {
	token := sessionToken(c)
	if token != "" && !validCSRF(token, c.PostForm("csrf")) {
		p.pageError(c, service.Errorf(service.KindForbidden, "csrf-required", "sign out from the page"))
		return
	}
	clearSession(c)
	c.Redirect(http.StatusSeeOther, "/director")
}

// consoleRow is a table of the current round on the console.
type consoleRow struct {
	Game      *service.GameView `json:"game"`
	Names     string            `json:"-"`
	Scores    string            `json:"-"`
	Last      time.Time         `json:"-"`
	LastISO   string            `json:"last,omitempty"`
	Ago       string            `json:"-"`
	Attention []attentionItem   `json:"attention"`
}

type attentionItem struct {
	Game  int64  `json:"game"`
	Table int    `json:"table"`
	Text  string `json:"text"`
}

// attention lists what a game needs from the director.
func attention(v *service.GameView) []attentionItem {
	var out []attentionItem
	add := func(format string, args ...any) {
		out = append(out, attentionItem{Game: v.ID, Table: v.Table, Text: fmt.Sprintf(format, args...)})
	}
	for _, f := range v.Flags {
		switch {
		case f.Flag == "score-disagreement":
			add("score disagreement on turn %d", f.Turn)
		case strings.HasPrefix(f.Flag, "irregular"):
			add("irregular placement on turn %d (%s)", f.Turn, strings.TrimPrefix(f.Flag, "irregular:"))
		default:
			add("%s on turn %d", f.Flag, f.Turn)
		}
	}
	switch v.Status {
	case service.StatusOnHold:
		add("challenge pending (play on hold)")
	case service.StatusAwaitingAcceptance:
		add("game finished, waiting for the last play to be accepted")
	case service.StatusAwaitingRacks:
		add("game finished, racks to enter")
	}
	return out
}

func newConsoleRow(v *service.GameView, now time.Time) consoleRow {
	row := consoleRow{Game: v, Attention: attention(v)}
	var names, scores []string
	for _, pl := range v.Players {
		names = append(names, pl.Name)
		scores = append(scores, strconv.Itoa(pl.Score))
	}
	row.Names, row.Scores = strings.Join(names, " – "), strings.Join(scores, " – ")
	for _, t := range v.Turns {
		if t.CreatedAt.After(row.Last) {
			row.Last = t.CreatedAt
		}
	}
	if !row.Last.IsZero() {
		row.LastISO = row.Last.UTC().Format(time.RFC3339)
		row.Ago = now.Sub(row.Last).Round(time.Second).String() + " ago"
	} else {
		row.Ago = "no entries yet"
	}
	return row
}

// console is the live room view of the current round.
func (p *pages) console(c *gin.Context) {
	a, token := p.s.pageActor(c)
	if !a.IsDirector() {
		c.Redirect(http.StatusSeeOther, "/director")
		return
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-id", "%q is not a tournament id", c.Param("id")))
		return
	}
	t, err := p.s.svc.GetTournament(c.Request.Context(), id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	games, err := p.s.svc.RoundGames(c.Request.Context(), a, id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	now := time.Now()
	rows := []consoleRow{}
	for _, v := range games {
		rows = append(rows, newConsoleRow(v, now))
	}
	data, _ := json.Marshal(map[string]any{"tournament": t.ID, "round": t.CurrentRound, "rows": rows})
	p.render(c, http.StatusOK, "director", struct {
		page
		Tournament  *service.Tournament
		Rows        []consoleRow
		ConsoleJSON template.JS
	}{page{Title: "Console · " + t.Name, BodyClass: "console-page", CSRF: csrfFor(token)}, t, rows, template.JS(data)})
}

type pairingLine struct {
	Table int
	Names string
}

// standings is the public page for the projector: standings and the
// current round's pairings, refreshing itself.
func (p *pages) standings(c *gin.Context) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-id", "%q is not a tournament id", c.Param("id")))
		return
	}
	ctx := c.Request.Context()
	t, err := p.s.svc.GetTournament(ctx, id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	rows, err := p.s.svc.Standings(ctx, id, service.StandingsQuery{})
	if err != nil && !isKind(err, service.KindNotFound) {
		p.pageError(c, err)
		return
	}
	var lines []pairingLine
	if rp, err := p.s.svc.Pairings(ctx, id, t.CurrentRound, service.StandingsQuery{}); err == nil {
		for _, pv := range rp.Pairings {
			var names []string
			for _, pl := range pv.Players {
				names = append(names, pl.Name)
			}
			n := strings.Join(names, " vs ")
			if pv.Bye {
				n += " (bye)"
			}
			lines = append(lines, pairingLine{Table: pv.Table, Names: n})
		}
	}
	p.render(c, http.StatusOK, "standings", struct {
		page
		Tournament *service.Tournament
		Standings  []service.StandingRow
		Round      int
		Pairings   []pairingLine
		Updated    string
	}{page{Title: "Standings · " + t.Name, BodyClass: "projector-page", Refresh: 30}, t, rows, t.CurrentRound, lines, time.Now().Format("15:04:05")})
}

func isKind(err error, k service.Kind) bool {
	var e *service.Error
	return errors.As(err, &e) && e.Kind == k
}
