package api

import (
	"fmt"
	"net/url"

	"github.com/gin-gonic/gin"
)

// A table card's link signs a browser in by itself only when the browser
// opened it by itself: a QR code scanned, an address typed (no page sent
// it there, so it has no referrer and Sec-Fetch-Site: none), or a page of
// this server. Sent by a page of another site, or opened in a browser
// where the director is signed in, the page first asks, in plain words,
// and signs in only when the button is pressed. The server says what the
// request shows (tableAsk.Now); the page's script (table-signin.js) also
// asks when its document.referrer is another site's, for browsers that
// send no Sec-Fetch-Site (plain http on the hall's network).

// Words of the question.
const (
	otherPageWords     = "This link came from another page, not from scanning the table card."
	directorHereWords  = "The director is signed in on this browser and stays signed in."
	tableQuestionWords = "Sign this browser in as table %d?"
	tableYesWords      = "Sign in as table %d"
)

// tableAsk is the question a table's sign-in box asks before signing in
// with a card's code. Now: ask whatever the script finds; Code: the code
// of an old card's link (?code=), kept in the box while the page asks.
type tableAsk struct {
	Question, Why, Yes string
	Now                bool
	Code               string
}

// signInAsk is the question of table's sign-in box for this request.
func (p *pages) signInAsk(c *gin.Context, table int) tableAsk {
	ask := tableAsk{Question: fmt.Sprintf(tableQuestionWords, table), Yes: fmt.Sprintf(tableYesWords, table), Why: otherPageWords}
	if a, _ := p.s.pageActor(c); a.IsDirector() {
		ask.Why, ask.Now = directorHereWords, true
	}
	if !p.openedHere(c) {
		ask.Now = true
	}
	return ask
}

// openedHere reports whether the browser opened the page by itself or
// from this server's pages, as it says: Sec-Fetch-Site where it sends
// one (a redirect through another site counts as that site's), else the
// Referer, which must be absent or this server's.
func (p *pages) openedHere(c *gin.Context) bool {
	if site := c.GetHeader("Sec-Fetch-Site"); site != "" {
		return site == "none" || site == "same-origin"
	}
	ref := c.GetHeader("Referer")
	return ref == "" || p.ownOrigin(c, ref)
}

// ownOrigin reports whether an Origin or Referer names this server: the
// host asked for, or the public URL's (behind a proxy that passes another
// Host on).
func (p *pages) ownOrigin(c *gin.Context, origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	public, perr := url.Parse(p.s.hall.PublicURL)
	return u.Host == c.Request.Host || (perr == nil && public.Host != "" && u.Host == public.Host)
}
