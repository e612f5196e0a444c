"""Who must be told that he must act, and who was (issue 43).

Discord notifies a mention only in a new message (or a DM), never in an edit, and within a
round the table moves on by editing its message. So after every delivery the bot tells,
once, each person who must act now and was not told since he last had to: in the table's
channel, by a DM, or not at all, as each player chose (``/benachrichtigung``). A turn that
opens a new table message (a new turn, round or hand) pings in that message itself (issue
45); one that passes by an edit gets a short new line that mentions only them. The line it
posted last is deleted once nobody it named must act any more, or when a new ping is
posted, so at most one stands per table; a ping inside a table message is never deleted,
only forgotten.

The record (:class:`TurnNotice`) is kept with the table (``games.turn_notice``), so a
restart neither tells anyone twice nor leaves an old line standing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

CHANNEL, DM, OFF = "kanal", "dm", "aus"
HOW = (CHANNEL, DM, OFF)
"""How a player may be told of his turn: the channel's ping (everybody's default), a
DM, or not at all."""


@dataclass(frozen=True)
class TurnNotice:
    told: tuple[str, ...] = ()
    """The players who must act and were told so (or acted, or chose not to be told)."""
    ping: int | None = None
    """The line in the table's channel that stands, if any."""
    pinged: tuple[str, ...] = ()
    """Whom that line named."""
    in_table: bool = False
    """The ping stands in the table's own message (a new turn's), not in a line of its own:
    it is never deleted (a redelivery that posts that message again gets it back by its
    nonce, and must not take it for a line)."""

    @classmethod
    def read(cls, stored: Mapping[str, Any] | None) -> TurnNotice:
        if not stored:
            return cls()
        ping = stored.get("ping")
        return cls(
            tuple(stored.get("told") or ()),
            None if ping is None else int(ping),
            tuple(stored.get("pinged") or ()),
            bool(stored.get("table")),
        )

    def stored(self) -> dict[str, Any] | None:
        if self == TurnNotice():
            return None
        stored = {"told": list(self.told), "ping": self.ping, "pinged": list(self.pinged)}
        return {**stored, "table": True} if self.in_table else stored

    @property
    def line(self) -> int | None:
        """The standing ping if it is a line of its own (the one thing ever deleted)."""
        return None if self.in_table else self.ping


@dataclass(frozen=True)
class Telling:
    """What a delivery does about turns: whom it tells (by the channel's line or by DM),
    whether the standing line goes, and the record afterwards (before the line is posted:
    its id is filled in then)."""

    by_channel: tuple[str, ...]
    by_dm: tuple[str, ...]
    drop_ping: bool
    after: TurnNotice


def telling(
    owed: Sequence[str], before: TurnNotice, actor: str | None, how: Mapping[str, str]
) -> Telling:
    """``owed``: the people who must act now (no computer, no seat a computer plays for;
    none while the table is paused or over); ``actor``: who just acted (he sees the table
    move: he is not told); ``how``: each owed player's choice (:data:`HOW`)."""
    new = [p for p in owed if p not in before.told and p != actor]
    by_channel = tuple(p for p in new if how.get(p, CHANNEL) == CHANNEL)
    by_dm = tuple(p for p in new if how.get(p, CHANNEL) == DM)
    stale = before.ping is not None and not any(p in owed for p in before.pinged)
    drop = before.ping is not None and (bool(by_channel) or stale)
    kept = replace(before, told=tuple(owed)) if not drop else TurnNotice(tuple(owed))
    return Telling(by_channel, by_dm, drop, kept)
