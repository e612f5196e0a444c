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


_ISO = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_DOTTED = re.compile(r"(\d{1,2})\.\s*(\d{1,2})\.?(?:\s*(\d{2}|\d{4}))?")
_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})(?:/(\d{2}|\d{4}))?")
_CLOCK = re.compile(
    r"(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(?:(uhr|h)|([ap])\.?\s*m\.?)?", re.IGNORECASE
)


def parse_evening(
    date: str,
    clock: str,
    zone: ZoneInfo = BERLIN,
    *,
    now: datetime | None = None,
    month_first: bool = False,
) -> datetime:
    """An evening as the host writes it, in a time zone (Berlin unless given), as an aware
    datetime. Dates: ``2026-12-01``, ``01.12.2026``, ``1.12.26``, ``1.12.`` (the next 1
    December), ``1/12/2026`` (day first; month first, ``12/1/2026``, for a reader of
    American English: ``month_first``). Times:
    ``20:00``, ``20.00``, ``20 Uhr``, ``20h30``, ``8pm``, ``8:30 p.m.``. Anything else is
    refused (``tour.bad_time``), and so is a time with its own offset."""
    today = (now or datetime.now(zone)).astimezone(zone).date()
    day = _date(date.strip(), today, month_first=month_first)
    hour, minute = _clock(clock.strip())
    try:
        return datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone)
    except ValueError:
        raise IllegalAction("tour.bad_time") from None


def _date(text: str, today: dt.date, *, month_first: bool) -> dt.date:
    match = _ISO.fullmatch(text)
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
        raise IllegalAction("tour.bad_time") from None


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
        raise IllegalAction("tour.bad_time")
    hour, minute = int(match[1]), int(match[2] or 0)
    half = (match[4] or "").lower()
    if half:
        if not 1 <= hour <= 12:
            raise IllegalAction("tour.bad_time")
        hour = hour % 12 + (12 if half == "p" else 0)
    if hour > 23 or minute > 59:
        raise IllegalAction("tour.bad_time")
    return hour, minute


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
