// The table's tablet page: its words. Every sentence the page says about
// a code the server sends (why an entry was refused, why a turn is
// flagged, the game's status, what a challenge did) comes from here, in
// plain words, with a short "why" where a rule decides. The codes stay
// in the API for programs; players never see them. A code missing here
// is said with the server's own sentence (the problem's detail), never
// as the code. Loaded right after table-core.js (the page without a game,
// table_waiting.html, loads it alone, for followWords).
(function (T) {
  "use strict";

  // blankFacts: how many blanks the game has and how many are on the
  // board (lowercase letters there); the rest are in the bag or on the
  // racks (unseen, written "?").
  T.blankFacts = function () {
    var onBoard = 0, unseen = 0;
    (T.game.board || []).forEach(function (row) { for (var i = 0; i < row.length; i++) if (row[i] !== "." && T.isLower(row[i])) onBoard++; });
    for (var i = 0; i < (T.game.unseen || "").length; i++) if (T.game.unseen[i] === "?") unseen++;
    return { total: onBoard + unseen, onBoard: onBoard };
  };
  T.isLower = function (ch) { return ch !== ch.toUpperCase(); };
  function lowercaseIn(move) { return ((move || "").match(/\s(\S+)\s*$/) || ["", ""])[1].split("").filter(T.isLower).length; }
  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  // blankWhy explains lowercase: it means a blank, and a game has few.
  function blankWhy(move) {
    var b = T.blankFacts(), n = lowercaseIn(move);
    return "Lowercase letters mean blanks" + (n ? ", and this move has " + n + " of them" : "") + ". This game has " +
      plural(b.total, "blank", "blanks") + (b.onBoard ? " and " + b.onBoard + (b.onBoard === 1 ? " is" : " are") + " on the board already" : ", none on the board yet") +
      ". Type ordinary tiles in capitals; for a blank, tap its letter below.";
  }
  function also(d) { return d ? " (" + d + ")" : ""; }
  // waitText says the answer's Retry-After (seconds) as the server's
  // pages do ("a second", "8 seconds", "5 minutes"); without one, "a
  // moment": the wait grows with each wrong code.
  function waitText(retryAfter) {
    var n = parseInt(retryAfter, 10);
    if (!(n > 0)) return "a moment";
    return n === 1 ? "a second" : n < 90 ? n + " seconds" : Math.ceil(n / 60) + " minutes";
  }

  // PROBLEMS says a refusal by its code. A function gets the server's
  // detail and ctx (move: the move as typed; retryAfter: the answer's
  // Retry-After).
  var PROBLEMS = {
    // The placement rules (the engine's codes).
    "bad-notation": "The move cannot be read. Write the square, a space and the word: 8D WORD goes across from 8D, D8 WORD goes down; - is a pass, -ABC an exchange.",
    "bad-position": "The square cannot be read: a row number and a column letter, 8D for across or D8 for down.",
    "unknown-letter": function (d) { return "A letter this game's tiles do not have" + also(d) + "."; },
    "off-board": "The word runs off the edge of the board.",
    "occupied": function (d) { return "A new tile would land on a tile already there" + also(d) + ". Write a letter already on the board as a dot (.)."; },
    "through-mismatch": function (d) { return "The word does not match the tiles already on the board" + also(d) + "."; },
    "gap": function (d) { return "The word leaves an empty square inside it" + also(d) + ": a word is one unbroken line of tiles."; },
    "not-in-line": "The new tiles are not all in one row or one column: a play goes in one line only.",
    "not-connected": "The word does not touch any tile on the board: every play after the first must join the tiles already there.",
    "missed-start": "The first word must cover the centre star.",
    "first-too-short": "The first word needs at least two letters.",
    "word-continues": "Tiles next to the word make it longer: write the whole word, with a dot (.) for each tile already on the board.",
    "no-tiles": "The move puts no new tile on the board: write the word with its new letters, dots (.) only for tiles already there.",
    "too-many-tiles": "That is more tiles than a rack holds.",
    "not-on-rack": function (d, ctx) { return "A tile the rack does not have" + also(d) + (lowercaseIn(ctx.move) ? "" : ". If it is a blank, tap its letter below to mark it.") ; },
    "exceeds-distribution": function (d, ctx) {
      if (lowercaseIn(ctx.move) || /blank/.test(d || "")) return "Too many blanks. " + blankWhy(ctx.move);
      return "There are not that many of this letter in the game" + also(d) + ". If one of them is a blank, tap its letter below to mark it.";
    },
    "rack-not-in-bag": function (d) { return "Those tiles cannot be on the rack: they are not all among the tiles left" + also(d) + "."; },
    "exchange-bag-too-small": function (d) { return "Too few tiles are left in the bag to exchange" + also(d) + "."; },
    "wrong-player": function (d) { return "It is not this player's turn" + also(d) + "."; },
    "game-over": "The game is over: no more turns can be entered.",
    "game-not-over": "The game is not over yet: that is entered once it ends.",
    "nothing-to-withdraw": "There is no play to take back.",
    "duplicate": "That was entered already.",
    "bad-event": function (d) { return "That entry does not fit together" + also(d) + "."; },
    "rack-count": function (d) { return "The rack has the wrong number of tiles" + also(d) + "."; },
    "no-time-rule": "These rules have no clock penalty: the director enters a time penalty in points.",
    "bad-overtime": function (d) { return "The time over cannot be used" + also(d) + "."; },
    // Entries the game no longer takes.
    "invalid-word": function (d) {
      // The server says "not in LIST: WORD, WORD": the words, by the list's name.
      var m = /^not in (\S+): (.+)$/.exec(d || ""), which = m ? " (" + m[1] + "): " + m[2] : also(d);
      return "Not in the word list" + which + ". Under this tournament's rules a word not in the list is refused as it is played: play something else.";
    },
    "stale-turn": "This turn was entered already, by the director or another tablet. The page now shows the game as it stands: check it, and enter again if something is still missing.",
    "already-challenged": "That play has been challenged already: a play is challenged once.",
    "already-held": "That play is held already.",
    "challenge-too-late": "Too late to challenge that play: the next turn has begun. Call the director if something is wrong.",
    "not-a-play": "Only a play of tiles can be challenged or held, not a pass or an exchange.",
    "own-play": "A player cannot challenge their own play.",
    "no-challenges": "Under this tournament's rules a word not in the list is refused as it is played, so there is nothing to challenge.",
    "not-last-turn": "Only the latest turn can be undone here. Ask the director to correct an earlier one.",
    "nothing-to-undo": "There is nothing to undo.",
    "nothing-to-accept": "There is no play that went out waiting to be accepted.",
    "result-confirmed": "The result has been confirmed: only the director can change the game now.",
    "record-voided": "The director has set this game's record aside and entered the result: nothing more is entered here.",
    "game-has-result": "The director has entered this game's result by hand: call the director.",
    "game-not-finished": "The result can be confirmed once the game is over.",
    "not-current-round": "This game is not in the current round: call the director.",
    "not-your-table": "This tablet's code is for another table: scan this table's card.",
    "no-such-game": "This table has no such game: call the director.",
    "no-game-at-table": "This table has no game in the current round yet: ask the director.",
    "credentials-required": "The tablet is signed out: scan the table card again.",
    "bad-credentials": "The tablet's code no longer works (a new card may have been printed): scan the table card again or ask the director.",
    "too-many-attempts": function (d, ctx) { return "Too many wrong codes: wait " + waitText(ctx.retryAfter) + ", then scan the table card again."; },
    "director-only": "Only the director can do that: call the director.",
    // The director's entry (ctx.state: what the director did) is the
    // director's to change.
    "director-decided": function (d, ctx) { return T.directorDecidedText(ctx.state); },
    "no-lexicon": "This tournament has no word list to judge with: call the director to rule on the challenge.",
    "lexicon-unavailable": "The word list cannot be read just now: call the director to rule on the challenge.",
    "missing-reason": "Say why, so that the director can see it.",
    "too-long": "That is too long to keep.",
    "internal": "Something went wrong on our side; nothing you entered was lost. Try again, and tell the director if it keeps happening."
  };
  // T.problemText says why the server refused an entry: the catalogue's
  // sentence, else the server's detail; never the bare code.
  T.problemText = function (code, detail, ctx) {
    var w = PROBLEMS[code];
    if (typeof w === "function") return w(detail || "", ctx || {});
    if (w) return w;
    return detail ? detail.charAt(0).toUpperCase() + detail.slice(1) + (/[.!?]$/.test(detail) ? "" : ".") : "The server refused this entry; call the director.";
  };
  T.problemCodes = function () { return Object.keys(PROBLEMS); };

  // IRREGULAR: a play that broke a rule the tournament lets stand; the
  // director sees it on the console.
  var IRREGULAR = {
    "missed-start": "the first word must cover the centre star",
    "first-too-short": "the first word needs at least two letters",
    "not-connected": "every word after the first must touch a tile on the board"
  };
  // flagParts: a turn's flag ("score-disagreement,irregular:missed-start")
  // as sentences, long (after an entry) or short (in the turn list).
  function flagParts(flag, t, short) {
    return (flag || "").split(",").filter(Boolean).map(function (f) {
      if (f === "score-disagreement") {
        var c = t && t.claimed_score, s = t && t.score;
        if (short) return "claimed " + c + ", the board gives " + s;
        return "The claim (" + c + ") is not what the board gives (" + s + "): the board's score counts, and the director will check it.";
      }
      if (f.indexOf("irregular:") === 0) {
        var code = f.slice(10), why = IRREGULAR[code];
        if (short) return why ? "irregular: " + why : "irregular play";
        return (why ? "Irregular play: " + why + "; it stands" : "This play breaks a rule but stands") + ", and the director will see it.";
      }
      return short ? "for the director" : "The director will look at this turn.";
    });
  }
  T.flagText = function (flag, t) { return flagParts(flag, t, false).join(" "); };
  T.flagNote = function (flag, t) { return flagParts(flag, t, true).join("; "); };
  T.irregularCodes = function () { return Object.keys(IRREGULAR); };

  var STATUS = { "in-progress": "in play", "on-hold": "on hold", "awaiting-acceptance": "went out", "awaiting-racks": "racks to enter", finished: "finished", voided: "result entered by the director" };
  T.statusText = function (s) { return STATUS[s] || "in play"; };

  // EFFECT: what a challenge ruling does, as the word judge says it.
  var EFFECT = {
    "turn-lost": function (r) { return "The play stands. " + T.playerName(r.challenger) + " loses the turn; " + T.playerName(r.challenged) + " plays again."; },
    "play-withdrawn": function (r) { return "The play comes off the board: no score for " + T.playerName(r.challenged) + ". " + T.playerName(r.challenger) + " to move."; },
    "bonus": function (r) { return "The play stands. " + T.playerName(r.challenged) + " gets +" + r.points + " for the challenge."; },
    "no-penalty": function () { return "The play stands; no penalty."; },
    "game-lost": function (r) { return "The play stands. " + T.playerName(r.challenger) + " loses the game."; },
    "play-withdrawn-game-lost": function (r) { return "The play comes off the board and " + T.playerName(r.challenged) + " loses the game."; }
  };
  T.effectText = function (r) { return (EFFECT[r.effect] || function () { return r.verdict === "unacceptable" ? "The play comes off the board." : "The play stands."; })(r); };

  // DECIDED: why the table cannot change what the director entered
  // (the game's director_entry, or a refusal's state), by what it was.
  var DECIDED = {
    end: "The director ended this game; ask the director.",
    ruling: "The director ruled on this play; ask the director.",
    result: "The director entered this game's result; ask the director.",
    correction: "The director corrected this turn; ask the director.",
    entry: "The director entered this turn; ask the director."
  };
  T.directorDecidedText = function (d) { return DECIDED[d && d.what] || "The director decided this; ask the director."; };

  // T.exchangedText says an exchange by its count, never its letters:
  // the tablet is shared, and the letters stay with their player
  // ("exchanged 3"). tiles is what follows the "-": the count the server
  // gives a table, or the letters a player typed (counted here).
  T.exchangedText = function (tiles) {
    var n = /^[0-9]+$/.test(tiles) ? parseInt(tiles, 10) : Array.from(tiles || "").length;
    return "exchanged " + n;
  };

  // How the director ended a game where it stood.
  var ENDED = { time: "time ran out", abandoned: "abandoned", adjudicated: "adjudicated" };
  T.endedText = function (how) { return ENDED[how] || "ended by the director"; };

  // followWords: the bar's words about the round's updates (table-follow.js,
  // liveStream's states): nothing while they come, and while the server
  // cannot be heard, when the tablet tries again.
  T.followWords = function (state, seconds) {
    return state === "waiting" ? "Round updates paused: trying again in " + seconds + (seconds === 1 ? " second" : " seconds") : "";
  };
})(window.tourneyTable || (window.tourneyTable = {})); // the page without a game has only these words
