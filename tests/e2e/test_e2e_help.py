"""``/hilfe``, ``/<spiel> regeln`` and ``/tische`` on the loopback Discord."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import help_pages as helptexts
from bot.app import Croupier
from bot.config import Settings
from bot.engine.rng import ScriptedDice
from bot.store import default_sqlite_url
from loopback import bot_running, fake_discord, tasks_left_behind
from loopback.entities import Message
from tests.helpers.e2e_table import Table

MANAGE_SERVER = 1 << 5
RULES = {  # command: (its game, first title, a term of that game's rules)
    "v6 regeln": ("verflixte6", "Die verflixte 6 – Ziel", "Runkelrüb"),
    "teufel regeln": ("teufel", "Auf Teufel komm raus – Ziel", "1600"),
    "flaschenteufel regeln": ("flaschenteufel", "Flaschenteufel – Ziel", "Teufelsstich"),
    "dicedevils regeln": ("dicedevils", "Dice Devils – Ziel", "Springteufel"),
}


def titles(message: Message) -> list[str]:
    return [title for title, _ in message.headings()]


async def to_english(table: Table) -> None:
    """An English server, whose players' Discord speaks English too (what only one player
    reads follows his Discord's language)."""
    table.anna.permissions |= MANAGE_SERVER
    await table.slash(table.anna, "sprache", sprache="en")
    for user in (table.anna, table.ben, table.cem):
        user.locale = "en-US"


async def test_hilfe_in_german_and_in_english(table: Table) -> None:
    german = await table.slash(table.ben, "hilfe")
    assert german.message.visibility == "ephemeral"
    assert titles(german.message) == [s[0] for s in helptexts.sections("hilfe", "de")]
    text = german.message.text()
    assert "/v6 tisch" in text and "Beitreten" in text and "SHA-256" in text
    assert "/v6 pause" in text and "/sprache" in text

    await to_english(table)
    english = await table.slash(table.ben, "hilfe")
    assert titles(english.message)[0] == "Croupier – Help"
    assert "/v6 table" in english.message.text() and "Join" in english.message.text()
    game = await table.slash(table.ben, "hilfe", spiel="flaschenteufel")
    assert titles(game.message)[0] == "Flaschenteufel – Goal"
    assert "devil's trick" in game.message.text()


@pytest.mark.parametrize("command", list(RULES))
async def test_each_game_has_its_rules(table: Table, command: str) -> None:
    game, title, term = RULES[command]
    answer = await table.slash(table.cem, command)
    assert answer.message.visibility == "ephemeral"
    assert titles(answer.message)[0] == title and term in answer.message.text()
    assert len(answer.message.headings()) == 3 + (command == "v6 regeln")  # + the jokers
    assert not answer.message.embeds and answer.message.rows() == []
    same = await table.slash(table.cem, "hilfe", spiel=game)
    assert same.message.components == answer.message.components


async def test_the_v6_rules_show_every_joker_in_english_too(table: Table) -> None:
    await to_english(table)
    answer = await table.slash(table.cem, "v6 regeln")
    title, body = answer.message.headings()[-1]
    assert title == "The 15 jokers"
    lines = body.split("\n")
    assert len(lines) == 15 and lines[0].startswith("**Frostschutz** – up to 5 uses")
    assert any(line.startswith("**Cherrys Höschen** – 4 rolls") for line in lines)


def command_paths(commands: list[dict[str, Any]], language: str) -> dict[str, set[str]]:
    """Every command path as users of ``language`` type it, with its option names."""

    discord_locale = {"en": "en-US", "fr": "fr"}.get(language)

    def name(item: dict[str, Any]) -> str:
        localized = (item.get("name_localizations") or {}).get(discord_locale or "")
        return str(localized or item["name"])

    paths: dict[str, set[str]] = {}
    for command in commands:
        subs = [o for o in command.get("options") or [] if o["type"] == 1]
        for sub in subs or [command]:
            path = name(command) if sub is command else f"{name(command)} {name(sub)}"
            paths[path] = {name(o) for o in sub.get("options") or [] if o["type"] > 2}
    return paths


@pytest.mark.parametrize("language", ["de", "en", "fr"])
async def test_every_command_the_help_names_exists(table: Table, language: str) -> None:
    """As the help's reader types them: command and option names in his language."""
    commands = table.fake.commands(table.guild)
    paths = command_paths(commands, language)
    if language != "de":  # the help also names German commands (/hilfe, /tische)
        paths = command_paths(commands, "de") | paths
    texts = [b for topic in helptexts.TOPICS for _, b in helptexts.sections(topic, language)]
    named = re.findall(r"`/([^`<]+)`", "\n".join(texts))
    assert len(named) > 15
    for quoted in named:
        words = [w for w in quoted.split() if "|" not in w]
        options = {w.split(":")[0] for w in words if ":" in w}
        path = " ".join(w for w in words if ":" not in w)
        assert path in paths, (language, quoted)
        assert options <= paths[path], (language, quoted)


@pytest.fixture
async def two_servers(tmp_path: Path) -> AsyncIterator[Table]:
    """Two servers, commands synced globally (as in production), so both can use them."""
    async with fake_discord() as fake:
        guild = fake.add_guild("Spieletreff")
        channel = fake.add_channel(guild, "verflixte-6")
        users = [fake.add_user(name, guild=guild) for name in ("Anna", "Ben", "Cem")]
        db_url = default_sqlite_url(tmp_path / "e2e.sqlite3")
        world = Table(fake, guild, channel, *users, ScriptedDice(), db_url)
        settings = Settings("test-token", db_url, None, "WARNING")
        world.bot = Croupier(settings, rng_factory=world.dice)
        async with bot_running(fake, world.bot):
            yield world
        assert fake.violations == []
    left = await tasks_left_behind()
    assert left == [], f"tasks left behind: {left}"


def table_lines(message: Message) -> list[str]:
    return message.headings()[0][1].split("\n\n")


async def test_tische_lists_this_servers_tables_with_whose_turn_and_link(
    two_servers: Table,
) -> None:
    world, fake = two_servers, two_servers.fake
    empty = await world.slash(world.ben, "tische")
    assert empty.message.visibility == "ephemeral" and "kein Tisch offen" in empty.message.content

    world.dice.add(3)  # Anna's Freiwurf
    await world.open_and_start(world.anna, world.ben)
    v6_message = world.table_message()
    other_channel = fake.add_channel(world.guild, "teufelsofen")
    lobby = await fake.slash(world.cem, other_channel, "teufel tisch")
    elsewhere = fake.add_guild("Nachbarn")
    far = fake.add_channel(elsewhere, "spiele")
    dora = fake.add_user("Dora", guild=elsewhere)
    await fake.slash(dora, far, "dicedevils tisch")

    listed = await world.slash(world.ben, "tische")
    assert listed.message.visibility == "ephemeral"
    assert listed.message.headings()[0][0] == "Offene Tische (2)"
    v6, teufel = table_lines(listed.message)
    link = f"https://discord.com/channels/{world.guild.id}"
    assert v6 == (
        f"**Die verflixte 6** in <#{world.channel.id}> · Anna, Ben\n"
        f"Am Zug: Anna · [Zum Tisch]({link}/{world.channel.id}/{v6_message.id})"
    )
    assert teufel == (
        f"**Auf Teufel komm raus** in <#{other_channel.id}> · Cem\n"
        f"Lobby – wartet auf den Start · [Zum Tisch]({link}/{other_channel.id}/{lobby.message.id})"
    )
    assert "Dora" not in listed.message.text() and str(far.id) not in listed.message.text()

    await world.start_turn(world.anna)
    await world.press(world.anna, "stopp")  # Ben's turn now
    world.anna.permissions |= MANAGE_SERVER
    await fake.slash(world.anna, other_channel, "teufel regeln")
    await world.slash(world.anna, "sprache", sprache="en")
    world.cem.locale = "en-GB"  # /tische answers him alone: in his Discord's language
    turned = await world.slash(world.cem, "tische")
    v6_now, _ = table_lines(turned.message)
    assert turned.message.headings()[0][0] == "Open tables (2)"
    assert "To act: Ben · [Go to the table]" in v6_now
    assert world.table_message().id != v6_message.id  # a new message for Ben's turn …
    assert v6_now.endswith(f"/{world.channel.id}/{world.table_message().id})")  # … linked

    await world.slash(world.anna, "v6 pause", grund="Essen")
    paused = await world.slash(world.cem, "tische")
    assert table_lines(paused.message)[0].split("\n")[1].startswith("Paused · ")
    theirs = await fake.slash(dora, far, "tische")
    assert "**Dice Devils**" in theirs.message.text() and "Dora" in theirs.message.text()
    assert "Anna" not in theirs.message.text()
