// The replay's keys on a game's page: ← and → a step back and on, Home and End the first
// and the last step. A step's page follows its own links (rel="prev"/"next", "first",
// "last": the next page, as without script); the whole game's page moves between the
// steps' anchors (#schritt-N). Nothing here is needed: without script the links and
// anchors work alone. Keys typed into a field, or with a modifier, are left alone.
(function () {
  "use strict";

  var KEYS = {
    ArrowLeft: { link: '[rel~="prev"]', by: -1 },
    ArrowRight: { link: '[rel~="next"]', by: 1 },
    Home: { link: ".first", edge: "first" },
    End: { link: ".last", edge: "last" }
  };

  function linked(selector) {
    var found = document.querySelector("nav.steps a" + selector);
    return found ? found.href : null;
  }

  function anchor(key) {
    var items = document.querySelectorAll("ol.log > li[id]");
    if (!items.length) return null;
    if (key.edge === "first") return "#" + items[0].id;
    if (key.edge === "last") return "#" + items[items.length - 1].id;
    var current = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    var at = Array.prototype.indexOf.call(items, current);
    var next = at < 0 ? (key.by > 0 ? 0 : items.length - 1) : at + key.by;
    return next >= 0 && next < items.length ? "#" + items[next].id : null;
  }

  function typing(target) {
    return target && (target.isContentEditable ||
      /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName));
  }

  document.addEventListener("keydown", function (event) {
    var key = KEYS[event.key];
    if (!key || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey ||
        event.shiftKey || typing(event.target)) {
      return;
    }
    var where = document.querySelector("nav.steps") ? linked(key.link) : anchor(key);
    if (where) {
      event.preventDefault();
      location.assign(where);
    }
  });
})();
