package api

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"tourney/challenges"
	"tourney/service"
)

// consoleStyles are the console's own stylesheet, linked after pages.css.
var consoleStyles = []string{"console.css"}

// navLink is a tab of the console's bar.
type navLink struct {
	Href, Label string
	Current     bool
}

// consolePage is what every console page shows around its content: the
// tournament and the tabs. PDF links that only the director may open
// carry the CSRF token as ?csrf=, since a link cannot send a header.
type consolePage struct {
	page
	Tournament *service.Tournament
	Nav        []navLink
	// AttentionJSON is the words for statuses and flags, the server's
	// clock and how often to re-read the attention list at the longest
	// (attentionCatalogue); the list itself comes from the server.
	AttentionJSON template.JS
}

// consoleTabs names the console's pages, in the bar's order.
var consoleTabs = []struct{ path, label string }{
	{"", "Room"}, {"/setup", "Setup & players"}, {"/rounds", "Rounds & pairing"}, {"/results", "Key results"},
	{"/standings", "Standings & results"}, {"/prizes", "Prizes"}, {"/submit", "Submit results"},
}

// consoleFrame admits the director only (others go to the sign-in form)
// and loads the tournament of the page. ok is false when it has answered.
func (p *pages) consoleFrame(c *gin.Context, tab, title string) (service.Actor, consolePage, bool) {
	a, token := p.s.pageActor(c)
	if !a.IsDirector() {
		c.Redirect(http.StatusSeeOther, "/director")
		return a, consolePage{}, false
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id < 1 {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-id", "%q is not a tournament id", c.Param("id")))
		return a, consolePage{}, false
	}
	t, err := p.s.svc.GetTournament(c.Request.Context(), id)
	if err != nil {
		p.pageError(c, err)
		return a, consolePage{}, false
	}
	cp := consolePage{page: page{Title: title + " · " + t.Name, BodyClass: "console-page", CSRF: csrfFor(token), Styles: consoleStyles}, Tournament: t,
		AttentionJSON: attentionCatalogue(p.s.svc.Now())}
	for _, tb := range consoleTabs {
		cp.Nav = append(cp.Nav, navLink{Href: fmt.Sprintf("/director/%d%s", t.ID, tb.path), Label: tb.label, Current: tb.path == tab})
	}
	return a, cp, true
}

// tournamentChoices are the options of a tournament's rules form.
type tournamentChoices struct {
	Variants []variantView
	Rules    []challenges.Rule
	Lexicons []string // the word lists on hand, when the folder can list them
}

func (p *pages) choices() tournamentChoices {
	ch := tournamentChoices{Rules: challenges.Rules()}
	for _, v := range p.s.svc.Variants() {
		ch.Variants = append(ch.Variants, variantView{Name: v.Name, Description: v.Description, ChallengeRule: v.ChallengeRule, Lexicon: v.Lexicon})
	}
	if l, ok := p.s.svc.Lexicons.(interface{ Names() []string }); ok && l != nil {
		ch.Lexicons = l.Names()
	}
	return ch
}
