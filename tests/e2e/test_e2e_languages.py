"""Whose language: the channel reads the server's; what only one player reads (a refusal, a
prompt, his cup by DM) his own Discord's where a catalogue speaks it; ``/sprache`` offers
every catalogue."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.play.directory import Directory
from loopback.entities import Message, User, iter_components
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan

MANAGE_SERVER = 1 << 5


def dms(table: Table, user: User) -> list[str]:
    return [m.text() for m in table.fake.private_messages(user) if m.visibility == "dm"]


def public_text(table: Table) -> str:
    return "\n".join(m.text() for m in table.public())


async def test_an_english_player_at_a_german_table(table: Table, leaks: LeakScan) -> None:
    table.dice.d6_only = True
    table.ben.locale = "en-US"
    opened = await table.slash(table.anna, "dicedevils tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.cem, "join", opened.message)
    twice = await table.press(table.ben, "join", opened.message)
    assert twice.message.visibility == "ephemeral"
    assert twice.message.content == t("lobby.already_joined", "en")  # his refusal: English
    twice = await table.press(table.cem, "join", opened.message)
    assert twice.message.content == t("lobby.already_joined", "de")  # hers: German
    await table.press(table.anna, "start", opened.message)
    assert any(text.startswith("Your cup") for text in dms(table, table.ben))
    assert any(text.startswith("Dein Becher") for text in dms(table, table.anna))
    cup = await table.press(table.ben, "cup")
    assert cup.message.visibility == "ephemeral" and cup.message.text().startswith("Your cup")
    shown = public_text(table)
    assert t("game.name.dicedevils", "de") in shown and "Your cup" not in shown
    assert "Round" not in shown  # the table stays German for everyone


async def test_a_player_whose_language_has_no_catalogue_reads_the_servers(table: Table) -> None:
    table.ben.locale = "pl"
    opened = await table.slash(table.anna, "v6 tisch")
    await table.press(table.ben, "join", opened.message)
    twice = await table.press(table.ben, "join", opened.message)
    assert twice.message.content == t("lobby.already_joined", "de")


async def test_sprache_offers_french_and_a_french_server_reads_french(table: Table) -> None:
    table.anna.permissions |= MANAGE_SERVER
    switched = await table.slash(table.anna, "sprache", sprache="fr")
    assert switched.message.content == t("ui.language.set", "fr")
    opened = await table.slash(table.anna, "v6 tisch")
    lobby: Message = opened.message
    assert lobby.visibility == "public"
    labels = [str(c.get("label")) for c in iter_components(lobby.components)]
    assert t("ui.button.join", "fr") in labels and t("ui.button.join", "de") not in labels
    table.cem.locale = "de"  # a German player on the French server: his refusal in German
    await table.press(table.cem, "join", lobby)
    twice = await table.press(table.cem, "join", lobby)
    assert twice.message.content == t("lobby.already_joined", "de")
    table.ben.locale = "fr"
    await table.press(table.ben, "join", lobby)
    twice = await table.press(table.ben, "join", lobby)
    assert twice.message.content == t("lobby.already_joined", "fr")


async def test_a_players_language_is_remembered_for_his_dms_after_a_restart(
    table: Table,
) -> None:
    table.ben.locale = "en-GB"
    opened = await table.slash(table.anna, "v6 tisch")
    await table.press(table.ben, "join", opened.message)
    assert table.bot is not None
    fresh = Directory(table.bot.service.store)  # what a restarted bot reads
    assert fresh.reader_locale(str(table.ben.id), "de") == "en"
    assert fresh.reader_locale(str(table.anna.id), "fr") == "de"  # her Discord: German
    assert fresh.reader_locale("123", "fr") == "fr"  # never seen: the table's


def _options(commands: list[dict[str, Any]], path: str = "") -> dict[str, dict[str, Any]]:
    """Every option of every command, by "command path option" (``tisch uhr minuten``)."""
    found: dict[str, dict[str, Any]] = {}
    for command in commands:
        where = f"{path} {command['name']}".strip()
        options = command.get("options") or []
        if options and options[0]["type"] in (1, 2):  # sub-commands or groups
            found.update(_options(options, where))
        else:
            found.update({f"{where} {o['name']}": o for o in options})
    return found


async def test_options_and_their_choices_are_named_in_each_language(table: Table) -> None:
    """Option names come from the catalogues too (Discord shows them in the client's
    language and sends the German base name back): every option has an English and a
    French name Discord takes, and a choice such as ``regel`` reads "rule"."""
    options = _options(table.fake.commands(table.guild))
    assert len(options) > 30
    for where, option in options.items():
        names = option.get("name_localizations") or {}
        assert names.get("en-US") == t(f"cmd.option.{option['name']}", "en"), where
        assert names.get("fr") == t(f"cmd.option.{option['name']}", "fr"), where
    clock = options["tisch uhr zeitablauf"]
    rule = next(c for c in clock["choices"] if c["value"] == "regel")
    assert rule["name_localizations"]["en-GB"] == "rule"
    game = next(c for c in options["hilfe spiel"]["choices"] if c["value"] == "teufel")
    assert "name_localizations" not in game  # a game's name reads the same everywhere
    assert options["tisch uhr minuten"]["name_localizations"]["en-US"] == "minutes"


async def test_files_are_named_in_their_readers_language(table: Table) -> None:
    """A hand by DM comes as cards.png to an English player, karten.png to a German one;
    the table's own pictures are named in the table's language."""
    table.ben.locale = "en-US"
    table.dice.d6_only = True  # the deck is shuffled by the audited RNG
    opened = await table.slash(table.anna, "flaschenteufel tisch", haende=1)
    await table.press(table.ben, "join", opened.message)
    await table.press(table.cem, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    for user, name in ((table.ben, "cards.png"), (table.anna, "karten.png")):
        hands = [m for m in table.fake.private_messages(user) if m.visibility == "dm"]
        assert hands and all(m.attachments == [name] for m in hands)
    mine = await table.press(table.ben, "mycards")
    assert mine.message.attachments == ["cards.png"]
