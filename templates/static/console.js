// What every console page shares: calling the JSON API with the page's
// CSRF token, showing its problems beside the form that caused them, and
// following the tournament's event stream.
var Console = (function () {
  "use strict";
  var meta = document.querySelector('meta[name="csrf-token"]');
  var csrf = meta ? meta.content : "";

  // api sends a request and resolves with the decoded answer; a problem
  // (application/problem+json) rejects with an Error whose message is its
  // title and detail, as the director should read them.
  // plainWords are the refusals whose words from the server name a route
  // of the API: a page says them in its own (pages may say more).
  var plainWords = {
    "game-has-record": "This game is recorded turn by turn, so its record decides its result. Open the game to end it where it stands or correct its turns, or set its record aside (with a reason) to enter the result by hand."
  };

  function api(method, path, body, contentType) {
    var headers = { "X-CSRF-Token": csrf };
    var opts = { method: method, headers: headers, credentials: "same-origin" };
    if (body instanceof FormData) {
      opts.body = body; // the browser writes its multipart Content-Type
    } else if (body !== undefined && body !== null) {
      headers["Content-Type"] = contentType || "application/json";
      opts.body = contentType ? body : JSON.stringify(body);
    }
    // A file sent as a form (photos) is not kept to be replayed: its body
    // may be tens of MB.
    if (method === "POST" && !(body instanceof FormData)) headers["Idempotency-Key"] = key();
    return fetch(path, opts).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      if (!/json/.test(type)) {
        if (r.ok) return r.text();
        throw new Error("The server answered " + r.status + " " + r.statusText + ".");
      }
      return r.json().then(function (data) {
        if (r.ok) return data;
        var msg = plainWords[data.code] || [data.title, data.detail].filter(Boolean).join(": ");
        var err = new Error(msg || "The server answered " + r.status + ".");
        // The code and state are for the page to act on; people read words.
        err.code = data.code; err.state = data.state; err.detail = data.detail;
        throw err;
      });
    }, function () {
      throw new Error("The server cannot be reached; nothing was changed. Check the connection and try again.");
    });
  }

  function key() {
    var b = new Uint8Array(12);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  // status shows a form's outcome in its .form-status element: an error
  // stays until the next attempt; the form's inputs are never cleared on
  // an error.
  function status(form, text, isError) {
    var el = form.querySelector(".form-status");
    if (!el) return;
    el.textContent = text || "";
    el.className = "form-status" + (isError ? " error" : text ? " ok" : "");
    el.hidden = !text;
  }

  // submit wires a form to an action returning a promise: the button is
  // disabled while it runs and the outcome shown beside the form.
  function submit(form, action) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var buttons = form.querySelectorAll("button");
      status(form, "Working…", false);
      buttons.forEach(function (b) { b.disabled = true; });
      Promise.resolve().then(action).then(function (msg) {
        status(form, msg || "Done.", false);
      }, function (err) {
        status(form, err.message, true);
      }).then(function () {
        buttons.forEach(function (b) { b.disabled = false; });
      });
    });
  }

  // dialog wires one of the page's own <dialog>s around its form: the
  // dialog's .cancel and .close buttons close it. It returns open(fill),
  // which clears the form's last outcome, lets fill put in what the
  // dialog is about, shows it and puts the focus on the form's first
  // field, else on its cancel button. What the form does is the page's
  // (submit).
  function dialog(d, form) {
    d.querySelectorAll(".cancel, .close").forEach(function (b) { b.addEventListener("click", function () { d.close(); }); });
    return function open(fill) {
      status(form, "");
      form.hidden = false;
      if (fill) fill();
      d.showModal();
      (form.querySelector("input, select, textarea") || form.querySelector(".cancel") || form).focus();
    };
  }

  // el builds an element: el("td", {className: "num"}, "12", child...).
  function el(tag, props) {
    var e = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) {
      if (k === "dataset") Object.assign(e.dataset, props[k]);
      else e[k] = props[k];
    });
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined) continue;
      e.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  function num(v) {
    var n = parseInt(v, 10);
    return isNaN(n) ? null : n;
  }

  // live follows the tournament's notices; handlers are by kind (game,
  // result, pairings, players). The badge in the bar says whether it is
  // connected, and while it is not, when it tries again (liveStream: it
  // reopens by itself after a refusal or a drop). Once back, reopened
  // reads again what the page shows; without one, every handler is told
  // of a change without detail (which means "read again").
  function live(tournament, handlers, reopened) {
    var badge = document.getElementById("live");
    var on = {};
    Object.keys(handlers).forEach(function (kind) {
      on[kind] = function (e) {
        var n = {};
        try { n = JSON.parse(e.data); } catch (err) { /* a hint without detail still means "re-read" */ }
        handlers[kind](n);
      };
    });
    return liveStream.open("/api/v1/tournaments/" + tournament + "/events?csrf=" + encodeURIComponent(csrf), {
      on: on,
      state: function (words, state) {
        if (!badge) return;
        badge.textContent = words;
        badge.className = state === "live" ? "online" : "offline";
      },
      reopened: reopened || function () {
        var seen = [];
        Object.keys(handlers).forEach(function (kind) {
          if (seen.indexOf(handlers[kind]) < 0) { seen.push(handlers[kind]); handlers[kind]({}); }
        });
      }
    });
  }

  // debounce runs fn once after a burst of calls (several notices for
  // one change read the state once).
  function debounce(fn, ms) {
    var t = null;
    return function () {
      clearTimeout(t);
      t = setTimeout(fn, ms);
    };
  }

  // sides are what a table's scores go with, in seat order: a player
  // each, or in a team game (seats 1 and 3 against 2 and 4) a team each,
  // "Ann & Cy". names are strings or {name} objects.
  function sides(names, teams) {
    var n = (names || []).map(function (x) { return typeof x === "string" ? x : x.name; });
    if (teams && n.length === 4) return [n[0] + " & " + n[2], n[1] + " & " + n[3]];
    return n;
  }
  // tableNames says who plays at a table: "Ann v Bob", "Ann v Bob v Cy"
  // at a table of three or four, "Ann & Cy vs Bob & Di" in a team game.
  function tableNames(names, teams) {
    var s = sides(names, teams);
    return teams && s.length === 2 ? s.join(" vs ") : s.join(" v ");
  }

  // The page's tournament, from the data-tournament of its <main>.
  var holder = document.querySelector("[data-tournament]");
  var tournament = holder ? holder.dataset.tournament : "";
  return { api: api, status: status, submit: submit, dialog: dialog, el: el, num: num, live: live, debounce: debounce,
    sides: sides, tableNames: tableNames,
    csrf: csrf, tournament: tournament, base: "/api/v1/tournaments/" + tournament };
})();

// The rules fields of a tournament form (new tournament, setup): the
// placeholders say what the chosen rules bring by default.
var ConsoleRules = (function () {
  "use strict";
  // editing: the form changes a tournament, where an empty word list
  // means none (a new one takes the rules' own).
  function wire(form, editing) {
    var variant = form.querySelector('[name="variant"]');
    var lexicon = form.querySelector('[name="lexicon"]');
    var rule = form.querySelector('[name="challenge_rule"]');
    function show() {
      var o = variant.options[variant.selectedIndex];
      if (!o) return;
      lexicon.placeholder = editing ? "none: challenges ruled by hand" + (o.dataset.lexicon ? " (the rules' own is " + o.dataset.lexicon + ")" : "")
        : o.dataset.lexicon ? "the rules' own: " + o.dataset.lexicon : "none (no challenges judged)";
      if (rule.options[0] && rule.options[0].value === "") rule.options[0].textContent = "the rules' own: " + (o.dataset.rule || "none");
    }
    variant.addEventListener("change", show);
    show();
  }
  // read collects the form's fields; an empty text field is left out,
  // so the service keeps (or, new, takes the rules') default.
  function read(form) {
    var out = {};
    new FormData(form).forEach(function (v, k) {
      if (typeof v !== "string") return;
      v = v.trim();
      if (v === "") return;
      out[k] = k === "current_round" ? parseInt(v, 10) : v;
    });
    return out;
  }
  return { wire: wire, read: read };
})();

// Attention is what the console's pages need to say a game's status and
// a turn's flags in words (the server's words, carried by the page as
// JSON), the server's clock (the browser's, corrected by the difference
// seen when the page was served), and the attention list as the server
// sends it: the rules of what needs the director are the server's alone
// (api/console_attention.go); a page only draws the list.
var Attention = (function () {
  "use strict";
  var node = document.getElementById("attention-catalogue");
  var cat = node ? JSON.parse(node.textContent) : {};
  var irregular = cat.irregular || {}, statuses = cat.statuses || {};
  var skew = cat.now ? Date.parse(cat.now) - Date.now() : 0;
  var recheckMs = (cat.recheck_seconds || 30) * 1000;
  function byHand(g) { return g.status === "finished" && !!(g.official_result && g.official_result.entered_by_hand); }
  function plainCode(words, code) {
    return Object.prototype.hasOwnProperty.call(words || {}, code) ? words[code] : String(code).replace(/-/g, " ");
  }
  // follow draws the list read from path ({now, next_change, attention})
  // with draw(items), starting from first when the page carries it, and
  // reads it again when the server said the clock alone changes it
  // (next_change, counted from the list's now), at the latest after
  // recheck_seconds, and soon after again() (an event). It returns again.
  function follow(path, draw, first) {
    var timer = null;
    function show(list) {
      draw((list && list.attention) || []);
      var wait = recheckMs, until = list && list.next_change ? Date.parse(list.next_change) - Date.parse(list.now) : NaN;
      if (until < wait) wait = until;
      schedule(Math.max(wait, 1000));
    }
    function schedule(ms) { clearTimeout(timer); timer = setTimeout(read, ms); }
    function read() {
      Console.api("GET", path).then(show, function () { schedule(recheckMs); });
    }
    if (first) show(first); else read();
    var soon = Console.debounce(read, 300);
    return function again() { clearTimeout(timer); soon(); };
  }
  return {
    plainCode: plainCode, irregular: irregular, follow: follow,
    // status says a game's status in plain words ("in-progress": "in play").
    status: function (code) { return plainCode(statuses, code); },
    // byHand: the game is finished on a result the director keyed.
    byHand: byHand,
    // gameStatus says a game's status, and how its result came when it
    // was keyed by hand (gameStatusWords in api/console_attention.go).
    gameStatus: function (g) { return plainCode(statuses, byHand(g) ? "finished-by-hand" : g.status); },
    // turn is the room's turn column: the tablet's "Turn N" (next_play)
    // while the game is played, a dash once it is over (roomTurn).
    turn: function (g) { return g.status === "in-progress" || g.status === "on-hold" ? String(g.next_play || "") : "–"; },
    now: function () { return Date.now() + skew; }
  };
})();
