// Players' photos on the setup page: each player's row shows their photo
// (small) with "Photo…" to upload or replace it and "Remove photo"; the
// "Players' photos" card imports a folder of photos named by member id
// (AA003200.jpg), sent in parts of at most 40 MB. The server keeps each
// photo re-encoded and says which files matched no player or were no
// photo; this page says so in plain words.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var main = document.querySelector("main[data-tournament]");
  if (!main) return;
  var photoBase = "/t/" + main.dataset.tournament + "/html/";
  var pstatus = document.getElementById("players-status");

  function say(text, isError) {
    if (!pstatus) return;
    pstatus.textContent = text;
    pstatus.className = "form-status " + (isError ? "error" : "ok");
    pstatus.hidden = false;
  }
  function reload() { return C.loadPlayers ? C.loadPlayers() : Promise.resolve(); }

  function upload(p, file) {
    say("Sending " + p.name + "'s photo…", false);
    return C.api("PUT", C.base + "/players/" + p.id + "/photo", file, file.type || "application/octet-stream").then(function () {
      return reload().then(function () { say(p.name + "'s photo saved.", false); });
    }, function (err) { say(p.name + "'s photo was not saved: " + err.message, true); });
  }

  function remove(p) {
    return C.api("DELETE", C.base + "/players/" + p.id + "/photo").then(function () {
      return reload().then(function () { say(p.name + "'s photo removed.", false); });
    }, function (err) { say(p.name + "'s photo was not removed: " + err.message, true); });
  }

  document.addEventListener("players-rendered", function (e) {
    (e.detail || []).forEach(function (p) {
      var tr = document.querySelector('#players tr[data-player="' + p.id + '"]');
      if (!tr || tr.querySelector(".photo-btn")) return;
      var name = tr.children[1], actions = tr.querySelector("td.actions");
      if (p.photo && name) {
        var img = el("img", { className: "console-photo", src: photoBase + p.photo, alt: "" });
        img.addEventListener("error", function () { img.remove(); });
        name.insertBefore(img, name.firstChild);
      }
      if (!actions) return;
      // The button is a file chooser's label: choosing a file sends it.
      var input = el("input", { type: "file", className: "photo-file", accept: "image/jpeg,image/png", hidden: true });
      input.addEventListener("change", function () { if (input.files.length) upload(p, input.files[0]); });
      var btn = el("label", { className: "small-btn photo-btn", title: (p.photo ? "Replace " : "Upload ") + p.name + "'s photo (JPEG or PNG)", tabIndex: 0 }, "Photo…", input);
      btn.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); input.click(); } });
      var line = el("span", { className: "photo-actions" }, btn);
      if (p.photo) {
        var rm = el("button", { type: "button", className: "small-btn photo-remove-btn" }, "Remove photo");
        rm.addEventListener("click", function () { remove(p); });
        line.appendChild(document.createTextNode(" "));
        line.appendChild(rm);
      }
      actions.appendChild(line);
    });
  });

  var form = document.getElementById("photos-form"), folder = document.getElementById("photos-folder");
  if (!form || !folder) return;
  var partBytes = 40 << 20, partFiles = 500;

  // parts splits the files into requests the server takes whole.
  function parts(files) {
    var out = [], cur = [], size = 0;
    files.forEach(function (f) {
      if (cur.length && (size + f.size > partBytes || cur.length === partFiles)) { out.push(cur); cur = []; size = 0; }
      cur.push(f); size += f.size;
    });
    if (cur.length) out.push(cur);
    return out;
  }

  function list(names) {
    return names.length > 6 ? names.slice(0, 6).join(", ") + " and " + (names.length - 6) + " more" : names.join(", ");
  }

  C.submit(form, function () {
    var all = Array.prototype.slice.call(folder.files);
    var photos = all.filter(function (f) { return /\.(jpe?g|png)$/i.test(f.name); });
    if (!photos.length) throw new Error(all.length ? "That folder has no .jpg or .png files." : "Choose a folder of photos first.");
    var matched = [], none = [], failed = [];
    var todo = parts(photos), done = 0;
    function next() {
      if (!todo.length) return null;
      var fd = new FormData();
      todo.shift().forEach(function (f) { fd.append("files", f, f.name); });
      return C.api("POST", C.base + "/photos", fd).then(function (res) {
        matched = matched.concat(res.matched); none = none.concat(res.no_player); failed = failed.concat(res.failed);
        done++;
        return next();
      });
    }
    return Promise.resolve().then(next).then(function () {
      folder.value = "";
      return reload().then(function () {
        var words = [matched.length + (matched.length === 1 ? " photo" : " photos") + " given to players" +
          (matched.length ? " (" + list(matched.map(function (m) { return m.name; })) + ")" : "") + "."];
        if (none.length) words.push(none.length + (none.length === 1 ? " file is" : " files are") + " named by no player's member id: " + list(none) + ".");
        if (failed.length) words.push(failed.length + (failed.length === 1 ? " file was" : " files were") + " not used: " +
          list(failed.map(function (f) { return f.file + " (" + (f.code === "photo-too-large" ? "too large" : "not a photo") + ")"; })) + ".");
        if (all.length > photos.length) words.push((all.length - photos.length) + " other files left out (not .jpg or .png).");
        return words.join(" ");
      });
    }, function (err) {
      return reload().then(function () {
        throw new Error((done ? "Part of the folder was imported (" + matched.length + " photos); then: " : "") + err.message);
      });
    });
  });
})();
