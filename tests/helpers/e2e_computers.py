"""Computer seats on the end-to-end table: seated from the lobby's select as a host picks
them, quick to act, waited for while people play, and what Discord was sent about them
(never a ping, a mention or a DM of a ``cpu:`` id)."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.i18n import t
from bot.players.seats import PREFIX, is_computer
from loopback.entities import Message, RestCall
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table
from tests.helpers.turns_told import TurnWatch

COMPUTER_SELECT = "computer"
RATED = "rated"


def quick_computers(table: Table, delay: float = 0.01, poll: float = 0.01) -> Any:
    """The bot's computers cog, its computers acting ``delay`` s after their turn comes
    (polling every ``poll`` s) instead of the players' pace."""
    assert table.bot is not None
    cog = table.bot.get_cog("ComputersCog")  # an extension's own module: no isinstance
    assert cog is not None
    cog.delay = delay
    cog.play_task.change_interval(seconds=poll)
    return cog


def options(message: Message, verb: str = COMPUTER_SELECT) -> dict[str, str]:
    """The labels of a select's options on ``message`` -> their values."""
    custom_id = next(c for c in message.custom_ids() if click_of(c).verb == verb)
    return {o["label"]: o["value"] for o in message.component(custom_id).get("options") or []}


async def pick(table: Table, user: Any, message: Message, label: str) -> Any:
    """``user`` picks the option labelled ``label`` in the lobby's computer select."""
    value = options(message)[label]
    return await table.choose(user, message, COMPUTER_SELECT, [value])


def labels(message: Message) -> list[str]:
    """The labels of the buttons on ``message``."""
    return [c["label"] for c in message.rows() for c in c["components"] if c.get("label")]


async def play_with_computers(
    table: Table,
    game_id: int,
    users: dict[int, Any],
    human_turn: Callable[[Any, Any], Awaitable[object]],
    *,
    steps: int = 400,
    wait: float = 5.0,
) -> None:
    """Play ``game_id`` to its end: while a person is to act, ``human_turn(user, outcome)``
    makes his move; while only computers are, wait (``wait`` s at most) until they moved
    the table on. Whoever came to owe a move after a step was told (TurnWatch)."""
    service = table.bot.service  # type: ignore[union-attr]
    watch = TurnWatch(table.fake, service, game_id)
    watch.before()
    for _ in range(steps):
        outcome = service.tables.current(game_id)
        if outcome.finished:
            assert not watch.problems, watch.problems
            return
        people = [p for p in outcome.to_act if not is_computer(p)]
        if people:
            await human_turn(users[int(people[0])], outcome)
            await table.settled()
            watch.after(people[0])
            continue
        moved = partial(_moved, service, game_id, outcome.version)
        try:
            await table.fake.wait_until(moved, timeout=wait)
        except TimeoutError:
            raise AssertionError(
                f"the computers {outcome.to_act} did not act in {wait} s"
            ) from None
        await table.settled()  # the computer's delivery (it holds the router busy)
        watch.after(None)
    raise AssertionError("the game did not end")


def _moved(service: Any, game_id: int, version: int) -> bool:
    return bool(service.tables.current(game_id).version != version)


def sent_to_discord(table: Table) -> list[str]:
    """Every body the bot sent Discord (messages, edits, answers, DMs), as JSON text."""
    return [json.dumps(call.json) for call in table.fake.rest_log if call.json is not None]


def computer_mentions(table: Table) -> list[str]:
    """Whatever the bot sent that pinged, mentioned or DM'd a computer seat: a ``<@cpu``
    mention, a ``cpu:`` id among the users a message may ping, a DM channel for one."""
    found = [body for body in sent_to_discord(table) if f"<@{PREFIX}" in body]
    for call in table.fake.rest_log:
        body = call.json if isinstance(call.json, dict) else {}
        allowed = body.get("allowed_mentions") or {}
        if any(PREFIX in str(u) for u in allowed.get("users") or ()):
            found.append(f"{call.method} {call.path} pings {allowed['users']}")
        if call.path == "/users/@me/channels" and PREFIX in str(body.get("recipient_id")):
            found.append(f"a DM channel for {body['recipient_id']}")
    return found


@dataclass(frozen=True)
class Post:
    """A message the bot posted in the table's channel, and whom the game awaited then."""

    body: dict[str, Any]
    to_act: tuple[str, ...]

    @property
    def is_table(self) -> bool:
        """A running game's table message (it offers "Zuschauen")."""
        ids = re.findall(r'"custom_id": "([^"]+)"', json.dumps(self.body.get("components")))
        return any(click_of(c).verb == "watch" for c in ids)

    @property
    def ping_text(self) -> str:
        """A turn's ping ("<@…>, du bist am Zug."): a line of its own, or the line below a
        new table message's card (a text display beside its container); else ""."""
        below = [c for c in self.body.get("components") or () if c.get("type") == 10]
        text = str(below[-1].get("content") if below else self.body.get("content") or "")
        pings = (t("ui.turn_ping", "de", players="", count=n) for n in (1, 2))
        return text if any(text.endswith(ping) for ping in pings) else ""

    @property
    def is_ping(self) -> bool:
        """A turn's ping, in a line of its own or in a new table message."""
        return bool(self.ping_text)

    @property
    def pinged(self) -> list[str]:
        """The users this post may ping."""
        allowed = self.body.get("allowed_mentions") or {}
        return [str(u) for u in allowed.get("users") or ()]


class ChannelPosts:
    """Every message the bot posts in the table's channel, with whom the channel's game
    awaited when Discord got it (the bot still holds the table's turn then)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.posts: list[Post] = []
        fake = table.fake
        self._before = fake.after_rest
        fake.after_rest = self._record

    def _record(self, call: RestCall) -> None:
        if self._before is not None:
            self._before(call)
        path = f"/channels/{self.table.channel.id}/messages"
        if call.method != "POST" or call.path != path or not isinstance(call.json, dict):
            return
        service = self.table.bot.service  # type: ignore[union-attr]
        game = service.tables.find(self.table.channel.id, None)
        to_act = () if game is None else tuple(service.tables.current(game).to_act)
        self.posts.append(Post(call.json, to_act))

    def turns(self) -> list[tuple[Post, Post | None]]:
        """Each new table message, with its ping: in itself, or the post right after it if
        that is a ping line (closed DMs)."""
        found = []
        for at, post in enumerate(self.posts):
            if post.is_table:
                after = self.posts[at + 1] if at + 1 < len(self.posts) else None
                ping = post if post.is_ping else after
                found.append((post, ping if ping is not None and ping.is_ping else None))
        return found
