"""Discord's timestamps (``<t:1796151600:F>``) as a Discord client shows them: in the
reader's language and time zone (the reader of the sandbox and of the screenshots sits in
Berlin)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time, format_timedelta

from bot.i18n import normalize_locale

STAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
ZONE = ZoneInfo("Europe/Berlin")


def shown(stamp: int, style: str, locale: str, now: datetime | None = None) -> str:
    """One timestamp in one of Discord's styles (``f`` when none is given)."""
    language = normalize_locale(locale)
    moment = datetime.fromtimestamp(stamp, UTC).astimezone(ZONE)
    if style == "R":
        delta = moment - (now or datetime.now(UTC))
        return format_timedelta(delta, add_direction=True, locale=language)
    time_short = format_time(moment, "short", locale=language)
    forms: dict[str, Callable[[], str]] = {
        "t": lambda: time_short,
        "T": lambda: format_time(moment, "medium", locale=language),
        "d": lambda: format_date(moment, "short", locale=language),
        "D": lambda: format_date(moment, "long", locale=language),
        "f": lambda: f"{format_date(moment, 'long', locale=language)} {time_short}",
        "F": lambda: f"{format_date(moment, 'full', locale=language)} {time_short}",
    }
    return forms[style or "f"]()


def with_times(text: str, locale: str, now: datetime | None = None) -> str:
    """``text`` with every Discord timestamp shown as the client shows it."""
    return STAMP.sub(lambda m: shown(int(m[1]), m[2] or "f", locale, now), text)
