"""Flaschenteufel on the loopback Discord: private hands and selects, public tricks."""

from __future__ import annotations

import pytest

from tests.helpers.e2e_play import act, choose_first, play_out_flaschenteufel
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan


@pytest.mark.parametrize(
    ("variant", "count"), [("standard", 3), ("standard", 4), ("lopaka", 2), ("glitterhuis", 2)]
)
async def test_a_whole_game(table: Table, leaks: LeakScan, variant: str, count: int) -> None:
    fake = table.fake
    table.dice.d6_only = True  # deals come from the audited RNG
    players = [table.anna, table.ben, table.cem, fake.add_user("Dora", guild=table.guild)][:count]
    fake.set_dms_open(players[-1], False)
    users = {u.id: u for u in players}
    opened = await table.slash(table.anna, "flaschenteufel tisch", variante=variant, haende=1)
    for user in players[1:]:
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    for user in players[:-1]:
        dms = [m for m in fake.private_messages(user) if m.visibility == "dm"]
        assert dms and dms[0].attachments == ["karten.png"]
    assert any(
        "Meine Karten" in m.text() and f"<@{players[-1].id}>" in m.text() for m in table.public()
    )
    mine = await table.press(players[-1], "mycards")
    assert mine.message.visibility == "ephemeral" and mine.message.attachments == ["karten.png"]
    secret = set(
        int(c)
        for c in mine.message.content.replace("\n", ",").split(":")[-1].replace(" ", "").split(",")
        if c.isdigit()
    )
    public_before = " ".join(m.text() for m in table.public())
    for card in secret:
        assert f" {card}," not in public_before and f" {card})" not in public_before
    stranger = fake.add_user("Zoe", guild=table.guild)
    refused = await table.press(stranger, "mycards")
    assert "nicht mit" in refused.message.content
    await play_out_flaschenteufel(table, users)
    ending = [m for m in table.public() if "Spielende" in m.text()]
    assert ending and "Im Teufelsstich" in ending[-1].text()
    assert leaks.checks > 0  # hands, passes and the devil's trick were looked for


async def test_who_has_chosen_is_told_whom_the_table_awaits(table: Table) -> None:
    """Discarding is done by everyone at once: a player who has discarded and presses
    "Am Zug" again learns that he has chosen and who is still awaited, not that it is
    not his turn."""
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "flaschenteufel tisch", haende=1)
    for user in (table.ben, table.cem):
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    await choose_first(table, table.anna, await act(table, table.anna))
    again = await table.press(table.anna, "act")
    assert again.message.visibility == "ephemeral"
    waiting = f"<@{table.ben.id}> und <@{table.cem.id}>"
    assert again.message.content == f"Du hast schon gewählt – es fehlen noch {waiting}."


async def test_a_players_prompt_stays_his_and_plays_with_one_click(table: Table) -> None:
    """Each player keeps the prompt he opened: after each choice it shows his next one, or
    that it will appear there; when his turn comes again it offers his cards at once, so a
    card is played with one click, without "Am Zug" first."""
    table.dice.d6_only = True
    users = {u.id: u for u in (table.anna, table.ben, table.cem)}
    opened = await table.slash(table.anna, "flaschenteufel tisch", haende=1)
    for user in (table.ben, table.cem):
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "flaschenteufel")
    kept = {uid: await act(table, user) for uid, user in users.items()}  # "Am Zug" once
    for _ in range(80):
        outcome = service.tables.current(game)
        if outcome.finished:
            break
        uid = int(outcome.to_act[0])
        prompt = table.fake.messages[kept[uid].id]
        assert prompt.custom_ids(), prompt.text()  # his choice is offered in his prompt
        await choose_first(table, users[uid], prompt)
        after = table.fake.messages[kept[uid].id]
        if not after.custom_ids():
            assert "Sobald du wieder dran bist" in after.text() or "zu Ende" in after.text()
    assert service.tables.current(game).finished  # nobody needed "Am Zug" again
    for uid in users:
        assert "Das Spiel ist zu Ende" in table.fake.messages[kept[uid].id].text()  # at the end


async def test_a_prompt_opened_again_keeps_the_card_chosen_for_the_left(table: Table) -> None:
    """Anna chose the card she passes to the left, then pressed "Meine Wahl …" again: the
    new prompt asks for the right card at once, the left one named; the pass takes both."""
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "flaschenteufel tisch", haende=1)
    for user in (table.ben, table.cem):
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    for user in (table.anna, table.ben, table.cem):  # everybody discards first
        await choose_first(table, user, await act(table, user))
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None, "flaschenteufel")
    assert service.tables.current(game).public["phase"] == "pass"
    first = await act(table, table.anna)
    left = first.rows()[0]["components"][0]["options"][0]["value"]
    answered = await choose_first(table, table.anna, first)
    assert any(":passr:" in c for c in answered.message.custom_ids())
    again = await act(table, table.anna)
    [select] = [c for row in again.rows() for c in row["components"]]
    assert select["custom_id"].endswith(f":passr:{left}"), select["custom_id"]
    assert "(links: " in select["placeholder"]
    assert left not in [o["value"] for o in select["options"]]
    await choose_first(table, table.anna, again)
    await table.settled()
    passes = [e for e in service.records.recent_events(game, None) if e["type"] == "pass"]
    assert passes and passes[-1]["player"] == str(table.anna.id)
