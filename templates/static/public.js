// The projector page: one screen at a time, filling the screen.
//
// Each division (a <section class="hall">) has two lists, its standings
// and the pairings of the round, served whole. Here they are cut into
// screens that fill the screen: both lists side by side when each fits
// one column, in type as large as fits; else each list on as few screens
// as it takes ("page 1 of 3"), in as many columns and as large type as
// fill the width and the height.
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

  // A screen's type is the page's size (min(2.8vh, 1.6vw)) times a scale
  // from 1 to MAX_SCALE: a short list grows to fill the screen, a long one
  // takes more columns or screens, never smaller type. GAP is the space
  // between columns (.hall-cols, .hall-together), in ems of the screen's
  // type.
  var MAX_SCALE = 2.5, GAP = 1.6;

  // measure reads a list set in one column at the page's size: the
  // height of its title and header row, of a row, and the width its
  // widest row takes on one line, in ems.
  function measure(src, body) {
    var page = el("div", "hall-page"), b = block(src, 1);
    page.appendChild(b);
    body.appendChild(page);
    var tbody = column(b, src), table = tbody.parentNode;
    src.rows.forEach(function (row) { tbody.appendChild(row); });
    table.style.tableLayout = "auto";
    table.style.width = "max-content";
    var em = parseFloat(getComputedStyle(page).fontSize), top = page.getBoundingClientRect().top;
    var rows = tbody.rows, n = rows.length;
    var first = n ? rows[0].getBoundingClientRect().top : table.getBoundingClientRect().bottom;
    var last = n ? rows[n - 1].getBoundingClientRect().bottom : first;
    // (The width with an em to spare: the columns are set in a fixed
    // layout, and a name measured to the pixel would be cut short.)
    var m = { head: (first - top) / em, row: n ? (last - first) / n / em : 1, width: table.getBoundingClientRect().width / em + 1 };
    body.removeChild(page);
    return m;
  }

  // room is the body's width and height for a screen, in ems of the
  // page's type.
  function room(body) {
    var cs = getComputedStyle(body), r = body.getBoundingClientRect(), em = parseFloat(cs.fontSize);
    return { w: body.clientWidth / em, h: (r.bottom - parseFloat(cs.paddingBottom) - r.top - parseFloat(cs.paddingTop)) / em };
  }

  // plan chooses how to set a list on screens: the number of columns and
  // the scale of the type giving the fewest screens, then the largest
  // type. A column is as wide as the list's longest line (up to 1.5
  // times the list's least width); columns that cut long names short
  // (the least width) count only when they save a screen or make the
  // type much larger.
  function plan(src, r) {
    var m = src.m, n = Math.max(1, src.rows.length), best = null;
    [[Math.min(m.width, 1.5 * src.least), 1], [Math.min(m.width, src.least), 0.7]].forEach(function (shape) {
      for (var k = 1; k <= 8; k++) {
        for (var s = MAX_SCALE; s >= 1 - 1e-9; s -= 0.02) {
          if ((k * shape[0] + (k - 1) * GAP) * s > r.w) continue;
          var per = Math.floor((r.h - m.head * s) / (m.row * s));
          if (per < 1) continue;
          var pages = Math.ceil(n / (k * per)), score = -pages * 1000 + s * shape[1];
          if (!best || score > best.score + 1e-9) best = { cols: k, scale: s, pages: pages, score: score };
        }
      }
    });
    return best || { cols: 1, scale: 1, pages: n };
  }

  // pour sets the list as planned: its rows shared evenly over the
  // screens, and on each screen over its columns, so that every screen is
  // as full as the next. Should a screen still overflow (rows of two
  // lines), the type is made a little smaller, then a screen added.
  function pour(src, p, body) {
    var scale = p.scale, count = p.pages;
    for (var tries = 0; tries < 40; tries++) {
      var pages = build(src, p.cols, count, scale, body);
      var over = pages.some(function (page) { page.hidden = false; var f = fits(page, body); page.hidden = true; return !f; });
      if (!over) return pages;
      pages.forEach(function (page) { body.removeChild(page); });
      scale *= 0.97;
      if (scale < 1) { scale = p.scale; count++; }
    }
    return build(src, p.cols, count, 1, body);
  }

  function build(src, cols, count, scale, body) {
    var rows = src.rows, per = Math.ceil(rows.length / count), pages = [];
    for (var i = 0; i < count; i++) {
      var part = rows.slice(i * per, (i + 1) * per);
      if (i > 0 && !part.length) break;
      var page = el("div", "hall-page"), b = block(src, cols);
      page.style.fontSize = scale + "em";
      page.appendChild(b);
      body.appendChild(page);
      var down = Math.max(1, Math.ceil(part.length / cols)), tbody = null;
      part.forEach(function (row, j) {
        if (j % down === 0) tbody = column(b, src);
        tbody.appendChild(row);
      });
      if (!tbody) column(b, src); // an empty list: its heads and "none" row
      page.hidden = true;
      pages.push(page);
    }
    pages.forEach(function (page, i) {
      if (pages.length > 1) page.querySelector(".hall-pageno").textContent = "page " + (i + 1) + " of " + pages.length;
    });
    return pages;
  }

  // together tries both lists side by side on one screen, one column
  // each, the type as large as fits. The standings take the width their
  // longest line needs (in ems: it grows with the type); the pairings,
  // whose players may go onto two lines, the rest.
  function together(srcs, body, r) {
    var need = srcs.reduce(function (a, src) { return a + Math.min(src.m.width, src.least); }, 0) + GAP * (srcs.length - 1);
    if (need > r.w) return null;
    var page = el("div", "hall-page hall-together");
    body.appendChild(page);
    srcs.forEach(function (src) {
      var b = block(src, 1);
      // (A list alone on its screen, as the prize winners are, takes the
      // whole width.)
      b.style.flex = src.kind === "pairings" || srcs.length === 1 ? "1 1 0" : "0 0 " + Math.min(src.m.width, 1.5 * src.least) + "em";
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

  // clipped counts the names cut short for want of width (a pairing's
  // players may go onto lines of their own, each whole).
  function clipped(page) {
    return [].filter.call(page.querySelectorAll("td.who, .side"), function (e) { return e.scrollWidth > e.clientWidth; }).length;
  }

  // grow makes the type of a screen that fits larger, as large as still
  // fits with no more names cut short (up to MAX_SCALE), so that short
  // lists fill the screen too.
  function grow(page, body) {
    var lo = 1, hi = MAX_SCALE, cut = clipped(page);
    for (var i = 0; i < 8; i++) {
      var mid = (lo + hi) / 2;
      page.style.fontSize = mid + "em";
      if (fits(page, body) && clipped(page) <= cut) lo = mid; else hi = mid;
    }
    page.style.fontSize = (lo > 1 ? lo * 0.98 : 1) + "em"; // a margin for names measured in whole pixels
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
    var r = room(body);
    srcs.forEach(function (src) {
      src.least = src.kind === "pairings" ? PAIRINGS_EM : src.kind === "prizes" ? PRIZES_EM : STANDINGS_EM;
      src.m = measure(src, body);
    });
    var pages = together(srcs, body, r);
    if (!pages) {
      pages = [];
      srcs.forEach(function (src) { pages = pages.concat(pour(src, plan(src, r), body)); });
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

  // On a phone (a narrow screen) nothing is cut into screens: the lists
  // stay as served, one under another, in type to read, to scroll.
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 700px)") : null;
  var served = main.innerHTML;

  function layOutAll(key) {
    if (narrow && narrow.matches) {
      if (main.classList.contains("paged")) {
        main.innerHTML = served;
        if (liveText) document.getElementById("live").textContent = liveText;
      }
      main.classList.remove("paged");
      screens = [];
      clearInterval(timer);
      timer = null;
      return;
    }
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
      served = fresh.innerHTML;
      main.innerHTML = served;
      if (liveText) document.getElementById("live").textContent = liveText;
      layOutAll(key);
    }).catch(function () { /* the next event, or the meta refresh, tries again */ });
  }

  if (!window.EventSource) return;
  var pending = null;
  function changed() {
    if (pending) return;
    pending = setTimeout(function () { pending = null; refresh(); }, 1500);
  }
  function live(text) {
    liveText = text;
    document.getElementById("live").textContent = text;
  }
  // The stream reopens by itself after a refusal or a drop (liveStream),
  // and the page then reads itself again.
  var on = {};
  ["game", "result", "pairings", "players"].forEach(function (kind) { on[kind] = changed; });
  liveStream.open(main.dataset.updates, { on: on, state: live, reopened: refresh });
})();
