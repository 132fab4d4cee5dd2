// Rounds page: table codes and signed-in tablets. A table's code is
// issued, replaced or revoked here; a signed-in tablet is signed out.
// Loaded after console-rounds.js, whose cardLink prints a table's card.
(function () {
  "use strict";
  var C = Console, el = C.el;

  // Table codes: the tournament's codes, newest first, each active or
  // revoked; one is revoked with a reason, asked for in a small form in
  // its row. A token is only known in the answer that issued it, so this
  // page shows it (and the table page's link) until it is reloaded.
  var cform = document.getElementById("code-form");
  var codes = document.getElementById("codes");
  var cstatus = document.getElementById("codes-status");
  var tokens = {}; // credential id -> token, for the codes issued on this page

  function codesSay(text, isError) {
    cstatus.textContent = text; cstatus.className = "form-status " + (isError ? "error" : "ok"); cstatus.hidden = false;
  }

  function when(iso) {
    var d = new Date(iso);
    if (isNaN(d)) return iso || "";
    var time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    return d.toDateString() === new Date().toDateString() ? time : d.toLocaleDateString([], { day: "numeric", month: "short" }) + " " + time;
  }
  function stamp(iso) { return el("time", { dateTime: iso, title: new Date(iso).toLocaleString() }, when(iso)); }

  function revokeForm(cred) {
    var input = el("input", { name: "reason", required: true, maxLength: 200, placeholder: "e.g. tablet lost", autocomplete: "off" });
    var form = el("form", { className: "revoke-form fields-form" },
      el("label", { className: "grow" }, "Why revoke table " + cred.table + "'s code?", input),
      el("button", { type: "submit", className: "warn" }, "Revoke"),
      el("button", { type: "button", className: "cancel" }, "Keep it"),
      el("p", { className: "form-status", role: "status" }));
    form.querySelector(".form-status").hidden = true;
    form.querySelector(".cancel").addEventListener("click", function () { form.remove(); });
    form.addEventListener("keydown", function (e) { if (e.key === "Escape") form.remove(); });
    C.submit(form, function () {
      return C.api("POST", C.base + "/credentials/" + cred.id + "/revoke", { reason: input.value }).then(function (out) {
        delete tokens[out.id];
        codesSay("Table " + out.table + "'s code (issued " + when(out.created_at) + ") is revoked: it stops working at once, on a tablet already signed in with it too.");
        return loadCodes();
      });
    });
    return form;
  }

  function codeRow(cred) {
    var revoked = !!cred.revoked_at;
    var li = el("li", { className: "code" + (revoked ? " revoked" : ""), dataset: { credential: String(cred.id), table: String(cred.table) } },
      el("strong", { className: "code-table" }, "Table " + cred.table),
      el("span", { className: "code-info" }, el("span", { className: "code-when" }, "issued ", stamp(cred.created_at)), " ",
        revoked ? el("span", { className: "state revoked" }, cred.replaced_by ? "replaced " : "revoked ", stamp(cred.revoked_at)) : el("span", { className: "state active" }, "active")));
    if (!revoked) {
      var b = el("button", { type: "button", className: "revoke", title: "Revoke table " + cred.table + "'s code" }, "Revoke…");
      b.addEventListener("click", function () {
        var open = li.querySelector(".revoke-form");
        if (!open) { open = revokeForm(cred); li.appendChild(open); }
        open.elements.reason.focus();
      });
      var rb = el("button", { type: "button", className: "replace", title: "Give table " + cred.table + " a new code in place of this one" }, "Replace code");
      rb.addEventListener("click", function () { askReplace(cred.table); });
      li.appendChild(el("span", { className: "code-actions" }, rb, b));
      var tok = tokens[cred.id];
      if (tok) {
        var url = ConsoleTablets.base() + "/table/" + cred.table + "#code=" + encodeURIComponent(tok);
        li.appendChild(el("div", { className: "code-token" }, el("code", { className: "token" }, tok),
          el("a", { href: url, target: "_blank", rel: "noopener", className: "btn-link" }, "Open the table page")));
      }
    }
    return li;
  }

  // renderCodes redraws the list; a revoke form being filled in stays.
  function renderCodes(list) {
    var open = {};
    codes.querySelectorAll(".revoke-form").forEach(function (f) { open[f.parentNode.dataset.credential] = f; });
    codes.textContent = "";
    var active = 0;
    list.slice().reverse().forEach(function (cred) {
      if (!cred.revoked_at) active++;
      var li = codeRow(cred);
      if (open[cred.id] && !cred.revoked_at) li.appendChild(open[cred.id]);
      codes.appendChild(li);
    });
    if (!list.length) codes.appendChild(el("li", { className: "small" }, "No code issued yet."));
    document.getElementById("codes-summary").textContent = list.length ? active + " active, " + (list.length - active) + " revoked" : "";
  }

  // loadCodes reads the list again; it resolves false if that failed
  // (the problem shown above the list), true once it is drawn.
  function loadCodes() {
    loadTablets();
    return C.api("GET", C.base + "/credentials").then(function (list) {
      if (cstatus.classList.contains("error")) cstatus.hidden = true;
      renderCodes(list);
      return true;
    }, function (err) { codesSay(err.message, true); return false; });
  }

  // A new code replaces the table's codes (the service revokes them)
  // unless "another" is ticked, for a second tablet at the table.
  C.submit(cform, function () {
    var n = C.num(cform.elements.table.value), another = cform.elements.another.checked;
    return C.api("POST", C.base + "/tables/" + n + "/credentials", another ? { another: true } : {}).then(function (cred) {
      tokens[cred.id] = cred.token;
      cform.elements.table.value = n + 1;
      cform.elements.another.checked = false;
      cstatus.hidden = true;
      var replaced = (cred.replaced || []).length;
      var note = replaced === 1 ? " Its previous code stops working." : replaced > 1 ? " Its " + replaced + " previous codes stop working." : "";
      return loadCodes().then(function (ok) {
        return (ok ? "Table " + n + "'s code is below; it is not shown again." : "Table " + n + "'s code is " + cred.token + "; it is not shown again.") + note;
      });
    });
  });

  // Replacing a table's code asks why in the page's own dialog, then
  // shows the new code and offers the table's card to print again.
  var dialog = document.getElementById("replace-dialog");
  var rform = document.getElementById("replace-form");
  var replaced = document.getElementById("replaced");
  var openReplace = C.dialog(dialog, rform);
  function askReplace(table) {
    openReplace(function () {
      dialog.dataset.table = String(table);
      dialog.querySelectorAll(".replace-table").forEach(function (s) { s.textContent = table; });
      replaced.hidden = true;
      rform.elements.reason.value = "";
    });
  }
  C.submit(rform, function () {
    var table = C.num(dialog.dataset.table);
    return C.api("POST", C.base + "/tables/" + table + "/code/replace", { reason: rform.elements.reason.value }).then(function (cred) {
      tokens[cred.id] = cred.token;
      replaced.querySelector("code.token").textContent = cred.token;
      replaced.querySelector("a.print-card").href = C.round.cardLink(table);
      replaced.querySelector("a.print-card").textContent = "Print table " + table + "'s card (PDF)";
      rform.hidden = true; replaced.hidden = false;
      replaced.querySelector("a.print-card").focus();
      codesSay("Table " + table + " has a new code; its old one stopped working.");
      loadCodes();
    });
  });

  // Signed-in tablets: each tablet signed in with a table's code, when
  // it signed in, when it was last seen and from where. Signing one out
  // (asked in the page's own dialog) ends its session at once; the
  // table's code still works. Replacing or revoking a code signs its
  // tablets out too: the list is read again with the codes.
  var tabletList = document.getElementById("signed-in");
  var tstatus = document.getElementById("signed-in-status");
  var sdialog = document.getElementById("signout-dialog");
  var sform = document.getElementById("signout-form");
  var openSignOut = C.dialog(sdialog, sform);
  function tabletsSay(text, isError) {
    tstatus.textContent = text; tstatus.className = "form-status " + (isError ? "error" : "ok"); tstatus.hidden = false;
  }
  function askSignOut(s) {
    openSignOut(function () {
      sdialog.dataset.session = String(s.id);
      sdialog.dataset.table = String(s.table);
      sdialog.querySelector(".signout-table").textContent = s.table;
      var which = sdialog.querySelector(".signout-which");
      which.textContent = "";
      which.append("It signed in at ", stamp(s.signed_in_at), s.client_address ? " from " + s.client_address : "", ".");
    });
  }
  function tabletRow(s) {
    var b = el("button", { type: "button", className: "sign-out", title: "Sign out this tablet at table " + s.table }, "Sign out");
    b.addEventListener("click", function () { askSignOut(s); });
    return el("li", { className: "code tablet", dataset: { session: String(s.id), table: String(s.table) } },
      el("strong", { className: "code-table" }, "Table " + s.table),
      el("span", { className: "code-info" },
        el("span", { className: "code-when" }, "signed in ", stamp(s.signed_in_at)),
        el("span", { className: "code-when" }, "last seen ", s.last_seen_at ? stamp(s.last_seen_at) : "not yet"),
        s.client_address ? el("span", { className: "tablet-from" }, "from " + s.client_address) : null),
      el("span", { className: "code-actions" }, b));
  }
  function loadTablets() {
    return C.api("GET", C.base + "/tablets").then(function (list) {
      if (tstatus.classList.contains("error")) tstatus.hidden = true;
      list.sort(function (a, b) { return a.table - b.table || a.id - b.id; });
      tabletList.textContent = "";
      list.forEach(function (s) { tabletList.appendChild(tabletRow(s)); });
      if (!list.length) tabletList.appendChild(el("li", { className: "small" }, "No tablet is signed in."));
      document.getElementById("signed-in-summary").textContent = list.length ? list.length + (list.length === 1 ? " tablet" : " tablets") : "";
    }, function (err) { tabletsSay(err.message, true); });
  }
  C.submit(sform, function () {
    var table = sdialog.dataset.table;
    return C.api("POST", C.base + "/tablets/" + sdialog.dataset.session + "/end").then(function () {
      sdialog.close();
      tabletsSay("Table " + table + "'s tablet is signed out. The table's code still works: scanning the table card signs it in again.");
      return loadTablets();
    });
  });
  // Tablets sign in without a word to this page: the list is read again
  // every half minute while the page is in sight.
  setInterval(function () { if (document.visibilityState !== "hidden") loadTablets(); }, 30000);

  // Codes issued or revoked in another tab: the list is read again when
  // the director comes back.
  window.addEventListener("focus", C.debounce(loadCodes, 200));

  loadCodes();
})();
