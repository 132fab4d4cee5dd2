package api

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

func (p *pages) consoleRoutes(r *gin.Engine) {
	r.GET("/director", p.director)
	r.POST("/director", p.directorSignIn)
	r.GET("/director/:id", p.console)
	r.GET("/director/:id/setup", p.consoleSetup)
	r.GET("/director/:id/rounds", p.consoleRounds)
	r.GET("/director/:id/results", p.consoleResults)
	r.GET("/director/:id/standings", p.consoleStandings)
	r.GET("/director/:id/prizes", p.consolePrizes)
	r.GET("/director/:id/submit", p.consoleSubmit)
	r.GET("/director/:id/games/:game", p.consoleGame)
	r.POST("/signout", p.signOut)
}

// director is the director's sign-in form, or the list of tournaments
// with the form for a new one. With a single tournament it goes straight
// to its console (the usual day); ?all=1 shows the list anyway.
func (p *pages) director(c *gin.Context) {
	a, token := p.s.pageActor(c)
	if !a.IsDirector() {
		p.directorForm(c, http.StatusOK, "")
		return
	}
	ts, err := p.s.svc.ListTournaments(c.Request.Context())
	if err != nil {
		p.pageError(c, err)
		return
	}
	if len(ts) == 1 && c.Query("all") == "" {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/director/%d", ts[0].ID))
		return
	}
	p.render(c, http.StatusOK, "tournaments", struct {
		page
		Tournaments []service.Tournament
		Choices     tournamentChoices
	}{page{Title: "Director", BodyClass: "console-page", CSRF: csrfFor(token), Styles: consoleStyles}, ts, p.choices()})
}

func (p *pages) directorForm(c *gin.Context, status int, msg string) {
	if msg == "" && c.GetBool(sessionEndedKey) {
		msg = "Your session ended; sign in again."
	}
	p.render(c, status, "signin", signInPage{page: page{Title: "Director sign-in"}, Error: msg,
		Method: "post", Action: "/director", Label: "Director token or password", Field: "token", FormCSRF: loginCSRF(c)})
}

func (p *pages) directorSignIn(c *gin.Context) {
	if !checkLoginCSRF(c) {
		p.directorForm(c, http.StatusForbidden, "The form expired; sign in again.")
		return
	}
	// The director's token, or the password (set with tourney password),
	// taken as typed: either opens a session of its own (the token is
	// never kept in the cookie), which signing out revokes.
	session, err := p.s.svc.SignInDirector(c.Request.Context(), c.PostForm("token"), c.ClientIP())
	switch e := service.AsError(err); {
	case err == nil:
	case e.Kind == service.KindRateLimited:
		setRetryAfter(c, err)
		p.directorForm(c, http.StatusTooManyRequests, "Too many wrong tries from here: wait "+waitWords(err)+", then sign in again.")
		return
	case e.Kind == service.KindUnauthorized:
		p.directorForm(c, http.StatusUnauthorized, "That is neither the director's token nor the director's password.")
		return
	default:
		p.pageError(c, err)
		return
	}
	setSession(c, session)
	c.Redirect(http.StatusSeeOther, "/director")
}

func (p *pages) signOut(c *gin.Context) {
	token := sessionToken(c)
	if token != "" && !validCSRF(token, c.PostForm("csrf")) {
		p.pageError(c, service.Errorf(service.KindForbidden, "csrf-required", "sign out from the page"))
		return
	}
	if token != "" {
		if err := p.s.svc.SignOut(c.Request.Context(), token); err != nil {
			p.pageError(c, err)
			return
		}
	}
	clearSession(c)
	c.Redirect(http.StatusSeeOther, "/director")
}

// consoleRow is a table of the current round on the console.
type consoleRow struct {
	Game *service.GameView `json:"game"`
	// Teams: a team game (seats 1 and 3 against 2 and 4). The game's view
	// does not say so; the game does (see teamGames).
	Teams   bool      `json:"teams,omitempty"`
	Names   string    `json:"-"`
	Scores  string    `json:"-"`
	Last    time.Time `json:"-"`
	LastISO string    `json:"last,omitempty"`
	Ago     string    `json:"-"`
	Status  string    `json:"-"` // in plain words
	Turn    string    `json:"-"` // the tablet's turn number (roomTurn)
	Attn    bool      `json:"-"` // the attention list has a line for the game
}

func newConsoleRow(v *service.GameView, now time.Time, teams bool) consoleRow {
	row := consoleRow{Game: v, Teams: teams, Status: gameStatusWords(v), Turn: roomTurn(v)}
	row.Names, row.Scores = roomNames(v, teams), roomScores(v, teams)
	for _, t := range v.Turns {
		if t.CreatedAt.After(row.Last) {
			row.Last = t.CreatedAt
		}
	}
	if !row.Last.IsZero() {
		row.LastISO = row.Last.UTC().Format(time.RFC3339)
		row.Ago = now.Sub(row.Last).Round(time.Second).String() + " ago"
	} else if v.ResultByHand() {
		row.Ago = "–" // nothing entered at the table: the result was keyed
	} else {
		row.Ago = "no entries yet"
	}
	return row
}

// console is the live room view of the current round.
func (p *pages) console(c *gin.Context) {
	a, cp, ok := p.consoleFrame(c, "", "Room")
	if !ok {
		return
	}
	t := cp.Tournament
	games, list, err := p.s.room(c.Request.Context(), a, t.ID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	now := list.Now
	attn := map[int64]bool{}
	for _, it := range list.Attention {
		attn[it.Game] = true
	}
	rows := []consoleRow{}
	for _, v := range games {
		row := newConsoleRow(v, now, v.Teams)
		row.Attn = attn[v.ID]
		rows = append(rows, row)
	}
	// The attention list as GET /tournaments/:id/attention sends it.
	data, _ := json.Marshal(map[string]any{"tournament": t.ID, "round": t.CurrentRound, "rows": rows,
		"now": list.Now, "next_change": list.NextChange, "attention": list.Attention})
	p.render(c, http.StatusOK, "director", struct {
		consolePage
		Rows        []consoleRow
		Attention   []attentionItem
		ConsoleJSON template.JS
		Backup      string
	}{cp, rows, list.Attention, template.JS(data), p.backupLine(now)})
}

// backupLine says when the last backup was taken, in plain words.
func (p *pages) backupLine(now time.Time) string {
	at, file, ok := p.s.backups.LastBackup()
	if !ok {
		return "No backup taken since the server started. Download one now, or start the server with --backup-every 5m --backup-dir DIR to keep copies as you go."
	}
	return fmt.Sprintf("Last backup %s (at %s): %s.", agoText(now.Sub(at)), at.Local().Format("15:04"), filepath.Base(file))
}

// agoText says how long ago, in whole minutes: "just now", "1 minute
// ago", "2 h 5 min ago".
func agoText(d time.Duration) string {
	m := int(d / time.Minute)
	switch {
	case m < 1:
		return "just now"
	case m == 1:
		return "1 minute ago"
	case m < 60:
		return fmt.Sprintf("%d minutes ago", m)
	}
	return fmt.Sprintf("%d h %d min ago", m/60, m%60)
}

// roomNames are a game's players as the room view lists them: "Ann –
// Bob", everyone at a table of three or four, "Ann & Cy vs Bob & Di" in a
// team game.
func roomNames(v *service.GameView, teams bool) string {
	var names []string
	for _, pl := range v.Players {
		names = append(names, pl.Name)
	}
	if teams && len(names) == 4 {
		return names[0] + " & " + names[2] + " vs " + names[1] + " & " + names[3]
	}
	return strings.Join(names, " – ")
}

// roomScores are the running scores in seat order; a team game's are the
// two teams' (each the sum of its players').
func roomScores(v *service.GameView, teams bool) string {
	if v.Official != nil && v.Official.Kind == service.ResultForfeit {
		return "forfeit" // no game: no scores to show (director.js says the same)
	}
	if v.RecordSetAside && v.Official == nil {
		return "–" // the set-aside record's partial scores are no result
	}
	var scores []string
	if teams && len(v.Players) == 4 {
		for team := range 2 {
			scores = append(scores, strconv.Itoa(v.Players[team].Score+v.Players[team+2].Score))
		}
	} else {
		for _, pl := range v.Players {
			scores = append(scores, strconv.Itoa(pl.Score))
		}
	}
	return strings.Join(scores, " – ")
}
