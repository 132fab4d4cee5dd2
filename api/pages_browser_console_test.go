package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// consoleSignIn signs the browser in as the director; with the
// fixture's one tournament the console opens on its room view.
func consoleSignIn(f *fixture) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(f.URL+"/director"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="token"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="token"]`), f.Director),
		chromedp.Submit(chromedp.CSS(`input[name="token"]`)),
		chromedp.WaitVisible(chromedp.CSS(`main.console`)),
	)
}

// submitForm clicks a form's submit button and waits for its outcome.
func submitForm(form, want string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		clickWhenThere(form+` button[type="submit"]`),
		waitFor(`document.querySelector(`+jsString(form+" .form-status")+`).textContent.includes(`+jsString(want)+`)`),
	)
}

// clickWhenThere clicks the element the selector finds, once there is
// one. The console re-renders lists when they change (a code issued, the
// window focused), so a node found a moment earlier may be gone by the
// time chromedp clicks it; finding and clicking in one step in the page
// does not race with that.
func clickWhenThere(sel string) chromedp.Action[chromedp.Void] {
	return waitFor(`(function(){ var e = document.querySelector(` + jsString(sel) + `); if (!e) return false; e.click(); return true; })()`)
}

// setValue sets a field as if chosen or typed, change event included.
func setValue(sel, v string) chromedp.Action[chromedp.Void] {
	lit, _ := json.Marshal(v) // a JavaScript string literal, newlines escaped
	return eval(`(function(){ var e = document.querySelector(` + jsString(sel) + `); e.value = ` + string(lit) + `; e.dispatchEvent(new Event("change")); })()`)
}

func TestBrowserConsoleShowsDisagreementLive(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t) // closed first: the event stream ends before the server closes
	run(t, ctx,
		chromedp.Navigate(f.URL+"/director"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="token"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="token"]`), f.Director),
		chromedp.Submit(chromedp.CSS(`input[name="token"]`)),
		chromedp.WaitVisible(chromedp.ID("room")),
		waitFor(`document.getElementById("live").textContent === "live"`),
	)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(31)}), http.StatusCreated)
	run(t, ctx,
		waitFor(`document.getElementById("attention").textContent.includes("Table 1: score disagreement on turn 1")`),
		waitFor(`document.querySelector("#game-`+itoa(f.game)+` .scores").textContent.startsWith("32")`),
		// The item opens the game in the console.
		waitFor(`document.querySelector("#attention a").getAttribute("href") === "/director/`+itoa(f.tournament)+`/games/`+itoa(f.game)+`"`),
	)
}

func TestBrowserConsoleCreatesTournamentAndPlayers(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(f.URL+"/director?all=1"),
		chromedp.WaitVisible(chromedp.ID("new-tournament")),
		chromedp.SendKeys(chromedp.CSS(`#new-tournament [name="name"]`), "Club Night"),
		setValue(`#new-tournament [name="challenge_rule"]`, "five-point"),
		setValue(`#new-tournament [name="lexicon"]`, "TESTLEX"), // the naspa default, ENABLE, is not in testdata
		clickWhenThere(`#new-tournament button[type="submit"]`),
		chromedp.WaitVisible(chromedp.ID("player-form")), // the new tournament's setup page
		waitFor(`location.pathname.endsWith("/setup")`),
		waitFor(`document.getElementById("live").textContent === "live"`),
	)
	ts := must[[]service.Tournament](t, f.get("/api/v1/tournaments", f.Director), http.StatusOK)
	if len(ts) != 2 || ts[1].Name != "Club Night" || ts[1].ChallengeRule != "five-point" {
		t.Fatalf("tournaments %+v, want Club Night with five-point challenges", ts)
	}
	id := ts[1].ID

	// A refused change is shown beside its form, and what was typed stays.
	run(t, ctx,
		setValue(`#tournament-form [name="lexicon"]`, "NO-SUCH-LIST"),
		submitForm("#tournament-form", "NO-SUCH-LIST"),
		waitFor(`document.querySelector("#tournament-form .form-status").classList.contains("error")`),
		waitFor(`document.querySelector('#tournament-form [name="lexicon"]').value === "NO-SUCH-LIST"`),
		// An emptied word list is cleared (challenges then go to the director).
		setValue(`#tournament-form [name="lexicon"]`, ""),
		setValue(`#tournament-form [name="name"]`, "Club Night II"),
		submitForm("#tournament-form", "no word list"),
	)
	if tour := must[service.Tournament](t, f.get(fmt.Sprintf("/api/v1/tournaments/%d", id), f.Director), http.StatusOK); tour.Lexicon != "" || tour.Name != "Club Night II" {
		t.Fatalf("tournament %+v, want the lexicon cleared", tour)
	}
	run(t, ctx,
		setValue(`#tournament-form [name="lexicon"]`, "TESTLEX"),
		submitForm("#tournament-form", "TESTLEX;"),
	)
	// A division, a player typed in, a pasted roster, an uploaded .t file.
	tfile := filepath.Join(t.TempDir(), "b.t")
	if err := os.WriteFile(tfile, []byte("Eve Eng 1500\nFay Fox 1400\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, ctx,
		chromedp.SendKeys(chromedp.CSS(`#division-form [name="name"]`), "A"),
		setValue(`#division-form [name="starts"]`, "score-groups"),
		submitForm("#division-form", "Division A added."),
		waitFor(`document.getElementById("divisions").textContent.includes("score groups before starts")`),
		// Its rules, edited in place: the form opens with what is set.
		clickWhenThere(`#divisions li[data-division] button.edit-division`),
		waitFor(`document.querySelector('form.division-edit [name="starts"]').value === "score-groups"`),
		setValue(`form.division-edit [name="rounds"]`, "12"),
		setValue(`form.division-edit [name="spread_caps"]`, "400"),
		eval(`document.querySelector('form.division-edit [name="gibson"]').checked = true; true`),
		setValue(`form.division-edit [name="prize_places"]`, "2"),
		setValue(`form.division-edit [name="reason"]`, "announced at the meeting"),
		submitForm("form.division-edit", "Division A: rules saved."),
		waitFor(`document.getElementById("divisions").textContent.includes("12 rounds") && document.getElementById("divisions").textContent.includes("spread cap 400 · Gibsonized")`),
		// A chain the service does not know is refused beside the form.
		setValue(`form.division-edit [name="chain"]`, "wins, luck"),
		submitForm("form.division-edit", "luck"),
		waitFor(`document.querySelector("form.division-edit .form-status").classList.contains("error")`),
		clickWhenThere(`form.division-edit button.cancel`),
		waitFor(`document.querySelector("form.division-edit") === null`),
		chromedp.SendKeys(chromedp.ID("player-name"), "Ann Able"),
		chromedp.SendKeys(chromedp.CSS(`#player-form [name="rating"]`), "1800"),
		submitForm("#player-form", "Ann Able added"),
		setValue("#roster", "Bob Baker 1650\nCat Cole 1700\nDan Dee"),
		submitForm("#roster-form", "Added 3 players."),
		waitFor(`document.getElementById("roster").value === ""`),
		waitFor(`document.querySelectorAll("#players tbody tr[data-player]").length === 4`),
		setValue(`#roster-form [name="division_id"]`, ""),
		chromedp.SetUploadFiles(chromedp.ID("t-file"), []string{tfile}),
		submitForm("#roster-form", "Imported 2 players into division B"),
		waitFor(`document.querySelectorAll("#players tbody tr[data-player]").length === 6`),
	)
	ds := must[[]service.Division](t, f.get(fmt.Sprintf("/api/v1/tournaments/%d/divisions", id), f.Director), http.StatusOK)
	if len(ds) == 0 || ds[0].Name != "A" {
		t.Fatalf("divisions %+v, want A", ds)
	}
	if st := ds[0].Settings; st.Starts != "score-groups" || st.Rounds != 12 || fmt.Sprint(st.SpreadCaps) != "[400]" || st.Gibson == nil || !st.Gibson.Enabled || st.Gibson.PrizePlaces != 2 || len(st.Chain) != 0 {
		t.Errorf("division A's settings %+v (gibson %+v), want the edited ones", st, st.Gibson)
	}
	ps := must[[]service.Player](t, f.get(fmt.Sprintf("/api/v1/tournaments/%d/players", id), f.Director), http.StatusOK)
	want := map[string]int{"Ann Able": 1800, "Bob Baker": 1650, "Cat Cole": 1700, "Dan Dee": 0, "Eve Eng": 1500, "Fay Fox": 1400}
	if len(ps) != len(want) {
		t.Fatalf("players %+v", ps)
	}
	for _, p := range ps {
		if r, ok := want[p.Name]; !ok || r != p.Rating || p.DivisionID == nil {
			t.Errorf("player %+v, want rating %d in a division", p, r)
		}
	}
	// Withdraw (with a reason, unplayed rounds as byes) and reinstate from the list.
	sel := fmt.Sprintf(`#players tr[data-player="%d"]`, ps[0].ID)
	run(t, ctx,
		clickWhenThere(sel+" button"),
		waitFor(`document.querySelector("tr.withdraw-line form") !== null`),
		setValue(`tr.withdraw-line [name="reason"]`, "taken ill"),
		setValue(`tr.withdraw-line [name="unplayed"]`, "bye"),
		clickWhenThere(`tr.withdraw-line button[type="submit"]`),
		waitFor(`document.querySelector(`+jsString(sel)+`).textContent.includes("withdrawn (bye)") && document.querySelector("tr.withdraw-line") === null`),
	)
	audit := must[[]service.AuditEntry](t, f.get(fmt.Sprintf("/api/v1/tournaments/%d/audit", id), f.Director), http.StatusOK)
	if last := audit[len(audit)-1]; last.Action != "withdraw-player" || last.Reason != "taken ill" {
		t.Errorf("last audit entry %+v, want the withdrawal with its reason", last)
	}
	run(t, ctx,
		clickWhenThere(sel+" button"),
		waitFor(`document.querySelector(`+jsString(sel)+`).textContent.includes("playing")`),
	)
}

func TestBrowserConsolePairsRound(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Pairing Cup"}), http.StatusCreated).ID
	for _, n := range []string{"Ann", "Bob", "Cat", "Dan"} {
		f.players = append(f.players, f.addPlayer(n))
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("pair-form")),
		waitFor(`document.querySelector("#pairings tbody").textContent.includes("not paired yet")`),
		waitFor(`document.querySelector('#pair-form [name="round"]').value === "1"`),
		setValue("#system", "koth"),
		submitForm("#pair-form", "Round 1 paired by King of the Hill."),
		waitFor(`document.querySelectorAll("#pairings tbody tr[data-table]").length === 2`),
		waitFor(`document.querySelector("#pairings tbody td.reason").textContent.length > 0`),
		waitFor(`document.querySelector("#pairings tbody a").getAttribute("href").includes("/games/")`),
		waitFor(`document.querySelector("#round-reports").innerHTML.includes("tablecards.pdf?csrf=") && !document.querySelector("#round-reports").innerHTML.includes("base=")`),
		waitFor(`document.querySelector("#round-reports").innerHTML.includes("blank-scoresheets.pdf?")`),
		// Pairing it again without saying so is refused, plainly.
		setValue(`#pair-form [name="round"]`, "1"),
		submitForm("#pair-form", "already"),
		waitFor(`document.querySelector("#pair-form .form-status").classList.contains("error")`),
		// A code for table 2.
		setValue(`#code-form [name="table"]`, "2"),
		submitForm("#code-form", "Table 2's code"),
		waitFor(`document.querySelector("#codes a").href.includes("/table/2#code=")`),
	)
	games := must[[]service.Game](t, f.get(f.tpath("/games"), f.Director), http.StatusOK)
	if len(games) != 2 || games[0].Round != 1 {
		t.Fatalf("games %+v, want round 1's two", games)
	}
}

// A lost tablet: the director issues table 1 another code (for a second
// tablet), finds it in the card's list, revokes it with a reason (a blank
// one is refused beside the form) and sees it marked revoked; the
// fixture's older code stays active. A new code without "another" then
// replaces it.
func TestBrowserConsoleRevokesTableCode(t *testing.T) {
	f := newFixture(t) // table 1's code is f.table
	ctx := newChrome(t)
	const first = "#codes li.code:first-child"
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("code-form")),
		waitFor(`document.querySelectorAll("#codes li.code").length === 1`),
		waitFor(`document.getElementById("codes-summary").textContent === "1 active, 0 revoked"`),
		setValue(`#code-form [name="table"]`, "1"),
		eval(`document.querySelector('#code-form [name="another"]').checked = true`),
		submitForm("#code-form", "Table 1's code is below; it is not shown again."),
		waitFor(`document.querySelectorAll("#codes li.code").length === 2`),
		waitFor(`!document.querySelector('#code-form [name="another"]').checked`),
		// The newest first, with its token and the table page's link.
		waitFor(`document.querySelector(`+jsString(first)+`).dataset.table === "1" && document.querySelector(`+jsString(first+" .state")+`).textContent === "active"`),
		waitFor(`document.querySelector(`+jsString(first+" a")+`).href.includes("/table/1#code=")`),
		waitFor(`document.querySelector(`+jsString(first+" .code-when time")+`).textContent.length > 0`),
	)
	token, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(`+jsString(first+" code.token")+`).textContent`))
	if err != nil || token == "" || token == f.table {
		t.Fatalf("token shown %q (%v), want the new code's", token, err)
	}
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(`+jsString(first)+`).dataset.credential`))
	if err != nil {
		t.Fatal(err)
	}
	row := `#codes li[data-credential="` + id + `"]`
	run(t, ctx,
		clickWhenThere(row+" button.revoke"),
		waitFor(`document.querySelector(`+jsString(row+" .revoke-form")+`) !== null`),
		waitFor(`document.activeElement === document.querySelector(`+jsString(row+` .revoke-form [name="reason"]`)+`)`),
		// A reason of spaces passes the browser but not the service: its
		// problem is shown in the form, which stays open.
		setValue(row+` [name="reason"]`, "   "),
		submitForm(row+" .revoke-form", "revoked"),
		waitFor(`document.querySelector(`+jsString(row+" .revoke-form .form-status")+`).classList.contains("error")`),
		waitFor(`!document.querySelector(`+jsString(row)+`).classList.contains("revoked")`),
		setValue(row+` [name="reason"]`, "tablet lost"),
		clickWhenThere(row+` .revoke-form button[type="submit"]`),
		waitFor(`document.querySelector(`+jsString(row)+`).classList.contains("revoked")`),
		waitFor(`document.querySelector(`+jsString(row+" .state")+`).textContent.startsWith("revoked ")`),
		waitFor(`document.querySelector(`+jsString(row+" .revoke-form, "+row+" button.revoke, "+row+" code.token")+`) === null`),
		waitFor(`document.getElementById("codes-status").textContent.includes("Table 1's code")`),
		waitFor(`document.getElementById("codes-summary").textContent === "1 active, 1 revoked"`),
		waitFor(`document.querySelector("#codes li.code:last-child .state").textContent === "active"`),
	)
	list := must[[]service.Credential](t, f.get(f.tpath("/credentials"), f.Director), http.StatusOK)
	if len(list) != 2 || itoa(list[1].ID) != id || list[1].RevokedAt == nil || list[0].RevokedAt != nil {
		t.Fatalf("credentials %+v, want the new one (%s) revoked and the fixture's active", list, id)
	}
	wantProblem(t, f.enter(f.game, token, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusUnauthorized, "bad-credentials")
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)

	run(t, ctx,
		setValue(`#code-form [name="table"]`, "1"),
		submitForm("#code-form", "Its previous code stops working."),
		waitFor(`document.getElementById("codes-summary").textContent === "1 active, 2 revoked"`),
	)
	wantProblem(t, f.enter(f.game, f.table, turn{Turn: 2, Player: 2, Move: "-"}), http.StatusUnauthorized, "bad-credentials")
}

func TestBrowserConsoleCorrectsTurn(t *testing.T) {
	f := newFixture(t)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(31)}), http.StatusCreated)
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		clickWhenThere(`#attention a`),
		chromedp.WaitVisible(chromedp.ID("correct-form")),
		waitFor(`document.querySelector("#turn-1") && document.querySelector("#turn-1").classList.contains("flagged")`),
		waitFor(`document.querySelector("#turn-1 .claimed").textContent === "31" && document.querySelector("#turn-1 .computed").textContent === "+32"`),
		waitFor(`document.getElementById("attention").textContent.includes("score disagreement on turn 1")`),
		waitFor(`document.getElementById("live").textContent === "live"`),
		clickWhenThere(`#turn-1 button`),
		waitFor(`document.getElementById("correct-move").value === "8D WINDY"`),
		setValue("#correct-claim", "32"),
		chromedp.SendKeys(chromedp.ID("correct-reason"), "scoresheet says 32"),
		submitForm("#correct-form", "Turn 1 corrected"),
		waitFor(`!document.querySelector("#turn-1").classList.contains("flagged")`),
		waitFor(`document.getElementById("attention").textContent.includes("Nothing")`),
		// The claim as first entered stays beside the correction and the
		// computed score, with the reason.
		waitFor(`document.querySelector("#turn-1 .claimed").textContent === "32was 31" && document.querySelector("#turn-1 .claimed .was").textContent === "was 31"`),
		waitFor(`document.querySelector("#turn-1 .computed").textContent === "+32"`),
		waitFor(`document.querySelector("#turn-1 .note").textContent.includes("corrected: scoresheet says 32")`),
		waitFor(`document.querySelector("#turn-1 .move .was") === null`), // the move did not change
		// A changed move shows the one first entered too.
		setValue("#correct-move", "8E WINDY"),
		chromedp.SendKeys(chromedp.ID("correct-reason"), "sheet says 8E"),
		submitForm("#correct-form", "Turn 1 corrected"),
		waitFor(`document.querySelector("#turn-1 .move").textContent === "8E WINDYwas 8D WINDY"`),
		waitFor(`document.querySelector("#turn-1 .claimed .was").textContent === "was 31"`),
		waitFor(`document.querySelector("#turn-1 .note").textContent.includes("corrected 2 times: sheet says 8E")`),
		// Back as entered, for what follows.
		setValue("#correct-move", "8D WINDY"),
		chromedp.SendKeys(chromedp.ID("correct-reason"), "8D after all"),
		submitForm("#correct-form", "Turn 1 corrected"),
		waitFor(`document.querySelector("#turn-1 .move .was") === null`),
	)
	v := f.view(f.game)
	if tv := v.Turns[0]; tv.ClaimedScore == nil || *tv.ClaimedScore != 32 || !tv.Agrees || tv.Flag != "" {
		t.Fatalf("turn 1 after the correction: %+v", tv)
	}
	audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
	if len(audit) != 3 || audit[0].Reason != "scoresheet says 32" || audit[2].Reason != "8D after all" {
		t.Errorf("audit %+v, want the three corrections with their reasons", audit)
	}
	// The next turn, entered at the table, shows without a reload.
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 2, Player: 2, Move: "7C GALE", ClaimedScore: claim(14)}), http.StatusCreated)
	run(t, ctx, waitFor(`document.querySelector("#turn-2.flagged") !== null && document.getElementById("attention").textContent.includes("turn 2")`))
}

func TestBrowserConsoleStandingsUpdate(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t)
	row := func(id int64) string { return fmt.Sprintf(`#standings tr[data-player="%d"]`, id) }
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/standings", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("result-form")),
		waitFor(`document.querySelectorAll("#standings tbody tr[data-player]").length === 2`),
		waitFor(`document.querySelectorAll('#result-form [name="p1"] option').length === 3`),
		waitFor(`document.getElementById("live").textContent === "live"`),
		setValue(`#result-form [name="p1"]`, itoa(f.players[0])),
		setValue(`#result-form [name="s1"]`, "400"),
		setValue(`#result-form [name="p2"]`, itoa(f.players[1])),
		setValue(`#result-form [name="s2"]`, "350"),
		submitForm("#result-form", "Result entered"),
		waitFor(`document.querySelector(`+jsString(row(f.players[0])+" .wins")+`).textContent === "1"`),
		waitFor(`document.querySelector(`+jsString(row(f.players[0])+" .spread")+`).textContent === "+50"`),
		waitFor(`document.querySelectorAll("#results tbody tr[data-result]").length === 1`),
	)
	// A result amended elsewhere shows here too, from the event stream.
	rs := must[[]service.RoundResult](t, f.get(f.tpath("/results?round=1"), f.Director), http.StatusOK)
	must[map[string]any](t, f.patch(f.tpath(fmt.Sprintf("/results/%d", rs[0].ID)), f.Director,
		map[string]any{"scores": []int{350, 420}, "reason": "card misread"}), http.StatusOK)
	run(t, ctx,
		waitFor(`document.querySelector(`+jsString(row(f.players[1])+" .wins")+`).textContent === "1"`),
		waitFor(`document.querySelector(`+jsString(row(f.players[1])+" .spread")+`).textContent === "+70"`),
		waitFor(`document.querySelector("#standings tbody tr").dataset.player === "`+itoa(f.players[1])+`"`),
	)
}

func TestBrowserConsoleGameResult(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t)
	// A game played on paper: the director enters its result from the
	// game's page, then amends it with a reason.
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(f.URL+gameConsolePath(f, f.game)),
		waitFor(`document.getElementById("result-submit").textContent === "Enter the result" && document.getElementById("result-reason-label").hidden`),
		setValue(`#result-form [name="score0"]`, "401"),
		setValue(`#result-form [name="score1"]`, "399"),
		submitForm("#result-form", "Result entered."),
		waitFor(`document.getElementById("result-submit").textContent === "Amend the result" && !document.getElementById("result-reason-label").hidden`),
		waitFor(`document.getElementById("result-text").textContent.includes("Doug 401")`),
		setValue(`#result-form [name="score1"]`, "409"),
		// Without a reason nothing is sent, and the scores typed stay.
		clickWhenThere(`#result-form button[type="submit"]`),
		waitFor(`document.querySelector('#result-form [name="score1"]').value === "409"`),
		chromedp.SendKeys(chromedp.ID("result-reason"), "slip misread"),
		submitForm("#result-form", "Result amended."),
		waitFor(`document.getElementById("result-text").textContent.includes("Emely 409")`),
	)
	rs := must[[]service.RoundResult](t, f.get(f.tpath("/results?round=1"), f.Director), http.StatusOK)
	if len(rs) != 1 || rs[0].Scores[0] != 401 || rs[0].Scores[1] != 409 {
		t.Fatalf("results %+v, want Doug 401, Emely 409", rs)
	}
}
