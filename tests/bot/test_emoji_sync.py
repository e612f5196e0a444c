"""What a start does with the app's emojis (bot.emoji_sync.plan): keep the current ones,
upload the missing ones, replace an upload older than its drawing, dedupe ours, leave a
person's own emoji alone. The runs against the loopback are in tests/e2e/test_e2e_emojis.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.emoji_sync import Drawing, plan, uploaded_at

BOT, OWNER = 111, 222
DRAWN = datetime(2026, 6, 1, tzinfo=UTC)
NOW = datetime(2026, 12, 1, tzinfo=UTC)


@dataclass
class User:
    id: int


@dataclass
class Emoji:
    """What plan reads of a discord.Emoji: its id (a snowflake with its time), name, user."""

    id: int
    name: str
    user: User | None


def at(when: datetime, n: int = 0) -> int:
    """A snowflake made at ``when`` (the n-th that millisecond)."""
    return ((int(when.timestamp() * 1000) - 1_420_070_400_000) << 22) + n


def drawing(name: str, since: datetime = DRAWN) -> Drawing:
    return Drawing(name, since, lambda: b"png")


def planned(found: list[Emoji], *drawings: Drawing, now: datetime = NOW) -> Any:
    return plan(found, list(drawings), BOT, now)  # type: ignore[arg-type]


def test_the_snowflake_tells_the_upload_time() -> None:
    assert uploaded_at(Emoji(at(DRAWN), "x", None)) == DRAWN  # type: ignore[arg-type]


def test_missing_ones_are_uploaded_and_current_ones_kept() -> None:
    current = Emoji(at(DRAWN + timedelta(days=1)), "die_3", User(BOT))
    done = planned([current], drawing("die_3"), drawing("die_4"))
    assert done.keep == {"die_3": current.id} and done.delete == []
    assert [d.name for d in done.upload] == ["die_4"] and done.replacing == set()


def test_an_upload_older_than_its_drawing_is_replaced() -> None:
    old = Emoji(at(DRAWN - timedelta(days=1)), "die_3", User(BOT))
    done = planned([old], drawing("die_3"))
    assert done.keep == {} and done.delete == [old]
    assert [d.name for d in done.upload] == ["die_3"] and done.replacing == {"die_3"}


def test_duplicates_keep_the_oldest_current_one() -> None:
    stale = Emoji(at(DRAWN - timedelta(days=2)), "die_3", User(BOT))
    first = Emoji(at(DRAWN + timedelta(days=1)), "die_3", User(BOT))
    second = Emoji(at(DRAWN + timedelta(days=1), 1), "die_3", None)  # no uploader: ours
    done = planned([second, stale, first], drawing("die_3"))
    assert done.keep == {"die_3": first.id}
    assert sorted(e.id for e in done.delete) == sorted([stale.id, second.id])
    assert done.upload == []


def test_a_persons_own_emoji_is_used_and_never_replaced() -> None:
    theirs = Emoji(at(DRAWN - timedelta(days=30)), "die_5", User(OWNER))  # older, still used
    ours = Emoji(at(DRAWN + timedelta(days=1)), "die_5", User(BOT))
    done = planned([ours, theirs], drawing("die_5"))
    assert done.keep == {"die_5": theirs.id} and done.delete == [ours] and done.upload == []


def test_other_names_are_left_alone() -> None:
    other = Emoji(at(DRAWN - timedelta(days=1)), "party_parrot", User(BOT))
    done = planned([other], drawing("die_3"))
    assert other not in done.delete and "party_parrot" not in done.keep


def test_a_drawing_time_still_to_come_does_not_upload_at_every_start() -> None:
    """A clock that was ahead where the time was pinned: the upload counts as current."""
    later = NOW + timedelta(days=3)
    uploaded = Emoji(at(NOW - timedelta(hours=1)), "die_3", User(BOT))
    done = planned([uploaded], drawing("die_3", since=later))
    assert done.keep == {"die_3": uploaded.id} and done.upload == []
    assert planned([], drawing("die_3", since=later)).upload  # a missing one is uploaded
