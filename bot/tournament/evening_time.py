"""When a tournament's evenings are: parsing what the host typed (in a time zone), showing
it to players as Discord timestamps, which each player's client shows in his own zone."""

from __future__ import annotations

import datetime as dt
import re
from datetime import datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.engine import IllegalAction

DEFAULT_ZONE = "Europe/Berlin"
BERLIN = ZoneInfo(DEFAULT_ZONE)
REMIND_BEFORE = timedelta(hours=1)
CHOICES_MAX = 25  # Discord shows at most 25 autocomplete choices


@cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(z for z in available_timezones() if "/" in z or z == "UTC"))


def zone_named(name: str) -> ZoneInfo:
    """An IANA time zone (``Europe/Berlin``, ``America/New_York``), or a refusal."""
    name = name.strip()
    if name not in _zones():  # not ZoneInfo alone: it also opens paths like "../x"
        raise IllegalAction("tour.bad_zone", zone=name[:40] or "–")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise IllegalAction("tour.bad_zone", zone=name[:40]) from None


def zone_choices(typed: str) -> list[str]:
    """The zones matching what the host typed so far for autocomplete: those starting with
    it (or whose city does) first, then those containing it; 25 at most."""
    needle = typed.strip().lower().replace(" ", "_")
    if not needle:
        return [DEFAULT_ZONE, "Europe/London", "America/New_York", "UTC"]
    starts = [z for z in _zones() if z.lower().startswith(needle)]
    starts += [
        z for z in _zones() if z.lower().split("/")[-1].startswith(needle) and z not in starts
    ]
    inside = [z for z in _zones() if needle in z.lower() and z not in starts]
    return (starts + inside)[:CHOICES_MAX]


_YEAR_FIRST = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")
_DOTTED = re.compile(r"(\d{1,2})\.\s*(\d{1,2})\.?(?:\s*(\d{2}|\d{4}))?")
_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d{2}|\d{4}))?")
_CLOCK = re.compile(
    r"(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(?:(uhr|h|heures?)|([ap])\.?\s*m\.?)?", re.IGNORECASE
)
_ON = re.compile(r"(?:am|on|le|ce)\s+")  # "am Freitag", "on friday", "ce vendredi"

DAYS_AHEAD = {
    "heute": 0, "today": 0, "aujourd'hui": 0, "aujourd’hui": 0,
    "morgen": 1, "tomorrow": 1, "demain": 1,
    "übermorgen": 2, "uebermorgen": 2, "day after tomorrow": 2, "après-demain": 2,
    "apres-demain": 2,
}  # fmt: skip
"""Days people name by their distance from today, in German, English and French."""

WEEKDAYS = {
    name: number
    for names in (
        ("montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"),
        ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
        ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"),
    )
    for number, name in enumerate(names)
} | {"sonnabend": 5}
"""The days of the week by name (Monday is 0, as ``date.weekday``)."""

HOURS = {
    name: number
    for names in (
        ("eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
         "elf", "zwölf"),
        ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve"),
        ("une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
         "onze", "douze"),
    )
    for number, name in enumerate(names, start=1)
} | {"ein": 1, "un": 1, "zwoelf": 12, "fuenf": 5}  # fmt: skip
"""The hours of a clock face in words."""

_SPOKEN = (  # (pattern, minutes after the named hour); the hour is a word or a number
    (re.compile(r"halb (\w+)(?: uhr)?"), -30),
    (re.compile(r"viertel nach (\w+)(?: uhr)?"), 15),
    (re.compile(r"viertel vor (\w+)(?: uhr)?"), -15),
    (re.compile(r"dreiviertel (\w+)(?: uhr)?"), -15),
    (re.compile(r"viertel (\w+)(?: uhr)?"), -45),
    (re.compile(r"half past (\w+)"), 30),
    (re.compile(r"quarter past (\w+)"), 15),
    (re.compile(r"quarter to (\w+)"), -15),
    (re.compile(r"(\w+) heures? et demie"), 30),
    (re.compile(r"(\w+) heures? et quart"), 15),
    (re.compile(r"(\w+) heures? moins (?:le )?quart"), -15),
    (re.compile(r"(\w+)(?: uhr| o'clock| o’clock| heures?)?"), 0),
)
"""Times as people say them: "halb acht", "viertel nach acht", "half past seven", "huit
heures et demie", "acht Uhr". **Decision**: a time said this way is on a clock face of
twelve hours, and a tournament's evening is in the afternoon or evening: it is read
between 12:00 and 23:59 ("halb acht" is 19:30, "halb eins" 12:30); a time in digits is read
as written ("8:00" is the morning, "20 Uhr" and "8pm" the evening)."""


def parse_evening(
    date: str,
    clock: str,
    zone: ZoneInfo = BERLIN,
    *,
    now: datetime | None = None,
    month_first: bool = False,
) -> datetime:
    """An evening as the host writes it, in a time zone (Berlin unless given), as an aware
    datetime. Dates: ``2026-12-01``, ``2026/12/01``, ``01.12.2026``, ``1.12.26``, ``1.12.``
    (the next 1 December), ``1/12/2026`` (day first; month first, ``12/1/2026``, for a
    reader of American English: ``month_first``); ``heute``, ``morgen``, ``übermorgen``
    and a weekday (``Freitag``: the next Friday, today if it is one), in German, English
    and French (``tomorrow``, ``friday``, ``demain``, ``vendredi``), "today" being the
    zone's. Times: ``20:00``, ``20.00``, ``20 Uhr``, ``20h30``, ``8pm``, ``8:30 p.m.``,
    ``20 heures``, and said in words (:data:`_SPOKEN`: ``halb acht``). A date that does
    not exist (``31.11.2026``) is refused as such (``tour.no_such_date``), and so is a
    time (``25:00``, ``tour.no_such_time``); anything else that cannot be read, a time with
    its own offset too, is refused with examples (``tour.bad_time``)."""
    today = (now or datetime.now(zone)).astimezone(zone).date()
    day = _date(date.strip(), today, month_first=month_first)
    hour, minute = _clock(clock.strip())
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone)


def _words(text: str) -> str:
    """Lower case, one space between words, no final full stop, no leading "am"/"on"."""
    words = " ".join(text.casefold().split()).rstrip(".")
    return _ON.sub("", words, count=1) if _ON.match(words) else words


def _date(text: str, today: dt.date, *, month_first: bool) -> dt.date:
    said = _words(text)
    if said in DAYS_AHEAD:
        return today + timedelta(days=DAYS_AHEAD[said])
    if said in WEEKDAYS:
        return today + timedelta(days=(WEEKDAYS[said] - today.weekday()) % 7)
    match = _YEAR_FIRST.fullmatch(text)
    if match:
        year, month, day = (int(g) for g in match.groups())
    else:
        slashed = _SLASHED.fullmatch(text)
        match = _DOTTED.fullmatch(text) or slashed
        if match is None:
            raise IllegalAction("tour.bad_time")
        day, month = int(match[1]), int(match[2])
        if slashed and month_first:
            day, month = month, day
        year = _year(match[3], day, month, today)
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise IllegalAction("tour.no_such_date", date=text[:20]) from None


def _year(written: str | None, day: int, month: int, today: dt.date) -> int:
    """The year written (``26`` is 2026), or the next time that day comes."""
    if written is not None:
        return int(written) + (2000 if len(written) == 2 else 0)
    if (month, day) < (today.month, today.day):
        return today.year + 1
    return today.year


def _clock(text: str) -> tuple[int, int]:
    match = _CLOCK.fullmatch(text)
    if match is None:
        return _spoken(_words(text))
    hour, minute = int(match[1]), int(match[2] or 0)
    half = (match[4] or "").lower()
    if half:
        if not 1 <= hour <= 12:
            raise IllegalAction("tour.no_such_time", time=text[:20])
        hour = hour % 12 + (12 if half == "p" else 0)
    if hour > 23 or minute > 59:
        raise IllegalAction("tour.no_such_time", time=text[:20])
    return hour, minute


def _spoken(said: str) -> tuple[int, int]:
    """A time said in words (:data:`_SPOKEN`), in the afternoon or evening."""
    for pattern, offset in _SPOKEN:
        match = pattern.fullmatch(said)
        if match is None:
            continue
        word = match[1]
        named = int(word) if word.isdigit() else HOURS.get(word)
        if named is None or not 1 <= named <= 12:
            continue
        minutes = (named % 12) * 60 + offset
        hour, minute = divmod(minutes % (12 * 60), 60)
        return hour + 12, minute
    raise IllegalAction("tour.bad_time")


def unix(when: datetime) -> int:
    return int(when.timestamp())


def full_time(when: datetime) -> str:
    """A moment as a Discord timestamp: the full date and time in the reader's own zone
    (``<t:…:F>``), for a text that is already in brackets."""
    return f"<t:{unix(when)}:F>"


def shown_time(when: datetime) -> str:
    """A moment as Discord timestamps: the full date and time and how far off, each in the
    reader's own time zone (``<t:…:F> (<t:…:R>)``)."""
    return f"{full_time(when)} (<t:{unix(when)}:R>)"
