"""When a tournament's evenings are: parsing what the host typed (in a time zone), showing
it to players as Discord timestamps, which each player's client shows in his own zone."""

from __future__ import annotations

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


def parse_evening(date: str, clock: str, zone: ZoneInfo = BERLIN) -> datetime:
    """``2026-11-28`` and ``19:30`` in a time zone (Berlin unless given), as an aware
    datetime."""
    try:
        local = datetime.fromisoformat(f"{date.strip()}T{clock.strip()}")
    except ValueError:
        raise IllegalAction("tour.bad_time") from None
    if local.tzinfo is not None:  # "19:30+02:00": the zone is the option's
        raise IllegalAction("tour.bad_time")
    return local.replace(tzinfo=zone)


def unix(when: datetime) -> int:
    return int(when.timestamp())


def shown_time(when: datetime) -> str:
    """A moment as Discord timestamps: the full date and time and how far off, each in the
    reader's own time zone (``<t:…:F> (<t:…:R>)``)."""
    stamp = unix(when)
    return f"<t:{stamp}:F> (<t:{stamp}:R>)"
