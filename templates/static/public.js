// The projector page: one screen at a time, filling the screen.
//
// Each division (a <section class="hall">) has two lists, its standings
// and the pairings of the round, served whole. Here they are cut into
// screens: both lists side by side when each fits one column, else each
// list in pages of as many columns as the width takes, "page 1 of 3".
// The page moves on to the next screen every data-every seconds, through
// every division shown.
//
// When a result, a pairing or a finished game changes what it shows
// (server-sent events), the page fetches itself a moment later (so that a
// burst of results costs one fetch) and lays the new lists out, staying on
// the screen it was showing. If the stream is down, the page's meta
// refresh still reloads it every few minutes, and it starts again where
// it was.
(function () {
  "use strict";
  var main = document.getElementById("projector");
  if (!main) return;
  var every = Math.max(1, Number(main.dataset.every) || 12) * 1000;
  var STANDINGS_EM = 19, PAIRINGS_EM = 26; // a column's least width, in the page's type size
  var PRIZES_EM = 40; // the prize winners' screen (after the last round): prize, winners, what with
  var screens = [], at = 0, timer = null, liveText = null;

  function el(tag, cls) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    return e;
  }

  // source reads a list as served (or as laid out before): its title,
  // header row and rows.
  function source(list) {
    var table = list.querySelector("table");
    return {
      kind: list.dataset.kind, title: list.querySelector(".hall-title").textContent,
      tableClass: table.className, head: table.tHead.cloneNode(true),
      rows: [].slice.call(list.querySelectorAll("tbody tr"))
    };
  }

  // block is one list's part of a screen: its title and columns.
  function block(src, cols) {
    var b = el("div", "hall-list hall-block");
    b.dataset.kind = src.kind;
    var h = el("h2");
    var t = el("span", "hall-title");
    t.textContent = src.title;
    h.appendChild(t);
    h.appendChild(document.createTextNode(" "));
    h.appendChild(el("span", "hall-pageno"));
    b.appendChild(h);
    var grid = el("div", "hall-cols");
    grid.style.setProperty("--cols", cols);
    b.appendChild(grid);
    return b;
  }

  function column(b, src) {
    var table = el("table", src.tableClass);
    table.appendChild(src.head.cloneNode(true));
    table.appendChild(el("tbody"));
    b.querySelector(".hall-cols").appendChild(table);
    return table.tBodies[0];
  }

  // fits says whether the page ends above the bottom of the body.
  function fits(page, body) {
    var bottom = body.getBoundingClientRect().bottom - parseFloat(getComputedStyle(body).paddingBottom);
    return page.getBoundingClientRect().bottom <= bottom + 0.5;
  }

  // pour fills columns of cols tables with the rows, page after page,
  // each as full as the height allows.
  function pour(src, cols, body) {
    var pages = [], page, b, tbody, n = 0;
    function newPage() {
      if (page) page.hidden = true; // measured alone, at the top of the body
      page = el("div", "hall-page");
      b = block(src, cols);
      page.appendChild(b);
      body.appendChild(page);
      pages.push(page);
      tbody = column(b, src);
      n = 1;
    }
    newPage();
    src.rows.forEach(function (row) {
      tbody.appendChild(row);
      if (fits(page, body) || tbody.rows.length === 1) return;
      if (n < cols) {
        tbody = column(b, src);
        n++;
      } else {
        newPage();
      }
      tbody.appendChild(row);
    });
    pages.forEach(function (p, i) {
      p.hidden = true;
      if (pages.length > 1) p.querySelector(".hall-pageno").textContent = "page " + (i + 1) + " of " + pages.length;
    });
    return pages;
  }

  // together tries both lists side by side, one column each.
  function together(srcs, body) {
    var page = el("div", "hall-page hall-together");
    body.appendChild(page);
    srcs.forEach(function (src) {
      var b = block(src, 1);
      b.style.flexGrow = src.kind === "pairings" ? PAIRINGS_EM : STANDINGS_EM;
      page.appendChild(b);
      var tbody = column(b, src);
      src.rows.forEach(function (row) { tbody.appendChild(row); });
    });
    if (!fits(page, body)) {
      body.removeChild(page);
      return null;
    }
    grow(page, body);
    page.hidden = true;
    return [page];
  }

  // clipped counts the names cut short for want of width.
  function clipped(page) {
    return [].filter.call(page.querySelectorAll("td.who"), function (td) { return td.scrollWidth > td.clientWidth; }).length;
  }

  // grow makes the type of a screen that fits larger, as large as still
  // fits with no more names cut short (up to 1.8 times), so that short
  // lists fill the screen too.
  function grow(page, body) {
    var lo = 1, hi = 1.8, cut = clipped(page);
    for (var i = 0; i < 7; i++) {
      var mid = (lo + hi) / 2;
      body.style.fontSize = mid + "em";
      if (fits(page, body) && clipped(page) <= cut) lo = mid; else hi = mid;
    }
    body.style.fontSize = (lo > 1 ? lo * 0.97 : 1) + "em"; // a margin for names measured in whole pixels
  }

  // layOut cuts a division into its screens.
  function layOut(section) {
    var body = section.querySelector(".hall-body");
    var srcs = [];
    [].forEach.call(body.querySelectorAll(".hall-list"), function (list) {
      var src = source(list), same = srcs.find(function (o) { return o.kind === src.kind; });
      if (same) same.rows = same.rows.concat(src.rows);
      else srcs.push(src);
    });
    body.textContent = "";
    body.style.fontSize = "";
    section.hidden = false;
    var em = parseFloat(getComputedStyle(body).fontSize);
    var width = body.clientWidth / em;
    var pages = width >= STANDINGS_EM + PAIRINGS_EM ? together(srcs, body) : null;
    if (!pages) {
      pages = [];
      srcs.forEach(function (src) {
        var least = src.kind === "pairings" ? PAIRINGS_EM : src.kind === "prizes" ? PRIZES_EM : STANDINGS_EM;
        pages = pages.concat(pour(src, Math.max(1, Math.floor(width / least)), body));
      });
    }
    section.hidden = true;
    return pages.map(function (p, i) { return { section: section, page: p, key: section.dataset.division + "/" + i }; });
  }

  function show(i) {
    if (!screens.length) return;
    at = (i + screens.length) % screens.length;
    var s = screens[at];
    screens.forEach(function (o) { o.page.hidden = o !== s; o.section.hidden = o.section !== s.section; });
    try { sessionStorage.setItem("hall:" + location.pathname + location.search, s.key); } catch (e) { /* private mode */ }
  }

  function layOutAll(key) {
    main.classList.add("paged");
    screens = [];
    var sections = [].slice.call(main.querySelectorAll(".hall"));
    sections.forEach(function (section) { section.hidden = true; });
    sections.forEach(function (section) { screens = screens.concat(layOut(section)); });
    var i = screens.findIndex(function (s) { return s.key === key; });
    if (i < 0 && key) {
      var div = key.split("/")[0];
      i = screens.findIndex(function (s) { return s.section.dataset.division === div; });
    }
    show(Math.max(0, i));
    // The clock runs on across layouts: results coming in faster than
    // the screens turn must not hold the page on one screen.
    if (screens.length > 1 && !timer) {
      timer = setInterval(function () { show(at + 1); }, every);
    } else if (screens.length <= 1) {
      clearInterval(timer);
      timer = null;
    }
  }

  function currentKey() { return screens.length ? screens[at].key : null; }

  var saved = null;
  try { saved = sessionStorage.getItem("hall:" + location.pathname + location.search); } catch (e) { /* private mode */ }
  layOutAll(saved);

  var resizing = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () { layOutAll(currentKey()); }, 150);
  });

  // refresh fetches the page again and shows its lists in place.
  function refresh() {
    fetch(location.href, { cache: "no-store" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("projector");
      if (!fresh) return;
      var key = currentKey();
      main.innerHTML = fresh.innerHTML;
      if (liveText) document.getElementById("live").textContent = liveText;
      layOutAll(key);
    }).catch(function () { /* the next event, or the meta refresh, tries again */ });
  }

  if (!window.EventSource) return;
  var pending = null;
  var es = new EventSource(main.dataset.updates);
  function changed() {
    if (pending) return;
    pending = setTimeout(function () { pending = null; refresh(); }, 1500);
  }
  function live(text) {
    liveText = text;
    document.getElementById("live").textContent = text;
  }
  es.addEventListener("open", function () { live("live"); });
  es.addEventListener("error", function () { live("reconnecting…"); });
  ["game", "result", "pairings", "players"].forEach(function (kind) { es.addEventListener(kind, changed); });
})();
