/* The dice check of a game page, in the visitor's browser with no server call: the seed
   against its commitment, every draw recomputed (bot/engine/rng.py), the hash chain walked
   (bot/engine/chain.py). Its verdicts are those of bot/audit/verify.py (the replay aside),
   tested against it under Node (tests/web/test_check_js.py). */
(function () {
  "use strict";
  var subtle = globalThis.crypto && globalThis.crypto.subtle;
  var utf8 = new TextEncoder();
  var SPACE = 1n << 256n;

  /* A number as the file writes it: Python's json keeps 1 and 1.0 apart, JSON.parse not. */
  function Num(text) { this.text = text; }

  var WS = /[ \t\n\r]*/y;
  var NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  var STRING = /"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
  var WORDS = [["true", true], ["false", false], ["null", null], ["NaN", new Num("NaN")],
    ["Infinity", new Num("Infinity")], ["-Infinity", new Num("-Infinity")]];

  /* JSON as Python's json.loads reads it: objects as Maps, numbers as Num. */
  function parse(text) {
    var at = 0;
    function eat(pattern) {
      pattern.lastIndex = at;
      var found = pattern.exec(text);
      if (found) at = pattern.lastIndex;
      return found && found[0];
    }
    function fail() { throw new SyntaxError("not JSON at " + at); }
    function items(close, item) {
      eat(WS);
      if (text[at] === close) { at++; return; }
      do { item(); eat(WS); } while (text[at++] === ",");
      if (text[at - 1] !== close) fail();
    }
    function value() {
      eat(WS);
      var found;
      if (text[at] === "{") {
        var object = new Map();
        at++;
        items("}", function () {
          eat(WS);
          var key = JSON.parse(eat(STRING) || fail());
          eat(WS);
          if (text[at++] !== ":") fail();
          object.set(key, value());
        });
        return object;
      }
      if (text[at] === "[") {
        var list = [];
        at++;
        items("]", function () { list.push(value()); });
        return list;
      }
      if ((found = eat(STRING))) return JSON.parse(found);
      if ((found = eat(NUMBER))) return new Num(found);
      for (var i = 0; i < WORDS.length; i++) {
        if (text.startsWith(WORDS[i][0], at)) { at += WORDS[i][0].length; return WORDS[i][1]; }
      }
      fail();
    }
    var result = value();
    eat(WS);
    if (at < text.length) fail();
    return result;
  }

  /* A float as Python's repr writes it (shortest digits, as JavaScript's). */
  function pyFloat(x) {
    if (x === 0) return 1 / x < 0 ? "-0.0" : "0.0";
    var parts = Math.abs(x).toExponential().split("e"), sign = x < 0 ? "-" : "";
    var digits = parts[0].replace(".", ""), e = Number(parts[1]);
    if (e < -4 || e >= 16) {
      var exponent = (e < 0 ? "-" : "+") + String(Math.abs(e)).padStart(2, "0");
      return sign + digits[0] + (digits.length > 1 ? "." + digits.slice(1) : "") + "e" + exponent;
    }
    if (e < 0) return sign + "0." + "0".repeat(-e - 1) + digits;
    if (digits.length > e + 1) return sign + digits.slice(0, e + 1) + "." + digits.slice(e + 1);
    return sign + digits + "0".repeat(e + 1 - digits.length) + ".0";
  }

  function isInt(value) { return value instanceof Num && /^-?\d+$/.test(value.text); }

  function pyNumber(value) {
    if (isInt(value)) return BigInt(value.text).toString();
    var x = Number(value.text);
    return isFinite(x) ? pyFloat(x) : "null";
  }

  var ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
    "\b": "\\b", "\f": "\\f" };

  function pyString(text) {
    return '"' + text.replace(/["\\\x00-\x1f]/g, function (c) {
      return ESCAPES[c] || "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
    }) + '"';
  }

  function byCodePoint(a, b) {
    var x = Array.from(a), y = Array.from(b);
    for (var i = 0; i < x.length && i < y.length; i++) {
      if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0);
    }
    return x.length - y.length;
  }

  /* The chain's canonical JSON (bot.engine.chain.standard_json): keys sorted, no spaces. */
  function canon(value) {
    if (value === null || value === true || value === false) return String(value);
    if (value instanceof Num) return pyNumber(value);
    if (typeof value === "string") return pyString(value);
    if (Array.isArray(value)) return "[" + value.map(canon).join(",") + "]";
    return "{" + Array.from(value.keys()).sort(byCodePoint).map(function (key) {
      return pyString(key) + ":" + canon(value.get(key));
    }).join(",") + "}";
  }

  /* Python's int() and str() of a value of the file, as Draw.from_dict takes them. */
  function pyInt(value) {
    if (value === true || value === false) return value ? 1n : 0n;
    if (isInt(value)) return BigInt(value.text);
    if (value instanceof Num && isFinite(Number(value.text))) {
      return BigInt(Math.trunc(Number(value.text)));
    }
    if (typeof value === "string" && /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(value)) {
      return BigInt(value.trim().replace(/_/g, ""));
    }
    throw new TypeError("not a whole number");
  }

  function pyStr(value) {
    if (typeof value === "string") return value;
    if (value === null || value === true || value === false) {
      return value === null ? "None" : value ? "True" : "False";
    }
    if (isInt(value)) return pyNumber(value);
    if (value instanceof Num) {
      var x = Number(value.text);
      return isNaN(x) ? "nan" : isFinite(x) ? pyFloat(x) : x > 0 ? "inf" : "-inf";
    }
    throw new TypeError("not a text");
  }

  function equalsInt(value, whole) {
    if (value === true || value === false) return Number(value) === whole;
    return value instanceof Num && Number(value.text) === whole;
  }

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
  }

  function sha256(bytes) { return subtle.digest("SHA-256", bytes).then(hex); }

  var FIELDS = ["seq", "actor", "action", "events", "draws", "prev_hash", "hash"];

  /* An export file read as bot.audit.export.read reads it (a TypeError: not one). */
  function readExport(text) {
    var data = parse(text);
    function typed(key, ok) {
      if (!(data instanceof Map) || !ok(data.get(key))) throw new TypeError(key);
      return data.get(key);
    }
    function isText(value) { return typeof value === "string"; }
    typed("format", function (f) { return isText(f) && f.startsWith("croupier-game/"); });
    var events = typed("events", Array.isArray);
    events.forEach(function (event) {
      if (!(event instanceof Map) || FIELDS.some(function (k) { return !event.has(k); })) {
        throw new TypeError("event");
      }
    });
    ["kind", "status", "seed_hash", "head_hash"].forEach(function (k) { typed(k, isText); });
    typed("players", Array.isArray);
    typed("options", function (o) { return o instanceof Map; });
    var seed = data.get("seed");
    return {
      gameId: BigInt(typed("game_id", isInt).text), seedHash: data.get("seed_hash"),
      headHash: data.get("head_hash"), seed: isText(seed) ? seed : null, events: events,
    };
  }

  /* bytes.fromhex: pairs of hex digits, spaces between pairs (null: not hex). */
  function fromHex(text) {
    if (!/^\s*(?:[0-9a-fA-F]{2}\s*)*$/.test(text)) return null;
    var pairs = text.replace(/\s/g, "").match(/../g) || [];
    return new Uint8Array(pairs.map(function (pair) { return parseInt(pair, 16); }));
  }

  /* Draw n's value as bot.engine.rng.derive gives it. */
  async function derive(key, n, nonce, sides) {
    var limit = SPACE - (SPACE % sides);
    for (var attempt = 0; ; attempt++) {
      var message = utf8.encode(n + ":" + nonce + ":" + sides + ":" + attempt);
      var number = BigInt("0x" + hex(await subtle.sign("HMAC", key, message)));
      if (number < limit) return (number % sides) + 1n;
    }
  }

  async function checkChain(game) {
    var prev = game.seedHash;
    for (var seq = 1; seq <= game.events.length; seq++) {
      var event = game.events[seq - 1], found = event.get("seq");
      if (!equalsInt(found, seq)) {
        found = found instanceof Num ? found.text : typeof found === "string" ? found : canon(found);
        return { kind: "order", seq: seq, found: found };
      }
      if (event.get("prev_hash") !== prev) return { kind: "link", seq: seq };
      var text = '{"action":' + canon(event.get("action")) + ',"actor":' +
        canon(event.get("actor")) + ',"draws":' + canon(event.get("draws")) + ',"events":' +
        canon(event.get("events")) + ',"game_id":' + game.gameId + ',"prev_hash":' +
        pyString(prev) + ',"seq":' + seq + "}";
      var digest = await sha256(utf8.encode(text)), logged;
      try { logged = pyStr(event.get("hash")); } catch (error) { logged = null; }
      if (digest !== logged) return { kind: "chain", seq: seq };
      prev = digest;
    }
    return game.headHash === prev ? null : { kind: "head", seq: game.events.length };
  }

  /* Every draw in log order with its event; or the event whose draws are unreadable. */
  function drawsOf(game) {
    var found = [];
    for (var seq = 1; seq <= game.events.length; seq++) {
      var listed = game.events[seq - 1].get("draws"), read = [];
      if (!Array.isArray(listed)) {
        if (listed === "" || (listed instanceof Map && !listed.size)) continue;
        return { draws: found, problem: { kind: "format", seq: seq } };
      }
      try {
        read = listed.map(function (draw) {
          if (!(draw instanceof Map) || !["n", "sides", "value", "nonce"].every(draw.has, draw)) {
            throw new TypeError("draw");
          }
          return { seq: seq, n: pyInt(draw.get("n")), sides: pyInt(draw.get("sides")),
            value: pyInt(draw.get("value")), nonce: pyStr(draw.get("nonce")) };
        });
      } catch (error) {
        return { draws: found, problem: { kind: "format", seq: seq } };
      }
      found = found.concat(read);
    }
    return { draws: found, problem: null };
  }

  async function checkDraws(seedText, commitment, draws) {
    var seed = fromHex(seedText);
    if (seed === null || (await sha256(seed)) !== commitment) return { kind: "seed", seq: null };
    var key = await subtle.importKey("raw", seed.length ? seed : new Uint8Array(64),
      { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);  // HMAC pads a key with zeros
    for (var n = 0; n < draws.length; n++) {
      var draw = draws[n];
      if (draw.n !== BigInt(n)) return { kind: "numbering", seq: draw.seq, n: n, found: draw.n };
      if (draw.sides < 1n) return { kind: "format", seq: draw.seq };
      var value = await derive(key, draw.n, draw.nonce, draw.sides);
      if (value !== draw.value) {
        return { kind: "draw", seq: draw.seq, n: n, logged: draw.value, expected: value };
      }
    }
    return null;
  }

  /* The report on a read export: its draws and events, and its problems in the verifier's
     order (the chain's first, then the draws'). */
  async function verify(game) {
    var problems = [], chain = await checkChain(game), read = drawsOf(game), problem = null;
    if (chain) problems.push(chain);
    if (read.problem) problem = read.problem;
    else if (game.seed !== null) problem = await checkDraws(game.seed, game.seedHash, read.draws);
    if (problem) problems.push(problem);
    return { draws: read.draws.length, events: game.events.length,
      revealed: game.seed !== null, problems: problems };
  }

  var api = { Num: Num, parse: parse, canon: canon, readExport: readExport, verify: verify };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
    return;
  }

  /* The page: its texts (the catalogue's, in the page's language) and its controls, shown
     once this runs (a browser without BigInt cannot read this file and shows none). */
  var box = document.getElementById("check"), out = document.getElementById("check-result");
  var textsBlock = document.getElementById("check-texts");
  if (!box || !out || !textsBlock) return;
  var texts = JSON.parse(textsBlock.textContent), lang = document.documentElement.lang;
  var numbers = new Intl.NumberFormat(lang), plural = new Intl.PluralRules(lang);

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      var value = values[name];
      if (value === undefined || value === null) return whole;
      return name !== "seq" && typeof value !== "string" ? numbers.format(value) : value;
    });
  }

  function counted(forms, count) {
    return fill(forms[plural.select(count) === "one" ? 0 : 1], { count: count });
  }

  /* The first problem of the chain and the first of the dice, or all is well. */
  function verdict(report) {
    if (report.problems.length) {
      return fill(texts.failed, { problem: report.problems.map(function (problem) {
        return fill(texts.problems[problem.kind], problem);
      }).join(" ") });
    }
    return report.revealed ? counted(texts.ok, report.draws) : counted(texts.unrevealed, report.events);
  }

  async function run(text, label) {
    if (!subtle) { out.textContent = texts.unsupported; return; }  // WebCrypto: HTTPS only
    out.textContent = texts.working;
    var report;
    try { report = await verify(readExport(text)); } catch (error) {
      out.textContent = label + texts.unreadable;
      return;
    }
    out.textContent = label + verdict(report);
  }

  function checkFile(file) {
    if (file) file.text().then(function (text) { run(text, file.name + ": "); });
  }

  var button = document.getElementById("check-run"), data = document.getElementById("check-export");
  if (button && data) {
    button.addEventListener("click", function () { run(data.textContent, ""); });
  }
  var input = document.getElementById("check-file");
  if (input) input.addEventListener("change", function () { checkFile(input.files[0]); });
  document.addEventListener("dragover", function (event) { event.preventDefault(); });
  document.addEventListener("drop", function (event) {
    event.preventDefault();
    checkFile(event.dataTransfer && event.dataTransfer.files[0]);
  });
  box.classList.remove("needs-script");
})();
