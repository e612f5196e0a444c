"""``/fairness`` through the real bot: games of Die verflixte 6, Flaschenteufel and Dice
Devils played to their end, then the private card's counts (server, player, game) held
against counts this test makes from the logged draws itself (``store.events``), the
histogram's alt text with the same numbers; and the refusals: nothing to count, too few
dice for a test, asked in DMs."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.plugins import GAMES
from loopback.entities import Interaction, Message, User
from tests.e2e.test_e2e_statistik import play_dd, play_ft, play_v6
from tests.helpers.e2e_table import Table

Counts = Counter[tuple[int, int]]


def german(value: float, *, sign: bool = False) -> str:
    """One decimal, the German way (6,5; with ``sign``: +2,0, −2,0, ±0,0)."""
    value = round(value, 1) + 0.0
    text = f"{abs(value):.1f}".replace(".", ",")
    if not sign:
        return text
    return ("±" if value == 0 else "+" if value > 0 else "\u2212") + text


def logged(table: Table, kind: str | None = None, player: User | None = None) -> Counts:
    """(sides, face) -> count of the finished games' draws on the server, as this test
    reads them from the log: of one kind, of one player's actions, if asked."""
    store = table.bot.service.store  # type: ignore[union-attr]
    counted: Counts = Counter()
    for each in [kind] if kind else GAMES:
        for game in store.games_in_guild(each, table.guild.id, 1000):
            if game.status != "finished" or game.id is None:
                continue
            for row in store.events(game.id):
                if player is None or row.actor == str(player.id):
                    counted.update((int(d["sides"]), int(d["value"])) for d in row.draws)
    return counted


def face_lines(counts: Counts) -> list[str]:
    """The card's line of each face of the six-sided dice."""
    dice = [counts[6, face] for face in range(1, 7)]
    expected = sum(dice) / 6
    return [
        f"{face}: {count}× · erwartet {german(expected)} · {german(count - expected, sign=True)}"
        for face, count in enumerate(dice, start=1)
    ]


def statistic(counts: Counts) -> str:
    dice = [counts[6, face] for face in range(1, 7)]
    expected = sum(dice) / 6
    value = sum((count - expected) ** 2 / expected for count in dice)
    return f"χ² = {round(value, 2):g}".replace(".", ",") + " · Freiheitsgrade: 5 · p "


def other_draws(counts: Counts) -> int:
    return sum(n for (sides, _), n in counts.items() if sides not in (1, 6))


def shown_others(card: Message) -> int:
    """The other draws the card counts: tested and left out (or too few, all of them)."""
    found = re.findall(r"(?:Ziehungen|Nicht getestet|Ziehungen bisher): ([\d.]+)", card.text())
    return sum(int(number.replace(".", "")) for number in found)


def lines_of(message: Message) -> list[str]:
    return [line.strip() for line in message.text().splitlines()]


def private_card(answer: Interaction, user: User) -> Message:
    message = answer.message
    assert message is not None and message.visibility == "ephemeral"
    assert message.audience == user.id
    return message


async def play_games(table: Table) -> None:
    """Two Durchgänge of Die verflixte 6 on scripted dice, then a Flaschenteufel and a Dice
    Devils game on the audited RNG."""
    table.dice.d6_only = True
    table.dice.add(3, 4, 5, 6, 1)  # Anna 3, weiter 4; Ben 5, weiter 6 (bust); Cem 1
    await play_v6(table, [table.anna, table.ben, table.cem])
    table.dice.add(2, 6, 3, 2)  # Ben 2, weiter 6 (bust); Anna 3, weiter 2
    await play_v6(table, [table.ben, table.anna])
    assert table.dice.queue == []
    await play_ft(table)
    await play_dd(table)


@pytest.mark.slow
async def test_fairness_shows_the_logged_draws(table: Table) -> None:
    await play_games(table)
    everything = logged(table)
    assert sum(n for (sides, _), n in everything.items() if sides == 6) >= 30

    card = private_card(await table.slash(table.anna, "fairness"), table.anna)
    lines = lines_of(card)
    assert "Alle Würfel aus beendeten Partien auf diesem Server." in lines
    for line in face_lines(everything):
        assert line in lines, (line, lines)
    assert statistic(everything) in card.text()
    assert any(line.startswith("Wären die Würfel fair") for line in lines)
    assert shown_others(card) == other_draws(everything) > 0
    assert "`/verify spiel`" in card.text()
    [(name, alt)] = card.shown_media()
    assert name == "fairness.png"
    dice = [everything[6, face] for face in range(1, 7)]
    assert alt == (
        "Ziehungen von 1 bis 6 nach Augenzahl: "
        + "; ".join(f"{face}: {count}" for face, count in enumerate(dice, start=1))
        + f"; erwartet: {german(sum(dice) / 6)}"
    )

    bens = logged(table, player=table.ben)
    of_ben = private_card(await table.slash(table.anna, "fairness", spieler=table.ben), table.anna)
    lines = lines_of(of_ben)
    assert (  # not "his rolls": in Dice Devils his click rolls the others' cups too
        f"Alle Würfel und Ziehungen, die Züge von <@{table.ben.id}> ausgelöst haben, aus "
        "beendeten Partien auf diesem Server – auch Würfel anderer Spieler, wenn ein solcher "
        "Zug sie warf."
    ) in lines
    for line in face_lines(bens):
        assert line in lines, (line, lines)
    assert bens != everything

    v6_cem = logged(table, "verflixte6", table.cem)
    answer = await table.slash(table.cem, "fairness", spieler=table.cem, spiel="verflixte6")
    lines = lines_of(private_card(answer, table.cem))
    for line in face_lines(v6_cem):
        assert line in lines, (line, lines)
    assert "Ziehungen von 1 bis 6 bisher: 1. Zu wenige" in " ".join(lines)  # Cem's 1

    ft = logged(table, "flaschenteufel")
    answer = await table.slash(table.ben, "fairness", spiel="flaschenteufel")
    ft_card = private_card(answer, table.ben)
    for line in face_lines(ft):  # a deal's Fisher–Yates step among six cards draws 1 to 6
        assert line in lines_of(ft_card), (line, lines_of(ft_card))
    assert shown_others(ft_card) == other_draws(ft) > 0

    english = table.fake.add_user("Eve", guild=table.guild, locale="en-US")
    answer = await table.slash(english, "fairness", spiel="verflixte6")
    text = private_card(answer, english).text()
    v6 = logged(table, "verflixte6")
    assert "Every die rolled in the finished games of Die verflixte 6 on this server." in text
    assert f"1: {v6[6, 1]}× · expected" in text and "`/verify game`" in text


async def test_fairness_refuses_what_it_cannot_count(table: Table) -> None:
    nothing = await table.slash(table.anna, "fairness")
    assert private_card(nothing, table.anna).text() == (
        "Auf diesem Server gibt es noch keine Würfe zu zählen: Es zählen nur beendete Partien."
    )
    table.dice.d6_only = True
    table.dice.add(3, 6, 4, 6)
    await play_v6(table, [table.anna, table.ben])
    few = private_card(await table.slash(table.anna, "fairness"), table.anna)
    assert (
        "Ziehungen von 1 bis 6 bisher: 4. Zu wenige für einen aussagekräftigen Test" in few.text()
    )
    assert (
        "p = " not in few.text()
        and "p < " not in few.text()
        and "Wären die Würfel fair" not in few.text()
    )
    assert "3: 1× · erwartet 0,7 · +0,3" in lines_of(few)
    assert few.pictures() == ["fairness.png"]  # the counts as a histogram all the same

    no_game = await table.slash(table.anna, "fairness", spiel="dicedevils")
    assert private_card(no_game, table.anna).text() == (
        "Auf diesem Server ist noch keine Partie „Dice Devils“ beendet: Es zählen nur beendete "
        "Partien."
    )
    no_player = await table.slash(table.anna, "fairness", spieler=table.cem)
    assert private_card(no_player, table.anna).text() == (
        f"<@{table.cem.id}> hat auf diesem Server noch in keiner beendeten Partie gewürfelt "
        "oder gezogen."
    )
    english = table.fake.add_user("Eve", guild=table.guild, locale="en-US")
    neither = await table.slash(english, "fairness", spieler=table.cem, spiel="verflixte6")
    assert private_card(neither, english).text() == (
        f"<@{table.cem.id}> has not rolled or drawn in a finished game of Die verflixte 6 on "
        "this server yet."
    )

    assert table.bot is not None
    await table.bot.tree.sync()  # the bot's commands as a server without a dev guild has them
    dm = table.fake.dm_channel(table.ben)
    in_dm = await table.fake.slash(table.ben, dm, "fairness")
    await table.settled()
    assert in_dm.message is not None and in_dm.message.audience == table.ben.id
    assert in_dm.message.text().startswith("Der Fairness-Bericht zählt die Würfel eines Servers")
