// A table card's link carries the table's code in the fragment
// (/table/N#code=K7QMX-4TPA9), which never reaches a server log: take it
// out of the address bar at once, and, on the sign-in page, sign in with
// it by posting the page's own form (same origin). On a page already
// signed in, the code is only taken out of sight.
(function () {
  "use strict";
  var m = /(?:^#|&)code=([^&]*)/.exec(location.hash);
  if (!m) return;
  var code = "";
  try { code = decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (e) { code = ""; }
  history.replaceState(history.state, "", location.pathname + location.search);
  var form = document.getElementById("table-signin");
  if (!form || !code) return;
  form.elements.code.value = code;
  form.submit();
})();
