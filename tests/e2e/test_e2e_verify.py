"""``/verify`` on the loopback Discord: a game played with audited dice checks out, its
export is handed out once it is over, and a changed event row is named."""

from __future__ import annotations

import json

from sqlalchemy import update

from bot.audit import export
from bot.store import EventRow
from tests.helpers.e2e_table import Table


async def test_verify_a_game_played_on_discord(table: Table) -> None:
    commands = {c["name"]: c for c in table.fake.commands(table.guild)}
    subcommands = {o["name"]: o for o in commands["verify"]["options"]}
    assert set(subcommands) == {"spiel", "datei", "export"}
    assert subcommands["spiel"]["name_localizations"]["en-US"] == "game"

    table.dice.d6_only = True  # nothing scripted: every die comes from the audited RNG
    await table.open_and_start(table.anna, table.ben)
    service = table.bot.service  # type: ignore[union-attr]
    game_id = service.tables.latest_in_channel("verflixte6", table.channel.id)
    assert game_id is not None

    running = await table.slash(table.cem, "verify spiel")
    assert running.message.visibility == "public"
    events = len(service.store.events(game_id))
    assert f"Kette aus {events} Ereignissen ist intakt" in running.message.content
    assert "der Seed wird am Ende aufgedeckt" in running.message.content
    early = await table.slash(table.anna, "verify export")
    assert early.message.visibility == "ephemeral" and not early.message.attachments
    assert "sobald das Spiel vorbei ist" in early.message.content

    for player in (table.anna, table.ben):
        await table.start_turn(player)  # the Freiwurf
        await table.press(player, "stopp")
    game = service.store.get(game_id)
    assert game.status == "finished"

    checked = await table.slash(table.cem, "verify spiel", nummer=game_id)
    text = checked.message.content
    rows = service.store.events(game_id)
    draws = sum(len(row.draws) for row in rows)  # a Freiwurf each, a Stechen if they tie
    assert draws >= 2
    assert f"alle {draws} Würfe und Ziehungen stimmen, die Kette aus {len(rows)} Ereign" in text
    assert f"Seed `{game.seed}`" in text and game.head_hash in text
    exported = await table.slash(table.anna, "verify export")
    assert exported.message.visibility == "ephemeral"
    assert exported.message.attachments == [f"spiel-{game_id}.json"]

    with service.store.engine.begin() as connection:  # someone edits the database
        connection.execute(
            update(EventRow.__table__)  # type: ignore[attr-defined]
            .where(EventRow.__table__.c.game_id == game_id, EventRow.__table__.c.seq == 4)  # type: ignore[attr-defined]
            .values(actor=str(table.cem.id))
        )
    forged = await table.slash(table.cem, "verify spiel")
    assert "hält der Prüfung nicht stand" in forged.message.content
    assert "Ereignis 4 wurde verändert" in forged.message.content


async def test_verify_refuses_games_of_other_servers_and_unknown_numbers(table: Table) -> None:
    other = table.fake.add_guild("Anderswo")
    elsewhere = table.fake.add_channel(other, "tisch")
    service = table.bot.service  # type: ignore[union-attr]
    lobby = await service.open_lobby(
        "verflixte6", "4242", guild_id=other.id, channel_id=elsewhere.id
    )
    foreign = lobby.game_id
    for number in (foreign, 999):
        refused = await table.slash(table.anna, "verify spiel", nummer=number)
        assert refused.message.visibility == "ephemeral"
        assert "kein Spiel mit dieser Nummer" in refused.message.content
    empty = await table.slash(table.anna, "verify spiel")  # nothing played here yet
    assert "kein Spiel" in empty.message.content


async def test_verify_an_uploaded_export(table: Table) -> None:
    """``/verify datei``: the file is fetched from its attachment URL as on Discord; the
    answer is private. A true export checks out, a forged one is named, garbage is refused."""
    game_id = await table.play_short(table.anna, table.ben)
    service = table.bot.service  # type: ignore[union-attr]
    document = export.from_store(service.store, game_id)
    true = export.to_json(document).encode()

    checked = await table.slash(table.cem, "verify datei", datei=("spiel.json", true))
    assert checked.message.visibility == "ephemeral"
    events = len(service.store.events(game_id))
    assert f"Kette aus {events} Ereignissen ist intakt" in checked.message.content
    assert table.fake.uploads.fetched == list(table.fake.uploads.files)  # read from its URL

    forged = json.loads(true)
    forged["events"][3]["actor"] = str(table.cem.id)
    answer = await table.slash(
        table.cem, "verify datei", datei=("spiel.json", json.dumps(forged).encode())
    )
    assert answer.message.visibility == "ephemeral"
    assert "hält der Prüfung nicht stand" in answer.message.content
    assert "Ereignis 4 wurde verändert" in answer.message.content

    garbage = await table.slash(table.cem, "verify datei", datei=("bild.png", b"\x89PNG"))
    assert garbage.message.visibility == "ephemeral"
    assert "Das ist kein Croupier-Spielexport" in garbage.message.content
