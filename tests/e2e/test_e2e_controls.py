"""Every control is answered: ids from an older bot, forms opened before a restart."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction
from cogs.pipeline.replies import refusal_text
from loopback import bot_running
from loopback.entities import iter_components
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table


async def test_a_control_whose_id_no_game_reads_is_answered_privately(table: Table) -> None:
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    message = opened.message
    join = next(
        c for c in iter_components(message.components) if click_of(c["custom_id"]).verb == "join"
    )
    join["custom_id"] = "v6b:1:2:Beitreten"  # as an older version of the bot might have written
    before = message.text()
    click = await table.fake.click(table.ben, message, "v6b:1:2:Beitreten")
    await table.settled()
    assert click.response_type == 4 and click.message is not None
    assert click.message.visibility == "ephemeral"
    assert "veraltet" in click.message.content
    assert message.text() == before


async def test_a_bet_form_opened_before_a_restart_is_answered_after_it(table: Table) -> None:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    form = await table.press(table.anna, "bet")
    assert form.response_type == 9 and form.modal is not None
    assert click_of(form.modal["custom_id"]).prefix == "tfm"
    assert table.bot is not None
    await table.bot.close()
    restarted = table.new_bot()
    async with bot_running(table.fake, restarted):
        table.bot = restarted
        submitted = await table.fake.submit_modal(table.anna, form, {"amount": "40"})
        await table.settled()
        assert submitted.message is not None and "Gesetzt: 40" in submitted.message.text()
        assert "Anna hat gesetzt" in table.table_message().text() or "gesetzt ✓" in (
            table.table_message().text()
        )
        again = await table.fake.submit_modal(table.anna, form, {"amount": "20"})
        await table.settled()
        assert again.message is not None and "schon gesetzt" in again.message.content


async def test_a_dm_that_fails_otherwise_than_closed_still_redraws_the_table(
    table: Table,
) -> None:
    """The round's balances go by DM; Discord answers 404 to opening one of the DMs. The
    round still ends with the next round's table (with its buttons) and a pointer to the
    account button, as for closed DMs."""
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "teufel tisch")
    await table.press(table.ben, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    for user in (table.anna, table.ben):
        form = await table.press(user, "bet")
        await table.fake.submit_modal(user, form, {"amount": "0"})
        await table.settled()
    table.fake.fail_next("POST", r"^/users/@me/channels$", status=404)
    for _ in range(20):
        live = table.table_message()
        if "Runde 2" in live.text():
            break
        turn = next(u for u in (table.anna, table.ben) if f"<@{u.id}> ist am Ofen" in live.text())
        await table.press(turn, "stopp")
    apology = [m for m in table.fake.rest_log if "schiefgegangen" in str(m.json)]
    assert apology == []
    assert "Runde 2" in table.table_message().text()
    assert any(click_of(c).verb == "bet" for c in table.table_message().custom_ids())
    pointers = [m for m in table.public() if "Konto" in m.text() and "DM" in m.text()]
    assert len(pointers) == 1


async def test_the_table_tools_leave_a_tournament_beside_them_alone(table: Table) -> None:
    table.anna.permissions |= 1 << 5  # Manage Server
    created = await table.slash(table.anna, "turnier erstellen", name="Herbst")
    ended = await table.slash(table.anna, "tisch beenden", grund="aus Versehen")
    assert ended.message.visibility == "ephemeral"
    assert "an keinem offenen Tisch" in ended.message.content
    joined = await table.press(table.ben, "register", created.message)
    assert joined.response_type == 7  # the registration is still open


async def test_a_paused_casual_table_names_who_resumes_and_a_clock_only_if_one_runs(
    table: Table,
) -> None:
    """No Turnierleitung at a casual table: its opener (or an admin) resumes it; the turn
    clock is mentioned only while one runs."""
    table.dice.add(3)
    await table.open_and_start(table.anna, table.ben)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    paused = await table.slash(table.anna, "tisch pause")
    assert paused.message.content == "⏸️ Der Tisch ist pausiert; die Zugzeit steht still."
    resumed = await table.slash(table.anna, "tisch fortsetzen")
    assert "die Zugzeit läuft mit der Restzeit weiter" in resumed.message.content
    await table.slash(table.anna, "tisch uhr", minuten=0)
    paused = await table.slash(table.anna, "tisch pause")
    assert paused.message.content == "⏸️ Der Tisch ist pausiert."
    await table.slash(table.anna, "tisch fortsetzen")
    paused = await table.slash(table.anna, "tisch pause", grund="Pizza")
    assert paused.message.content == "⏸️ Der Tisch ist pausiert (Grund: Pizza)."
    player = service.tables.current(game).to_act[0]
    with pytest.raises(IllegalAction) as refused:
        await service.act(game, player, Action("jokers", {"jokers": []}))
    assert refusal_text(refused.value, "de") == (
        f"Der Tisch ist pausiert – es geht weiter, sobald <@{table.anna.id}> (oder ein Admin) "
        "ihn mit `/tisch fortsetzen` fortsetzt."
    )
    resumed = await table.slash(table.anna, "tisch fortsetzen")
    assert resumed.message.content == "▶️ Weiter geht's."


async def test_unloading_one_game_leaves_the_others_buttons_working(table: Table) -> None:
    """The bot owns the router: a game's extension adds its route when it loads and takes
    it away when it unloads; the listener stays, so the other games' buttons still work."""
    assert table.bot is not None
    v6 = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    teufel = await table.slash(table.anna, "teufel tisch")
    await table.bot.unload_extension("cogs.games.verflixte6")
    await table.press(table.ben, "join", teufel.message)
    assert f"<@{table.ben.id}>" in teufel.message.text()  # Teufel's lobby took Ben in
    before = v6.message.text()
    leftover = await table.press(table.ben, "join", v6.message)
    assert leftover.message is not None and leftover.message.visibility == "ephemeral"
    assert "veraltet" in leftover.message.content and v6.message.text() == before
    await table.bot.load_extension("cogs.games.verflixte6")
    await table.press(table.ben, "join", v6.message)
    assert f"<@{table.ben.id}>" in v6.message.text()
