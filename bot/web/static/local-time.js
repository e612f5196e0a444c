// Croupier's pages write every moment in UTC (and in the server's zone), so that they read
// without script. Where script runs, each <time data-local> is rewritten into the
// visitor's own time zone and the page's language; the UTC text stays as its title.
(function () {
  "use strict";
  var format;
  try {
    format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
      weekday: "short", year: "numeric", month: "short", day: "numeric",
      hour: "2-digit", minute: "2-digit", timeZoneName: "short"
    });
  } catch (error) {
    return; // no Intl: the UTC text stays
  }
  var times = document.querySelectorAll("time[data-local][datetime]");
  for (var i = 0; i < times.length; i += 1) {
    var when = new Date(times[i].getAttribute("datetime"));
    if (!isNaN(when.getTime())) {
      times[i].title = times[i].textContent;
      times[i].textContent = format.format(when);
    }
  }
})();
