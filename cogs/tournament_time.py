"""When a tournament's evenings are: parsing what the host typed, showing it to players."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.engine import IllegalAction

BERLIN = ZoneInfo("Europe/Berlin")
REMIND_BEFORE = timedelta(hours=1)


def parse_evening(date: str, clock: str) -> datetime:
    """``2026-11-28`` and ``19:30`` in Berlin time, as an aware datetime."""
    try:
        local = datetime.fromisoformat(f"{date.strip()}T{clock.strip()}")
    except ValueError:
        raise IllegalAction("tour.bad_time") from None
    return local.replace(tzinfo=BERLIN)


def shown_time(when: datetime) -> str:
    return when.astimezone(BERLIN).strftime("%d.%m.%Y %H:%M")
