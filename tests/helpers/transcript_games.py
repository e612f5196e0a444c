"""The games of the golden transcripts (tests/test_transcripts.py): each a short but whole
game with fixed chance, played by pressing what a player would press.

:func:`transcript_of` builds the world (the server "Spieletreff" with #spieltisch, players
whose Discord speaks the transcript's language, Anna a server admin), starts the bot on
:class:`~tests.helpers.transcript.FixedChance`, sets the server's language with
``/sprache``, plays one of :data:`GAMES` and returns what the players saw.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.store import default_sqlite_url
from bot.tournament.evening_time import BERLIN, parse_evening
from cogs.tournament.evening_calls import open_evenings
from loopback import bot_running, tasks_left_behind
from loopback.entities import Message, User
from tests.helpers.click_ids import click_of
from tests.helpers.e2e_table import Table
from tests.helpers.transcript import (
    DISCORD_LOCALE,
    NOW,
    FixedChance,
    Recorder,
    Transcript,
    discord_now,
    fixed_discord,
    fixed_keys,
)

MANAGE_GUILD = 1 << 5
PLAYERS = ("Anna", "Ben", "Cem", "Dora")


async def transcript_of(game: str, language: str, tmp_path: Path) -> str:
    """``game`` (a key of :data:`GAMES`) played in ``language``: the transcript."""
    with fixed_keys(f"croupier transcript {game}"):
        return await _played(game, language, tmp_path)


async def _played(game: str, language: str, tmp_path: Path) -> str:
    play, seats, d6_only = GAMES[game]
    locale = DISCORD_LOCALE[language]
    async with fixed_discord() as fake:
        guild = fake.add_guild("Spieletreff", locale=locale)
        channel = fake.add_channel(guild, "spieltisch")
        users = [fake.add_user(name, guild=guild, locale=locale) for name in PLAYERS[:seats]]
        users[0].permissions |= MANAGE_GUILD
        chance = FixedChance(f"croupier transcript {game}", d6_only=d6_only)
        anna, ben, cem = (users * 2)[:3]  # a Table has three players; a game for two: twice
        table = Table(
            fake, guild, channel, anna, ben, cem, chance, default_sqlite_url(tmp_path / "t.db")
        )
        table.bot = table.new_bot()
        async with bot_running(fake, table.bot):
            table.bot.service.now = lambda: NOW
            recorder = Recorder(fake, language).install()
            players = Transcript(table, recorder)
            await players.slash(anna, "sprache", sprache=language)
            await play(players, users)
        assert fake.violations == [], fake.violations
    left = await tasks_left_behind()
    assert left == [], f"tasks left behind: {left}"
    return recorder.text()


def table_of(play: Transcript, prefix: str) -> Message:
    """The newest public message with this game's controls in the current place."""
    found = [
        m
        for m in play.public()
        if m.custom_ids() and click_of(m.custom_ids()[0]).prefix.startswith(prefix)
    ]
    return found[-1]


def game_here(play: Transcript, kind: str) -> int:
    """The id of the ``kind`` game at the table's channel."""
    service = play.table.bot.service  # type: ignore[union-attr]
    game = service.tables.find(play.channel.id, None, kind)
    assert game is not None, f"no {kind} game here"
    return int(game)


def verbs(message: Message) -> list[str]:
    return [click_of(c).verb for c in message.custom_ids()]


async def opened_lobby(play: Transcript, users: list[User], command: str, **options: Any) -> None:
    """``/command`` by the first player, the others join, the first starts."""
    opened = await play.slash(users[0], command, **options)
    assert opened.message is not None
    for user in users[1:]:
        await play.press(user, "join", opened.message)
    await play.press(users[0], "start", opened.message)


# -- Die verflixte 6 ------------------------------------------------------------------------
async def verflixte6(play: Transcript, users: list[User]) -> None:
    """One Durchgang for three: Anna announces Monokel and keeps its dice (8), Ben rolls a
    6 (Zombie), Cem reaches 8 as well: a Stechen for the first place."""
    anna, ben, cem = users
    play.table.dice.add(3, 2, 3, 5, 6, 4, 4, 2, 5)
    await opened_lobby(play, users, "v6 tisch", durchgaenge=1)

    prompt = await play.opened(anna, "begin")
    await play.choose(anna, prompt, ["monokel"], "pick")  # Freiwurf 3
    menu = await play.opened(anna, "menu")
    step = await play.choose(anna, menu, ["monokel"], "joker")  # shows 2 and 3
    decision = (await step.wait_followup())[-1]
    await play.press(anna, "yes", decision)  # keeps them: 8
    await play.press(anna, "stopp")

    prompt = await play.opened(ben, "begin")
    await play.press(ben, "nojoker", prompt)  # Freiwurf 5
    await play.press(ben, "weiter")  # 6: Zombie

    prompt = await play.opened(cem, "begin")
    await play.press(cem, "nojoker", prompt)  # Freiwurf 4
    await play.press(cem, "weiter")  # 4: 8
    await play.press(cem, "stopp")  # Stechen Anna 2, Cem 5
    assert play.table.dice.queue == []
    await play.slash(ben, "v6 stand")


# -- Auf Teufel komm raus ---------------------------------------------------------------------
async def teufel(play: Transcript, users: list[User]) -> None:
    """Two rounds for two: sealed bets by form, a look at the account, two tiles each (a
    devil ends a turn by itself)."""
    anna, ben = users
    await opened_lobby(play, users, "teufel tisch")
    bets = {anna.id: ("60", "100"), ben.id: ("20", "0")}
    service = play.table.bot.service  # type: ignore[union-attr]
    game = game_here(play, "teufel")
    by_id = {str(u.id): u for u in users}
    for round_ in range(2):
        for user in (anna, ben):
            await play.press(user, "bet", table_of(play, "tf"))
            await play.fill(user, {"amount": bets[user.id][round_]})
        await play.press(anna, "account", table_of(play, "tf"))
        pulled: dict[int, int] = {}
        while service.tables.current(game).public["phase"] == "pull":
            user = by_id[service.tables.current(game).to_act[0]]
            if pulled.get(user.id, 0) < 2:
                pulled[user.id] = pulled.get(user.id, 0) + 1
                await play.press(user, "draw", table_of(play, "tf"))
            else:
                await play.press(user, "stopp", table_of(play, "tf"))


# -- Flaschenteufel ---------------------------------------------------------------------------
async def flaschenteufel(play: Transcript, users: list[User]) -> None:
    """One hand for three: everybody discards and passes, then every trick; each plays
    the first card his prompt offers (in the prompt he has open, else one he opens with
    "Meine Wahl …")."""
    await opened_lobby(play, users, "flaschenteufel tisch", haende=1)
    await play.press(users[2], "mycards", table_of(play, "ft"))
    service = play.table.bot.service  # type: ignore[union-attr]
    game = game_here(play, "flaschenteufel")
    by_id = {str(u.id): u for u in users}
    for _ in range(100):
        outcome = service.tables.current(game)
        if outcome.finished or not outcome.to_act:
            return
        user = by_id[outcome.to_act[0]]
        prompt = open_prompt(play, user, "ft")
        if prompt is None:
            prompt = await play.opened(user, "act", table_of(play, "ft"))
        answered = await first_choice(play, user, prompt)
        if answered.message is not None and "passr" in verbs(answered.message):
            await first_choice(play, user, answered.message)  # the right card after the left
    raise AssertionError("the hand did not end")


def open_prompt(play: Transcript, user: User, prefix: str) -> Message | None:
    """The user's newest private message, if it offers a choice in this game."""
    private = [m for m in play.fake.private_messages(user) if m.visibility == "ephemeral"]
    if not private:
        return None
    newest = max(private, key=lambda m: m.id)
    ids = newest.custom_ids()
    return newest if ids and click_of(ids[0]).prefix.startswith(prefix) else None


async def first_choice(play: Transcript, user: User, prompt: Message) -> Any:
    row = prompt.rows()[0]["components"][0]
    if row["type"] == 2:
        return await play.press(user, click_of(row["custom_id"]).verb, prompt)
    return await play.choose(user, prompt, [row["options"][0]["value"]])


# -- Dice Devils ------------------------------------------------------------------------------
async def dicedevils(play: Transcript, users: list[User]) -> None:
    """A whole game for three: whoever is to place takes the place with the fewest cups
    (the first of them); a fight's
    winner takes the first offer of his prompt's select the first time he has one (a swap
    of ranks), and else passes where he may (or takes what the first button offers)."""
    await opened_lobby(play, users, "dicedevils tisch")
    await play.press(users[1], "cup", table_of(play, "dd"))
    service = play.table.bot.service  # type: ignore[union-attr]
    game = game_here(play, "dicedevils")
    by_id = {str(u.id): u for u in users}
    swapped = False
    for _ in range(300):
        outcome = service.tables.current(game)
        if outcome.finished:
            return
        user = by_id[outcome.to_act[0]]
        live = table_of(play, "dd")
        if outcome.public["phase"] == "place":
            slots = [int(click_of(c).arg) for c in live.custom_ids() if ":place:" in c]
            cups = [sum(d["slot"] == slot for d in outcome.public["demons"]) for slot in slots]
            await play.press(user, "place", live, nth=cups.index(min(cups)))
            continue
        prompt = await play.opened(user, "decide", live)
        choices = verbs(prompt)
        first = prompt.rows()[0]["components"][0]
        if not swapped and first["type"] != 2:
            swapped = True
            await first_choice(play, user, prompt)
        elif "skip" in choices:
            await play.press(user, "skip", prompt)
        elif first["type"] == 2:
            await play.press(user, choices[0], prompt)
        else:
            await first_choice(play, user, prompt)
    raise AssertionError("the game did not end")


# -- a tournament -----------------------------------------------------------------------------
EVENING = {  # the evening as a player of each language types it: 28 November 2099, 19:30
    "de": ("28.11.2099", "19:30"),
    "en": ("11/28/2099", "7:30 pm"),
    "fr": ("28/11/2099", "19h30"),
}


async def tournament(play: Transcript, users: list[User]) -> None:
    """Four players, one group of four with a set evening (check-in, then the host starts
    it), the best two in a Finale of two; the bracket at the end."""
    anna, ben, _, _ = users
    play.table.dice.add(5, 3, 4, 2, *([4, 2, 6, 5, 1, 3] * 4))
    created = await play.slash(
        anna, "turnier erstellen", name="Herbst", gruppe=4, durchgaenge=1, finale=2
    )
    registration = created.message
    assert registration is not None
    for user in users:
        await play.press(user, "register", registration)
    await play.press(anna, "close", registration)
    language = play.recorder.language
    date, clock = EVENING[language]
    with discord_now():  # the command logs it as its "now"
        await play.slash(anna, "turnier termin", gruppe=1, datum=date, uhrzeit=clock)
    evening = parse_evening("2099-11-28", "19:30", BERLIN)
    moment = evening + timedelta(minutes=1)
    play.narrate(moment)
    assert await open_evenings(play.table.bot, moment) == 1  # type: ignore[arg-type]
    await play.settled()
    (thread,) = play.fake.threads(play.table.channel)
    call = [m for m in play.fake.channel_messages(thread) if "checkin" in verbs(m)][-1]
    for user in users:
        await play.press(user, "checkin", call)
    await play.slash(anna, "turnier starten", gruppe=1)
    await play_group(play, thread, users)
    finale = play.fake.threads(play.table.channel)[-1]
    assert finale is not thread
    await play_group(play, finale, users)
    await play.slash(ben, "turnier stand")


async def play_group(play: Transcript, thread: Any, users: list[User]) -> None:
    """Every turn in a group's thread: no jokers, the Freiwurf, stopp."""
    by_id = {str(u.id): u for u in users}
    service = play.table.bot.service  # type: ignore[union-attr]
    play.place = thread
    try:
        for _ in range(40):
            live = [m for m in play.public() if {"begin", "stopp"} & set(verbs(m))]
            if not live:
                return
            message = live[-1]
            game_id = click_of(message.custom_ids()[0]).game_id
            outcome = service.tables.current(game_id)
            if outcome.finished:
                return
            user = by_id[outcome.to_act[0]]
            if "begin" in verbs(message):
                prompt = await play.opened(user, "begin", message)
                await play.press(user, "nojoker", prompt)
            else:
                await play.press(user, "stopp", message)
        raise AssertionError("the group's Abend did not end")
    finally:
        play.place = None


Play = Callable[[Transcript, list[User]], Awaitable[None]]
GAMES: dict[str, tuple[Play, int, bool]] = {  # the game, its players, only d6 scripted
    "verflixte6": (verflixte6, 3, False),
    "teufel": (teufel, 2, True),
    "flaschenteufel": (flaschenteufel, 3, True),
    "dicedevils": (dicedevils, 3, True),
    "turnier": (tournament, 4, True),
}
