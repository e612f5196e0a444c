"""REST calls per click, per game: each of the four games played whole against the loopback
Discord (the golden transcripts' games, tests/helpers/transcript_games.py, in German, with
fixed chance), every request the bot made counted by what it did. The ids are Discord's
usual ones, made now (the transcripts' fixed ids would date every click years back, and
each would be deferred as too late).

    python -m bench.rest_calls [--games verflixte6,teufel,flaschenteufel,dicedevils]

A click is a component's or a form's interaction; slash commands are counted apart (a game's
``/… tisch``, ``/sprache``) and their calls are in the totals. Prints a Markdown table
(docs/PERFORMANCE.md, issue 45). Run from a checkout's root: it plays that checkout's bot
(``PYTHONPATH=. python -m bench.rest_calls`` in another checkout plays that one).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from bot.store import default_sqlite_url
from loopback import bot_running, fake_discord
from loopback.entities import RestCall
from tests.helpers.e2e_table import Table
from tests.helpers.transcript import (
    DISCORD_LOCALE,
    NOW,
    FixedChance,
    Recorder,
    Transcript,
)
from tests.helpers.transcript_games import GAMES, MANAGE_GUILD, PLAYERS

FOUR = ("verflixte6", "teufel", "flaschenteufel", "dicedevils")
COMMAND, COMPONENT, FORM = 2, 3, 5
KINDS = ("answer", "follow-up", "post", "edit", "delete", "DM", "other")
"""What a call did: answered an interaction (its callback), sent or edited a follow-up or
an ephemeral prompt through the interaction's token, posted, edited or deleted a channel's
message, opened or wrote a DM, anything else."""


def kind_of(call: RestCall, dms: set[str]) -> str:
    method, path = call.method, call.path
    if path.startswith("/interactions/"):
        return "answer"
    if path.startswith("/webhooks/"):
        return "follow-up"
    if path == "/users/@me/channels":
        return "DM"
    found = re.fullmatch(r"/channels/(\d+)/messages(/\d+)?", path)
    if found is None:
        return "other"
    if found.group(1) in dms:
        return "DM"
    return {"POST": "post", "PATCH": "edit", "DELETE": "delete"}.get(method, "other")


async def count(game: str, folder: Path) -> tuple[int, int, Counter[str]]:
    """``game`` played whole: its clicks, its slash commands and its calls by kind."""
    play, seats, d6_only = GAMES[game]
    locale = DISCORD_LOCALE["de"]
    async with fake_discord() as fake:
        guild = fake.add_guild("Spieletreff", locale=locale)
        channel = fake.add_channel(guild, "spieltisch")
        users = [fake.add_user(name, guild=guild, locale=locale) for name in PLAYERS[:seats]]
        users[0].permissions |= MANAGE_GUILD
        chance = FixedChance(f"croupier transcript {game}", d6_only=d6_only)
        anna, ben, cem = (users * 2)[:3]
        url = default_sqlite_url(folder / f"{game}.db")
        table = Table(fake, guild, channel, anna, ben, cem, chance, url)
        table.bot = table.new_bot()
        async with bot_running(fake, table.bot):
            table.bot.service.now = lambda: NOW
            players = Transcript(table, Recorder(fake, "de").install())
            await players.slash(anna, "sprache", sprache="de")
            first = len(fake.rest_log)
            await play(players, users)
            await table.settled()
            calls = fake.rest_log[first:]
        types = Counter(i.type for i in fake.interactions.values())
        dms = {str(c.id) for c in fake.channels.values() if c.kind == "dm"}
    kinds = Counter(kind_of(call, dms) for call in calls)
    return types[COMPONENT] + types[FORM], types[COMMAND] - 1, kinds


def table_of(rows: Sequence[tuple[str, int, int, Counter[str]]]) -> str:
    head = "| game | clicks | commands | REST calls | per click | " + " | ".join(KINDS) + " |"
    lines = [head, "|" + "---|" * (5 + len(KINDS))]
    for game, clicks, commands, kinds in rows:
        total = sum(kinds.values())
        lines.append(
            f"| {game} | {clicks} | {commands} | {total} | {total / clicks:.2f} | "
            + " | ".join(str(kinds[k]) for k in KINDS)
            + " |"
        )
    return "\n".join(lines)


async def main(games: Sequence[str]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="croupier-rest-"))
    rows = [(game, *await count(game, folder)) for game in games]
    print(table_of(rows))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(FOUR))
    asyncio.run(main(parser.parse_args().games.split(",")))
