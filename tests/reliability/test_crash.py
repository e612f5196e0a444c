"""Nothing lost: scripted players play all four games while the Croupier process is killed
with SIGKILL at random moments and restarted on the same database.

Afterwards every game goes on from where it was; every click a player saw acknowledged that
moved a game is in the log exactly once, by that player; each log is a gap-free hash chain;
buttons of messages from before a crash still get an answer; and once the bot delivered
what it owed, every announcement (a Durchgang's or a round's result, a new table message)
exists exactly once and only the current table message of a live game has controls. The
default run kills a handful of times and the slow one 20 times (sized for CI on a slow
2-core machine); ``CROUPIER_FULL_RUNS=1 pytest -m slow tests/reliability`` kills 50 times
(``CROUPIER_CRASH_KILLS`` sets any number; docs/RELIABILITY.md has the last numbers)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.plugins import GAMES
from bot.render.cards import ClickId
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine
from loopback import FakeDiscord, fake_discord
from loopback.entities import Channel, Message, User, iter_components
from loopback.process import BotProcess, start
from tests.helpers.announcements import INFO_VERBS, Tally, all_delivered, check_channel, report
from tests.helpers.click_ids import click_of

COMMANDS = {
    "verflixte6": "v6 tisch",
    "teufel": "teufel tisch",
    "flaschenteufel": "flaschenteufel tisch",
    "dicedevils": "dicedevils tisch",
}


@dataclass
class Crash:
    """The world of one crash run and what it saw."""

    fake: FakeDiscord
    users: dict[str, User]
    channels: dict[str, Channel]
    store: Store
    db_url: str
    log: Path
    rng: random.Random
    bot: BotProcess | None = None
    kills: int = 0
    clicks: int = 0
    acknowledged: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(game, version before, version after, player) of acknowledged clicks that moved on."""
    old_buttons: int = 0
    games_done: int = 0
    tally: Tally = field(default_factory=Tally)

    async def restart(self) -> None:
        assert self.fake.port is not None
        guild = next(iter(self.fake.guilds))
        self.bot = await start(
            "croupier", self.fake.port, self.db_url, log=self.log, guild_id=guild
        )
        await self.bot.wait_connected()
        await self.fake.wait_for_bot()

    async def kill(self) -> None:
        assert self.bot is not None
        self.bot.kill(signal.SIGKILL)
        await self.bot.wait(10)
        self.kills += 1
        await self.fake.wait_until(lambda: not self.fake.gateway.live.is_set(), timeout=5)

    def table(self, kind: str) -> int | None:
        """The newest live table of ``kind`` in its channel, read from the database."""
        rows = [
            r
            for r in self.store.open_games()
            if r.kind == kind and r.channel_id == self.channels[kind].id
        ]
        return max(r.id for r in rows if r.id is not None) if rows else None

    def version(self, game_id: int) -> int:
        return self.store.get(game_id).version

    def to_act(self, game_id: int) -> list[str]:
        row = self.store.get(game_id)
        if row.status != "open":
            return []
        game = GAMES[row.kind]
        stored = Service(self.store).tables.stored_state(game_id)  # checkpoint and replay
        assert stored is not None
        state = game.load(stored)
        return [row.players[s] for s in sorted(game.to_act(state))]


def _buttons(message: Message) -> list[str]:
    """The buttons a player may press (a lobby's computer select is no button)."""
    clicks = [(c, ClickId.parse(c)) for c in message.custom_ids()]
    return [
        c
        for c, click in clicks
        if click is not None and click.kind == "button" and click.verb not in INFO_VERBS
    ]


async def _answer(world: Crash, user: User, interaction: Any, depth: int = 0) -> None:
    """Answer whatever the bot asked: a modal (a bet) or a private prompt."""
    if interaction.dead or depth > 3:
        return
    if interaction.response_type == 9:
        amount = str(world.rng.choice([0, 10, 20]))
        field_id = "amount"
        done = await world.fake.submit_modal(user, interaction, {field_id: amount})
        world.clicks += 1
        await _answer(world, user, done, depth + 1)
        return
    message = interaction.message
    if message is None or message.visibility == "public" or not message.custom_ids():
        return
    choices = iter_components(message.components or [])
    if not choices:
        return
    item = world.rng.choice(choices)
    if item["type"] == 2:
        nxt = await world.fake.click(user, message, item["custom_id"])
    else:
        options = [o["value"] for o in item.get("options", [])]
        low = max(1, item.get("min_values", 1))
        if len(options) < low:
            return
        nxt = await world.fake.select(user, message, item["custom_id"], options[:low])
    world.clicks += 1
    await _answer(world, user, nxt, depth + 1)


async def _step(world: Crash, kind: str) -> None:
    """One move at ``kind``'s table: its player to act presses one of its buttons."""
    channel = world.channels[kind]
    game_id = world.table(kind)
    if game_id is None:
        await _open(world, kind)
        return
    to_act = world.to_act(game_id)
    tables = [m for m in world.fake.channel_messages(channel) if _buttons(m)]
    if not to_act or not tables:
        return
    player = world.rng.choice(to_act)
    user = world.users[player]
    message = tables[-1]
    before = world.version(game_id)
    clicked = await world.fake.click(user, message, world.rng.choice(_buttons(message)))
    world.clicks += 1
    await _answer(world, user, clicked)
    after = world.version(game_id)
    if not clicked.dead and after > before:
        world.acknowledged.append((game_id, before, after, player))
    if world.store.get(game_id).status == "finished":
        world.games_done += 1


async def _open(world: Crash, kind: str) -> None:
    anna, ben, cem = world.users.values()
    opened = await world.fake.slash(anna, world.channels[kind], COMMANDS[kind])
    lobby = opened.message
    if opened.dead or lobby is None:
        return
    for user in (ben, cem):
        join = next(c for c in lobby.custom_ids() if click_of(c).verb == "join")
        await world.fake.click(user, lobby, join)
    start_id = next(c for c in lobby.custom_ids() if click_of(c).verb == "start")
    await world.fake.click(anna, lobby, start_id)
    world.clicks += 3


async def _old_button_answers(world: Crash, messages: list[Message]) -> None:
    """A button of a message from before the crash gets an answer (nothing hangs)."""
    old = [m for m in messages if _buttons(m)]
    if not old:
        return
    message = world.rng.choice(old)
    user = world.rng.choice(list(world.users.values()))
    clicked = await world.fake.click(user, message, world.rng.choice(_buttons(message)))
    assert not clicked.dead, "an old button got no answer after the restart"
    await _answer(world, user, clicked)
    world.old_buttons += 1


async def crash_run(tmp_path: Path, kills: int, steps_between: int, seed: int) -> Crash:
    url = default_sqlite_url(tmp_path / "crash.sqlite3")
    async with fake_discord() as fake:
        guild = fake.add_guild("Spieleabend")
        channels = {kind: fake.add_channel(guild, kind) for kind in COMMANDS}
        users = [fake.add_user(name, guild=guild) for name in ("Anna", "Ben", "Cem")]
        world = Crash(
            fake,
            {str(u.id): u for u in users},
            channels,
            Store(make_engine(url)),
            url,
            tmp_path / "bot.log",
            random.Random(seed),
        )
        await world.restart()
        try:
            while world.kills < kills:
                steps = world.rng.randint(1, steps_between)
                for kind in world.rng.choices(list(COMMANDS), k=steps):
                    await _step(world, kind)
                # the kill lands at a random moment: maybe in the middle of a click
                target = world.rng.choice(list(COMMANDS))
                pending = asyncio.ensure_future(_step(world, target))
                await asyncio.sleep(world.rng.uniform(0, 0.03))
                before_crash = [m for c in channels.values() for m in fake.channel_messages(c)]
                await world.kill()
                await world.restart()
                await asyncio.wait_for(pending, 20)  # answered by the new process, or dead
                await _old_button_answers(world, before_crash)
            for kind in COMMANDS:  # every game goes on after the last restart
                for _ in range(6):
                    await _step(world, kind)
            await all_delivered(world.store)
            for channel in channels.values():  # every announcement once, tables current
                check_channel(fake, world.store, channel, world.tally)
        finally:
            if world.bot is not None:
                await world.bot.stop()
        return world


def check(world: Crash) -> dict[str, int]:
    """Every acknowledged move is in the log once, by its player; every log is intact."""
    service = Service(world.store)
    service.tables.load_open_games()
    by_game: dict[int, list[Any]] = {}
    for game_id, before, after, player in world.acknowledged:
        rows = by_game.setdefault(game_id, world.store.events(game_id))
        moved = [r for r in rows if before < r.seq <= after]
        assert len(moved) == after - before, (game_id, before, after)
        assert moved[0].actor == player, (game_id, before, moved[0].actor, player)
    games = {g for g, *_ in world.acknowledged}
    kinds = {world.store.get(g).kind for g in games}
    assert kinds == set(COMMANDS), f"not every game was played: {kinds}"
    events = 0
    for game_id in games:
        rows = world.store.events(game_id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))  # no gap, no double
        assert rows[-1].seq == world.version(game_id)
        verified = service.records.verify(game_id)
        assert verified.ok, (game_id, [p.detail for p in verified.problems])
        events += len(rows)
    return {"kills": world.kills, "clicks": world.clicks, "moves": len(world.acknowledged),
            "games": len(games), "events": events, "old buttons": world.old_buttons,
            **report(world.tally)}  # fmt: skip


async def test_croupier_survives_sigkills_in_the_middle_of_play(tmp_path: Path) -> None:
    world = await crash_run(tmp_path, kills=3, steps_between=12, seed=7)
    numbers = check(world)
    print("crash run:", numbers)
    assert numbers["kills"] == 3 and numbers["moves"] >= 8


@pytest.mark.slow
async def test_fifty_sigkills(tmp_path: Path) -> None:
    full = os.environ.get("CROUPIER_FULL_RUNS") == "1"
    kills = int(os.environ.get("CROUPIER_CRASH_KILLS", "50" if full else "20"))
    world = await crash_run(tmp_path, kills=kills, steps_between=20, seed=2026)
    numbers = check(world)
    print("crash run:", numbers)
    assert numbers["kills"] == kills and numbers["moves"] >= kills
