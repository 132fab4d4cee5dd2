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
  function api(method, path, body, contentType) {
    var headers = { "X-CSRF-Token": csrf };
    var opts = { method: method, headers: headers, credentials: "same-origin" };
    if (body !== undefined && body !== null) {
      headers["Content-Type"] = contentType || "application/json";
      opts.body = contentType ? body : JSON.stringify(body);
    }
    if (method === "POST") headers["Idempotency-Key"] = key();
    return fetch(path, opts).then(function (r) {
      var type = r.headers.get("Content-Type") || "";
      if (!/json/.test(type)) {
        if (r.ok) return r.text();
        throw new Error("The server answered " + r.status + " " + r.statusText + ".");
      }
      return r.json().then(function (data) {
        if (r.ok) return data;
        var msg = [data.title, data.detail].filter(Boolean).join(": ");
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
  // connected; EventSource reconnects by itself.
  function live(tournament, handlers) {
    var badge = document.getElementById("live");
    var es = new EventSource("/api/v1/tournaments/" + tournament + "/events?csrf=" + encodeURIComponent(csrf));
    es.addEventListener("open", function () { if (badge) { badge.textContent = "live"; badge.className = "online"; } });
    es.addEventListener("error", function () { if (badge) { badge.textContent = "reconnecting…"; badge.className = "offline"; } });
    Object.keys(handlers).forEach(function (kind) {
      es.addEventListener(kind, function (e) {
        var n = {};
        try { n = JSON.parse(e.data); } catch (err) { /* a hint without detail still means "re-read" */ }
        handlers[kind](n);
      });
    });
    window.addEventListener("pagehide", function () { es.close(); });
    return es;
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

  // The page's tournament, from the data-tournament of its <main>.
  var holder = document.querySelector("[data-tournament]");
  var tournament = holder ? holder.dataset.tournament : "";
  return { api: api, status: status, submit: submit, el: el, num: num, live: live, debounce: debounce,
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

// attentionOf lists what a game needs from the director, as the room
// view and the game view both show it (the server renders the same list
// for the first paint: attention in api/pages_console.go).
function attentionOf(g) {
  "use strict";
  var out = [];
  (g.flags || []).forEach(function (f) {
    var flag = String(f.flag || "");
    if (flag === "score-disagreement") out.push("score disagreement on turn " + f.turn);
    else if (flag.indexOf("irregular") === 0) out.push("irregular placement on turn " + f.turn + " (" + flag.replace("irregular:", "") + ")");
    else out.push(flag + " on turn " + f.turn);
  });
  if (g.status === "on-hold") out.push("challenge pending (play on hold)");
  if (g.status === "awaiting-acceptance") out.push("game finished, waiting for the last play to be accepted");
  if (g.status === "awaiting-racks") out.push("game finished, racks to enter");
  // "confirmed" (one boolean a seat) may be missing from older servers:
  // then nothing is claimed about it.
  if (g.status === "finished" && Array.isArray(g.confirmed) && !(g.confirmed.length && g.confirmed.every(Boolean))) {
    out.push("game finished, result not confirmed by both players");
  }
  return out;
}
