"""Computer seats on the loopback Discord: the host seats them from the lobby, they play by
themselves (quickly here) through the same path as a click, and they are never pinged,
mentioned or sent a DM; their secrets never reach the channel."""

from __future__ import annotations

from typing import Any

import pytest

from bot.computer_players import levels
from bot.players.seats import COMPUTERS_RATED, computer_name, humans, is_computer
from bot.render.lobby_card import mention
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_computers import (
    ChannelPosts,
    computer_mentions,
    labels,
    options,
    pick,
    play_with_computers,
    quick_computers,
)
from tests.helpers.e2e_play import MANAGE_GUILD, bet, dicedevils_move, flaschenteufel_move
from tests.helpers.e2e_table import Table
from tests.helpers.leaks import LeakScan

STARK, LEICHT = "Computer (stark) hinzufügen", "Computer (leicht) hinzufügen"
ONLY_HOST = "Nur wer den Tisch eröffnet hat"
RATE = "Für die Rangliste werten"


def without_levels(kind: str) -> Any:
    """Skip while ``kind`` has no computer players yet (its lobby then offers none)."""
    return pytest.mark.skipif(not levels(kind), reason=f"no computer levels for {kind} yet")


async def open_with_computers(
    table: Table, command: str, people: list[Any], computers: list[str], **options: object
) -> int:
    """``/command`` by the first of ``people``, the others join, the host seats the
    computers by their select's labels and starts; the game's id."""
    table.dice.d6_only = True  # dice, tiles and deals beyond the scripted from the audited RNG
    opened = await table.slash(people[0], command, **options)
    lobby = opened.message
    for user in people[1:]:
        await table.press(user, "join", lobby)
    for label in computers:
        await pick(table, people[0], table.fake.messages[lobby.id], label)
    await table.press(people[0], "start", lobby)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    assert game is not None
    assert len(service.tables.get(game).row.players) == len(people) + len(computers)
    return int(game)


def public_text(table: Table) -> str:
    return "\n".join(m.text() for m in table.public())


def every_text(table: Table) -> str:
    """Every message anyone was shown (public, ephemeral, DM), as it stands."""
    return "\n".join(m.text() for m in table.fake.messages.values())


def actors(table: Table, game: int) -> list[str]:
    service = table.bot.service  # type: ignore[union-attr]
    return [row.actor for row in service.store.events(game) if row.actor]


def assert_never_addressed(table: Table) -> None:
    """No computer seat was pinged, mentioned or DM'd, in anything the bot sent."""
    assert computer_mentions(table) == []
    assert "<@cpu" not in every_text(table)


def assert_turn_pings(posts: ChannelPosts) -> tuple[int, int]:
    """Every turn's line names, and pings, only people who must act when it comes (that
    each of them was told is play_with_computers' check). How many lines there were, and
    how many new table messages awaited only computers."""
    for_people = for_computers = 0
    for post in posts.posts:
        if post.is_ping:
            assert post.pinged and set(post.pinged) <= set(humans(post.to_act)), post
            text = post.ping_text
            assert all(mention(p) in text for p in post.pinged) and "Croupiers" not in text
            for_people += 1
    for post, _ in posts.turns():
        if not humans(post.to_act):
            for_computers += any(is_computer(p) for p in post.to_act)
    return for_people, for_computers


async def v6_move(table: Table, user: Any, outcome: Any) -> None:
    """No jokers, and stopp after the Freiwurf (so he never robs: no victim to choose)."""
    if any(c.endswith(":begin") for c in table.table_message().custom_ids()):
        await table.start_turn(user)
    await table.press(user, "stopp")


async def test_verflixte6_the_host_seats_a_computer_that_plays_by_itself(
    table: Table, leaks: LeakScan
) -> None:
    quick_computers(table)
    posts = ChannelPosts(table)
    fake, anna, ben = table.fake, table.anna, table.ben
    table.dice.d6_only = True
    opened = await table.slash(anna, "v6 tisch", durchgaenge=1)
    lobby_id = opened.message.id

    def lobby() -> Any:
        return fake.messages[lobby_id]

    assert list(options(lobby())) == [LEICHT, STARK]
    assert RATE not in labels(lobby())  # no computer seated: nothing to rate
    assert "/rangliste" not in lobby().text()
    await pick(table, anna, lobby(), STARK)
    kater = "cpu:stark:1"
    assert computer_name(kater) in lobby().text()
    assert f"{mention(kater)} vom Tisch nehmen" in options(lobby())
    assert RATE in labels(lobby())  # a verb, and a line that says what it is about
    assert "Mit Computern am Tisch zählt dieses Spiel nicht für die `/rangliste`" in lobby().text()

    await table.press(ben, "join", lobby())
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    before = (lobby().text(), options(lobby()), labels(lobby()), service.tables.get(game).row)
    for refused in (
        await pick(table, ben, lobby(), LEICHT),
        await pick(table, ben, lobby(), f"{mention(kater)} vom Tisch nehmen"),
        await table.press(ben, "rated", lobby()),
    ):
        message = refused.message
        assert message.visibility == "ephemeral" and message.audience == ben.id
        assert message.content.startswith(ONLY_HOST), message.content
    after = (lobby().text(), options(lobby()), labels(lobby()), service.tables.get(game).row)
    assert after[:3] == before[:3] and after[3].version == before[3].version  # nothing changed

    await table.press(anna, "rated", lobby())
    assert "Nicht für die Rangliste werten" in labels(lobby())
    assert "Dieses Spiel zählt für die `/rangliste`, auch mit Computern" in lobby().text()
    await pick(table, anna, lobby(), f"{mention(kater)} vom Tisch nehmen")
    assert computer_name(kater) not in lobby().text()
    assert not any("Rangliste" in label for label in labels(lobby()))
    await pick(table, anna, lobby(), STARK)  # the same seat again: Kater, last at the table
    assert service.tables.get(game).row.players == [str(anna.id), str(ben.id), kater]
    await table.press(anna, "start", lobby())
    assert service.tables.get(game).row.options.get(COMPUTERS_RATED) is True

    users = {u.id: u for u in (anna, ben)}
    await play_with_computers(table, game, users, lambda u, o: v6_move(table, u, o))
    assert service.tables.current(game).finished
    assert kater in actors(table, game)
    assert {"jokers"} < {
        row.action["do"] for row in service.store.events(game) if row.actor == kater
    }  # its joker choice, then its own weiter or stopp
    shown = public_text(table)
    assert computer_name(kater) in shown and "Ergebnis Durchgang 1" in shown
    assert_turn_pings(posts)
    assert_never_addressed(table)


async def test_a_computers_turn_pings_nobody_a_persons_pings_him(table: Table) -> None:
    """Two Durchgänge of Anna and two computers: a computer's turn pings nobody; Anna is
    told each time her turn comes."""
    quick_computers(table)
    posts = ChannelPosts(table)
    game = await open_with_computers(
        table, "v6 tisch", [table.anna], [LEICHT, STARK], durchgaenge=2
    )
    await play_with_computers(
        table, game, {table.anna.id: table.anna}, lambda u, o: v6_move(table, u, o)
    )
    for_people, for_computers = assert_turn_pings(posts)
    assert for_people >= 1 and for_computers >= 1  # both kinds of turn came
    assert_never_addressed(table)


@without_levels("flaschenteufel")
@pytest.mark.parametrize("computers", [[STARK], [LEICHT, STARK]])
async def test_flaschenteufel_two_people_with_computers_to_the_end(
    table: Table, leaks: LeakScan, computers: list[str]
) -> None:
    quick_computers(table)
    posts = ChannelPosts(table)
    people = [table.anna, table.ben]
    game = await open_with_computers(
        table, "flaschenteufel tisch", people, computers, variante="standard", haende=1
    )
    service = table.bot.service  # type: ignore[union-attr]
    seated = [p for p in service.tables.get(game).row.players if is_computer(p)]
    await play_with_computers(
        table,
        game,
        {u.id: u for u in people},
        lambda u, o: flaschenteufel_move(table, u),
    )
    assert service.tables.current(game).finished
    ending = [m for m in table.public() if "Spielende" in m.text()]
    assert ending and all(computer_name(p) in ending[-1].text() for p in seated)
    assert set(seated) <= set(actors(table, game))  # each computer discarded and played
    assert_turn_pings(posts)
    assert_never_addressed(table)
    assert leaks.checks > 0  # the computers' hands were looked for in every message


@without_levels("flaschenteufel")
@pytest.mark.parametrize("variante", ["lopaka", "glitterhuis"])
async def test_flaschenteufel_for_two_a_person_against_stark_to_the_end(
    table: Table, leaks: LeakScan, variante: str
) -> None:
    """At two players "stark" plays its own cards (its play-outs weigh them in a worker
    thread): a whole hand against Anna, every decision its own, no hand of it shown."""
    quick_computers(table)
    game = await open_with_computers(
        table, "flaschenteufel tisch", [table.anna], [STARK], variante=variante, haende=1
    )
    service = table.bot.service  # type: ignore[union-attr]
    [kater] = [p for p in service.tables.get(game).row.players if is_computer(p)]
    await play_with_computers(
        table, game, {table.anna.id: table.anna}, lambda u, o: flaschenteufel_move(table, u)
    )
    assert service.tables.current(game).finished
    played = [row for row in service.store.events(game) if row.actor == kater]
    assert sum(row.action["do"] == "play" for row in played) >= 8, len(played)
    assert_never_addressed(table)
    assert leaks.checks > 0


@without_levels("dicedevils")
@pytest.mark.parametrize("computers", [[LEICHT], [STARK, LEICHT]])
async def test_dicedevils_two_people_with_computers_to_the_end(
    table: Table, leaks: LeakScan, computers: list[str]
) -> None:
    quick_computers(table)
    posts = ChannelPosts(table)
    people = [table.anna, table.ben]
    game = await open_with_computers(table, "dicedevils tisch", people, computers)
    service = table.bot.service  # type: ignore[union-attr]
    seated = [p for p in service.tables.get(game).row.players if is_computer(p)]

    async def move(user: Any, outcome: Any) -> None:
        await dicedevils_move(table, user, outcome)

    await play_with_computers(table, game, {u.id: u for u in people}, move)
    assert service.tables.current(game).finished
    assert any("Spielende" in m.text() for m in table.public())
    assert set(seated) <= set(actors(table, game))
    assert all(computer_name(p) in public_text(table) for p in seated)
    assert_turn_pings(posts)
    assert_never_addressed(table)
    assert leaks.checks > 0  # the dice under the computers' cups were looked for


@without_levels("teufel")
async def test_teufel_one_person_and_two_computers_to_the_end(
    table: Table, leaks: LeakScan
) -> None:
    """Sealed bets: Anna and both computers bet in the same phase, each by himself."""
    quick_computers(table)
    posts = ChannelPosts(table)
    anna = table.anna
    game = await open_with_computers(table, "teufel tisch", [anna], [LEICHT, STARK])
    service = table.bot.service  # type: ignore[union-attr]
    seated = [p for p in service.tables.get(game).row.players if is_computer(p)]
    sealed_together = 0

    async def move(user: Any, outcome: Any) -> None:
        nonlocal sealed_together
        if outcome.public["phase"] == "bet":
            sealed_together += sum(is_computer(p) for p in outcome.to_act) == len(seated)
            await bet(table, user, "0")
            return
        before = table.table_message().id
        await table.press(user, "draw")
        still = service.tables.current(game)
        if still.to_act == [str(user.id)] and table.table_message().id == before:
            await table.press(user, "stopp")

    await play_with_computers(table, game, {anna.id: anna}, move, steps=1000)
    assert service.tables.current(game).finished
    assert sealed_together > 0  # the computers owed their bets while Anna did
    logged = service.store.events(game)
    for computer in seated:
        assert any(r.actor == computer and r.action["do"] == "bet" for r in logged)
    assert all(computer_name(p) in public_text(table) for p in seated)
    assert_turn_pings(posts)
    assert_never_addressed(table)
    assert leaks.checks > 0  # the computers' balances and sealed bets were looked for


async def test_an_admin_seats_computers_and_chooses_the_rating_in_anybodys_lobby(
    table: Table,
) -> None:
    """As /hilfe says: admins (Manage Server) and the croupier role lead every table."""
    table.cem.permissions |= MANAGE_GUILD
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    lobby_id = opened.message.id

    def lobby() -> Any:
        return table.fake.messages[lobby_id]

    seated = await pick(table, table.cem, lobby(), STARK)
    assert seated.message is None or not seated.message.content.startswith(ONLY_HOST)
    assert computer_name("cpu:stark:1") in lobby().text()
    await table.press(table.cem, "rated", lobby())
    assert "Nicht für die Rangliste werten" in labels(lobby())
    refused = await pick(table, table.ben, lobby(), LEICHT)  # a player, no admin: refused
    assert refused.message.content.startswith(ONLY_HOST)


async def test_a_full_two_seat_lobby_offers_no_seat_to_join_nor_to_a_computer(
    table: Table,
) -> None:
    opened = await table.slash(table.anna, "flaschenteufel tisch", variante="lopaka", haende=1)
    lobby_id = opened.message.id
    assert "join" in [click_of(c).verb for c in table.fake.messages[lobby_id].custom_ids()]
    assert list(options(table.fake.messages[lobby_id]))  # a free seat: computers offered
    await table.press(table.ben, "join", opened.message)
    full = table.fake.messages[lobby_id]
    assert [click_of(c).verb for c in full.custom_ids()] == ["leave", "start"]


async def test_while_a_computer_is_to_act_the_table_offers_no_move_to_a_person(
    table: Table,
) -> None:
    table.dice.d6_only = True
    opened = await table.slash(table.anna, "v6 tisch", durchgaenge=1)
    await pick(table, table.anna, opened.message, STARK)
    await table.press(table.anna, "start", opened.message)
    assert "begin" in [click_of(c).verb for c in table.table_message().custom_ids()]
    await table.start_turn(table.anna)
    await table.press(table.anna, "stopp")  # the computer's turn (it waits 1.5 s)
    service = table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(table.channel.id, None)
    assert service.tables.current(game).to_act == ["cpu:stark:1"]
    verbs = [click_of(c).verb for c in table.table_message().custom_ids()]
    assert verbs == ["watch"]  # no begin, weiter or stopp: only Zuschauen
