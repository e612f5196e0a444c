"""What the bot needs in a channel, and what breaks without each permission.

One list for everything: the check when a table is opened or a tournament created, the
host's private notice, the warning at start and the README's invite permissions (a test
compares them). Pure: permissions are Discord's bit field (``interaction.app_permissions``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from bot.i18n import t

Scope = Literal["table", "tournament"]

ADMINISTRATOR = 1 << 3  # every permission, whatever a channel denies


@dataclass(frozen=True)
class Need:
    """A permission: discord.py's attribute name (also the last part of its text keys
    ``perm.<flag>`` and ``perm.<flag>.why``), its bit, Discord's English name, and whether
    every table needs it or only a tournament (its group threads and evenings)."""

    flag: str
    bit: int
    name: str
    scope: Scope


NEEDS: tuple[Need, ...] = (
    Need("view_channel", 1 << 10, "View Channels", "table"),
    Need("send_messages", 1 << 11, "Send Messages", "table"),
    Need("embed_links", 1 << 14, "Embed Links", "table"),
    Need("attach_files", 1 << 15, "Attach Files", "table"),
    Need("read_message_history", 1 << 16, "Read Message History", "table"),
    Need("create_public_threads", 1 << 35, "Create Public Threads", "tournament"),
    Need("send_messages_in_threads", 1 << 38, "Send Messages in Threads", "tournament"),
    # Waking an archived thread needs only Send Messages in Threads; one a moderator locked
    # takes Manage Threads, to post in it as well as to unarchive it.
    Need("manage_threads", 1 << 34, "Manage Threads", "tournament"),
    # Since 2026-02-23 creating a scheduled event takes Create Events; Manage Events alone
    # no longer does.
    Need("create_events", 1 << 44, "Create Events", "tournament"),
)


def invite_bits() -> int:
    """The permissions integer of the bot's invite URL: everything in :data:`NEEDS`."""
    bits = 0
    for need in NEEDS:
        bits |= need.bit
    return bits


SEND_MESSAGES = 1 << 11
SEND_MESSAGES_IN_THREADS = 1 << 38


def needed(scope: Scope) -> tuple[Need, ...]:
    """What a table needs, or a tournament (everything a table needs, and more)."""
    return tuple(need for need in NEEDS if scope == "tournament" or need.scope == "table")


def missing(granted: int, scope: Scope, *, in_thread: bool = False) -> tuple[Need, ...]:
    """The needs of ``scope`` that ``granted`` lacks, in the order of :data:`NEEDS`. In a
    thread the bot posts with Send Messages in Threads instead of Send Messages."""
    if granted & ADMINISTRATOR:
        return ()
    lacking = []
    for need in needed(scope):
        bit = SEND_MESSAGES_IN_THREADS if in_thread and need.bit == SEND_MESSAGES else need.bit
        if not granted & bit:
            lacking.append(need)
    return tuple(lacking)


def notice(lacking: Iterable[Need], locale: str) -> str:
    """The host's private notice: each missing permission by its name in Discord (in the
    server's language) and what does not work without it."""
    lines = [
        t(
            "perm.line",
            locale,
            name=t(f"perm.{n.flag}", locale),
            why=t(f"perm.{n.flag}.why", locale),
        )
        for n in lacking
    ]
    return t("perm.missing", locale, lines="\n".join(lines))


class Told:
    """Which notices were given: one per server, channel and set of missing permissions,
    so a host is told once and not at every table he opens. Kept in memory only: after a
    restart the next table or tournament in such a channel tells again (by then someone
    may have fixed the permissions, or changed them)."""

    def __init__(self) -> None:
        self._given: set[tuple[int | None, int | None, frozenset[str]]] = set()

    def first(self, guild_id: int | None, channel_id: int | None, lacking: Iterable[Need]) -> bool:
        """Whether this notice is new here (and remember it as given)."""
        key = (guild_id, channel_id, frozenset(need.flag for need in lacking))
        if key in self._given:
            return False
        self._given.add(key)
        return True
