"""The app's emojis on Discord, made to match the set (:mod:`bot.emoji_set`) at each
start, once: fetch what the application holds, upload what is missing, replace what was
drawn anew, and install the names and ids for the texts.

**Which upload is current.** Discord keeps an emoji's name and picture, and nothing else we
could write a version into; the name is read aloud to screen-reader users ("die 3"), so it
carries no hash either. What Discord does tell is *when* each emoji was uploaded: its id is a
snowflake, which holds its creation time. :mod:`bot.emoji_versions` pins for each
drawing its content hash and since when it is drawn so (``python -m
bot.emoji_images --update`` moves that time when a hash changes; a test fails until
it is run). An emoji uploaded before its drawing's time is old: it is deleted and the new
picture uploaded under the same name. So nothing needs keeping between starts, on any
machine or database: a restart fetches once, finds every emoji current, uploads nothing.
An older bot still running during an update takes the newer pictures as current (they are
younger than its times) instead of putting its own back.

**Ours and theirs.** An emoji of a set's name that a person uploaded (in the Developer
Portal: its ``user`` is not the bot) is used as it is and never replaced or deleted: that is
how an owner would put his own die in. Names outside the set are never touched.

**Two starts at once** (two processes of one app): both may find a name missing and upload
it; Discord refuses the second (400, 50035: the name is taken), and that one fetches again
and uses the emoji the other uploaded. When a fetch shows one name more than once (ours),
the oldest current one is kept and the others deleted — the same choice in every process;
deleting one that another process deleted already (404) is no failure.

Failures are logged and leave the plain texts in force (for the emojis not installed): the
bot never waits on this for long (:data:`START_WAIT`), and the task goes on in the
background.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial

import aiohttp
import discord

from bot import emoji_set

log = logging.getLogger(__name__)

START_WAIT = 3.0
"""Seconds the bot's start waits for the emojis before it connects; they follow later if an
upload takes longer (the first start uploads the whole set)."""
EMOJI_LIMIT = 30008
"""Discord's error code: the app holds the most emojis it may (2,000)."""


class AppFull(Exception):
    """Discord refused an upload: the app holds the most emojis it may."""


@dataclass(frozen=True)
class Drawing:
    """An emoji of the set: its name, since when it is drawn so, and its picture (drawn
    only when it is uploaded)."""

    name: str
    since: datetime
    image: Callable[[], bytes]


@dataclass
class Report:
    """What a sync found and did."""

    installed: dict[str, int] = field(default_factory=dict)
    uploaded: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)  # old ones deleted, new ones uploaded
    deleted: list[int] = field(default_factory=list)  # ids: old versions and duplicates
    adopted: list[str] = field(default_factory=list)  # uploaded meanwhile by another start
    failed: list[str] = field(default_factory=list)


def the_set() -> list[Drawing]:
    """Every emoji of :mod:`bot.emoji_set` with its pinned time and its picture."""
    from bot import emoji_images  # noqa: PLC0415 (Pillow's drawing: only when syncing)
    from bot.emoji_versions import DRAWN  # noqa: PLC0415

    epoch = datetime(2015, 1, 1, tzinfo=UTC)  # Discord's: any upload is younger
    found = []
    for name in emoji_set.names():
        pinned = DRAWN.get(name)
        since = datetime.fromisoformat(pinned[1]) if pinned else epoch
        found.append(Drawing(name, since, partial(emoji_images.png, name)))
    return found


def uploaded_at(emoji: discord.Emoji) -> datetime:
    """When Discord made the emoji (from its id)."""
    return discord.utils.snowflake_time(emoji.id)


def _ours(emoji: discord.Emoji, me: int | None) -> bool:
    """Uploaded by the bot (an emoji without its uploader counts as the bot's)."""
    return emoji.user is None or me is None or emoji.user.id == me


@dataclass
class Plan:
    """What a sync does: the emojis to use as they are (name → id), the ones to delete (old
    versions, duplicates), the drawings to upload, and which of those replace an old one."""

    keep: dict[str, int]
    delete: list[discord.Emoji]
    upload: list[Drawing]
    replacing: set[str]


def plan(
    found: Iterable[discord.Emoji],
    drawings: Sequence[Drawing],
    me: int | None,
    now: datetime | None = None,
) -> Plan:
    """What to keep, delete and upload for ``drawings`` given the app's emojis ``found``.

    A drawing's time still to come (``now``: this machine's clock) is a clock that was
    wrong where it was pinned: its emoji counts as current wherever it was uploaded, rather
    than being uploaded anew at every start until then."""
    now = now or datetime.now(UTC)
    by_name: dict[str, list[discord.Emoji]] = {}
    for emoji in found:
        by_name.setdefault(emoji.name, []).append(emoji)
    result = Plan({}, [], [], set())
    for drawing in drawings:
        same = sorted(by_name.get(drawing.name, []), key=lambda e: e.id)
        theirs = [e for e in same if not _ours(e, me)]
        mine = [e for e in same if _ours(e, me)]
        if theirs:  # a person's own emoji of the name: used as it is
            result.keep[drawing.name] = theirs[0].id
            result.delete += mine
            continue
        fresh = [e for e in mine if uploaded_at(e) >= drawing.since or drawing.since > now]
        if fresh:
            result.keep[drawing.name] = fresh[0].id
            result.delete += [e for e in mine if e is not fresh[0]]
            continue
        result.delete += mine
        result.upload.append(drawing)
        if mine:
            result.replacing.add(drawing.name)
    return result


async def sync(
    client: discord.Client, drawings: Sequence[Drawing] | None = None, *, install: bool = True
) -> Report:
    """Make the app's emojis match ``drawings`` (the set by default) and, with ``install``,
    install them for the texts: the current ones at once, the uploaded ones at the end.
    Raises what fetching the app's emojis raises; a failed upload or delete is logged and
    its emoji left out."""
    drawings = the_set() if drawings is None else drawings
    me = client.user.id if client.user is not None else None
    report = Report()
    todo = plan(await client.fetch_application_emojis(), drawings, me)
    report.installed = dict(todo.keep)
    if install:
        emoji_set.install(report.installed)
    for emoji in todo.delete:
        if await _delete(client, emoji):
            report.deleted.append(emoji.id)
    for index, drawing in enumerate(todo.upload):
        if drawing.name in report.installed:  # found in a fetch after a refusal
            continue
        try:
            created = await _upload(client, drawing, todo.upload[index:], report, me)
        except AppFull as exc:
            log.error("application emojis: the app holds as many as Discord allows (%s)", exc)
            report.failed += [d.name for d in todo.upload[index:]]
            break
        if created is not None:
            report.installed[drawing.name] = created
            if drawing.name in todo.replacing:
                report.replaced.append(drawing.name)
    if install:
        emoji_set.install(report.installed)
    return report


async def _delete(client: discord.Client, emoji: discord.Emoji) -> bool:
    try:
        await emoji.delete()
    except discord.NotFound:  # another start deleted it first
        return False
    except discord.HTTPException as exc:
        log.warning("application emoji %s (%s) not deleted: %s", emoji.name, emoji.id, exc)
        return False
    return True


async def _upload(
    client: discord.Client,
    drawing: Drawing,
    pending: Sequence[Drawing],
    report: Report,
    me: int | None,
) -> int | None:
    """Upload ``drawing``: its new id, or None. When Discord refuses it, a new fetch tells
    whether another start uploaded it meanwhile (the name is taken): then that one is used,
    and so is every other emoji still ``pending`` that the fetch shows current."""
    image = await asyncio.to_thread(drawing.image)
    try:
        emoji = await client.create_application_emoji(name=drawing.name, image=image)
    except discord.HTTPException as exc:
        if exc.code == EMOJI_LIMIT:
            raise AppFull(str(exc)) from exc
        taken = await _taken(client, drawing, pending, report, me) if exc.status == 400 else None
        if taken is not None:
            return taken
        log.warning("application emoji %s not uploaded: %s", drawing.name, exc)
        report.failed.append(drawing.name)
        return None
    report.uploaded.append(drawing.name)
    return emoji.id


async def _taken(
    client: discord.Client,
    drawing: Drawing,
    pending: Sequence[Drawing],
    report: Report,
    me: int | None,
) -> int | None:
    """After a refused upload: the emoji of ``drawing``'s name a new fetch shows (a current
    one, else an old one: still better than none), or None; the other ``pending`` ones it
    shows current go into the report's installed ones."""
    try:
        found = await client.fetch_application_emojis()
    except discord.HTTPException as exc:
        log.warning("application emojis not fetched again: %s", exc)
        return None
    known = plan(found, pending, me)
    for name, ident in known.keep.items():
        report.adopted.append(name)
        if name != drawing.name:
            report.installed[name] = ident
    if drawing.name in known.keep:
        return known.keep[drawing.name]
    old = [e.id for e in found if e.name == drawing.name]
    if old:
        report.adopted.append(drawing.name)
    return min(old, default=None)


async def run(client: discord.Client) -> Report | None:
    """:func:`sync` at a start, logged; None when it failed (the texts stay plain)."""
    try:
        report = await sync(client)
    except (discord.DiscordException, aiohttp.ClientError, OSError, TimeoutError) as exc:
        log.warning("application emojis not available, texts stay plain: %s", exc)
        return None
    if report.uploaded or report.deleted or report.failed:
        log.info(
            "application emojis: %d in use, %d uploaded (%d replaced), %d deleted, %d failed",
            len(report.installed),
            len(report.uploaded),
            len(report.replaced),
            len(report.deleted),
            len(report.failed),
        )
    return report


async def wait_briefly(task: asyncio.Task[Report | None], seconds: float | None = None) -> None:
    """Wait up to ``seconds`` (:data:`START_WAIT`) for the sync; it goes on in the
    background after that."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(task), START_WAIT if seconds is None else seconds)


async def stop(task: asyncio.Task[Report | None] | None) -> None:
    """Cancel a sync still running (the bot stops)."""
    if task is None or task.done():
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
