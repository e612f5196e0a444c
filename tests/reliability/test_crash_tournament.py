"""A kill at every step of a tournament group's end and of the round's end that follows.

Eight players, two groups of four, one Durchgang per evening. The first group plays its
evening; the second plays to its last ``stopp``. From there the world is kept (the
database file and the loopback Discord's messages and threads), and for each step ``k``
the same last click is made again with the bot killed (SIGKILL) right after its ``k``-th
call to Discord: the click's answer, the closed table, the Durchgang's result, the
group's table, the Finale's draw, its thread, its table message. A new bot starts on the
same database; once it has delivered what was owed, every announcement exists exactly
once, every table message shows its game as it stands, and the Finale can be played.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import os
import shutil
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.plugins import GAMES
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine
from loopback import FakeDiscord, fake_discord
from loopback.entities import Channel, Message, RestCall, User
from loopback.process import BotProcess, start
from tests.helpers.announcements import Tally, all_delivered, check_tournament, report
from tests.helpers.click_ids import click_of

MANAGE_GUILD = 1 << 5


@dataclass
class World:
    fake: FakeDiscord
    channel: Channel
    users: dict[str, User]
    db: Path
    log: Path
    bot: BotProcess | None = None

    @property
    def url(self) -> str:
        return default_sqlite_url(self.db)

    async def start(self) -> None:
        assert self.fake.port is not None
        guild = next(iter(self.fake.guilds))
        self.bot = await start("croupier", self.fake.port, self.url, log=self.log, guild_id=guild)
        await self.bot.wait_connected()
        await self.fake.wait_for_bot()

    async def stop(self) -> None:
        if self.bot is not None and self.bot.returncode is None:
            await self.bot.stop()
        await self.fake.wait_until(lambda: not self.fake.gateway.live.is_set(), timeout=5)


def to_act(store: Store, game_id: int) -> list[str]:
    row = store.get(game_id)
    if row.status != "open":
        return []
    stored = Service(store).tables.stored_state(game_id)
    assert stored is not None
    state = GAMES[row.kind].load(stored)
    return [row.players[s] for s in sorted(GAMES[row.kind].to_act(state))]


def table_in(world: World, thread: Channel) -> Message | None:
    live = [m for m in world.fake.channel_messages(thread) if m.custom_ids()]
    return live[-1] if live else None


def finale_table(world: World) -> Message | None:
    """The Finale's table message, once its thread and table are there."""
    finale = [t for t in world.fake.threads(world.channel) if "Finale" in t.name]
    return table_in(world, finale[0]) if finale else None


async def shown(world: World, store: Store, thread: Channel) -> None:
    """Wait until the thread's table shows its game's stored version (or the game is over)."""
    row = store.latest_game("verflixte6", thread.id)
    assert row is not None and row.id is not None
    game_id = row.id

    def current() -> bool:
        version, message = store.get(game_id).version, table_in(world, thread)
        if message is None:
            return store.get(game_id).status == "finished"
        return click_of(message.custom_ids()[0]).version == version

    await world.fake.wait_until(current, timeout=10)


async def next_click(world: World, store: Store, thread: Channel) -> tuple[User, Message, str]:
    """The click that moves the group on: its player, the message and the custom id (a
    prompt's "without jokers" opened first; otherwise ``stopp``)."""
    await shown(world, store, thread)
    message = table_in(world, thread)
    assert message is not None, "the group's table has no controls"
    game_id = click_of(message.custom_ids()[0]).game_id
    user = world.users[to_act(store, game_id)[0]]
    verbs = {click_of(c).verb: c for c in message.custom_ids()}
    if "begin" in verbs:
        opened = await world.fake.click(user, message, verbs["begin"])
        assert opened.message is not None
        prompt = opened.message
        nojoker = next(c for c in prompt.custom_ids() if click_of(c).verb == "nojoker")
        return user, prompt, nojoker
    return user, message, verbs["stopp"]


def finished(store: Store, thread: Channel) -> bool:
    row = store.latest_game("verflixte6", thread.id)
    return row is not None and row.status == "finished"


async def setup_world(fake: FakeDiscord, tmp_path: Path) -> tuple[World, Store]:
    guild = fake.add_guild("Turnierabend")
    channel = fake.add_channel(guild, "turnier")
    names = ["Anna", "Ben", "Cem", "Dora", "Emil", "Frida", "Gert", "Hanna"]
    users = [fake.add_user(name, guild=guild) for name in names]
    users[0].permissions |= MANAGE_GUILD
    world = World(fake, channel, {str(u.id): u for u in users}, tmp_path / "t.sqlite3",
                  tmp_path / "bot.log")  # fmt: skip
    await world.start()
    created = await fake.slash(users[0], channel, "turnier erstellen", name="Herbst",
                               durchgaenge=1)  # fmt: skip
    assert created.message is not None
    registration = created.message
    for user in users:
        register = next(c for c in registration.custom_ids() if click_of(c).verb == "register")
        await fake.click(user, registration, register)
    close = next(c for c in registration.custom_ids() if click_of(c).verb == "close")
    await fake.click(users[0], registration, close)
    store = Store(make_engine(world.url))
    await fake.wait_until(lambda: len(fake.threads(channel)) == 2, timeout=10)
    await all_delivered(store)  # both groups' tables are up
    return world, store


@dataclass
class Kept:
    """The world before the group's last click: the database and Discord's state."""

    db: Path
    discord: dict[str, Any]


def keep(world: World, folder: Path) -> Kept:
    copy_path = folder / "kept.sqlite3"
    shutil.copy(world.db, copy_path)
    fake = world.fake
    state = {
        name: copy.deepcopy(getattr(fake, name)) for name in ("messages", "channels", "nonces")
    }
    return Kept(copy_path, state)


def restore(world: World, kept: Kept) -> None:
    shutil.copy(kept.db, world.db)
    for name, value in kept.discord.items():
        setattr(world.fake, name, copy.deepcopy(value))


async def last_click_killed_at(world: World, kept: Kept, step: int | None) -> int:
    """Restore the world, start the bot, make the group's last click and kill the bot
    after its ``step``-th call to Discord (None: no kill); returns the calls it made."""
    restore(world, kept)
    await world.start()
    bot = world.bot
    assert bot is not None
    store = Store(make_engine(world.url))
    # every call counted below is the click's: a kill at call k cuts the click, not a
    # redelivery of something the kept world owed (which could end the replay before the
    # click was committed, so that no Finale is ever drawn)
    assert store.unannounced() == [], f"the kept world owes {store.unannounced()}"
    thread = world.fake.threads(world.channel)[1]
    user, message, custom_id = await next_click(world, store, thread)
    calls: list[RestCall] = []

    def count(call: RestCall) -> None:
        calls.append(call)
        if step is not None and len(calls) == step and bot.returncode is None:
            bot.kill(signal.SIGKILL)

    world.fake.after_rest = count
    try:
        await world.fake.click(user, message, custom_id)
        if step is None:  # every call of the click: its follow-ups too, the Finale's table last
            await all_delivered(store)
            await world.fake.wait_until(lambda: finale_table(world) is not None, timeout=30)
            await all_delivered(store)
        else:  # the kill, or (the dice of this replay took fewer calls) all delivered
            died = asyncio.ensure_future(bot.wait(40))
            delivered = asyncio.ensure_future(all_delivered(store, 40))
            await asyncio.wait({died, delivered}, return_when=asyncio.FIRST_COMPLETED)
            for waiting in (died, delivered):
                waiting.cancel()
            if bot.returncode is None:  # killed after its last call, then
                bot.kill(signal.SIGKILL)
                await bot.wait(10)
    finally:
        world.fake.after_rest = None
    store.engine.dispose()
    await world.stop()
    if step is None:
        print("the last click's calls:", [f"{c.method} {c.path}" for c in calls])
    return len(calls)


async def until_shown(
    fake: FakeDiscord, store: Store, channel: Channel, timeout: float = 30
) -> None:
    """Until what the tournament logged is shown (else the check says what is not): the
    restart's reconciliation (the tournament cog's on_ready) may log the group's table and
    the round's draw the kill cut off after nothing was owed any more, and deliver them
    after. Something shown twice stays so: waiting hides no double."""
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        probe = Tally()
        check_tournament(fake, store, channel, probe)
        if not probe.problems:
            return
        await asyncio.sleep(0.2)
        await all_delivered(store)


async def kills_at_every_step(tmp_path: Path, every: int) -> dict[str, Any]:
    async with fake_discord() as fake:
        world, store = await setup_world(fake, tmp_path)
        first, second = fake.threads(world.channel)
        kept: Kept | None = None
        for thread in (first, second):
            while not finished(store, thread):
                user, message, custom_id = await next_click(world, store, thread)
                if thread is second and click_of(custom_id).verb == "stopp":
                    # the first group's last click is answered before its follow-ups (its
                    # group table, the tournament's record) are sent: kept owing them, the
                    # replays' redelivery would make calls of its own, counted as the click's
                    await all_delivered(store)
                    await world.stop()
                    store.engine.dispose()
                    kept = keep(world, tmp_path)
                    await world.start()
                await fake.click(user, message, custom_id)
        assert kept is not None and finished(store, second)
        await world.stop()
        store.engine.dispose()
        steps = await last_click_killed_at(world, kept, None)  # how many calls it takes
        tally = Tally()
        kills = 0
        for step in range(1, steps + 1, every):
            await last_click_killed_at(world, kept, step)
            kills += 1
            await world.start()  # the restart delivers what the kill left owed
            store = Store(make_engine(world.url))
            await all_delivered(store)
            await until_shown(fake, store, world.channel)
            check_tournament(fake, store, world.channel, tally)
            assert tally.problems == [], f"killed after call {step}: {tally.problems}"
            # a Finale drawn before the kill gets its thread and table when the bot is
            # ready again (the tournament cog's on_ready), which nothing owed waits for
            with contextlib.suppress(TimeoutError):  # else the assertion below says so
                await fake.wait_until(lambda: finale_table(world) is not None, timeout=30)
            finale = [t for t in fake.threads(world.channel) if "Finale" in t.name]
            assert len(finale) == 1 and table_in(world, finale[0]) is not None, step
            store.engine.dispose()
            await world.stop()
        return {"steps": steps, "kills": kills, **report(tally)}


async def test_a_kill_at_steps_of_a_group_and_round_end_loses_and_doubles_nothing(
    tmp_path: Path,
) -> None:
    numbers = await kills_at_every_step(tmp_path, every=3)
    print("tournament kills:", numbers)
    assert numbers["kills"] >= 3


@pytest.mark.slow
async def test_a_kill_at_every_step_of_a_group_and_round_end(tmp_path: Path) -> None:
    every = int(os.environ.get("CROUPIER_CRASH_EVERY", "1"))
    numbers = await kills_at_every_step(tmp_path, every=every)
    print("tournament kills:", numbers)
    assert numbers["kills"] == numbers["steps"] // every + (numbers["steps"] % every > 0)
