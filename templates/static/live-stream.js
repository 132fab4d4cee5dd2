// liveStream: a page's live updates (server-sent events) that come back
// by themselves. EventSource reconnects on its own only after a dropped
// connection, never after a refusal (an HTTP error such as 503
// streams-full or 429 too-many-streams), so a page would wait for a reload
// it cannot ask for. Here any error closes the stream and it is opened
// again after a wait of 1 s, then 2, 4 ... up to 30 s (back to 1 s once
// connected), the page told in words meanwhile, every second. Used by
// every page with live updates: the console (console.js), the projector
// (public.js), the live boards (live.js) and the tablet (table-follow.js).
//
// liveStream.open(url, {
//   on: {kind: function (event)},  the stream's events, by name;
//   state: function (words, state), told "connecting…", "live",
//     "Live updates paused: reconnecting in 8 s" or "reconnecting…" (state
//     "connecting", "live", "waiting", "reconnecting");
//   words: function (state, seconds), the page's own words instead;
//   reopened: function (), on every connection after a refusal or a drop
//     (also the first, if it was refused): the page reads again what it
//     shows, as on its first load (notices sent while it was away are lost)
// }) returns {close, live}.
window.liveStream = (function () {
  "use strict";
  var FIRST_MS = 1000, MOST_MS = 30000;

  // nextWait is the wait before the next try, after one of wait (0: the
  // first try after a connection).
  function nextWait(wait) { return wait ? Math.min(MOST_MS, wait * 2) : FIRST_MS; }

  function words(state, seconds) {
    if (state === "live") return "live";
    if (state === "connecting") return "connecting…";
    if (state === "reconnecting") return "reconnecting…";
    return "Live updates paused: reconnecting in " + seconds + " s";
  }

  function open(url, o) {
    var es = null, wait = 0, timer = null, missed = false, closed = false;
    var say = o.words || words;
    function tell(state, seconds) { if (o.state) o.state(say(state, seconds), state); }

    function connect() {
      if (closed) return;
      tell(missed ? "reconnecting" : "connecting");
      var s = es = new EventSource(url);
      s.addEventListener("open", function () {
        wait = 0;
        tell("live");
        if (missed && o.reopened) o.reopened();
        missed = false;
      });
      s.addEventListener("error", function () {
        s.close();
        if (es !== s) return;
        es = null;
        missed = true;
        retry();
      });
      Object.keys(o.on || {}).forEach(function (kind) { s.addEventListener(kind, o.on[kind]); });
    }

    function retry() {
      if (closed) return;
      wait = nextWait(wait);
      var until = Date.now() + wait;
      (function tick() {
        var left = until - Date.now();
        if (left <= 0) { timer = null; connect(); return; }
        tell("waiting", Math.ceil(left / 1000));
        timer = setTimeout(tick, left % 1000 || 1000);
      })();
    }

    function close() {
      closed = true;
      clearTimeout(timer);
      if (es) es.close();
      es = null;
    }
    window.addEventListener("pagehide", close);
    // A page kept by the browser for going back comes back connected.
    window.addEventListener("pageshow", function (e) {
      if (e.persisted && closed) { closed = false; wait = 0; missed = true; connect(); }
    });
    connect();
    return { close: close, live: function () { return !!es && es.readyState === EventSource.OPEN; } };
  }

  return { open: open, words: words, nextWait: nextWait };
})();
