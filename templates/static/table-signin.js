// A table card's link carries the table's code in the fragment
// (/table/N#code=K7QMX-4TPA9), which never reaches a server log: take it
// out of the address bar at once and sign in with it by posting the
// page's own form (same origin). A page already signed in only takes the
// code out of sight when it opens; a card scanned while the page is open
// (the browser changes only the fragment) signs in with its code.
//
// Signing in by itself is for a link the browser opened by itself (a
// scan: no referrer) or from this server's pages. Otherwise (the server
// marks this script data-ask: another site sent the browser here, or the
// director is signed in on it; or the referrer is another site's) the
// sign-in box asks first, and only its button signs in; a page already
// signed in ignores such a code.
(function () {
  "use strict";
  var script = document.currentScript;
  function otherSite() {
    if (!document.referrer) return false;
    try { return new URL(document.referrer).origin !== location.origin; } catch (e) { return true; }
  }
  var ask = (script && script.hasAttribute("data-ask")) || otherSite();
  function take(scanned) {
    var m = /(?:^#|&)code=([^&]*)/.exec(location.hash);
    if (!m) return;
    var code = "";
    try { code = decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (e) { code = ""; }
    history.replaceState(history.state, "", location.pathname + location.search);
    var form = document.getElementById("table-signin");
    if (!code || (!form && (!scanned || ask))) return;
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
    var question = document.getElementById("table-ask");
    if (!ask) {
      form.submit();
    } else if (question) {
      question.hidden = false;
      document.getElementById("table-code-box").hidden = true;
      document.getElementById("table-ask-yes").focus();
    }
  }
  take(false);
  window.addEventListener("hashchange", function () { take(true); });
})();
