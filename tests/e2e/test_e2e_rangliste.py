"""``/rangliste`` and ``/saison`` through the real bot: games played to their end, then the
leaderboard's numbers held against ratings this test computes itself with OpenSkill from
the places of the finished games in the store."""

from __future__ import annotations

import re
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlmodel import Session, col, select

from bot.history.skill_ratings import PROVISIONAL_GAMES, recompute, table_of
from bot.store.history_rows import ALL_TIME, GameResult
from loopback.entities import Message, User
from tests.helpers.e2e_play import MANAGE_GUILD, play_out_flaschenteufel
from tests.helpers.e2e_table import Table

KIND = "flaschenteufel"


async def play(table: Table, players: list[User]) -> None:
    """A Flaschenteufel game of one hand, played to its end by its first-offered choices."""
    table.dice.d6_only = True  # deals from the audited RNG
    opened = await table.slash(players[0], "flaschenteufel tisch", variante="standard", haende=1)
    for user in players[1:]:
        await table.press(user, "join", opened.message)
    await table.press(players[0], "start", opened.message)
    await play_out_flaschenteufel(table, {u.id: u for u in players})


def results(table: Table) -> list[GameResult]:
    """The finished games' places as the store holds them, in the order they finished."""
    store = table.bot.service.store  # type: ignore[union-attr]
    with Session(store.engine) as session:
        query = (
            select(GameResult)
            .where(GameResult.guild_id == table.guild.id, GameResult.kind == KIND)
            .order_by(col(GameResult.finished_at), col(GameResult.game_id))
        )
        return list(session.exec(query))


def expected(found: list[GameResult]) -> dict[str, tuple[float, int]]:
    """Each player's ordinal and games, rated here with OpenSkill from the places alone."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    games: dict[str, int] = {}
    for result in found:
        players = sorted(result.places)
        teams = [[ratings.get(p, model.rating())] for p in players]
        rated = model.rate(teams, ranks=[result.places[p] for p in players])
        for player, team in zip(players, rated, strict=True):
            ratings[player] = team[0]
            games[player] = games.get(player, 0) + 1
    return {p: (ratings[p].ordinal(), games[p]) for p in ratings}


def german(value: float) -> str:
    shown = f"{round(value, 1) + 0.0:.1f}".replace(".", ",")
    return shown.replace("-", "\u2212")


LINE = re.compile(r"^(?:(\d+)\. )?<@(\d+)> – (?:\*\*)?([−\d,.]+)(?:\*\*)? \((\d+) Spiele?\)$")


def board_lines(message: Message) -> list[tuple[int | None, str, str, int]]:
    """The leaderboard's lines as text: place (None: provisional), player, rating, games."""
    lines = []
    for text in message.text().splitlines():
        found = LINE.match(text.strip())
        if found:
            place, player, rating, games = found.groups()
            lines.append((int(place) if place else None, player, rating, int(games)))
    return lines


async def test_the_leaderboard_shows_what_openskill_makes_of_the_logged_places(
    table: Table,
) -> None:
    dora = table.fake.add_user("Dora", guild=table.guild)
    three = [table.anna, table.ben, table.cem]
    for _ in range(PROVISIONAL_GAMES):
        await play(table, three)
    await play(table, [table.ben, table.anna, dora, table.cem])
    found = results(table)
    assert len(found) == PROVISIONAL_GAMES + 1  # every game was folded in, rated
    assert all(r.rated and len(r.places) >= 3 for r in found)
    want = expected(found)

    shown = await table.slash(table.ben, "rangliste")  # the one game played here: the default
    message = shown.message
    assert message.visibility != "ephemeral"  # a leaderboard is for the channel
    lines = board_lines(message)
    assert [(p, r, g) for _, p, r, g in lines] == [
        (p, german(want[p][0]), want[p][1]) for _, p, _, _ in lines
    ]
    assert {p for _, p, _, _ in lines} == set(want)
    established = [line for line in lines if line[0] is not None]
    assert [p for _, p, _, _ in established] == sorted(
        (str(u.id) for u in three), key=lambda p: -want[p][0]
    )
    assert [place for place, *_ in established] == [1, 2, 3]
    assert lines[-1][:2] == (None, str(dora.id))  # provisional, after the established ones
    assert "Vorläufig (weniger als 5 Spiele)" in message.text()
    assert "Alle Zeiten" in message.text() and "Flaschenteufel" in message.text()
    assert message.attachments == ["rangliste.png"]
    alt = message.components[0]["components"]
    described = str(alt)
    for player in (table.anna, table.ben, table.cem, dora):
        assert german(want[str(player.id)][0]) in described
        assert player.name in described  # the picture names players by display name

    store = table.bot.service.store  # type: ignore[union-attr]
    with Session(store.engine) as session:  # the table as kept, recomputed from the results
        kept = table_of(session, table.guild.id, KIND, ALL_TIME)
        assert recompute(session, table.guild.id, KIND, ALL_TIME) == kept
    assert {p: (s.ordinal, s.games) for p, s in kept.items()} == want


async def test_seasons_start_empty_and_count_only_later_games(table: Table) -> None:
    three = [table.anna, table.ben, table.cem]
    await play(table, three)
    refused = await table.slash(table.ben, "saison neu", name="Herbst")
    assert refused.message.visibility == "ephemeral"
    assert "Croupier-Rolle" in refused.message.text()  # hosts only
    table.anna.permissions |= MANAGE_GUILD
    started = await table.slash(table.anna, "saison neu", name="  Herbst  ")
    assert started.message.visibility != "ephemeral"
    assert "Saison „Herbst“ begonnen" in started.message.text()

    fallback = await table.slash(table.ben, "rangliste", spiel=KIND)
    assert "noch keine Partie gewertet" in fallback.message.text()  # the season is empty:
    assert all(games == 1 for *_, games in board_lines(fallback.message))  # all time instead
    asked = await table.slash(table.ben, "rangliste", spiel=KIND, saison="Herbst")
    assert asked.message.visibility == "ephemeral"
    assert "In der Saison „Herbst“ wurde noch keine Partie Flaschenteufel gewertet" in (
        asked.message.text()
    )

    dora = table.fake.add_user("Dora", guild=table.guild)
    await play(table, [table.anna, table.ben, dora])
    season = await table.slash(table.cem, "rangliste", spiel=KIND)
    assert "Saison „Herbst“" in season.message.text()
    lines = board_lines(season.message)
    in_season = {(str(u.id), 1) for u in (table.anna, table.ben, dora)}
    assert {(p, g) for _, p, _, g in lines} == in_season
    choices = await table.fake.autocomplete(
        table.cem, table.channel, "rangliste", "saison", saison="her"
    )
    assert [c["name"] for c in choices] == ["Herbst"]
    every = await table.slash(table.cem, "rangliste", spiel=KIND, saison="*")
    assert "Alle Zeiten" in every.message.text()
    assert {(p, g) for _, p, _, g in board_lines(every.message)} == {
        (str(table.anna.id), 2), (str(table.ben.id), 2), (str(table.cem.id), 1), (str(dora.id), 1)
    }  # fmt: skip

    again = await table.slash(table.anna, "saison neu", name="herbst")
    assert again.message.visibility == "ephemeral" and "gab es auf diesem Server schon" in (
        again.message.text()
    )
    winter = await table.slash(table.anna, "saison neu", name="Winter")
    assert "die Saison „Herbst“ ist damit beendet" in winter.message.text()
    listed = await table.slash(table.ben, "saison liste")
    assert listed.message.visibility == "ephemeral"
    text = listed.message.text()
    assert text.index("Winter") < text.index("Herbst") and "läuft" in text


async def test_bad_input_gets_a_private_answer(table: Table) -> None:
    table.anna.permissions |= MANAGE_GUILD
    empty = await table.slash(table.ben, "rangliste", spiel="verflixte6")
    assert empty.message.visibility == "ephemeral"
    assert "noch keine Partie Die verflixte 6 gewertet" in empty.message.text()
    unknown = await table.slash(table.ben, "rangliste", saison="Sommer 1999")
    assert unknown.message.visibility == "ephemeral"
    assert "Eine Saison „Sommer 1999“ gibt es auf diesem Server nicht" in unknown.message.text()
    long = await table.fake.slash_unchecked(table.anna, table.channel, "saison neu", name="x" * 51)
    await table.settled()
    assert long.message.visibility == "ephemeral" and "50" in long.message.text()
    blank = await table.slash(table.anna, "saison neu", name="   ")
    assert blank.message.visibility == "ephemeral"
    assert "braucht einen Namen" in blank.message.text()
    listed = await table.slash(table.anna, "saison liste")
    assert "noch keine Saison" in listed.message.text()  # nothing was started
    dm = table.fake.dm_channel(table.ben)
    with pytest.raises(LookupError, match="in DMs"):  # Discord offers it only on a server
        await table.fake.slash(table.ben, dm, "rangliste")
