// Results by table: a round's tables, those without a result first, each
// with a score box a seat in seat order (a table of three or four: three
// or four; a team game: one a team), keyed from the slips without the
// mouse. A score, Tab, the next score, ..., Enter: the row is saved and
// focus goes to the next table without a result. A refusal is said in plain
// words in the row; when the server wants a reason (a result already in,
// a game recorded at the table), a reason box opens there and Enter sends
// the scores again with it.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var main = document.querySelector("main");
  var round = parseInt(main.dataset.round, 10) || 1;
  var tbody = document.querySelector("#key-results tbody");
  var summary = document.getElementById("key-summary");
  var rows = []; // in the order shown
  var byTable = {};
  var manyDivisions = false;

  function parseData() {
    try { return JSON.parse(document.getElementById("tables-data").textContent) || []; } catch (e) { return []; }
  }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "−" + (-n) : "0"; }
  function wl(n) { var w = Math.floor(n); return n === w ? String(n) : (w ? w : "") + "½"; }
  function done(row) { return !!row.view.result; }
  // atTablet: a game recorded turn by turn at its table, still going (no
  // result yet, its record not set aside): the tablet brings its result,
  // so the keying skips it (a score typed there sets the record aside).
  function atTablet(v) { return !v.result && !!v.status && v.status !== "voided"; }
  // toKey: a row the director is to key, no result and no tablet on it.
  function toKey(row) { return !done(row) && !atTablet(row.view); }
  // sides are what the scores go with, in seat order: the players, or a
  // team game's two teams ("Ann & Cy").
  function sides(v) { return C.sides(v.players, v.teams); }

  // describe says what a result in the table is, in words.
  function describe(v) {
    var r = v.result;
    if (atTablet(v)) return "Recorded at the tablet, no result yet: a score typed here sets the record aside.";
    if (!r) return "";
    if (r.kind !== "game" || !v.scores) return "Result in: " + r.kind + (r.names ? " (" + r.names.join(", ") + ")" : "") + ".";
    var how = r.source === "recorded" ? " (recorded at the table)" : "";
    var s = sides(v);
    if (s.length > 2) return "Result in: " + s.map(function (n, i) { return n + " " + v.scores[i]; }).join(", ") + how + ".";
    var d = v.scores[0] - v.scores[1];
    if (d === 0) return "Result in: a tie, " + v.scores[0] + " all" + how + ".";
    return "Result in: " + (d > 0 ? s[0] : s[1]) + " by " + Math.abs(d) + how + ".";
  }

  function scoreBox(row, seat) {
    var v = row.view, name = sides(v)[seat];
    var input = el("input", { type: "text", inputMode: "numeric", autocomplete: "off", className: "score", maxLength: 4 });
    input.setAttribute("aria-label", v.teams ? "Table " + v.table + ", team " + (seat + 1) + ": " + name + "'s score"
      : "Table " + v.table + ", seat " + (seat + 1) + ": " + name + "'s score");
    input.dataset.seat = String(seat);
    return input;
  }

  // seatCells are the row's middle cells. Two sides (a pair, or a team
  // game's two teams): name, score – score, name. A table of three or
  // four: one cell of labelled boxes in seat order.
  function seatCells(row) {
    var s = sides(row.view);
    if (s.length === 2) {
      var dash = el("td", { className: "dash" }, "–");
      dash.setAttribute("aria-hidden", "true");
      return [el("td", { className: "seat-name" }, s[0]), el("td", { className: "num box" }, row.inputs[0]), dash,
        el("td", { className: "num box" }, row.inputs[1]), el("td", { className: "seat-name" }, s[1])];
    }
    var cell = el("td", { colSpan: 5, className: "group-seats" });
    s.forEach(function (name, i) {
      cell.appendChild(el("label", { className: "group-seat" }, el("span", { className: "seat-no" }, i + 1),
        el("span", { className: "seat-name" }, name), row.inputs[i]));
    });
    return [cell];
  }

  function makeRow(v) {
    var row = { view: v, busy: false, dirty: false, needVoid: false };
    row.inputs = sides(v).map(function (n, i) { return scoreBox(row, i); });
    row.reason = el("input", { type: "text", className: "reason", autocomplete: "off", maxLength: 500, placeholder: "kept in the audit log" });
    row.reasonLabel = el("label", { className: "reason-label" }, el("span", { className: "reason-ask" }), row.reason);
    row.reasonLabel.hidden = true;
    row.echo = el("span", { className: "echo" });
    var tableCell = el("td", { className: "num table-no" }, v.table);
    row.tag = el("span", { className: "tablet-tag" }, "recorded at the tablet");
    tableCell.appendChild(row.tag);
    if (manyDivisions && v.division) tableCell.appendChild(el("span", { className: "division-tag" }, v.division));
    row.tr = el("tr", { className: row.inputs.length > 2 ? "group" : "", dataset: { table: String(v.table) } }, tableCell);
    seatCells(row).forEach(function (td) { row.tr.appendChild(td); });
    row.tr.appendChild(el("td", { className: "outcome" }, row.echo, row.reasonLabel));
    row.inputs.forEach(function (i) {
      i.addEventListener("focus", function () { i.select(); });
      i.addEventListener("input", function () { row.dirty = true; });
    });
    show(row);
    say(row, describe(v), "");
    return row;
  }

  // show marks a row done or missing, with the scores in the boxes once
  // a result is in.
  function show(row) {
    var v = row.view;
    row.tr.classList.toggle("done", done(row));
    row.tr.classList.toggle("missing", !done(row));
    row.tr.classList.toggle("at-tablet", atTablet(v));
    row.tag.hidden = !atTablet(v);
    if (v.scores) row.inputs.forEach(function (input, i) { if (v.scores[i] !== undefined) input.value = v.scores[i]; });
  }

  // say writes the row's outcome cell; kind is "", "ok" or "error". What
  // a row last said of its result comes back when a refusal is let go.
  function say(row, text, kind) {
    if (kind !== "error") row.settled = text;
    row.echo.textContent = text;
    row.tr.classList.toggle("refused", kind === "error");
    row.echo.className = "echo" + (kind ? " " + kind : "");
  }

  function askReason(row, text, isVoid) {
    row.needVoid = !!isVoid;
    say(row, text, "error");
    row.reasonLabel.querySelector(".reason-ask").textContent = isVoid ? "Why set the record aside?" : "Why change it?";
    row.reasonLabel.hidden = false;
    row.reason.focus();
  }
  function closeReason(row) {
    row.reasonLabel.hidden = true;
    row.reason.value = "";
    row.needVoid = false;
  }

  function render(list) {
    var divs = {};
    list.forEach(function (v) { divs[v.division_id || 0] = true; });
    manyDivisions = Object.keys(divs).length > 1;
    // To key first, then those recorded at tablets, then those in.
    var rank = function (v) { return v.result ? 2 : atTablet(v) ? 1 : 0; };
    rows = list.slice().sort(function (a, b) { return rank(a) - rank(b); }).map(makeRow);
    byTable = {};
    tbody.textContent = "";
    rows.forEach(function (row) { byTable[row.view.table] = row; tbody.appendChild(row.tr); });
    if (!rows.length) {
      tbody.appendChild(el("tr", {}, el("td", { colSpan: 7, className: "small" }, "Round " + round + " has no games at tables yet: pair it on ",
        el("a", { href: "/director/" + C.tournament + "/rounds" }, "Rounds & pairing"), ".")));
    }
    count();
  }

  function count() {
    var left = rows.filter(function (r) { return !done(r); }).length, tablets = rows.filter(function (r) { return atTablet(r.view); }).length;
    if (!rows.length) summary.textContent = "";
    else if (left) summary.textContent = (rows.length - left) + " of " + rows.length + " tables have a result; " + left + " to go" +
      (tablets ? " (" + tablets + " recorded at the tablet)" : "") + ".";
    else summary.textContent = "All " + rows.length + " tables of round " + round + " have a result.";
    summary.classList.toggle("all-in", rows.length > 0 && !left);
  }

  // next is the first row after this one (wrapping) still to key (no
  // result, no tablet recording it), else still without a result; null
  // when every table has one.
  function next(row) {
    var i = rows.indexOf(row), fallback = null;
    for (var k = 1; k <= rows.length; k++) {
      var r = rows[(i + k) % rows.length];
      if (r === row || done(r)) continue;
      if (toKey(r)) return r;
      fallback = fallback || r;
    }
    return fallback;
  }
  function moveOn(row) {
    var n = next(row);
    if (n) { n.inputs[0].focus(); return; }
    summary.tabIndex = -1;
    summary.focus();
  }

  function scoresOf(row) {
    var out = [];
    for (var i = 0; i < row.inputs.length; i++) {
      var s = row.inputs[i].value.trim();
      if (!/^\d{1,4}$/.test(s)) return { bad: i };
      out.push(parseInt(s, 10));
    }
    return { scores: out };
  }

  function sameScores(row, s) { return !!row.view.scores && JSON.stringify(row.view.scores) === JSON.stringify(s); }

  // words turns a refusal into what the director reads: no codes.
  function refusal(row, err) {
    var v = row.view;
    switch (err.code) {
      case "already-entered":
        if (err.state && err.state.players) { row.view = err.state; count(); }
        var was = row.view.scores ? " (" + row.view.scores.join("–") + ")" : "";
        if (row.view.result && row.view.result.source === "recorded") {
          // The record's own result: replacing it sets the record aside.
          return askReason(row, "Table " + v.table + "'s result" + was + " comes from the game recorded move by move at the table. To put these scores in its place, type why and press Enter, or Esc to keep it.", true);
        }
        return askReason(row, "Table " + v.table + " already has a result" + was + ". Type why it changes and press Enter to replace it, or Esc to keep it.", false);
      case "game-has-record":
        return askReason(row, "This game was recorded move by move at the table. To put these scores in its place " +
          (row.reason.value.trim() ? "(the record is set aside), press Enter again" : "(the record is set aside), type why and press Enter") + ", or Esc to keep the record.", true);
      case "no-record":
        row.needVoid = false;
        return askReason(row, "The game at this table has no moves recorded after all: press Enter to save the scores with your reason.", false);
      case "missing-reason":
        return askReason(row, "Say why, then press Enter.", row.needVoid);
      case "no-such-table":
        say(row, "Table " + v.table + " has no game in round " + round + " any more: the pairings changed. Reload the page.", "error");
        break;
      default:
        var text = err.detail || err.message;
        say(row, text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : "."), "error");
    }
    row.inputs[0].focus();
  }

  function save(row) {
    if (row.busy) return;
    var got = scoresOf(row);
    if (got.bad !== undefined) {
      say(row, row.inputs.length === 2 ? "Type both scores, in whole numbers." : "Type every score, in whole numbers.", "error");
      row.inputs[got.bad].focus();
      return;
    }
    var reason = row.reasonLabel.hidden ? "" : row.reason.value.trim();
    if (!row.reasonLabel.hidden && !reason) { say(row, "Say why, then press Enter (Esc to leave it as it is).", "error"); row.reason.focus(); return; }
    if (done(row) && !reason && sameScores(row, got.scores)) { row.dirty = false; moveOn(row); return; }
    var body = { scores: got.scores };
    if (row.view.division_id) body.division_id = row.view.division_id;
    if (reason) body.reason = reason;
    if (reason && row.needVoid) body.record = "void";
    row.busy = true;
    row.tr.classList.add("saving");
    row.inputs.concat([row.reason]).forEach(function (i) { i.readOnly = true; });
    say(row, "Saving…", "");
    C.api("POST", C.base + "/rounds/" + round + "/tables/" + row.view.table + "/result", body).then(function (res) {
      row.view.result = res.result;
      row.view.scores = got.scores;
      row.dirty = false;
      closeReason(row);
      show(row);
      say(row, echo(row, res), "ok");
      count();
      return true;
    }, function (err) {
      refusal(row, err);
      return false;
    }).then(function (ok) {
      row.busy = false;
      row.tr.classList.remove("saving");
      row.inputs.concat([row.reason]).forEach(function (i) { i.readOnly = false; });
      if (ok) moveOn(row);
    });
  }

  // echo is a saved row's line: who won by how much (at a table of three
  // or four, everyone's score), and every player's record after it.
  function echo(row, res) {
    var s = row.view.scores, p = sides(row.view), d = s[0] - s[1], head = res.amended ? "Amended: " : "Saved: ";
    if (p.length > 2) head += p.map(function (n, i) { return n + " " + s[i]; }).join(", ") + ". ";
    else head += d === 0 ? "a tie. " : (d > 0 ? p[0] : p[1]) + " by " + Math.abs(d) + ". ";
    return head + (res.players || []).map(function (x) {
      return x.name + " " + wl(x.wins) + "–" + wl(x.losses) + " " + signed(x.spread);
    }).join(" · ");
  }

  tbody.addEventListener("keydown", function (e) {
    var t = e.target, tr = t.closest && t.closest("tr");
    var row = tr && byTable[tr.dataset.table];
    if (!row) return;
    if (e.key === "Enter") {
      e.preventDefault();
      // Enter in a box with an empty one after it goes on to that one.
      var at = row.inputs.indexOf(t), empty = row.inputs.filter(function (b, i) { return i > at && b.value.trim() === ""; })[0];
      if (at >= 0 && empty && row.reasonLabel.hidden) { empty.focus(); return; }
      save(row);
    } else if (e.key === "Escape" && !row.reasonLabel.hidden) {
      e.preventDefault();
      closeReason(row);
      show(row);
      say(row, row.settled || describe(row.view), "");
      row.dirty = false;
      row.inputs[0].focus();
    }
  });

  document.getElementById("round-select").addEventListener("change", function (e) {
    location.href = "/director/" + C.tournament + "/results?round=" + encodeURIComponent(e.target.value);
  });

  // refresh reads the round's tables again when a result or a finished
  // game may have changed one: a row not being typed in takes the result
  // that came in from elsewhere (a tablet, another director).
  function refresh() {
    C.api("GET", C.base + "/rounds/" + round + "/tables").then(function (list) {
      if (!rows.length && list.length) { render(list); focusFirst(); return; }
      list.forEach(function (v) {
        var row = byTable[v.table];
        if (!row || row.busy || row.dirty || row.tr.contains(document.activeElement) || !row.reasonLabel.hidden) return;
        if (JSON.stringify(row.view.scores || null) === JSON.stringify(v.scores || null) && !!row.view.result === !!v.result) return;
        if (v.players[0].id !== row.view.players[0].id) return; // pairings changed: the page says so below
        row.view = v;
        show(row);
        say(row, describe(v), "");
      });
      if (list.length !== rows.length) summary.textContent = "The pairings of round " + round + " changed: reload the page to see them.";
      else count();
    }, function () { /* the badge says the connection is down */ });
  }

  // focusFirst puts the cursor in the first table to key; with none (all
  // in, or the rest at tablets) on the summary, which says so.
  function focusFirst() {
    var first = rows.filter(toKey)[0];
    if (first) { first.inputs[0].focus(); return; }
    if (!rows.length) return;
    summary.tabIndex = -1;
    summary.focus();
  }
  render(parseData());
  focusFirst();
  var reload = C.debounce(refresh, 300);
  C.live(C.tournament, { result: reload, pairings: reload, game: function (n) { if (n.status === "finished") reload(); } });
})();
