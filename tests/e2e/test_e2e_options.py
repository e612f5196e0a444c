"""Slash options on the loopback Discord: their bounds are declared to Discord, values a
forged client sends outside them are refused privately with nothing changed, a command
whose handler fails is still answered, and ending a table with a long reason keeps the
seed reveal whole."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.i18n import LANGUAGES, t
from loopback.entities import Message, User
from tests.helpers.e2e_table import Table

MANAGE_GUILD = 1 << 5
SUBCOMMAND, GROUP, STRING, INTEGER, NUMBER = 1, 2, 3, 4, 10


def leaves(commands: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Every invocable command path with its options, as synced to Discord."""
    found: dict[str, list[dict[str, Any]]] = {}

    def walk(path: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o["type"] in (SUBCOMMAND, GROUP)]
        if not subs:
            found[path] = options
        for sub in subs:
            walk(f"{path} {sub['name']}", sub.get("options") or [])

    for command in commands:
        walk(command["name"], command.get("options") or [])
    return found


def state_of(table: Table) -> list[tuple[int, int, str]]:
    return [(m.id, m.edits, m.text()) for m in table.public()]


async def forged(table: Table, user: User, command: str, **options: object) -> Any:
    """A slash command sent unchecked, as a forged or broken client could send it."""
    sent = await table.fake.slash_unchecked(user, table.channel, command, **options)
    await table.settled()
    return sent


def private_answer(interaction: Any, user: User) -> Message:
    assert interaction.response_type == 4, interaction
    message: Message = interaction.message
    assert message.visibility == "ephemeral" and message.audience == user.id
    return message


async def test_every_option_declares_its_bounds_to_discord(table: Table) -> None:
    commands = leaves(table.fake.commands(table.guild))
    options = {
        f"{path} {o['name']}": o for path, opts in commands.items() for o in opts
    }  # e.g. "turnier erstellen name"
    for name, option in options.items():
        if option["type"] in (INTEGER, NUMBER) and not option.get("choices"):
            assert "min_value" in option and "max_value" in option, name
        if option["type"] == STRING and not option.get("choices"):
            assert "max_length" in option, name
    expected = {
        "v6 tisch durchgaenge": {"min_value": 1, "max_value": 4},
        "turnier erstellen name": {"min_length": 1, "max_length": 80},
        "turnier erstellen gruppe": {"min_value": 2, "max_value": 6},
        "turnier erstellen durchgaenge": {"min_value": 1, "max_value": 4},
        "turnier erstellen zugzeit": {"min_value": 0, "max_value": 1440},
        "turnier korrigieren grund": {"min_length": 1, "max_length": 200},
        "turnier ausschliessen grund": {"max_length": 200},
        "tisch beenden grund": {"max_length": 200},
        "tisch uhr minuten": {"min_value": 0, "max_value": 10080},
        "flaschenteufel tisch haende": {"min_value": 1, "max_value": 8},
        "verify spiel nummer": {"min_value": 1, "max_value": 2**31 - 1},
    }
    for name, bounds in expected.items():
        assert {k: options[name].get(k) for k in bounds} == bounds, name
    assert "min_length" not in options["tisch beenden grund"]  # an optional reason
    choices = {
        name: [c["value"] for c in options[name]["choices"]]
        for name in (
            "turnier erstellen zeitablauf", "tisch uhr zeitablauf", "sprache sprache",
            "tisch abwesend vertretung", "v6 üben gegner",
        )
    }  # fmt: skip
    assert choices == {
        "turnier erstellen zeitablauf": ["regel", "warten", "computer"],
        "tisch uhr zeitablauf": ["regel", "warten", "computer"],
        "sprache sprache": list(LANGUAGES),
        "tisch abwesend vertretung": ["regel", "computer"],
        "v6 üben gegner": ["leicht", "stark"],
    }


async def test_the_fake_checks_options_unless_told_not_to(table: Table) -> None:
    with pytest.raises(ValueError, match="outside"):
        await table.fake.slash(table.anna, table.channel, "v6 tisch", durchgaenge=0)
    with pytest.raises(ValueError, match="length"):
        await table.fake.slash(table.anna, table.channel, "tisch beenden", grund="x" * 201)
    with pytest.raises(ValueError, match="choices"):
        await table.fake.slash(table.anna, table.channel, "tisch uhr", minuten=1, zeitablauf="x")
    sent = await forged(table, table.anna, "v6 tisch", durchgaenge=0)
    assert sent.response_type == 4  # it reached the bot, which answered


TOURNAMENT = {"name": "Herbst"}


@pytest.mark.parametrize(
    ("command", "options", "expected"),
    [
        ("v6 tisch", {"durchgaenge": 0}, "`durchgaenge` muss zwischen 1 und 4 liegen"),
        ("v6 tisch", {"durchgaenge": -5}, "`durchgaenge` muss zwischen 1 und 4 liegen"),
        ("v6 tisch", {"durchgaenge": 10**12}, "`durchgaenge` muss zwischen 1 und 4 liegen"),
        ("v6 tisch", {"durchgaenge": "drei"}, "Mit dem Wert für `durchgaenge`"),
        ("turnier erstellen", {**TOURNAMENT, "zugzeit": -1}, "`zugzeit` muss zwischen 0 und 1.440"),
        ("turnier erstellen", {**TOURNAMENT, "zeitablauf": "bogus"}, "`regel`, `warten`"),
        ("turnier erstellen", {**TOURNAMENT, "gruppe": 100}, "`gruppe` muss zwischen 2 und 6"),
        ("turnier erstellen", {**TOURNAMENT, "durchgaenge": 10**12}, "zwischen 1 und 4"),
        ("turnier erstellen", {"name": ""}, "`name` darf nicht leer sein"),
        ("turnier erstellen", {"name": "   "}, "`name` darf nicht leer sein"),
        ("turnier erstellen", {"name": "x" * 2000}, "höchstens 80 Zeichen lang sein (hier: 2.000)"),
        ("turnier erstellen", {}, "Diesen Befehl kenne ich so nicht"),  # required name missing
        ("flaschenteufel tisch", {"variante": "bogus"}, "`variante` kennt nur"),
        ("flaschenteufel tisch", {"haende": 0}, "`haende` muss zwischen 1 und 8"),
        ("verify spiel", {"nummer": 10**12}, "`nummer` muss zwischen 1 und 2.147.483.647"),
        ("hilfe", {"spiel": "schach"}, "`spiel` kennt nur"),
        ("sprache", {"sprache": "xx"}, "`sprache` kennt nur `Deutsch`, `English`, `Français`"),
    ],
)
async def test_values_outside_the_bounds_are_refused_privately(
    table: Table, command: str, options: dict[str, object], expected: str
) -> None:
    table.anna.permissions |= MANAGE_GUILD  # allowed to do it, only not with these values
    before = state_of(table)
    answer = private_answer(await forged(table, table.anna, command, **options), table.anna)
    assert expected in answer.content
    assert "nichts wurde verändert" in answer.content or "Befehl" in answer.content
    assert state_of(table) == before
    assert table.bot is not None
    service = table.bot.service
    assert service.tables.find(table.channel.id, None) is None
    assert service.tables.latest_in_channel("turnier", table.channel.id) is None
    assert service.directory.guild_locale(table.guild.id) == "de"


async def test_a_tournament_host_tool_refuses_an_empty_or_endless_reason(table: Table) -> None:
    table.anna.permissions |= MANAGE_GUILD
    created = await table.slash(table.anna, "turnier erstellen", name="Herbst")
    assert created.message.visibility == "public"
    before = state_of(table)
    assert table.bot is not None
    game_id = table.bot.service.tables.latest_in_channel("turnier", table.channel.id)
    assert game_id is not None
    version = table.bot.service.tables.current(game_id).version
    args = {"gruppe": 1, "spieler": table.ben, "punkte": 3, "augen": 20}
    empty = await forged(table, table.anna, "turnier korrigieren", **args, grund="")
    assert "`grund` darf nicht leer sein" in private_answer(empty, table.anna).content
    endless = await forged(
        table, table.anna, "turnier ausschliessen", spieler=table.ben, grund="x" * 2000
    )
    assert "höchstens 200 Zeichen" in private_answer(endless, table.anna).content
    assert state_of(table) == before
    assert table.bot.service.tables.current(game_id).version == version


async def test_a_table_refuses_bad_host_values_and_keeps_its_seed(table: Table) -> None:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    assert table.bot is not None
    service = table.bot.service
    game_id = service.tables.find(table.channel.id, None)
    assert game_id is not None
    version, clock = service.tables.current(game_id).version, service.clocks.of(game_id)
    before = state_of(table)
    for options in (
        {"minuten": -1},
        {"minuten": 10**12},
        {"minuten": 5, "zeitablauf": "bogus"},
    ):
        answer = private_answer(await forged(table, table.anna, "tisch uhr", **options), table.anna)
        assert "nichts wurde verändert" in answer.content, options
    long = await forged(table, table.anna, "tisch beenden", grund="x" * 2000)
    assert "`grund` darf höchstens 200 Zeichen" in private_answer(long, table.anna).content
    paused = await forged(table, table.anna, "tisch pause", grund="y" * 201)
    assert "`grund` darf höchstens 200 Zeichen" in private_answer(paused, table.anna).content
    acted = await forged(table, table.anna, "v6 vertreten", spieler=table.ben, aktion="passen")
    assert "`aktion` kennt nur" in private_answer(acted, table.anna).content
    outcome = service.tables.current(game_id)
    assert (outcome.status, outcome.version) == ("open", version)
    assert service.clocks.of(game_id) == clock
    assert state_of(table) == before
    assert not any(outcome.seed and outcome.seed in m.text() for m in table.public())


@pytest.mark.parametrize("locale", ["de", "en"])
async def test_ending_a_table_with_the_longest_reason_reveals_the_whole_seed(
    table: Table, locale: str
) -> None:
    assert table.bot is not None
    table.bot.service.directory.set_guild_locale(table.guild.id, locale)
    table.anna.locale = locale  # the refusal at the end is hers alone
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    game_id = table.bot.service.tables.find(table.channel.id, None)
    assert game_id is not None
    reason = "Grund " * 33 + "xy"  # 200 characters, what Discord allows
    assert len(reason) == 200
    ended = await table.slash(table.anna, "tisch beenden", grund=reason)
    message = ended.message
    assert message.visibility == "public" and len(message.content) <= 2000
    seed = table.bot.service.tables.current(game_id).seed
    assert seed and message.content.endswith(f"`{seed}`") and reason in message.content
    wrong = await forged(table, table.anna, "tisch beenden", grund="x" * 2000)
    option = t("cmd.option.grund", locale)  # as her Discord names it: "reason" in English
    assert private_answer(wrong, table.anna).content == t(
        "ui.option.too_long", locale, option=option, high=200, length=2000
    )


# --- handlers that fail are still answered -------------------------------------------


async def test_a_refusal_raised_by_a_handler_is_answered_privately(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.anna.permissions |= MANAGE_GUILD
    assert table.bot is not None
    table.bot.service.directory.set_guild_locale(table.guild.id, "en")
    table.anna.locale = "en-US"

    async def refused(*args: object, **kwargs: object) -> None:
        raise IllegalAction("tour.group_size", low=2, high=6)

    monkeypatch.setattr(table.bot.service, "create", refused)
    answer = await table.slash(table.anna, "turnier erstellen", name="Herbst")
    assert private_answer(answer, table.anna).content == "Groups have 2 to 6 players."
    assert table.public() == []


async def test_a_handler_that_breaks_gets_the_apology_and_a_log_line(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table.anna.permissions |= MANAGE_GUILD
    assert table.bot is not None

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(table.bot.service, "create", broken)
    with caplog.at_level(logging.ERROR, "cogs.errors"):
        answer = await table.slash(table.anna, "turnier erstellen", name="Herbst")
    assert private_answer(answer, table.anna).content == t("ui.error", "de")
    assert table.public() == []
    (record,) = [r for r in caplog.records if r.name == "cogs.errors"]
    assert "/turnier erstellen" in record.getMessage()
    assert record.exc_info is not None and "database on fire" in str(record.exc_info[1])


async def test_a_handler_that_breaks_after_answering_adds_a_private_followup(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.anna.permissions |= MANAGE_GUILD
    assert table.bot is not None

    def broken(*args: object) -> None:
        raise RuntimeError("lost the message id")

    monkeypatch.setattr(table.bot.service.tables, "set_message", broken)
    answer = await table.slash(table.anna, "turnier erstellen", name="Herbst")
    assert answer.message.visibility == "public"  # the registration was posted
    (followup,) = await answer.wait_followup()
    assert followup.visibility == "ephemeral" and followup.audience == table.anna.id
    assert followup.content == t("ui.error", "de")
