// The public standings page reloads itself when a result, a pairing or a
// finished game changes what it shows (server-sent events), a moment
// later so that a burst of results costs one reload. If the stream is
// down, the page's meta refresh still reloads it every few minutes.
(function () {
  "use strict";
  var main = document.getElementById("projector");
  if (!main || !window.EventSource) return;
  var live = document.getElementById("live");
  var pending = null;
  var es = new EventSource(main.dataset.updates);
  function changed() {
    if (pending) return;
    pending = setTimeout(function () { window.location.reload(); }, 1500);
  }
  es.addEventListener("open", function () { live.textContent = "live"; });
  es.addEventListener("error", function () { live.textContent = "reconnecting…"; });
  ["game", "result", "pairings", "players"].forEach(function (kind) { es.addEventListener(kind, changed); });
})();
