package api

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
)

// A table credential is a short code, good however it is typed.
func TestTableCodeAsTyped(t *testing.T) {
	f := newFixture(t)
	if !regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$`).MatchString(f.table) {
		t.Fatalf("table code %q is not two groups of five", f.table)
	}
	typed := strings.ToLower(strings.ReplaceAll(f.table, "-", ""))
	must[service.TurnResult](t, f.enter(f.game, typed, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	wantProblem(t, f.enter(f.game, typed[:9], turn{Turn: 2, Player: 2, Move: "-"}), http.StatusUnauthorized, "bad-credentials")
}

// printedCodes prints round 1's table cards and reads each table's code
// from them.
func (f *fixture) printedCodes() map[string]string {
	f.t.Helper()
	r := f.get(f.tpath("/rounds/1/tablecards.pdf?base=https://club.example"), f.Director)
	wantPDF(f.t, r)
	return cardCodes(f.t, pdfText(f.t, r.Body), "club.example")
}

// cardCodes reads the table cards' text, a card a page: each table's
// code, in large type on both faces of its tent beside the address of
// its page at host.
func cardCodes(t *testing.T, text, host string) map[string]string {
	t.Helper()
	address := regexp.MustCompile(regexp.QuoteMeta(host) + `/table/(\d+)\b`)
	codes := map[string]string{}
	for _, page := range strings.Split(strings.TrimRight(text, "\f"), "\f") {
		tables := address.FindAllStringSubmatch(page, -1)
		found := tableCode.FindAllString(page, -1)
		if len(tables) != 2 || tables[0][1] != tables[1][1] || len(found) != 2 || found[0] != found[1] {
			t.Fatalf("a table card shows tables %v and codes %v, want one of each on both faces:\n%s", tables, found, page)
		}
		codes[tables[0][1]] = found[0]
	}
	return codes
}

var tableCode = regexp.MustCompile(`\b[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}\b`)

// Printing the table cards again prints the same codes: a table's live
// code is kept as issued, so a print never revokes one, and a tablet
// signed in stays signed in. Only a table without a code gets one.
func TestTableCardsReprinted(t *testing.T) {
	f := newFixture(t) // table 1's code is f.table
	f.addGame(1, 2, f.addPlayer("Cleo"), f.addPlayer("Dana"))
	spare := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/credentials"), f.Director, map[string]any{"another": true}), http.StatusCreated)
	tablet, _ := signInTable(t, f)

	first := f.printedCodes()
	if len(first) != 2 || first["1"] != f.table || first["2"] == "" || first["2"] == f.table {
		t.Fatalf("codes printed %v, want table 1's own (%s) and a new one for table 2", first, f.table)
	}
	second := f.printedCodes()
	if len(second) != 2 || second["1"] != first["1"] || second["2"] != first["2"] {
		t.Fatalf("codes printed again %v, first %v: want the same", second, first)
	}
	if revs := f.revocations(); len(revs) != 0 {
		t.Fatalf("printing revoked codes: %+v", revs)
	}
	live := f.liveCodes()
	if len(live) != 2 || len(live[1]) != 2 || len(live[2]) != 1 {
		t.Fatalf("live codes %v, want table 1's two and table 2's one", live)
	}
	for i, tok := range []string{f.table, spare.Token, second["1"]} {
		wantPage(t, tablet.get("/table/1"), http.StatusOK, "Doug")
		must[service.TurnResult](t, f.enter(f.game, tok, turn{Player: 1 + i%2, Move: "-"}), http.StatusCreated)
	}
}
