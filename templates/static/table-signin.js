// A table card's link carries the table's code in the fragment
// (/table/N#code=K7QMX-4TPA9), which never reaches a server log: take it
// out of the address bar at once and sign in with it by posting the
// page's own form (same origin). A page already signed in only takes the
// code out of sight when it opens; a card scanned while the page is open
// (the browser changes only the fragment) signs in with its code.
(function () {
  "use strict";
  function take(scanned) {
    var m = /(?:^#|&)code=([^&]*)/.exec(location.hash);
    if (!m) return;
    var code = "";
    try { code = decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (e) { code = ""; }
    history.replaceState(history.state, "", location.pathname + location.search);
    var form = document.getElementById("table-signin");
    if (!code || (!form && !scanned)) return;
    if (!form) {
      form = document.createElement("form");
      form.method = "post";
      form.action = location.pathname;
      form.hidden = true;
      var input = document.createElement("input");
      input.name = "code";
      form.appendChild(input);
      document.body.appendChild(form);
    }
    form.elements.code.value = code;
    form.submit();
  }
  take(false);
  window.addEventListener("hashchange", function () { take(true); });
})();
