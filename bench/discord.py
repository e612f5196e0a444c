"""The Discord side: Croupier in its own process against the loopback Discord, next to a bare
discord.py bot (also in its own process) that answers each click with a type-7 update.

The fake Discord and the simulated players run in this process; the bots in subprocesses
(:mod:`loopback.process`). Measures (issue 9): click latency at a realistic open-loop load,
saturation throughput in a closed loop, REST calls per ordinary ``weiter``, and the time from
starting the bot process on a database with many open games to the first answered click.

Latency is what the fake sees: from queueing INTERACTION_CREATE on the gateway to receiving the
interaction callback (``Interaction.responded_after``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import re
import socket
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.service_bench import Row
from bench.service_bench import markdown as table_markdown
from bot.i18n import t
from bot.render.cards import ClickId
from bot.render.onlooker_buttons import VERBS as ONLOOKERS
from bot.service import Service
from bot.store import Store, default_sqlite_url, make_engine, upgrade
from bot.web.paths import game_path, server_path
from loopback.entities import (
    JSON,
    Channel,
    Guild,
    Interaction,
    Message,
    User,
    Visibility,
    iter_components,
)
from loopback.gateway import Gateway
from loopback.process import BotProcess, Kind, start
from loopback.server import FakeDiscord

DEADLINE_MARKS = ("no initial response within", "initial response after")
OVER = (  # the end of the Abend (named with its winner), or of a table ended otherwise
    t("v6.event.abend_end", "de", winners="", table="").split(" – ")[0],
    t("ui.table.over", "de"),
)
MENTION = re.compile(r"<@(\d+)>")
SETTLE = 5.0  # how long a table waits for the bot to finish updating it after an answer
QUIET = 0.2
"""A REST-count sample ends after this long without REST calls (long enough that a loaded
machine drawing a picture between two calls of one click does not cut the click short);
a call on another table's channel is not the click's (:func:`_of_table`)."""
BARE_BUTTON = "bare:click"
RESTART_LIMIT = 120.0
"""Seconds the restart's measure waits for the bot to connect before its first click."""
MAX_PLAYERS = 6  # at a table of Die verflixte 6


class BenchGateway(Gateway):
    """Sends an interaction once the bot is connected, without first waiting until every
    queued frame was written: the queue keeps the order anyway, and with hundreds of players
    that wait (polled every 5 ms) throttled the players instead of the bot."""

    async def wait_live(self, timeout: float) -> None:
        await asyncio.wait_for(self.live.wait(), timeout)


class BenchDiscord(FakeDiscord):
    """The fake Discord, plus what a load generator with hundreds of tables needs: messages
    per channel (instead of scanning all messages), an event per channel that is set
    whenever a message there is created or edited, and :class:`BenchGateway`. Bodies are not
    held against Discord's schema (the tests do that): checking one costs more than the rest
    of the fake's work on it, alike for both bots."""

    gateway_type = BenchGateway

    def __init__(self) -> None:
        super().__init__()
        self.rest.check_schema = False
        self.in_channel: dict[int, list[Message]] = defaultdict(list)
        self.changed: dict[int, asyncio.Event] = defaultdict(asyncio.Event)

    def new_message(self, channel: Channel, *, visibility: Visibility) -> Message:
        message = super().new_message(channel, visibility=visibility)
        self.in_channel[channel.id].append(message)
        return message

    def apply(
        self, message: Message, payload: JSON, files: list[tuple[str, int]], *, creating: bool
    ) -> None:
        super().apply(message, payload, files, creating=creating)
        self.changed[message.channel_id].set()

    def live_message(self, channel: Channel) -> Message | None:
        """The newest public message in ``channel`` with enabled buttons or selects of a
        game (an ended table's "Nochmal" alone is none: the bench opens a new table)."""
        for message in reversed(self.in_channel[channel.id]):
            if (
                message.visibility == "public"
                and not message.deleted
                and any(verb_of(c) not in ONLOOKERS for c in message.custom_ids())
            ):
                return message
        return None

    async def until(self, channel: Channel, predicate: Callable[[], bool], timeout: float) -> bool:
        """Wait (event-driven) until ``predicate()``; False after ``timeout`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        event = self.changed[channel.id]
        while not predicate():
            left = deadline - loop.time()
            if left <= 0:
                return False
            event.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(left, 0.25))
        return True


def _waiting_text(message: Message) -> str:
    """The part of a table message that says whom it waits for: an embed's description,
    or a card's first text (its heading and description; the seats follow apart)."""
    if message.embeds:
        return " ".join(str(e.get("description") or "") for e in message.embeds)
    texts = [c for c in iter_components(message.components, interactive_only=False)
             if c.get("type") == 10]  # fmt: skip
    return str(texts[0].get("content") or "") if texts else message.content


def verb_of(custom_id: str) -> str:
    """The verb of one of Croupier's custom ids ("" for any other)."""
    click = ClickId.parse(custom_id)
    return click.verb if click is not None else ""


def version_of(message: Message) -> str:
    """The game version the message's controls carry ("" if none is Croupier's)."""
    ids = message.custom_ids()
    click = ClickId.parse(ids[0]) if ids else None
    return str(click.version) if click is not None else ""


@dataclass
class Click:
    label: str
    interaction: Interaction


@dataclass
class Table:
    """One channel with its players. ``step()`` sends exactly one interaction: the next legal
    one for whatever state the table is in, and waits until the bot has updated the table."""

    fake: BenchDiscord
    channel: Channel
    host: User
    guest: User
    others: list[User] = field(default_factory=list)  # the third to sixth players, if any
    prompt: Message | None = None
    prompt_user: User | None = None
    lobby: str = ""  # the next lobby step: "" (none), "join", "start"
    lobby_message: Message | None = None
    joined: int = 0  # players who joined the lobby so far (besides the host)
    refused: int = 0
    stuck: int = 0
    refusals: list[str] = field(default_factory=list)
    hint: User | None = None  # who is to act, as a refusal named them

    @property
    def players(self) -> list[User]:
        return [self.host, self.guest, *self.others]

    def player(self, user_id: int) -> User:
        return next((p for p in self.players if p.id == user_id), self.host)

    def actor(self, message: Message) -> User:
        """The player the table waits for: the last mention in the description (the waiting
        line), unless a refusal just named someone else."""
        if self.hint is not None:
            hint, self.hint = self.hint, None
            return hint
        found = MENTION.findall(_waiting_text(message))
        return self.player(int(found[-1])) if found else self.host

    def _refused(self, click: Interaction) -> None:
        """A refusal (an ephemeral text): remember it and whom it names as the one to act."""
        self.refused += 1
        text = click.message.text() if click.message is not None else ""
        self.refusals.append(text)
        found = MENTION.findall(text)
        if found:
            self.hint = self.player(int(found[-1]))

    def verbs(self) -> list[str]:
        message = self.fake.live_message(self.channel)
        if message is None:
            return []
        return [v for v in map(verb_of, message.custom_ids()) if v not in ONLOOKERS]

    async def step(self) -> Click:
        fake = self.fake
        if self.prompt is not None:
            return await self._answer_prompt()
        if self.lobby:
            return await self._lobby_step()
        message = fake.live_message(self.channel)
        if message is None:
            return await self._open()
        ids = {verb_of(c): c for c in message.custom_ids() if verb_of(c) not in ONLOOKERS}
        actor = self.actor(message)
        if "join" in ids:  # a lobby left over from an interrupted run
            self.lobby, self.lobby_message, self.joined = "join", message, 0
            return await self._lobby_step()
        if "weiter" in ids:
            before = version_of(message)
            click = await fake.click(actor, message, ids["weiter"])
            if click.response_type != 7:
                self._refused(click)
                return Click("refused", click)
            await self._settle(message, before)
            ordinary = fake.live_message(self.channel) is message  # the turn goes on
            if not ordinary:  # its posts are its own: the next turn's (or the result's) is up
                await fake.until(self.channel, lambda: self._moved_on(message), SETTLE)
            return Click("weiter" if ordinary else "weiter (turn ends)", click)
        verb = "begin" if "begin" in ids else next(iter(ids))
        click = await fake.click(actor, message, ids[verb])
        if click.response_type == 4 and click.message is not None:
            if click.message.visibility == "ephemeral" and click.message.custom_ids():
                self.prompt, self.prompt_user = click.message, actor
            else:
                self._refused(click)
        return Click(verb, click)

    def _moved_on(self, closed: Message) -> bool:
        """Whether the table's live message is another than ``closed``, or the game ended and
        its result was posted after ``closed`` (an ended table's last message is its result,
        which comes after the click's answer)."""
        live = self.fake.live_message(self.channel)
        if live is not None:
            return live.id != closed.id
        return self.fake.in_channel[self.channel.id][-1].id != closed.id

    async def _answer_prompt(self) -> Click:
        prompt, user = self.prompt, self.prompt_user
        assert prompt is not None and user is not None
        self.prompt = self.prompt_user = None
        table = self.fake.live_message(self.channel)
        before = version_of(table) if table is not None else ""
        components = {c["custom_id"]: c for c in iter_components(prompt.components)}
        if any(verb_of(c) == "nojoker" for c in components):
            custom_id = next(c for c in components if verb_of(c) == "nojoker")
            click = await self.fake.click(user, prompt, custom_id)
            label = "nojoker"
        else:
            custom_id, component = next(iter(components.items()))
            if component.get("type") == 2:
                click = await self.fake.click(user, prompt, custom_id)
            else:
                value = component["options"][0]["value"]
                click = await self.fake.select(user, prompt, custom_id, [value])
            label = "decision"
        if table is not None:
            await self._settle(table, before)
        return Click(label, click)

    async def _open(self) -> Click:
        """A new table (the last one is over): ``/v6 tisch``, then join and start."""
        click = await self.fake.slash(self.host, self.channel, "v6 tisch", durchgaenge=4)
        lobby = click.message
        if lobby is not None and any(verb_of(c) == "join" for c in lobby.custom_ids()):
            self.lobby, self.lobby_message, self.joined = "join", lobby, 0
        else:
            self._refused(click)
        return Click("lobby", click)

    async def _lobby_step(self) -> Click:
        message = self.lobby_message
        assert message is not None
        joining = self.lobby == "join"
        user = self.players[1 + self.joined] if joining else self.host
        custom_id = next(c for c in message.custom_ids() if verb_of(c) == self.lobby)
        click = await self.fake.click(user, message, custom_id)
        if joining:
            self.joined += 1
            self.lobby = "join" if self.joined < len(self.players) - 1 else "start"
        else:
            self.lobby = ""
        if not self.lobby:
            self.lobby_message = None
        return Click("lobby", click)

    async def _settle(self, clicked: Message, before: str) -> None:
        """Until the table shows a newer state than version ``before`` of ``clicked`` (edited
        in place, a new turn's message, or the end of the Abend)."""
        channel = self.channel

        def moved_on() -> bool:
            live = self.fake.live_message(channel)
            if live is not None:
                return live is not clicked or version_of(live) != before
            # over: no buttons anywhere, and the end said (the evening's end follows its
            # last Durchgang's result as the table's newest message)
            since = [m for m in self.fake.in_channel[channel.id] if m.id >= clicked.id]
            return any(o in m.text() for m in since for o in OVER)

        if not await self.fake.until(channel, moved_on, SETTLE):
            self.stuck += 1


@dataclass
class BareTable:
    """The baseline's table: one message with one button; every click updates it."""

    fake: BenchDiscord
    channel: Channel
    user: User
    message: Message

    async def step(self) -> Click:
        return Click("click", await self.fake.click(self.user, self.message, BARE_BUTTON))


AnyTable = Table | BareTable


@dataclass
class Run:
    """What one load run saw."""

    seconds: float
    clicks: list[Click] = field(default_factory=list)
    late_starts: int = 0  # open loop: clicks sent more than 100 ms after their slot
    missed: int = 0  # interactions over Discord's 3 s deadline
    troubles: int = 0  # refused clicks, tables the bot did not update within SETTLE s
    callbacks: int = 0  # interaction callbacks the fake received
    rest_calls: int = 0  # REST calls of any kind the fake received
    violations: list[str] = field(default_factory=list)
    bot_cpu: float = 0.0  # CPU seconds of the bot process (and its children) during the run
    worker_cpu: float = 0.0  # of which its children's (the picture worker)
    own_cpu: float = 0.0  # CPU seconds of this process (fake + players)
    process_cpu: list[float] = field(default_factory=list)  # bot_cpu by bot process, in order

    def add(self, other: Run) -> None:
        """Count ``other`` (a later round of the same load) in."""
        self.seconds += other.seconds
        self.clicks += other.clicks
        self.late_starts += other.late_starts
        self.missed += other.missed
        self.troubles += other.troubles
        self.callbacks += other.callbacks
        self.rest_calls += other.rest_calls
        self.violations += other.violations
        self.bot_cpu += other.bot_cpu
        self.worker_cpu += other.worker_cpu
        self.own_cpu += other.own_cpu
        if self.process_cpu:
            pairs = zip(self.process_cpu, other.process_cpu, strict=True)
            self.process_cpu = [mine + theirs for mine, theirs in pairs]
        else:
            self.process_cpu = list(other.process_cpu)

    def latencies(self, *labels: str) -> list[float]:
        return [
            c.interaction.responded_after
            for c in self.clicks
            if c.label in labels and c.interaction.responded_after is not None
        ]

    def answered(self) -> int:
        return sum(1 for c in self.clicks if c.interaction.response_type is not None)

    def counts(self) -> Counter[str]:
        return Counter(c.label for c in self.clicks)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (``p`` in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def _cpu_of(pid: int) -> tuple[float, float]:
    """User + system CPU seconds of a process with its children, and of its children:
    the live ones (the picture worker) and the ended ones it waited for (Linux /proc)."""
    fields = _stat(pid)
    if fields is None:
        return 0.0, 0.0
    children = sum(int(fields[i]) for i in (13, 14))
    for child in _children(pid):
        found = _stat(child)
        children += int(found[11]) + int(found[12]) if found is not None else 0
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12]) + children) / tick, children / tick


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the process's name (state first)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and fields[1] == str(pid):
                found.append(int(entry.name))
    return found


def _own_cpu() -> float:
    return time.process_time()


def _troubles(tables: list[AnyTable]) -> int:
    return sum(t.refused + t.stuck for t in tables if isinstance(t, Table))


Pids = int | Sequence[int]  # the bot process, or several (their CPU is added up)


def _pids(pid: Pids) -> tuple[int, ...]:
    return (pid,) if isinstance(pid, int) else tuple(pid)


@contextlib.contextmanager
def _measure(run: Run, fake: FakeDiscord, pid: Pids, tables: list[AnyTable]) -> Iterator[None]:
    """Counts what happens during a run (the CPU of each bot process in ``pid``, and their
    sum). This process's garbage collector is off meanwhile:
    the fake keeps every message and call, and its full passes stalled the players for up to
    200 ms, a burst of clicks that then showed as the bot's latency (docs/PERFORMANCE.md)."""
    violations, calls = len(fake.violations), len(fake.rest_log)
    gc.collect()
    gc.disable()
    pids = _pids(pid)
    bots, own = [_cpu_of(p) for p in pids], _own_cpu()
    troubles = _troubles(tables)
    try:
        yield
    finally:
        gc.enable()
        run.troubles = _troubles(tables) - troubles
        run.callbacks = sum(
            1 for c in fake.rest_log[calls:] if c.method == "POST" and c.path.endswith("/callback")
        )
        run.rest_calls = len(fake.rest_log) - calls
        now = [_cpu_of(p) for p in pids]
        run.process_cpu = [after[0] - before[0] for before, after in zip(bots, now, strict=True)]
        run.bot_cpu = sum(run.process_cpu)
        run.worker_cpu = sum(after[1] - before[1] for before, after in zip(bots, now, strict=True))
        run.own_cpu = _own_cpu() - own
        run.violations = fake.violations[violations:]
        run.missed = sum(1 for v in run.violations if any(m in v for m in DEADLINE_MARKS))


async def open_loop(
    fake: FakeDiscord, tables: list[AnyTable], pid: Pids, seconds: float, period: float = 1.0
) -> Run:
    """Each table clicks once per ``period`` on a fixed timetable (slots spread evenly),
    whatever the answers take; a click whose slot passed while the table was still busy
    goes out at once (counted in ``late_starts`` if more than 100 ms late)."""
    run = Run(seconds)
    loop = asyncio.get_running_loop()

    async def player(index: int, table: AnyTable, begin: float) -> None:
        slot = begin + period * index / len(tables)
        while slot < begin + seconds:
            delay = slot - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            elif delay < -0.1:
                run.late_starts += 1
            run.clicks.append(await table.step())
            slot += period

    with _measure(run, fake, pid, tables):
        begin = loop.time() + 0.2  # the timetable starts after _measure's collection
        await asyncio.gather(*(player(i, table, begin) for i, table in enumerate(tables)))
    return run


async def closed_loop(fake: FakeDiscord, tables: list[AnyTable], pid: Pids, seconds: float) -> Run:
    """Each table clicks again as soon as the bot has answered (and updated the table)."""
    run = Run(seconds)
    loop = asyncio.get_running_loop()

    async def player(table: AnyTable, end: float) -> None:
        while loop.time() < end:
            run.clicks.append(await table.step())

    with _measure(run, fake, pid, tables):
        started = loop.time()  # after _measure's collection (it took up to 1 s of a round)
        await asyncio.gather(*(player(table, started + seconds) for table in tables))
        run.seconds = loop.time() - started
    return run


# -- worlds ------------------------------------------------------------------------------


def croupier_world(
    fake: BenchDiscord, count: int, guilds: Sequence[Guild] = (), players: int = 2
) -> list[Table]:
    """``count`` tables with ``players`` players each (2 to 6), dealt in turn to ``guilds``
    (default: one new server)."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"a table of Die verflixte 6 seats 2 to {MAX_PLAYERS}, not {players}")
    guilds = guilds or [fake.add_guild("Bench")]
    tables = []
    for i in range(count):
        guild = guilds[i % len(guilds)]
        channel = fake.add_channel(guild, f"tisch-{i}")
        host = fake.add_user(f"host{i}", guild=guild)
        guest = fake.add_user(f"guest{i}", guild=guild)
        others = [fake.add_user(f"guest{i}-{n}", guild=guild) for n in range(3, players + 1)]
        tables.append(Table(fake, channel, host, guest, others))
    return tables


def bare_world(fake: BenchDiscord, count: int) -> list[BareTable]:
    guild = fake.add_guild("Bench")
    tables = []
    button = {"type": 2, "style": 1, "label": "weiter", "custom_id": BARE_BUTTON}
    for i in range(count):
        channel = fake.add_channel(guild, f"tisch-{i}")
        user = fake.add_user(f"player{i}", guild=guild)
        message = fake.new_message(channel, visibility="public")
        fake.apply(
            message,
            {"content": "0", "components": [{"type": 1, "components": [button]}]},
            [],
            creating=True,
        )
        tables.append(BareTable(fake, channel, user, message))
    return tables


async def until_weiter(tables: list[Table], parallel: int = 25) -> None:
    """Step every table (lobby, start, joker choice...) until ``weiter`` is its next click."""
    gate = asyncio.Semaphore(parallel)

    async def ready(table: Table) -> None:
        async with gate:
            for _ in range(30 + 4 * len(table.others)):  # a lobby step, a joker choice each
                if "weiter" in table.verbs() and table.prompt is None and not table.lobby:
                    return
                await table.step()
            last = table.fake.in_channel[table.channel.id][-1:]
            raise RuntimeError(
                f"table in {table.channel.name} did not reach 'weiter': verbs {table.verbs()}, "
                f"refusals {table.refusals[-3:]}, not updated {table.stuck}, "
                f"last message {[m.text()[-300:] for m in last]}"
            )

    await asyncio.gather(*(ready(table) for table in tables))


# -- measures ------------------------------------------------------------------------------


@dataclass
class DiscordBench:
    latency_tables: tuple[int, ...] = (50, 100, 200)
    latency_seconds: float = 20.0
    saturation_tables: tuple[int, ...] = (50, 200)
    saturation_seconds: float = 10.0
    rounds: int = 4  # each load is split in this many turns of the two bots
    rest_samples: int = 200
    restart_games: int = 1000
    folder: Path | None = None
    profile: Path | None = None  # cProfile stats of the Croupier process (latency+saturation)
    players: int = 2  # at each of Croupier's tables (2 to 6)
    web_load: float = 0.0
    """Pages a second asked of the web pages in Croupier's process (0: no pages): each load
    is then measured a third time, those pages asked meanwhile (bench.web_load)."""


@dataclass
class Report:
    latency: dict[tuple[str, int], Run] = field(default_factory=dict)  # (bot kind, tables)
    saturation: dict[tuple[str, int], Run] = field(default_factory=dict)
    rest: dict[str, list[list[str]]] = field(default_factory=dict)  # label -> calls per click
    restart: dict[str, float] = field(default_factory=dict)
    setup_seconds: float = 0.0
    loops: dict[str, str] = field(default_factory=dict)  # bot kind -> its event loop
    load: list[tuple[float, float, float]] = field(default_factory=list)  # at start, at end
    pages: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    """(latency | saturation, tables) -> the pages asked meanwhile (bench.web_load's summary)."""


LATENCY_LABELS = ("weiter",)
WEB = "croupier+web"
"""The kind of a run of Croupier with its web pages asked meanwhile."""
GAME_PAGES = 20
"""Games whose pages the page load asks, besides the server's page."""


async def rest_per_click(
    fake: BenchDiscord, tables: list[Table], samples: int
) -> dict[str, list[list[str]]]:
    """REST calls the bot makes per click, one click at a time with nothing else running."""
    found: dict[str, list[list[str]]] = defaultdict(list)
    index = 0
    while sum(len(v) for v in found.values()) < samples:
        table = tables[index % len(tables)]
        index += 1
        first = len(fake.rest_log)
        click = await table.step()
        await _quiet(fake)
        calls = [
            f"{c.method} {_route(c.path)}"
            for c in fake.rest_log[first:]
            if _of_table(c.path, table.channel.id)
        ]
        found[click.label].append(calls)
    return dict(found)


async def _quiet(fake: FakeDiscord) -> None:
    """Until no REST call came in for ``QUIET`` s."""
    seen = -1
    while seen != len(fake.rest_log):
        seen = len(fake.rest_log)
        await asyncio.sleep(QUIET)


def _of_table(path: str, channel_id: int) -> bool:
    """Whether a REST call belongs to a click at the table in ``channel_id``: its answer, or a
    call on that channel (a previous table's late post, on a loaded machine, is another
    channel's: the tables take turns)."""
    return "/channels/" not in path or f"/channels/{channel_id}/" in path


def _route(path: str) -> str:
    path = re.sub(r"/interactions/\d+/[^/]+/", "/interactions/{id}/{token}/", path)
    path = re.sub(r"/webhooks/\d+/[^/]+", "/webhooks/{app}/{token}", path)
    return re.sub(r"\d{6,}", "{id}", path)


async def _stop(fake: FakeDiscord, bot: BotProcess) -> None:
    await bot.stop()
    await fake.wait_until(lambda: not fake.gateway.live.is_set(), timeout=10)


class PageLoad:
    """The page load's process (bench.web_load), asking ``paths`` of the web pages at
    ``port`` at ``rate`` a second between :meth:`go` and :meth:`stop`."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(cls, port: int, rate: float, paths: Sequence[str]) -> PageLoad:
        args = [sys.executable, "-m", "bench.web_load", "--port", str(port), "--rate", str(rate)]
        proc = await asyncio.create_subprocess_exec(
            *args, *paths, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            cwd=Path(__file__).resolve().parents[1],
        )  # fmt: skip
        return cls(proc)

    async def _say(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        await self.proc.stdin.drain()

    async def go(self) -> None:
        await self._say("go")

    async def stop(self) -> dict[str, Any]:
        """Stop asking; what was asked since :meth:`go` (bench.web_load's summary)."""
        await self._say("stop")
        assert self.proc.stdout is not None
        found: dict[str, Any] = json.loads(await self.proc.stdout.readline())
        return found

    async def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), 10)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()


@dataclass
class Side:
    """One bot under load: its own fake Discord, its tables, its process; ``pages``: the
    page load asked of its web pages during its runs."""

    kind: str
    fake: BenchDiscord
    tables: list[AnyTable]
    bot: BotProcess
    pages: PageLoad | None = None


async def _started(
    kind: Kind,
    fake: BenchDiscord,
    folder: Path,
    db_url: str = "",
    *,
    profile: Path | None = None,
    web_port: int | None = None,
) -> BotProcess:
    log = folder / f"{kind}.log"
    bot = await start(kind, _port(fake), db_url, log=log, profile=profile, web_port=web_port)
    await bot.wait_connected()
    await fake.wait_for_bot()
    return bot


async def _measure_load(sides: Sequence[Side], settings: DiscordBench, report: Report) -> None:
    """Each load in ``settings.rounds`` rounds, the bots taking turns (the one that starts
    goes round): a shared machine that slows down meanwhile slows each alike. A side with a
    page load has those pages asked during its turns."""
    loads = [("latency", count) for count in settings.latency_tables]
    loads += [("saturation", count) for count in settings.saturation_tables]
    for what, count in loads:
        seconds = settings.latency_seconds if what == "latency" else settings.saturation_seconds
        found = report.latency if what == "latency" else report.saturation
        for side in sides:
            found[(side.kind, count)] = Run(0.0)
        rounds = max(1, min(settings.rounds, int(seconds)))  # a round lasts ≥ 1 s (a period)
        share = seconds / rounds
        for round_ in range(rounds):
            turn = round_ % len(sides)
            for side in (*sides[turn:], *sides[:turn]):
                load, pid = side.tables[:count], side.bot.pid
                if side.pages is not None:
                    await side.pages.go()
                if what == "latency":
                    run = await open_loop(side.fake, load, pid, share)
                else:
                    run = await closed_loop(side.fake, load, pid, share)
                found[(side.kind, count)].add(run)
                if side.pages is not None:
                    _add_pages(report.pages, (what, count), await side.pages.stop())


def _add_pages(
    pages: dict[tuple[str, int], dict[str, Any]], key: tuple[str, int], more: dict[str, Any]
) -> None:
    """Count a round's pages in (its percentiles: the worst round's)."""
    had = pages.setdefault(key, {"pages": 0, "errors": 0, "p50_ms": 0.0, "p99_ms": 0.0,
                                 "seconds": 0.0, "failures": Counter()})  # fmt: skip
    for count in ("pages", "errors", "seconds"):
        had[count] += more[count]
    for p in ("p50_ms", "p99_ms"):
        had[p] = max(had[p], more[p])
    had["failures"].update(more["failures"])


def web_paths(url: str, guild_id: int, key: str) -> list[str]:
    """The pages the page load asks: the server's, and the first :data:`GAME_PAGES` of
    its open games' (there is no tournament on the bench's server)."""
    engine = make_engine(url)
    try:
        rows = Store(engine).open_games()
    finally:
        engine.dispose()
    games = sorted(row.id for row in rows if row.guild_id == guild_id and row.id is not None)
    return [server_path(key)] + [game_path(key, game) for game in games[:GAME_PAGES]]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def measure_both(settings: DiscordBench, report: Report, folder: Path) -> None:
    """Both bots run side by side, each against its own fake Discord; then Croupier's REST
    calls per click and its restart on a database topped up with open games."""
    count = max((*settings.latency_tables, *settings.saturation_tables))
    bare_fake, our_fake = BenchDiscord(), BenchDiscord()
    bare_tables = bare_world(bare_fake, count)
    our_tables = croupier_world(our_fake, count, players=settings.players)
    url = default_sqlite_url(folder / "croupier.sqlite3")
    engine = make_engine(url)
    upgrade(engine)
    web_port, key, guild_id = None, "bench", our_tables[0].channel.guild_id or 0
    if settings.web_load > 0:  # the bench's server has its pages on
        web_port = _free_port()
        Store(engine).set_guild_web_key(guild_id, key)
    engine.dispose()
    async with contextlib.AsyncExitStack() as stack:
        for fake in (bare_fake, our_fake):
            await fake.start()
            stack.push_async_callback(fake.stop)
        bare_bot = await _started("bare", bare_fake, folder)
        try:
            our_bot = await _started("croupier", our_fake, folder, db_url=url,
                                     profile=settings.profile, web_port=web_port)  # fmt: skip
            try:
                began = time.perf_counter()
                await until_weiter(our_tables)
                report.setup_seconds = time.perf_counter() - began
                report.loops = {"bare": bare_bot.loop, "croupier": our_bot.loop}
                bare = Side("bare", bare_fake, list(bare_tables), bare_bot)
                ours = Side("croupier", our_fake, list(our_tables), our_bot)
                sides = [bare, ours]
                if web_port is not None:
                    paths = web_paths(url, guild_id, key)
                    pages = await PageLoad.start(web_port, settings.web_load, paths)
                    stack.push_async_callback(pages.close)
                    sides.append(Side(WEB, our_fake, list(our_tables), our_bot, pages))
                await _measure_load(sides, settings, report)
                await until_weiter(our_tables)
                report.rest = await rest_per_click(our_fake, our_tables, settings.rest_samples)
            finally:
                await _stop(our_fake, our_bot)
        finally:
            await _stop(bare_fake, bare_bot)
        await top_up_open_games(url, settings.restart_games)
        await measure_restart(our_fake, our_tables, url, folder, report)


async def top_up_open_games(url: str, games: int) -> None:
    """Top the database up to ``games`` open games (Verflixte 6, two players, 4 Durchgänge)
    with the bot stopped; the tables the players opened stay among them."""
    engine = make_engine(url)
    try:
        service = Service(Store(engine))
        missing = games - len(service.store.open_games())
        for i in range(max(missing, 0)):
            players = [f"9{2 * i}", f"9{2 * i + 1}"]
            await service.create("verflixte6", players, {"durchgaenge": 4}, announced=True)
    finally:
        engine.dispose()


async def measure_restart(
    fake: BenchDiscord, tables: list[Table], url: str, folder: Path, report: Report
) -> None:
    """From starting the process to the first answered click on an old table."""
    engine = make_engine(url)
    open_games = len(Store(engine).open_games())
    engine.dispose()
    idle = [t for t in tables if t.prompt is None and not t.lobby]
    table = next((t for t in idle if "weiter" in t.verbs()), tables[0])
    began = time.perf_counter()
    bot = await start("croupier", _port(fake), url, log=folder / "croupier.log")
    try:
        await fake.wait_for_bot(RESTART_LIMIT)  # (a click waits 10 s for it; a busy machine
        click = await table.step()  # starting a bot on 1,000 open games may take longer)
        answered = time.perf_counter() - began
        ready = await bot.wait_connected()
        report.restart = {
            "open games": float(open_games),
            "answered": answered,
            "ready": ready,
            "click": click.interaction.responded_after or float("nan"),
            "ok": float(click.interaction.response_type is not None),
        }
    finally:
        await _stop(fake, bot)


def _port(fake: FakeDiscord) -> int:
    assert fake.port is not None
    return fake.port


async def measure(settings: DiscordBench) -> Report:
    report = Report(load=[os.getloadavg()])
    with contextlib.ExitStack() as stack:
        folder = settings.folder or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        await measure_both(settings, report, folder)
    report.load.append(os.getloadavg())
    return report


def run(settings: DiscordBench) -> Report:
    return asyncio.run(measure(settings))


# -- output --------------------------------------------------------------------------------


def _ms(values: list[float], p: float) -> float:
    return percentile(values, p) * 1000


def headline(report: Report, settings: DiscordBench) -> list[Row]:
    """Croupier against the bare bot at each saturation load: the issue's figures (CPU per
    click with the picture worker, and its ratio; saturation; p99 at 1 click/s per table
    where that load's latency was measured; REST calls per click)."""
    found: list[Row] = []
    for count in settings.saturation_tables:
        ours, base = report.saturation[("croupier", count)], report.saturation[("bare", count)]
        cpu, base_cpu = _per_click(1e6 * ours.bot_cpu, ours), _per_click(1e6 * base.bot_cpu, base)
        worker = _per_click(1e6 * ours.worker_cpu, ours)
        rate, base_rate = ours.answered() / ours.seconds, base.answered() / base.seconds
        found += [
            Row(
                f"{count} tables: CPU per click, picture worker included",
                cpu,
                "µs",
                base_cpu,
                f"**{_ratio(cpu, base_cpu)} the bare bot's** (goal ≤ 2.5×); "
                f"of which the picture worker {worker:,.0f} µs",
            ),
            Row(
                f"{count} tables: saturation",
                rate,
                "clicks/s",
                base_rate,
                f"ratio {_share(rate, base_rate)} (goal ≥ 0.40)",
            ),
        ]
        latency = report.latency.get(("croupier", count))
        base_latency = report.latency.get(("bare", count))
        if latency is not None and base_latency is not None:
            p99 = _ms(latency.latencies(*LATENCY_LABELS), 99)
            base_p99 = _ms(base_latency.latencies("click"), 99)
            found.append(Row(f"{count} tables: p99 at 1 click/s per table", p99, "ms", base_p99,
                             "ordinary weiter against the bare bot's click"))  # fmt: skip
        found.append(
            Row(
                f"{count} tables: REST calls per click",
                _per_click(ours.rest_calls, ours),
                "",
                _per_click(base.rest_calls, base),
                "at saturation, all calls (answers, posts, edits, deletions)",
            )
        )
    return found


def _ratio(value: float, baseline: float) -> str:
    return f"{value / baseline:.2f}×" if baseline else "–"


def _share(value: float, baseline: float) -> str:
    return f"{value / baseline:.2f}" if baseline else "–"


def describe(report: Report, settings: DiscordBench) -> str:
    """The run's circumstances: players per table, each bot's event loop, the load."""
    loops = ", ".join(f"{kind} {loop or '?'}" for kind, loop in sorted(report.loops.items()))
    load = " → ".join(" ".join(f"{v:.2f}" for v in sample) for sample in report.load)
    return (
        f"Die verflixte 6 at {settings.players} players per table; event loop: {loops}; "
        f"load average (1, 5, 15 min) at start → end: {load}\n"
    )


def rows(report: Report, settings: DiscordBench) -> dict[str, list[Row]]:
    """The tables of :func:`markdown`, by title."""
    out: dict[str, list[Row]] = {
        f"Croupier against the bare bot, {settings.players} players per table": headline(
            report, settings
        )
    }
    latency: list[Row] = []
    for count in settings.latency_tables:
        mine, bare = report.latency[("croupier", count)], report.latency[("bare", count)]
        ours, base = mine.latencies(*LATENCY_LABELS), bare.latencies("click")
        latency += [
            Row(f"{count} tables: p50", _ms(ours, 50), "ms", _ms(base, 50), ""),
            Row(
                f"{count} tables: p99",
                _ms(ours, 99),
                "ms",
                _ms(base, 99),
                f"goal ≤ 25 ms; max {_ms(ours, 100):.0f} ms vs {_ms(base, 100):.0f} ms",
            ),
            Row(
                f"{count} tables: counted",
                len(ours),
                "weiter",
                len(base),
                f"of {len(mine.clicks)} clicks ({_counts(mine.counts())}); "
                f"p99 of the other clicks {_ms(_other_latencies(mine), 99):.0f} ms; "
                f"missed deadline {mine.missed} / {bare.missed}; "
                f"sent > 100 ms late {mine.late_starts} / {bare.late_starts}; "
                f"refused or not updated {mine.troubles}",
            ),
        ]
    title = f"Latency (ms), open loop: 1 click/s per table, {settings.latency_seconds:g} s each"
    out[title] = latency
    saturation: list[Row] = []
    for count in settings.saturation_tables:
        ours_run, base_run = (
            report.saturation[("croupier", count)],
            report.saturation[("bare", count)],
        )
        weiter = ours_run.counts()["weiter"] / ours_run.seconds
        saturation.append(
            Row(
                f"{count} tables, answered/s",
                ours_run.answered() / ours_run.seconds,
                "clicks/s",
                base_run.answered() / base_run.seconds,
                f"{weiter:.0f} ordinary weiter/s; goal ≥ 40 %; CPU s bot/players "
                f"{ours_run.bot_cpu:.1f}/{ours_run.own_cpu:.1f} vs "
                f"{base_run.bot_cpu:.1f}/{base_run.own_cpu:.1f}",
            )
        )
        saturation.append(
            Row(
                f"{count} tables, bot CPU per answered click",
                _per_click(ours_run.bot_cpu * 1e6, ours_run),
                "µs",
                _per_click(base_run.bot_cpu * 1e6, base_run),
                "user + system time of the bot process (robust against a busy machine); "
                f"REST calls per click {_per_click(ours_run.rest_calls, ours_run):.2f} vs "
                f"{_per_click(base_run.rest_calls, base_run):.2f}",
            )
        )
        saturation.append(
            Row(
                f"{count} tables, missed 3 s deadline",
                ours_run.missed,
                "",
                None,
                f"baseline {base_run.missed}; p99 {_ms(ours_run.latencies('weiter'), 99):.1f} ms "
                f"vs {_ms(base_run.latencies('click'), 99):.1f} ms; "
                f"refused or not updated: {ours_run.troubles}",
            )
        )
    out[f"Saturation, closed loop, {settings.saturation_seconds:g} s each"] = saturation
    rest: list[Row] = []
    for label, samples in sorted(report.rest.items()):
        calls = Counter(call for sample in samples for call in sample)
        rest.append(
            Row(
                f"REST calls per {label}",
                sum(len(s) for s in samples) / len(samples),
                "",
                None,
                f"{len(samples)} clicks: "
                + ", ".join(f"{n / len(samples):.2f}× {call}" for call, n in calls.most_common()),
            )
        )
    out["Discord REST calls per click"] = rest
    if settings.web_load > 0:
        title = (f"The web pages in the bot's process: {settings.web_load:g} pages/s "
                 "asked meanwhile (Croupier) against none (baseline), the same bot")  # fmt: skip
        out[title] = web_rows(report, settings)
    restart = report.restart
    out[f"Restart on a database with {restart.get('open games', 0):.0f} open games"] = [
        Row(
            "process start → first click answered",
            restart.get("answered", float("nan")),
            "s",
            None,
            f"goal ≤ 2 s; answered: {'yes' if restart.get('ok') else 'NO'}",
        ),
        Row("process start → READY", restart.get("ready", float("nan")), "s", None, ""),
        Row("that click's latency", restart.get("click", float("nan")) * 1000, "ms", None, ""),
    ]
    return out


def web_rows(report: Report, settings: DiscordBench) -> list[Row]:
    """A click's cost with the pages asked meanwhile (the bot's CPU per answered click,
    the pages' own work included; its latency) beside the same without pages."""
    found: list[Row] = []
    for what, counts in (("saturation", settings.saturation_tables),
                         ("latency", settings.latency_tables)):  # fmt: skip
        runs = report.saturation if what == "saturation" else report.latency
        for count in counts:
            web, plain = runs[(WEB, count)], runs[("croupier", count)]
            pages = report.pages.get((what, count), {})
            served = pages.get("pages", 0) / max(pages.get("seconds", 0), 1e-9)
            failed = _counts(pages.get("failures", Counter())) or "none"
            asked = (f"{served:.1f} pages/s answered, failed: {failed}, "
                     f"page p50/p99 {pages.get('p50_ms', float('nan')):.1f}/"
                     f"{pages.get('p99_ms', float('nan')):.1f} ms")  # fmt: skip
            mine, base = web.latencies(*LATENCY_LABELS), plain.latencies(*LATENCY_LABELS)
            extra = web.bot_cpu - _per_click(plain.bot_cpu, plain) * web.answered()
            per_page = 1e3 * extra / max(pages.get("pages", 0), 1)
            asked += f"; a page costs the bot {per_page:.1f} ms of CPU"
            if what == "saturation":
                found.append(Row(
                    f"{count} tables, saturation: bot CPU per answered click",
                    _per_click(web.bot_cpu * 1e6, web), "µs",
                    _per_click(plain.bot_cpu * 1e6, plain),
                    f"the pages' work included; {web.answered() / web.seconds:.0f} vs "
                    f"{plain.answered() / plain.seconds:.0f} clicks/s; {asked}",
                ))  # fmt: skip
                continue
            found += [
                Row(f"{count} tables, 1 click/s per table: p99", _ms(mine, 99), "ms",
                    _ms(base, 99), f"p50 {_ms(mine, 50):.1f} vs {_ms(base, 50):.1f} ms; "
                    f"missed deadline {web.missed} / {plain.missed}; {asked}"),
                Row(f"{count} tables, 1 click/s per table: bot CPU per answered click",
                    _per_click(web.bot_cpu * 1e6, web), "µs",
                    _per_click(plain.bot_cpu * 1e6, plain), "the pages' work included"),
            ]  # fmt: skip
    return found


def _per_click(amount: float, run: Run) -> float:
    return amount / max(run.answered(), 1)


def _other_latencies(run: Run) -> list[float]:
    return run.latencies("weiter (turn ends)", "begin", "nojoker", "decide", "decision", "lobby")


def _counts(counts: Counter[str]) -> str:
    return ", ".join(f"{n} {label}" for label, n in counts.most_common())


def markdown(report: Report, settings: DiscordBench) -> str:
    return (
        describe(report, settings)
        + "\n"
        + "\n".join(table_markdown(title, found) for title, found in rows(report, settings).items())
    )
