package api

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/scoring"
	"tourney/service"
)

func (p *pages) tableRoutes(r *gin.Engine) {
	r.GET("/table/:table", p.table)
	r.POST("/table/:table", p.tableSignIn)
}

// Sign-in words of the table page.
const (
	codeReplacedWords  = "This table's code was replaced by the director: scan the new card."
	codeWithdrawnWords = "This table's code was withdrawn by the director: ask the director."
	tabletEndedWords   = "The director signed this tablet out: scan the table card again."
	tabletCrowdedWords = "More tablets signed in at this table than it may have, so this one was signed out: scan the table card again."
	wrongCodeWords     = "That code is not this table's. Scan the table card again or ask the director."
	otherSiteWords     = "This sign-in came from another site. Scan the table card, or type its code here."
)

// revokedWords: what the tablet is told, by how its credential stopped
// working (service.RevokedTableCode).
var revokedWords = map[string]string{
	service.CodeReplaced:     codeReplacedWords,
	service.CodeWithdrawn:    codeWithdrawnWords,
	service.TabletEnded:      tabletEndedWords,
	service.TabletCrowdedOut: tabletCrowdedWords,
}

// tooManyCodesWords: the guard's refusal, with its wait (which grows
// with each wrong code) in plain words.
func tooManyCodesWords(err error) string {
	return "Too many wrong codes from this tablet. Wait " + waitWords(err) + ", then scan the table card again."
}

// tableNumber reads the page's table number; false (the problem shown)
// if it is not one.
func (p *pages) tableNumber(c *gin.Context) (int, bool) {
	table, err := strconv.Atoi(c.Param("table"))
	if err != nil || table < 1 {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-table", "%q is not a table number", c.Param("table")))
		return 0, false
	}
	return table, true
}

// tableSignInBox shows the table's sign-in box, with msg above it.
func (p *pages) tableSignInBox(c *gin.Context, table, status int, msg string) {
	p.tableAskBox(c, table, status, msg, p.signInAsk(c, table))
}

// tableAskBox is the sign-in box with its question (tableAsk): shown at
// once when it holds a code.
func (p *pages) tableAskBox(c *gin.Context, table, status int, msg string, ask tableAsk) {
	p.render(c, status, "signin", signInPage{page: page{Title: fmt.Sprintf("Table %d", table)}, Error: msg,
		Method: "post", Action: c.Request.URL.Path, Label: "Table code", Field: "code", CodeBox: true, Ask: ask})
}

// tableSignIn signs a tablet in with a table code posted by the page's
// form, or by its script from the table card's link (BASE/table/N#code=,
// the code in the fragment, which no server log sees), then redirects
// to the table's page.
func (p *pages) tableSignIn(c *gin.Context) {
	table, ok := p.tableNumber(c)
	if !ok {
		return
	}
	if !p.sameSite(c) {
		p.tableSignInBox(c, table, http.StatusForbidden, otherSiteWords)
		return
	}
	p.signInTable(c, table, c.PostForm("code"), false)
}

// signInTable checks a table code and, if it is the table's, keeps it in
// the session and redirects to the table's page.
func (p *pages) signInTable(c *gin.Context, table int, code string, crossSite bool) {
	session, err := p.s.svc.SignInTable(c.Request.Context(), table, code, c.ClientIP(), crossSite)
	if e := service.AsError(err); err != nil && e.Kind == service.KindRateLimited {
		setRetryAfter(c, err)
		p.tableSignInBox(c, table, http.StatusTooManyRequests, tooManyCodesWords(err))
		return
	}
	if err != nil {
		p.tableSignInBox(c, table, http.StatusUnauthorized, wrongCodeWords)
		return
	}
	setCookie(c, tableCookie, session)
	c.Redirect(http.StatusSeeOther, c.Request.URL.Path)
}

// sameSite reports whether a form post comes from the server's own pages,
// as the browser says: Sec-Fetch-Site where it sends one, else Origin
// (ownOrigin).
func (p *pages) sameSite(c *gin.Context) bool {
	if site := c.GetHeader("Sec-Fetch-Site"); site != "" {
		return site == "same-origin" || site == "none"
	}
	o := c.GetHeader("Origin")
	return o == "" || p.ownOrigin(c, o)
}

// table is the tablet's page. With ?code= (the links of cards printed
// before the code moved to the fragment) it signs the tablet in and
// redirects to itself without the code. A tablet whose code the director
// replaced or withdrew, or that the director signed out, is told so above
// the sign-in box.
func (p *pages) table(c *gin.Context) {
	table, ok := p.tableNumber(c)
	if !ok {
		return
	}
	if code := c.Query("code"); code != "" {
		if ask := p.signInAsk(c, table); ask.Now {
			ask.Code = code
			p.tableAskBox(c, table, http.StatusUnauthorized, "", ask)
			return
		}
		p.signInTable(c, table, code, crossSite(c))
		return
	}
	a, token := p.s.tabletActor(c)
	if a.Kind != service.CredTable || a.Table != table {
		msg := ""
		held, _ := tabletToken(c)
		if t, how := p.s.svc.RevokedTableCode(c.Request.Context(), held); t == table {
			msg = revokedWords[how]
		}
		p.tableSignInBox(c, table, http.StatusUnauthorized, msg)
		return
	}
	if _, legacy := tabletToken(c); legacy {
		setCookie(c, tableCookie, token) // the tablet's own cookie from now on
		clearSession(c)
	}
	v, err := p.s.svc.TableGame(c.Request.Context(), a, a.TournamentID, table)
	if e := service.AsError(err); err != nil && e.Type == service.CodeNoGameAtTable {
		p.tableWaiting(c, a.TournamentID, table, csrfFor(token))
		return
	}
	if err != nil {
		p.pageError(c, err)
		return
	}
	layout, err := p.s.svc.BoardLayout(c.Request.Context(), a.TournamentID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	tp := newTablePage(v, layout, csrfFor(token))
	tp.Teams = v.Teams
	tp.AskSignIn = !p.openedHere(c)
	p.render(c, http.StatusOK, "table", tp)
}

// noGameWords: what a signed-in tablet says while its table has no game
// in the current round (its page opens the game once there is one).
const noGameWords = "No game for this table this round."

// tableWaiting is a signed-in tablet's page while its table has no game
// in the current round: it says so, and follows the round (table-follow.js)
// until the director pairs the table or makes another round current.
func (p *pages) tableWaiting(c *gin.Context, tournamentID int64, table int, csrf string) {
	t, err := p.s.svc.GetTournament(c.Request.Context(), tournamentID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	p.render(c, http.StatusOK, "table_waiting", tableWaitingPage{
		page:  page{Title: fmt.Sprintf("Table %d", table), BodyClass: "tablet", CSRF: csrf, Styles: []string{"table.css"}},
		Table: table, Round: t.CurrentRound, TournamentID: tournamentID, Words: noGameWords})
}

type tableWaitingPage struct {
	page
	Table, Round int
	TournamentID int64
	Words        string
}

type tablePage struct {
	page
	Game       *service.GameView
	Board      boardView
	ToMoveName string
	// Status is the game's status in words; NextPlay the number of the
	// play to be entered (turns count plays, as score sheets do).
	Status   string
	NextPlay int
	// Over: the game takes no more moves (the page shows no entry);
	// Result: a finished game's result in words (nil before).
	Over   bool
	Result *tableResult
	// Teams: a team game, seats 1 and 3 against 2 and 4 (for the page's
	// script).
	Teams bool
	// AskSignIn: the page was not opened from a scan or this server's
	// pages; a card's code it is sent later asks first (table-signin.js).
	AskSignIn  bool
	Turns      []tableTurn
	GameJSON   template.JS
	LayoutJSON template.JS
	NamesJSON  template.JS
}

// tableTurn is a line of the turn list as the page first shows it; the
// page's script draws the list again, with notes under each play.
type tableTurn struct {
	Seq, Turn int
	Text      string
}

// tableStatusWords say a game's status as the tablet says it.
var tableStatusWords = map[string]string{
	service.StatusInProgress:         "in play",
	service.StatusOnHold:             "on hold",
	service.StatusAwaitingAcceptance: "went out",
	service.StatusAwaitingRacks:      "racks to enter",
	service.StatusFinished:           "finished",
	service.StatusVoided:             "result entered by the director",
}

func newTablePage(v *service.GameView, l *scoring.Layout, csrf string) tablePage {
	names := squareNames(v.Variant)
	tp := tablePage{page: page{Title: fmt.Sprintf("Table %d", v.Table), BodyClass: "tablet", CSRF: csrf, Styles: []string{"table.css"}},
		Game: v, Board: newBoardView(l, v.Board, names), Status: tableStatus(v), NextPlay: v.NextPlay,
		Over: tableOver[v.Status], Result: newTableResult(v, v.Teams)}
	for _, pl := range v.Players {
		if pl.Seat == v.ToMove {
			tp.ToMoveName = pl.Name
		}
	}
	for i := len(v.Turns) - 1; i >= 0; i-- {
		t := &v.Turns[i]
		play := 0 // only a play shows its turn number; the rest are its notes
		if t.Kind == service.EventMove && !t.Undone {
			play = t.Turn
		}
		tp.Turns = append(tp.Turns, tableTurn{Seq: t.Seq, Turn: t.Turn, Text: turnLine(v, t, play)})
	}
	gj, _ := json.Marshal(v)
	tp.GameJSON = template.JS(gj)
	lj, _ := json.Marshal(premiumGrid(l))
	tp.LayoutJSON = template.JS(lj)
	nj, _ := json.Marshal(names)
	tp.NamesJSON = template.JS(nj)
	return tp
}

// turnLine says an event in plain words: a play with its play number
// ("2. Bob: 7C GALE +16"), anything else without one.
func turnLine(v *service.GameView, t *service.TurnView, play int) string {
	name := ""
	if t.Seat >= 1 && t.Seat <= len(v.Players) {
		name = v.Players[t.Seat-1].Name
	}
	var s string
	switch {
	case t.Kind == service.EventConfirm:
		s = fmt.Sprintf("%s confirms the result %s", name, t.Move)
	case t.Kind == service.EventMove && t.Move == "-":
		s = name + ": pass"
	case t.Kind == service.EventMove && strings.HasPrefix(t.Move, "-"):
		s = name + ": exchanged " + t.Move[1:] // a table's view gives the count, never the letters
	case t.Kind == service.EventMove:
		s = fmt.Sprintf("%s: %s %+d", name, t.Move, t.Score)
	case t.Kind == service.EventHold:
		s = name + " held the play"
	case t.Kind == service.EventChallenge && t.Verdict == service.VerdictAcceptable:
		s = name + " challenged: ACCEPTABLE"
	case t.Kind == service.EventChallenge:
		s = name + " challenged: NOT ACCEPTABLE"
	default:
		s = fmt.Sprintf("%s %+d", name, t.Score)
	}
	if play > 0 {
		s = strconv.Itoa(play) + ". " + s
	}
	if t.Undone {
		s += " (undone)"
	}
	return s
}

// squareNames are what a variant calls its premium squares, by the
// board's class names ("dl": "DL"; Word Chums: "dl": "L2"): the names its
// score sheets print. A variant the page cannot look up (none is
// expected) gets the usual DL, TW.
func squareNames(variant string) map[string]string {
	vr, err := scoring.LookupVariant(variant)
	out := map[string]string{}
	for cls, p := range premiumOfClass {
		if err == nil {
			out[cls] = vr.SquareName(p)
		} else {
			out[cls] = scoring.DefaultSquareName(p)
		}
	}
	return out
}

// premiumOfClass: the premium each board class stands for.
var premiumOfClass = map[string]scoring.Premium{
	"dl": {Letter: 2, Word: 1}, "tl": {Letter: 3, Word: 1}, "ql": {Letter: 4, Word: 1},
	"dw": {Letter: 1, Word: 2}, "tw": {Letter: 1, Word: 3}, "qw": {Letter: 1, Word: 4},
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

// squareLabel is what an empty square shows: its premium's name (names:
// board class to name), the star on the start square.
func squareLabel(cls string, names map[string]string) string {
	label := names[strings.Fields(cls + " x")[0]]
	if strings.Contains(cls, "start") && label == "" || cls == "dw start" {
		return "★"
	}
	return label
}

// newBoardView draws a board with its premium squares labelled by
// names (board class: label).
func newBoardView(l *scoring.Layout, rows []string, names map[string]string) boardView {
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
			sq := boardSquare{Name: scoring.PositionName(r, c, false), Class: cls, Label: squareLabel(cls, names)}
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
