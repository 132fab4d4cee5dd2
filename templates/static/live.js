// The live boards (/t/{id}/live) and the featured table
// (/t/{id}/live/{table}): the tables of the current round as the public
// may see them (behind the broadcast delay), read again whenever the
// public update stream says a table moved; highlights from the same
// stream run in the ticker.
(function () {
  "use strict";
  var main = document.getElementById("live-main");
  if (!main) return;
  var boards = document.getElementById("live-boards");
  var ticker = document.getElementById("live-ticker");
  var status = document.getElementById("live-status");
  var featured = main.dataset.table ? Number(main.dataset.table) : 0;
  var shown = {}; // table -> JSON last drawn, to redraw only what changed

  var el = window.liveBoard.el, drawTable = window.liveBoard.drawTable;
  // The live boards name their premium squares above the boards (the
  // featured table's squares are large enough to read their names).
  var key = !featured && window.liveBoard.legend();
  if (key) main.insertBefore(key, boards);

  // The featured table keeps the ticker in a row of its own grid, between
  // its players and its last play (live.css), where no highlight covers
  // the last play; elsewhere it stays under the boards.
  function placeTicker() {
    var home = featured && boards.querySelector(".live-table") || main;
    if (ticker.parentNode !== home) home.appendChild(ticker);
  }

  function render(live) {
    if (ticker.parentNode !== main) main.appendChild(ticker); // out of the way of a redraw
    var tables = [];
    live.divisions.forEach(function (d) {
      d.tables.forEach(function (t) { t.division = d.division; tables.push(t); });
    });
    if (featured) tables = tables.filter(function (t) { return t.table === featured; });
    if (!tables.length) {
      boards.textContent = "";
      boards.appendChild(el("p", "live-none", featured ? "Table " + featured + " has no game this round." : "No tables in play."));
      shown = {};
      placeTicker();
      if (key) key.hidden = true;
      return;
    }
    var none = boards.querySelector(".live-none");
    if (none) none.remove();
    var keep = {};
    tables.forEach(function (t) {
      var json = JSON.stringify(t);
      keep[t.table] = true;
      var old = boards.querySelector('.live-table[data-table="' + t.table + '"]');
      if (old && shown[t.table] === json) return;
      var sec = drawTable(t);
      if (old) boards.replaceChild(sec, old); else boards.appendChild(sec);
      shown[t.table] = json;
    });
    Array.prototype.forEach.call(boards.querySelectorAll(".live-table"), function (s) {
      if (!keep[s.dataset.table]) { s.remove(); delete shown[s.dataset.table]; }
    });
    placeTicker();
    if (key) key.hidden = !boards.querySelector(".live-board"); // no board, no squares to name
    main.dataset.loaded = String((Number(main.dataset.loaded) || 0) + 1);
  }

  var pending = null;
  function load() {
    pending = null;
    fetch(main.dataset.api, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(render)
      .catch(function () { if (status) status.textContent = "Reconnecting…"; });
  }
  // A moment after a change, and not all at once: every spectator's page
  // hears the same notice, so each waits its own quarter to one second,
  // which spreads their reads over the second instead of one burst.
  function soon() { if (!pending) pending = setTimeout(load, 250 + Math.random() * 750); }

  function addHighlight(h) {
    var item = el("p", "live-highlight live-" + h.kind, h.sentence);
    ticker.insertBefore(item, ticker.firstChild);
    while (ticker.children.length > 3) ticker.removeChild(ticker.lastChild);
    ticker.hidden = false;
  }

  fetch(main.dataset.highlights).then(function (r) { return r.ok ? r.json() : []; }).then(function (list) {
    list.slice(0, 3).reverse().forEach(addHighlight);
  }).catch(function () {});
  load();

  if (!window.EventSource) return;
  // The stream reopens by itself after a refusal or a drop (liveStream);
  // the boards are read again on every connection.
  var on = {
    highlight: function (e) {
      var n = JSON.parse(e.data);
      if (n.highlight) addHighlight(n.highlight);
    }
  };
  ["turn", "game", "result", "pairings", "players", "tournament"].forEach(function (kind) { on[kind] = soon; });
  liveStream.open(main.dataset.updates, {
    on: on,
    words: function (state, seconds) { var w = liveStream.words(state, seconds); return w.charAt(0).toUpperCase() + w.slice(1); },
    state: function (words, state) { if (status) status.textContent = words; if (state === "live") soon(); }
  });
})();
