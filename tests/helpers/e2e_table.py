"""The end-to-end world: a server with one channel, three players and the real Croupier
on fixed dice (the ``table`` fixture of tests/e2e/conftest.py builds it)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.app import Croupier
from bot.config import Settings
from bot.engine.rng import ScriptedDice
from loopback import FakeDiscord, bot_running, fake_discord, tasks_left_behind
from loopback.entities import Channel, Guild, Message, User
from tests.helpers.click_ids import click_of


@dataclass
class Table:
    """A server with one channel, three players, and the bot running on fixed dice."""

    fake: FakeDiscord
    guild: Guild
    channel: Channel
    anna: User
    ben: User
    cem: User
    dice: ScriptedDice
    db_url: str
    bot: Croupier | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    async def settled(self) -> None:
        """Wait until the bot is done with every interaction (edits and follow-ups too)."""
        if self.bot is not None:
            await self.bot.router.settled()

    def new_bot(self) -> Croupier:
        settings = Settings("test-token", self.db_url, self.guild.id, "WARNING")
        return Croupier(settings, rng_factory=self.dice)

    def public(self) -> list[Message]:
        return self.fake.channel_messages(self.channel)

    def table_message(self) -> Message:
        """The newest public message with buttons (the live table)."""
        return [m for m in self.public() if m.custom_ids()][-1]

    async def press(self, user: User, verb: str, message: Message | None = None) -> Any:
        """Click the button whose custom id has ``verb`` on a message (default: the table)."""
        target = message or self.table_message()
        custom_id = next(c for c in target.custom_ids() if click_of(c).verb == verb)
        interaction = await self.fake.click(user, target, custom_id)
        await self.settled()
        return interaction

    async def slash(self, user: User, command: str, **options: object) -> Any:
        """A slash command in the table's channel; returns once the bot is done with it."""
        interaction = await self.fake.slash(user, self.channel, command, **options)
        await self.settled()
        return interaction

    async def choose(self, user: User, message: Message, verb: str, values: list[str]) -> Any:
        custom_id = next(c for c in message.custom_ids() if click_of(c).verb == verb)
        interaction = await self.fake.select(user, message, custom_id, values)
        await self.settled()
        return interaction

    async def open_and_start(self, *players: User, durchgaenge: int = 1) -> Message:
        """``/v6 tisch`` by the first player, the others join, the first starts."""
        host = players[0]
        opened = await self.fake.slash(host, self.channel, "v6 tisch", durchgaenge=durchgaenge)
        assert opened.message is not None
        for player in players[1:]:
            await self.press(player, "join", opened.message)
        await self.press(host, "start", opened.message)
        return opened.message

    async def play_short(self, *players: User) -> int:
        """A game of Die verflixte 6 (one Durchgang, six-sided dice only) opened by the
        first of ``players``, each taking his Freiwurf and stopping: finished. Its id."""
        self.dice.d6_only = True
        await self.open_and_start(*players)
        assert self.bot is not None
        service = self.bot.service
        game_id = service.tables.latest_in_channel("verflixte6", self.channel.id)
        assert game_id is not None
        for player in players:
            await self.start_turn(player)  # the Freiwurf
            await self.press(player, "stopp")
        await self.settled()
        assert service.store.get(game_id).status == "finished"
        return game_id

    async def open_game(self, command: str, *more: User, **options: object) -> int:
        """A table for Anna, Ben, Cem (and ``more``) by ``/command``, started, with every
        die, tile, card and rank beyond the scripted ones from the audited RNG; its id."""
        self.dice.d6_only = True
        opened = await self.slash(self.anna, command, **options)
        assert opened.message is not None
        for player in (self.ben, self.cem, *more):
            await self.press(player, "join", opened.message)
        await self.press(self.anna, "start", opened.message)
        assert self.bot is not None
        game_id = self.bot.service.tables.find(self.channel.id, None)
        assert game_id is not None
        return game_id

    async def decisions(
        self, game_id: int, players: Sequence[User], steps: int
    ) -> AsyncIterator[tuple[User, Any]]:
        """Play a Dice Devils game: whoever is to place takes the first free slot; at each
        decision its demon and the game are yielded (the caller decides). Until the game is
        over or ``steps`` steps are done."""
        users = {u.id: u for u in players}
        assert self.bot is not None
        for _ in range(steps):
            outcome = self.bot.service.tables.current(game_id)
            if outcome.finished:
                return
            user = users[int(outcome.to_act[0])]
            if outcome.public["phase"] == "place":
                await self.press(user, "place")
                continue
            yield user, outcome
            await self.settled()

    async def start_turn(self, user: User, *jokers: str) -> Any:
        """The player opens the joker prompt and picks ``jokers`` (or none)."""
        opened = await self.press(user, "begin")
        assert opened.response_type == 4, opened
        prompt = opened.message
        if jokers:
            return await self.choose(user, prompt, "pick", list(jokers))
        return await self.press(user, "nojoker", prompt)


@contextlib.asynccontextmanager
async def running_world(url: str) -> AsyncIterator[Table]:
    """The e2e world on the database ``url``: a server with Anna, Ben and Cem in its
    channel, scripted dice, the bot running; afterwards nothing Discord would refuse (an
    answer later than 3 s among it) and no task left behind."""
    async with fake_discord() as fake:
        guild = fake.add_guild("Spieletreff")
        channel = fake.add_channel(guild, "verflixte-6")
        anna, ben, cem = (fake.add_user(name, guild=guild) for name in ("Anna", "Ben", "Cem"))
        world = Table(fake, guild, channel, anna, ben, cem, ScriptedDice(), url)
        world.bot = world.new_bot()
        async with bot_running(fake, world.bot):
            yield world
        assert fake.violations == []
    left = await tasks_left_behind()
    assert left == [], f"tasks left behind: {left}"
