"""Who may do what: host tools only for hosts, a player acts only for himself, a spectator
sees only the public table.

Every refusal is private to the one who tried, and changes nothing: not the game (its version
and log), not the server's settings, not the channel.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import t
from loopback.entities import User
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_play import until_play
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan

MANAGE_GUILD = 1 << 5


def world(table: Table) -> tuple[Any, ...]:
    """What a refusal must leave alone: every game's version and log, settings, the channel."""
    service = table.bot.service  # type: ignore[union-attr]
    store = service.store
    games = []
    for kind in ("verflixte6", "teufel", "flaschenteufel", "dicedevils", "tournament"):
        game = service.tables.latest_in_channel(kind, table.channel.id)
        if game is not None:
            games.append((game, store.get(game).version, len(store.events(game))))
    guild = table.guild.id
    settings = (store.guild_locale(guild), store.croupier_role(guild), store.guild_web_key(guild))
    public = [(m.id, m.edits, m.text()) for m in table.public()]
    return tuple(games), settings, public


async def refused(table: Table, user: User, command: str, **options: Any) -> str:
    before = world(table)
    answer = await table.slash(user, command, **options)
    assert answer.message is not None, command
    assert answer.message.visibility == "ephemeral" and answer.message.audience == user.id
    assert world(table) == before, f"/{command} by a non-host changed something"
    return str(answer.message.content)


HOST_COMMANDS: list[tuple[str, dict[str, Any]]] = [
    ("v6 pause", {"grund": "x"}),
    ("v6 fortsetzen", {}),
    ("v6 vertreten", {"spieler": "anna", "aktion": "ohne_joker", "grund": "x"}),
    ("tisch beenden", {"grund": "x"}),
    ("tisch ersetzen", {"spieler": "anna", "neu": "cem"}),
    ("tisch abwesend", {"spieler": "anna"}),
    ("tisch uhr", {"minuten": 5}),
    ("tisch pause", {}),
    ("tisch fortsetzen", {}),
    ("sprache", {"sprache": "en"}),
    ("croupierrolle", {}),
    ("web", {"zustand": "an"}),
    ("turnier erstellen", {"name": "Herbstcup"}),
]


async def test_every_host_command_is_refused_to_a_player(table: Table) -> None:
    """Ben plays at Anna's table; he neither opened it nor hosts on this server."""
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    users = {"anna": table.anna, "ben": table.ben, "cem": table.cem}
    for command, options in HOST_COMMANDS:
        resolved = {k: users.get(v, v) if isinstance(v, str) else v for k, v in options.items()}
        text = await refused(table, table.ben, command, **resolved)
        casual_tool = command.startswith("tisch ")  # Anna, who opened it, may use these
        assert text == t("ui.table_host_only" if casual_tool else "ui.host_only"), command


TOURNAMENT_TOOLS: list[tuple[str, dict[str, Any]]] = [
    ("turnier ausschliessen", {"spieler": "anna", "grund": "x"}),
    (
        "turnier korrigieren",
        {"gruppe": 1, "spieler": "anna", "punkte": 1, "augen": 1, "grund": "x"},
    ),
    ("turnier weiterkommen", {"spieler": "anna"}),
    ("turnier export", {}),
]


async def test_tournament_tools_are_refused_to_a_participant(table: Table) -> None:
    table.cem.permissions |= MANAGE_GUILD  # Cem runs the tournament
    created = await table.slash(table.cem, "turnier erstellen", name="Herbstcup")
    assert created.message is not None and created.message.visibility == "public"
    for command, options in TOURNAMENT_TOOLS:
        resolved = {k: table.anna if v == "anna" else v for k, v in options.items()}
        text = await refused(table, table.ben, command, **resolved)
        assert text == t("tour.host_only"), command


@pytest.mark.parametrize(
    ("kind", "verb"),
    [("teufel", "draw"), ("flaschenteufel", "act"), ("dicedevils", "place"), ("v6", "begin")],
)
async def test_a_player_cannot_act_in_anothers_turn(
    table: Table, leaks: LeakScan, kind: str, verb: str
) -> None:
    """Whoever is not to act is refused, privately; the actor is always the one who clicked
    (custom ids name the game, version and verb, never a player)."""
    table.dice.d6_only = kind != "v6"
    table.dice.add(3)
    opened = await table.slash(table.anna, f"{kind} tisch")
    for user in (table.ben, table.cem):
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    users = {str(u.id): u for u in (table.anna, table.ben, table.cem)}
    if kind == "flaschenteufel":  # discards are simultaneous: wait for the first trick
        await until_play(table, users)
    if kind == "teufel":  # the oven opens once everybody has bet
        from tests.helpers.e2e_play import bet

        for user in (table.anna, table.ben, table.cem):
            await bet(table, user, "10")
    to_act = set(service.tables.current(game).to_act)
    waiting = next(u for u in (table.anna, table.ben, table.cem) if str(u.id) not in to_act)
    before = world(table)
    answer = await table.press(waiting, verb)
    assert answer.message.visibility == "ephemeral" and answer.message.audience == waiting.id
    assert "nicht am Zug" in answer.message.content
    assert world(table) == before


@pytest.mark.parametrize(
    ("kind", "verbs"),
    [
        ("teufel", ["account", "bet"]),
        ("flaschenteufel", ["mycards", "act"]),
        ("dicedevils", ["cup", "decide", "place"]),
    ],
)
async def test_a_spectator_gets_only_the_public_view(
    table: Table, leaks: LeakScan, kind: str, verbs: list[str]
) -> None:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, f"{kind} tisch")
    await table.press(table.ben, "join", opened.message)
    if kind != "teufel":
        await table.press(table.cem, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    zoe = table.fake.add_user("Zoe", guild=table.guild)
    for verb in verbs:
        custom_ids = table.table_message().custom_ids()
        if not any(click_of(c).verb == verb for c in custom_ids):
            continue
        before = world(table)
        answer = await table.press(zoe, verb)
        assert answer.message.visibility == "ephemeral" and answer.message.audience == zoe.id
        assert answer.message.attachments == []  # no hand or cup picture either
        assert world(table) == before
    seen = table.fake.visible_to(zoe, table.channel)
    assert all(m.visibility == "public" or m.audience == zoe.id for m in seen)
    assert not table.fake.private_messages(zoe) or all(
        m.visibility == "ephemeral" for m in table.fake.private_messages(zoe)
    )  # no DM: she was dealt nothing
    assert leaks.checks > 0  # and nothing she was shown holds a secret (the fixture checks)
