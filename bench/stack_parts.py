"""The parts of a click's CPU, from py-spy's collapsed stacks (``--format raw``).

A collapsed stack is one line, ``frame;frame;...;frame COUNT``, the root first and each
frame ``function (path)`` (``function (path:line)`` without ``--nolineno``), the path as
py-spy shortens it: from the package on (``bot/store/repository.py``,
``sqlalchemy/orm/session.py``, ``asyncio/base_events.py``).

Each sample counts once, for the innermost part on its stack (:data:`RULES`, the first rule
that matches a frame, read from the leaf towards the root). Frames that no rule names (the
standard library: ``json``, ``logging``, ``pickle``...) count for the part that called them.
asyncio's loop and selector count only for a sample with no other part on its stack: the
loop runs everything, so it is its own part only where it is the innermost thing running.
A sample with no part at all is "other". The picture worker is its own process and its
own row.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bench.discord import Run, _per_click

Stack = tuple[str, ...]
Profile = Counter[Stack]
"""Samples per stack (frames root first)."""

DISCORD = "discord.py and aiohttp: HTTP calls, gateway reads, parsing the interaction, JSON"
STORE = "store: SQLAlchemy, sqlite3, psycopg, `bot/store`, `Service.commit`, the hash chain"
GLUE = "other project glue (service, cogs, delivery, clocks, prompts)"
CARDS = "cards and payload (`bot/render`, the games' `render`, payload, discord.py's Embed)"
ENGINE = "engine (`bot/games`, `bot/engine`: apply, views, RNG)"
LOOP = "asyncio's loop and selector"
ROUTING = "routing (router, `ClickId.parse`, the click sequence)"
TEXTS = "texts (`bot/i18n`, Babel)"
LOCKS = "locks and the table's turn"
OUTCOME = "views and outcome building (`Tables.outcome`)"
OUTBOX = "outbox (`Outbox`, `Delivery` bookkeeping)"
METRICS = "metrics (`bot/ops`, prometheus_client, the REST counting hook)"
HANDOVER = "pictures, the bot's side (`paint`, the pool's thread, pickling)"
OTHER = "other (no part on the stack: interpreter, standard library alone)"
WORKER = "picture worker (its own process)"

RULES: tuple[tuple[str, str], ...] = (
    # (part, "path prefix" or "path prefix:function"); the first that matches wins.
    (STORE, "bot/service.py:commit"),
    (METRICS, "bot/discord_internals.py:counted"),
    (DISCORD, "bot/discord_internals.py"),
    (STORE, "bot/engine/chain.py"),
    (ROUTING, "bot/render/cards.py:parse"),
    (OUTCOME, "bot/play/tables.py:outcome"),
    (OUTCOME, "bot/play/outcome.py"),
    (OUTBOX, "bot/play/outbox.py"),
    (OUTBOX, "cogs/pipeline/delivery.py"),
    (LOCKS, "bot/play/table_locks.py"),
    (LOCKS, "cogs/pipeline/busy.py"),
    (ROUTING, "cogs/pipeline/router.py"),
    (ROUTING, "cogs/pipeline/incoming.py"),
    (ROUTING, "cogs/pipeline/clicks.py"),
    (CARDS, "cogs/pipeline/payload.py"),
    (CARDS, "discord/embeds.py"),
    (HANDOVER, "bot/render/drawn.py"),
    (HANDOVER, "concurrent/futures/process.py"),
    (HANDOVER, "multiprocessing/"),
    (CARDS, "bot/render/"),
    (CARDS, "bot/games/*/render/"),
    (ENGINE, "bot/games/"),
    (ENGINE, "bot/engine/"),
    (TEXTS, "bot/i18n/"),
    (TEXTS, "babel/"),
    (TEXTS, "gettext.py"),
    (STORE, "bot/store/"),
    (STORE, "sqlalchemy/"),
    (STORE, "sqlmodel/"),
    (STORE, "sqlite3/"),
    (STORE, "psycopg/"),
    (STORE, "psycopg_pool/"),
    (METRICS, "bot/ops/"),
    (METRICS, "prometheus_client/"),
    (GLUE, "bot/"),
    (GLUE, "cogs/"),
    (DISCORD, "discord/"),
    (DISCORD, "aiohttp/"),
    (DISCORD, "yarl/"),
    (DISCORD, "multidict/"),
    (DISCORD, "aiosignal/"),
    (DISCORD, "frozenlist/"),
    (DISCORD, "propcache/"),
    (DISCORD, "orjson/"),
)
WEAK: tuple[tuple[str, str], ...] = ((LOOP, "asyncio/"), (LOOP, "selectors.py"))
"""Parts that count only when no rule of :data:`RULES` matches anywhere on the stack."""

IDLE: tuple[str, ...] = (
    "threading.py:wait",
    "concurrent/futures/thread.py:_worker",
    "selectors.py:select",
    "multiprocessing/connection.py:_recv",
    "multiprocessing/connection.py:wait",
    "bot/render/drawn.py:_orphaned",
)
"""Innermost frames of a thread that waits (a lock, a queue, a selector, a sleep, a pipe's
read): py-spy's blocking sampler reports some such samples as running, so they are left
out (:func:`running`), whatever thread they are in."""

ORDER: tuple[str, ...] = (DISCORD, STORE, GLUE, CARDS, ENGINE, LOOP, ROUTING, TEXTS, LOCKS)
ORDER += (OUTCOME, OUTBOX, METRICS, HANDOVER, OTHER)
OWN = ("bot/", "cogs/")
"""Croupier's own code (the rest is libraries, the standard library and the bench)."""

FRAME = re.compile(r"^(?P<function>.*) \((?P<path>[^()]*?)(?::\d+)?\)$")
SITE = re.compile(r"^.*/(?:site-packages|dist-packages|lib/python3\.\d+)/")


@dataclass(frozen=True)
class Frame:
    function: str
    path: str


def frame(text: str) -> Frame:
    """``function (path)`` or ``function (path:line)``; a full path (``--full-filenames``)
    is cut to the package's (after ``site-packages/`` or the standard library's folder)."""
    found = FRAME.match(text)
    if found is None:
        return Frame(text, "")
    return Frame(found["function"], SITE.sub("", found["path"]))


def read_collapsed(text: str) -> Profile:
    """The samples per stack of py-spy's raw output."""
    profile: Profile = Counter()
    for line in text.splitlines():
        stack, _, count = line.rstrip().rpartition(" ")
        if stack and count.isdigit():
            profile[tuple(stack.split(";"))] += int(count)
    return profile


def _matches(rule: str, found: Frame) -> bool:
    prefix, _, function = rule.partition(":")
    if function and found.function.rpartition(".")[2] != function:
        return False
    if "*" in prefix:
        return re.match(re.escape(prefix).replace(r"\*", "[^/]+"), found.path) is not None
    return found.path.startswith(prefix) if prefix.endswith("/") else found.path == prefix


def _rule_part(rules: Iterable[tuple[str, str]], found: Frame) -> str | None:
    return next((part for part, rule in rules if _matches(rule, found)), None)


def running(profile: Mapping[Stack, int]) -> Profile:
    """``profile`` without the samples of waiting threads (:data:`IDLE`)."""
    kept: Profile = Counter()
    for stack, samples in profile.items():
        if stack and not any(_matches(rule, frame(stack[-1])) for rule in IDLE):
            kept[stack] += samples
    return kept


def part_of(stack: Stack) -> str:
    """The part a sample with this stack counts for."""
    frames = [frame(text) for text in reversed(stack)]
    for found in frames:
        part = _rule_part(RULES, found)
        if part is not None:
            return part
    for found in frames:
        part = _rule_part(WEAK, found)
        if part is not None:
            return part
    return OTHER


def parts(profile: Mapping[Stack, int]) -> Counter[str]:
    """Samples per part."""
    counted: Counter[str] = Counter()
    for stack, samples in profile.items():
        counted[part_of(stack)] += samples
    return counted


def _name(found: Frame) -> str:
    return f"`{found.function}` ({found.path})"


def own_functions(profile: Mapping[Stack, int], inclusive: bool = False) -> Counter[str]:
    """Samples per function of Croupier's own code: the samples whose innermost frame is
    that function; ``inclusive``: whose innermost frame of Croupier's code it is, with the
    libraries it calls, except the samples of discord.py's part (what Croupier's own
    functions cost, not its calls to Discord). Each sample counts once."""
    counted: Counter[str] = Counter()
    for stack, samples in profile.items():
        if not stack:
            continue
        if inclusive:
            if part_of(stack) == DISCORD:
                continue
            own = (f for f in map(frame, reversed(stack)) if f.path.startswith(OWN))
            found = next(own, None)
        else:
            found = frame(stack[-1])
            found = found if found.path.startswith(OWN) else None
        if found is not None:
            counted[_name(found)] += samples
    return counted


def functions(profile: Mapping[Stack, int]) -> Counter[str]:
    """Samples per innermost function (any code)."""
    counted: Counter[str] = Counter()
    for stack, samples in profile.items():
        if stack:
            counted[_name(frame(stack[-1]))] += samples
    return counted


def table(
    bot: Mapping[Stack, int], worker: Mapping[Stack, int], bot_us: float, worker_us: float
) -> list[tuple[str, float, float]]:
    """(part, share of the click's CPU, µs per click), the costliest first: the bot's parts
    (shares of its running samples times its CPU per click ``bot_us``) and the picture
    worker (``worker_us``)."""
    counted = parts(running(bot))
    total = sum(counted.values())
    whole = bot_us + worker_us
    rows = []
    for part in ORDER:
        if counted[part]:
            us = bot_us * counted[part] / total
            rows.append((part, us / whole, us))
    if worker_us:
        rows.append((WORKER, worker_us / whole, worker_us))
    return sorted(rows, key=lambda row: -row[2])


def _top(title: str, counted: Counter[str], total: int, us: float, count: int) -> list[str]:
    lines = ["", title, "", "| function | share | µs per click |", "|---|---:|---:|"]
    for name, samples in counted.most_common(count):
        lines.append(f"| {name} | {100 * samples / total:.1f} % | {us * samples / total:,.0f} |")
    return lines


def _cpu(run: Run) -> tuple[float, float]:
    """µs per click of the bot's process and of its picture worker."""
    return (
        _per_click(1e6 * (run.bot_cpu - run.worker_cpu), run),
        _per_click(1e6 * run.worker_cpu, run),
    )


def markdown(
    bot: Mapping[Stack, int],
    worker: Mapping[Stack, int],
    measured: Run,
    profiled: Run,
    *,
    rate: int,
    top: int = 10,
) -> str:
    """The table of parts, then the costliest functions: Croupier's own in the bot's
    process, any in it, and any in the picture worker (shares of that process's running
    samples; µs from ``measured``, the unprofiled run)."""
    bot_us, worker_us = _cpu(measured)
    busy, drawing = running(bot), running(worker)
    samples, drawn = sum(busy.values()), sum(drawing.values())
    cpu = profiled.bot_cpu - profiled.worker_cpu
    lines = [
        f"Unprofiled: {measured.answered() / measured.seconds:,.0f} clicks/s, "
        f"{bot_us + worker_us:,.0f} µs per click ({bot_us:,.0f} µs the bot's process, "
        f"{worker_us:,.0f} µs the picture worker), "
        f"{_per_click(measured.rest_calls, measured):.2f} REST calls per click.",
        f"Profiled: {profiled.answered() / profiled.seconds:,.0f} clicks/s, "
        f"{sum(_cpu(profiled)):,.0f} µs per click; the bot's process "
        f"{samples:,} running samples ({sum(bot.values()) - samples:,} waiting left out) "
        f"in {cpu:.1f} CPU s ({rate * cpu:,.0f} at {rate} a second), the picture worker "
        f"{drawn:,} ({sum(worker.values()) - drawn:,}) in {profiled.worker_cpu:.1f} CPU s.",
        "",
        "| part | share | µs per click |",
        "|---|---:|---:|",
    ]
    for part, share, us in table(bot, worker, bot_us, worker_us):
        lines.append(f"| {part} | {100 * share:.1f} % | {us:,.0f} |")
    if samples:
        own = own_functions(busy)
        lines += _top("Croupier's functions, self (the bot's process):", own, samples, bot_us, top)
        inclusive = own_functions(busy, inclusive=True)
        title = "Croupier's functions with the libraries they call, Discord's calls left out:"
        lines += _top(title, inclusive, samples, bot_us, top)
        title = "Innermost functions of any code (the bot's process):"
        lines += _top(title, functions(busy), samples, bot_us, top)
    if drawn:
        title = "Innermost functions in the picture worker:"
        lines += _top(title, functions(drawing), drawn, worker_us, top)
    return "\n".join(lines)
