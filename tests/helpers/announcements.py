"""What the players were shown, held against what the games logged: every announcement
exactly once, and every live game's table message showing it as it stands.

Read from the loopback Discord (every message, as created and as it is now) and the
database (each game's logged events and version), after the bot delivered all it owed.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.render.cards import ClickId
from bot.render.onlooker_buttons import VERBS as ONLOOKERS
from bot.store import Store
from loopback import FakeDiscord
from loopback.entities import Channel, Message

INFO_VERBS = {"account", "mycards", "cup", "rules", "help", *ONLOOKERS}
"""Buttons that are no move of the game: private views, and "Zuschauen" / "Nochmal" (an
ended table's last card keeps its "Nochmal")."""


@dataclass
class Tally:
    """How many announcements of each kind were checked, and what was wrong."""

    counted: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def expect(self, what: str, shown: int, logged: int) -> None:
        self.counted[what] += logged
        if shown != logged:
            self.problems.append(f"{what}: shown {shown} times, logged {logged}")


def _game_ids(ids: list[str]) -> set[tuple[int, int]]:
    """(game, version) of a message's game controls (not its private-view buttons)."""
    found = set()
    for custom_id in ids:
        click = ClickId.parse(custom_id)
        if click is not None and click.verb not in INFO_VERBS and click.game_id:
            found.add((click.game_id, click.version))
    return found


def _logged(store: Store, game_id: int, kind: str) -> int:
    return sum(e["type"] == kind for row in store.events(game_id) for e in row.events)


async def all_delivered(store: Store, timeout: float = 40) -> None:
    """Wait until no game owes an announcement (the bot writes its marks every 2 s)."""
    deadline = time.monotonic() + timeout
    while store.unannounced():
        if time.monotonic() > deadline:
            raise AssertionError(f"still owed after {timeout} s: {store.unannounced()}")
        await asyncio.sleep(0.2)


def check_channel(fake: FakeDiscord, store: Store, channel: Channel, tally: Tally) -> None:
    """One table channel (or a group's thread): the games played in it, their results and
    table messages, each once; live controls only on a live game's current message."""
    messages = fake.channel_messages(channel)
    posted: Counter[tuple[int, int]] = Counter()
    games: set[int] = set()
    for message in messages:
        created = _game_ids(message.created_ids)
        posted.update(created)
        games |= {game for game, _ in created}
    for (game_id, version), times in posted.items():
        tally.counted["table messages"] += 1
        if times > 1:
            tally.problems.append(
                f"#{channel.name}: game {game_id} at version {version} drawn {times} times"
            )
    texts = [m.text() for m in messages]
    kinds = {game_id: store.get(game_id).kind for game_id in games}
    v6 = [g for g, kind in kinds.items() if kind == "verflixte6"]
    teufel = [g for g, kind in kinds.items() if kind == "teufel"]
    dd = [g for g, kind in kinds.items() if kind == "dicedevils"]
    results = sum("Ergebnis Durchgang" in text for text in texts)
    tally.expect("Durchgang results", results, sum(_logged(store, g, "durchgang_end") for g in v6))
    tracks = sum("spur.png" in m.attachments for m in messages)
    tally.expect("Teufel round results", tracks, sum(_logged(store, g, "settle") for g in teufel))
    rounds = sum(text.startswith("Dice Devils – Runde") for text in texts)  # each its display
    tally.expect("Dice Devils rounds", rounds, sum(_logged(store, g, "round") for g in dd))
    _check_live(store, channel, messages, games, tally)


def _check_live(
    store: Store, channel: Channel, messages: list[Message], games: set[int], tally: Tally
) -> None:
    """Controls only on a live game's one current message, and every live game has it."""
    live: Counter[int] = Counter()
    for message in messages:
        for game_id, version in _game_ids(message.custom_ids()):
            row = store.get(game_id)
            live[game_id] += 1
            if row.status not in ("lobby", "open"):
                tally.problems.append(f"#{channel.name}: game {game_id} is {row.status}, "
                                      f"message {message.id} still has its controls")  # fmt: skip
            elif version != row.version:
                shown = f"message {message.id} shows game {game_id} at {version}"
                tally.problems.append(f"#{channel.name}: {shown}, it is at {row.version}")
    for game_id, times in live.items():
        tally.counted["live tables"] += 1
        if times > 1:
            tally.problems.append(f"#{channel.name}: game {game_id} live on {times} messages")
    for game_id in sorted(games - set(live)):
        if store.get(game_id).status in ("lobby", "open"):
            tally.problems.append(f"#{channel.name}: game {game_id} is live, no message has "
                                  "its controls")  # fmt: skip


def check_tournament(fake: FakeDiscord, store: Store, channel: Channel, tally: Tally) -> None:
    """A tournament's channel: each group's table, each round's draw and the champion
    once, one thread per group, and its groups' threads as table channels."""
    tournaments = [
        g.id for g in store.open_games() if g.kind == "turnier" and g.channel_id == channel.id
    ]
    finished = store.latest_game("turnier", channel.id)
    ids = set(tournaments) | ({finished.id} if finished is not None else set())
    texts = [m.text() for m in fake.channel_messages(channel)]
    logged = {kind: sum(_logged(store, g, kind) for g in ids if g is not None)
              for kind in ("group_table", "round", "champion")}  # fmt: skip
    done = sum("ist fertig" in text for text in texts)
    tally.expect("group tables", done, logged["group_table"])
    drawn = sum("ausgelost" in text for text in texts)
    tally.expect("round draws", drawn, logged["round"])
    tally.expect("champions", sum("gewinnt das Turnier" in t for t in texts), logged["champion"])
    threads = fake.threads(channel)
    names = Counter(thread.name for thread in threads)
    tally.counted["group threads"] += len(threads)
    tally.problems += [f"thread {name!r} {n} times" for name, n in names.items() if n > 1]
    for thread in threads:
        check_channel(fake, store, thread, tally)


def report(tally: Tally) -> dict[str, Any]:
    assert tally.problems == [], "\n".join(tally.problems)
    return dict(tally.counted)
