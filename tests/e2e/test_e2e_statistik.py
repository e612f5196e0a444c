"""``/statistik`` through the real bot: two games of Die verflixte 6, one of Teufel,
Flaschenteufel and Dice Devils played to their end, then the private card's numbers held
against numbers this test reads from the log itself (``store.events``), and the refusals:
in DMs, a player or a game without a finished game."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from sqlmodel import select

from bot.store import GameResult, GameRow
from loopback import bot_running
from loopback.entities import Message, User
from tests.helpers.e2e_play import (
    bet,
    play_out_dicedevils,
    play_out_flaschenteufel,
    play_thread,
    tournament,
)
from tests.helpers.e2e_table import Table


def german(value: float) -> str:
    """One decimal, the German way (6,5; −2,0)."""
    return f"{round(value, 1) + 0.0:.1f}".replace(".", ",").replace("-", "\u2212")


def log(table: Table, game_id: int) -> list[dict[str, Any]]:
    store = table.bot.service.store  # type: ignore[union-attr]
    return [event for row in store.events(game_id) for event in row.events]


def game_id(table: Table, kind: str) -> int:
    found = table.bot.service.tables.find(table.channel.id, None, kind)  # type: ignore[union-attr]
    assert found is not None
    return int(found)


async def play_v6(table: Table, players: list[User], toertchen: User | None = None) -> int:
    """One Durchgang: each player takes his turn (Jules Törtchen for ``toertchen``), one
    ``weiter`` for the first two players, then ``stopp`` unless a 6 ended it."""
    await table.open_and_start(*players)
    game = game_id(table, "verflixte6")
    service = table.bot.service  # type: ignore[union-attr]
    for index, player in enumerate(players):
        await table.start_turn(player, *(["toertchen"] if player is toertchen else []))
        if index < 2:
            await table.press(player, "weiter")
        if not service.tables.current(game).finished and player.id in [
            int(p) for p in service.tables.current(game).to_act
        ]:
            await table.press(player, "stopp")
    assert service.tables.current(game).finished
    return game


async def play_teufel(table: Table) -> int:
    """Two rounds to 1600: everyone bets all he may, the starter pulls the two 100s (then
    75, 75, 75 and five 50s), Ben meets a devil in round 1, the others stop at once."""
    table.dice.d6_only = False  # the starter's roll and every tile scripted
    table.dice.add(1, 1, 1, 46, *([1] * 8))  # Anna starts; 100, 100; a devil; 475 of coal
    game = await open_for_three(table, "teufel tisch", "teufel")
    service = table.bot.service  # type: ignore[union-attr]
    users = {str(u.id): u for u in (table.anna, table.ben, table.cem)}
    for amount, starter, draws in (("200", table.anna, 2), ("470", table.ben, 8)):
        for user in users.values():
            await bet(table, user, amount)
        for _ in range(draws):
            await table.press(starter, "draw")
        if starter is table.anna:
            await table.press(starter, "stopp")
            await table.press(table.ben, "draw")  # the devil
            await table.press(table.cem, "stopp")
        else:
            await table.press(starter, "stopp")
            for user in (table.cem, table.anna):
                await table.press(user, "stopp")
    assert service.tables.current(game).finished and table.dice.queue == []
    table.dice.d6_only = True
    return game


async def open_for_three(table: Table, command: str, kind: str, **options: object) -> int:
    """``/command`` by Anna, Ben and Cem join, Anna starts; the table's game id."""
    opened = await table.slash(table.anna, command, **options)
    for user in (table.ben, table.cem):
        await table.press(user, "join", opened.message)
    await table.press(table.anna, "start", opened.message)
    return game_id(table, kind)


async def play_ft(table: Table) -> int:
    game = await open_for_three(
        table, "flaschenteufel tisch", "flaschenteufel", variante="standard", haende=1
    )
    users = {u.id: u for u in (table.anna, table.ben, table.cem)}
    await play_out_flaschenteufel(table, users)
    return game


async def play_dd(table: Table) -> int:
    game = await open_for_three(table, "dicedevils tisch", "dicedevils")
    await play_out_dicedevils(table, {u.id: u for u in (table.anna, table.ben, table.cem)})
    return game


def results(table: Table) -> list[int]:
    """The games the history has folded."""
    store = table.bot.service.store  # type: ignore[union-attr]
    with store._session() as session:
        return list(session.exec(select(GameResult.game_id)))


def lines_of(message: Message) -> list[str]:
    return [line.strip() for line in message.text().splitlines()]


def v6_expected(table: Table, games: list[int], player: str) -> list[str]:
    """Die verflixte 6's lines for ``player`` as this test reads the logs."""
    won = places = durchgaenge = eyes = turns = sixes = stechen = stechen_won = 0
    toertchen_chosen = toertchen_eyes = 0
    for game in games:
        events = log(table, game)
        table_ = next(e for e in events if e["type"] == "abend_end")["table"]
        mine = next(line for line in table_ if line["player"] == player)
        better = [
            line
            for line in table_
            if (line["points"], line["eyes"]) > (mine["points"], mine["eyes"])
        ]
        places += len(better) + 1
        won += not better
        for event in events:
            if event["type"] == "durchgang_end":
                durchgaenge += 1
                eyes += event["eyes"][player]
            turns += event["type"] == "turn" and event["player"] == player
            sixes += event["type"] == "bust" and event["player"] == player
            if event["type"] == "stechen" and player in event["rolls"][0]:
                stechen += 1
                stechen_won += event["winner"] == player
            if event.get("player") == player and event["type"] == "jokers":
                toertchen_chosen += "toertchen" in event["jokers"]
            if event.get("player") == player and event["type"] == "toertchen":
                toertchen_eyes += event["change"]
    count = len(games)
    lines = [
        f"{count} Spiele, {won} gewonnen, im Schnitt Platz {german(places / count)}",
        f"{german(eyes / durchgaenge)} Augen je Durchgang ({durchgaenge} Durchgänge)",
        f"Von der verflixten 6 beendet: {sixes} von {turns} Zügen "
        f"({german(100 * sixes / turns)}\u00a0%)",
    ]
    if stechen:
        lines.append(f"Stechen gewonnen: {stechen_won} von {stechen}")
    if toertchen_chosen:
        average = toertchen_eyes / toertchen_chosen
        lines.append(f"- Jules Törtchen: {toertchen_chosen}×, +{german(average)}")
    return lines


def place_of(scores: dict[str, int], player: str) -> int:
    return 1 + sum(1 for score in scores.values() if score > scores[player])


@pytest.mark.slow
async def test_statistik_shows_what_the_log_holds(table: Table) -> None:
    anna, ben = str(table.anna.id), str(table.ben.id)
    table.dice.d6_only = True
    # V6 1: Anna Freiwurf 3, weiter 4 (+1 Törtchen), stopp: 8; Ben Freiwurf 2, weiter 6: bust.
    table.dice.add(3, 4, 2, 6)
    first = await play_v6(table, [table.anna, table.ben], toertchen=table.anna)
    # V6 2: Anna 5 and weiter 2; Ben 5 and weiter 2; Cem 2: Anna and Ben tie, Stechen 6:1.
    table.dice.add(5, 2, 5, 2, 2, 6, 1)
    second = await play_v6(table, [table.anna, table.ben, table.cem])
    assert table.dice.queue == []
    teufel = await play_teufel(table)
    ft = await play_ft(table)
    dd = await play_dd(table)

    answer = await table.slash(table.anna, "statistik")
    card = answer.message
    assert card.visibility == "ephemeral" and card.audience == table.anna.id
    lines = lines_of(card)
    assert f"<@{anna}> auf diesem Server, aus dem Protokoll jedes beendeten Spiels." in lines
    for line in v6_expected(table, [first, second], anna):
        assert line in lines, (line, lines)
    assert "Jules Törtchen" in card.text() and "Stechen gewonnen: 1 von 1" in lines

    events = log(table, teufel)
    end = next(e for e in events if e["type"] == "game_end")
    bets = [e["bets"][anna] for e in events if e["type"] == "bets"]
    assert (
        f"1 Spiel, 1 gewonnen, im Schnitt Platz {german(place_of(end['balances'], anna))}" in lines
    )
    assert f"Einsatz im Schnitt: {german(sum(bets) / len(bets))} ({len(bets)} Runden)" in lines
    assert "Teufel getroffen: 0" in lines

    events = log(table, ft)
    hands = [e for e in events if e["type"] == "hand_end"]
    tricks = sum(1 for e in events if e["type"] == "trick" and e["winner"] == anna)
    points = sum(h["scores"][anna] for h in hands)
    totals = hands[-1]["totals"]
    won = int(place_of(totals, anna) == 1)
    assert f"1 Spiel, {won} gewonnen, im Schnitt Platz {german(place_of(totals, anna))}" in lines
    assert f"Stiche: {tricks} ({german(tricks / len(hands))} je Hand)" in lines
    assert (
        f"Punkte: {points} ({german(points / len(hands))} je Hand)".replace("-", "\u2212") in lines
    )
    bottle = sum(h["owner"] == anna for h in hands)
    assert f"Mit der Flasche sitzen geblieben: {bottle} von 1 Hand" in lines

    events = log(table, dd)
    fights, fights_won, items, fighting = 0, 0, Counter[str](), False
    for event in events:
        if event["type"] == "fight":
            fights += anna in event["fighters"]
            fighting = True
        elif event["type"] == "take":
            items[event["player"]] += 1
            fights_won += fighting and event["player"] == anna
            fighting = False
        elif event["type"] == "steal":
            items[event["player"]] += 1
            items[event["from"]] -= 1
    end = next(e for e in events if e["type"] == "game_end")
    assert f"Gegenstände: {items[anna]} ({german(items[anna])} je Spiel)" in lines
    assert f"Würfelkämpfe gewonnen: {fights_won} von {fights}" in lines
    assert f"Punkte im Schnitt: {german(end['points'][anna])}" in lines
    assert (f"1 Spiel, {int(end['winner'] == anna)} gewonnen") in card.text()

    # Ben's, asked by Anna, for one game: Ben met the devil; the other games are not shown.
    of_ben = await table.slash(table.anna, "statistik", spieler=table.ben, spiel="teufel")
    text = of_ben.message.text()
    assert of_ben.message.visibility == "ephemeral" and f"<@{ben}>" in text
    assert "Teufel getroffen: 1" in text and "Augen je Durchgang" not in text


async def test_statistik_refuses_dms_and_players_without_games(table: Table) -> None:
    nobody = await table.slash(table.anna, "statistik", spieler=table.ben)
    assert nobody.message.visibility == "ephemeral"
    assert (
        nobody.message.text() == f"<@{table.ben.id}> hat auf diesem Server noch kein Spiel beendet."
    )
    table.dice.add(3, 6, 4, 6)
    await play_v6(table, [table.anna, table.ben])
    no_game = await table.slash(table.anna, "statistik", spiel="dicedevils")
    assert no_game.message.text() == (
        f"<@{table.anna.id}> hat auf diesem Server noch keine Partie „Dice Devils“ beendet."
    )
    english = table.fake.add_user("Eve", guild=table.guild, locale="en-US")
    none = await table.slash(english, "statistik")
    assert none.message.text() == f"<@{english.id}> has not finished a game on this server yet."

    assert table.bot is not None
    await table.bot.tree.sync()  # the bot's commands as a server without a dev guild has them
    dm = table.fake.dm_channel(table.ben)
    in_dm = await table.fake.slash(table.ben, dm, "statistik")
    await table.settled()
    assert in_dm.message is not None
    assert in_dm.message.audience == table.ben.id  # his DM with the bot, nobody else's
    assert "Statistiken werden je Server geführt" in in_dm.message.text()


async def test_a_game_a_crash_left_unfolded_counts_after_the_restart(table: Table) -> None:
    assert table.bot is not None
    table.bot.service.finished_listeners = []  # the process dies between the action and the fold
    table.dice.add(3, 2, 4, 6)  # Anna 3 + 2, stopp; Ben 4, then a 6
    game = await play_v6(table, [table.anna, table.ben])
    assert results(table) == []
    await table.bot.close()
    restarted = table.new_bot()
    async with bot_running(table.fake, restarted):
        table.bot = restarted
        assert results(table) == [game]  # folded as the bot started
        answer = await table.slash(table.anna, "statistik")
        assert "1 Spiel, 1 gewonnen, im Schnitt Platz 1,0" in lines_of(answer.message)


async def test_a_tournament_shows_its_title_and_finale_places(table: Table) -> None:
    _, users = await tournament(table, players=6)
    for thread in table.fake.threads(table.channel):
        await play_thread(table, thread, users)
    finale = [c for c in table.fake.threads(table.channel) if "Finale" in c.name]
    await play_thread(table, finale[0], users)
    service = table.bot.service  # type: ignore[union-attr]
    with service.store._session() as session:
        tournament_id = session.exec(select(GameRow.id).where(GameRow.kind == "turnier")).one()
    assert tournament_id is not None
    assert service.tables.current(tournament_id).finished
    events = log(table, tournament_id)
    champion = [e["player"] for e in events if e["type"] == "champion"][-1]
    finale_table = [e["table"] for e in events if e["type"] == "group_table"][-1]
    for place, line in enumerate(finale_table, start=1):
        user = users[int(line["player"])]
        answer = await table.slash(table.anna, "statistik", spieler=user, spiel="verflixte6")
        lines = lines_of(answer.message)
        titles = int(line["player"] == champion)
        assert f"1 Turnier, {titles}× Turniersieger" in lines, lines
        assert f"Im Finale: 1× – 1× Platz {place}" in lines, lines
    out = next(str(u) for u in users if str(u) not in {line["player"] for line in finale_table})
    answer = await table.slash(table.anna, "statistik", spieler=users[int(out)])
    assert "**Turniere** · 1 Turnier, 0× Turniersieger" in lines_of(answer.message)
    assert "Im Finale" not in answer.message.text()
