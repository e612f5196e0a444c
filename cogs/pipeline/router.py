"""The bot's router: every component click and form submission, by its custom id, to the
game that made it.

Every button, select and form carries ``prefix:game:version:verb[:arg]`` in its custom id
(:class:`bot.render.cards.ClickId`), so it works after a restart and a click on an outdated
message is recognised. The bot owns one :class:`Router` (``bot.router``), and each game's
cog adds its :class:`GameRoute` when it loads and removes it when it unloads, as
discord.py's ``add_dynamic_items`` does; unloading one game leaves the others' buttons
working. Per click: one parse of its custom id, then the game's handler, one click at a
time per table (:meth:`Router.table_turn`).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import DEFAULT_LOCALE, private_locale, t
from bot.render.cards import ClickId

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Click:
    """A parsed component interaction (``values``: a select's choices, a form's fields)."""

    prefix: str
    game_id: int
    version: int
    verb: str
    arg: str
    values: list[str]


Handler = Callable[[discord.Interaction[Any], Click], Awaitable[None]]
Deliver = Callable[[Any], Awaitable[None]]
"""(cogs.pipeline.delivery.Delivery) -> None: what an outcome owes the players, delivered."""


@dataclass(frozen=True)
class GameRoute:
    """What a game's cog registers with the bot: the custom-id prefixes it reads and its
    click handler; a player's private state as text (for a newcomer a host seated); and
    how what an outcome owes the players is delivered without a click (``deliver``: a
    redelivery, a clock, a host, a tournament's group result)."""

    kind: str
    prefixes: tuple[str, ...]
    handler: Handler | None = None
    private_text: Callable[[Any, str], str] | None = None  # (outcome, player) -> text
    deliver: Deliver | None = None
    after_end: frozenset[str] = frozenset()
    """Click verbs still handled once the game is over (a tournament's confirmation of a
    correction after its Finale); any other is answered that the game is over."""


def parse_click(custom_id: str, values: list[str]) -> Click | None:
    """The click a component's custom id stands for (None: not one of the games')."""
    parsed = ClickId.parse(custom_id)
    if parsed is None:
        return None
    kept = values if parsed.kind != "button" else []
    return Click(parsed.prefix, parsed.game_id, parsed.version, parsed.verb, parsed.arg, kept)


def _form_values(components: Any) -> list[str]:
    """The values of a submitted form's fields, in order (text inputs and selects, also
    inside action rows and labels)."""
    found: list[str] = []
    for comp in components or ():
        if not isinstance(comp, dict):
            continue
        if "value" in comp:
            found.append(str(comp["value"]))
        found += [str(v) for v in comp.get("values", ())]
        found += _form_values(comp.get("components"))
        if isinstance(comp.get("component"), dict):
            found += _form_values([comp["component"]])
    return found


_ROUTED = (discord.InteractionType.component, discord.InteractionType.modal_submit)
TURN_WAIT = 1.0  # seconds a click waits for the table's previous click (the 3 s deadline!)
_held: contextvars.ContextVar[list[asyncio.Lock] | None] = contextvars.ContextVar(
    "held", default=None
)  # the table lock the running click holds (released early by turn_done)


class Router:
    def __init__(self) -> None:
        self._by_prefix: dict[str, GameRoute] = {}
        self._by_kind: dict[str, GameRoute] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self.busy = Busy()
        self.before_click: Callable[[int], Awaitable[None]] | None = None
        """Called with the game's id before a click on it is handled, its table's turn
        held: what the game still owes is delivered first (cogs.pipeline.redelivery)."""

    # --- the games' routes -------------------------------------------------------------

    def add(self, route: GameRoute) -> None:
        """A game's cog loaded: its clicks come to its handler from now on."""
        self.remove(route.kind)
        self._by_kind[route.kind] = route
        for prefix in route.prefixes:
            self._by_prefix[prefix] = route

    def remove(self, kind: str) -> None:
        """A game's cog unloaded: its clicks are answered as unknown, the others' work on."""
        route = self._by_kind.pop(kind, None)
        if route is not None:
            for prefix in route.prefixes:
                self._by_prefix.pop(prefix, None)

    def private_text(self, kind: str) -> Callable[[Any, str], str] | None:
        route = self._by_kind.get(kind)
        return None if route is None else route.private_text

    def deliverer(self, kind: str) -> Deliver | None:
        route = self._by_kind.get(kind)
        return None if route is None else route.deliver

    # --- a click ---------------------------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every component click and form submission goes here: one parse of its custom
        id, then the game's handler. (discord.py's DynamicItems would rebuild a ``View``
        of the whole message per click only to find the clicked item again: 6.5 % of the
        bot's time at saturation, docs/PERFORMANCE.md.) Forms are routed the same way, so
        a form opened before a restart is still answered after it. Every interaction, a
        command's too, first tells the directory who it came from and in which language
        (his DMs follow it)."""
        service = getattr(interaction.client, "service", None)
        if service is not None:
            user = interaction.user
            service.directory.remember_reader(
                str(user.id), user.display_name, interaction.locale.value
            )
        if interaction.type not in _ROUTED:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if interaction.type is discord.InteractionType.modal_submit:
            values = _form_values(data.get("components"))
        else:
            values = [str(v) for v in data.get("values", ())]
        click = parse_click(custom_id, values)
        route = None if click is None else self._by_prefix.get(click.prefix)
        if click is None or route is None or route.handler is None:
            await _unknown(interaction, custom_id)
            return
        await self._dispatch(interaction, click, route)

    async def _dispatch(
        self, interaction: discord.Interaction[Any], click: Click, route: GameRoute
    ) -> None:
        handler = route.handler
        assert handler is not None
        service = getattr(interaction.client, "service", None)
        if service is not None:  # a newer version than this process knows: read it anew
            service.tables.catch_up(click.game_id, click.version)
            if click.verb not in route.after_end and service.tables.is_over(click.game_id):
                async with self.busy:
                    await _over(interaction, service.tables.locale_of(click.game_id))
                return
        async with self.busy, self.table_turn(click.game_id):
            try:
                await self.caught_up(click.game_id)
                await handler(interaction, click)
            except Exception:
                # The action's transaction either committed or left no trace; the player
                # learns that something failed instead of waiting for an answer.
                log.exception("handling %s failed", click)
                await _apologise(interaction)

    async def caught_up(self, game_id: int) -> None:
        """With the table's turn held, before acting on it: what the game still owes from
        before is delivered first (``before_click``)."""
        if self.before_click is not None:
            await self.before_click(game_id)

    def table_turn(self, game_id: int) -> TableTurn:
        """One interaction at a time per table (``async with router.table_turn(id):``)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return TableTurn(game_id, lock)

    async def settled(self, timeout: float = 5) -> None:
        """Wait until no click is being handled (its follow-ups and edits included)."""
        async with asyncio.timeout(timeout):
            while self.busy.count:
                await asyncio.sleep(0.005)


class TableTurn:
    """One interaction at a time per table, from its action until the table message is
    up to date (:func:`turn_done`): otherwise a fast second click could edit the table
    before the first click has posted and registered the new turn's message, leaving that
    one behind with outdated buttons. Waits at most ``TURN_WAIT`` s, then goes on
    regardless. A class rather than a generator-based context manager: every click
    enters one."""

    __slots__ = ("_held", "_lock", "_token", "game_id")

    def __init__(self, game_id: int, lock: asyncio.Lock) -> None:
        self.game_id = game_id
        self._lock = lock
        self._held: list[asyncio.Lock] = []  # emptied by turn_done()
        self._token: contextvars.Token[list[asyncio.Lock] | None] | None = None

    async def __aenter__(self) -> None:
        lock = self._lock
        if not lock.locked():
            await lock.acquire()  # free: no timer to set up (the usual case)
        else:
            try:
                async with asyncio.timeout(TURN_WAIT):
                    await lock.acquire()
            except TimeoutError:
                log.warning("table %s: the previous click takes long; not waiting for it",
                            self.game_id)  # fmt: skip
                return
        self._held.append(lock)
        self._token = _held.set(self._held)

    async def __aexit__(self, *exc: object) -> None:
        if self._token is not None:
            _held.reset(self._token)
        if self._held:
            self._held.pop().release()


def turn_done() -> None:
    """The table message is up to date: the next click at this table may go on (slow
    follow-ups such as DMs and pictures do not hold it up)."""
    held = _held.get()
    if held:
        held.pop().release()


class Busy:
    """Counts the interactions being handled: ``async with router.busy:`` marks one until
    its follow-ups and edits are done."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    async def __aenter__(self) -> None:
        self.count += 1

    async def __aexit__(self, *exc: object) -> None:
        self.count -= 1


def router_of(client: discord.Client) -> Router:
    """The bot's router. The bot makes it before its cogs load (``bot.app``); a bot
    without one (a test's plain ``commands.Bot``) gets one, listening, on first use."""
    router: Router | None = getattr(client, "router", None)
    if router is None:
        router = Router()
        client.router = router  # type: ignore[attr-defined]
        client.add_listener(router.on_interaction, "on_interaction")  # type: ignore[attr-defined]
    return router


async def _over(interaction: discord.Interaction[Any], locale: str) -> None:
    """A control of a game that has ended answers that the game is over; a leftover
    private prompt closes with that text, a leftover public message loses its controls."""
    text = t("game.over", private_locale(interaction.locale, locale))
    message = interaction.message
    with contextlib.suppress(discord.HTTPException):
        if interaction.type is not discord.InteractionType.component or message is None:
            await interaction.response.send_message(text, ephemeral=True)
        elif message.flags.ephemeral:
            await interaction.response.edit_message(content=text, embed=None, view=None)
        else:
            await interaction.response.edit_message(view=None)
            await interaction.followup.send(text, ephemeral=True)


def answer_locale(interaction: discord.Interaction[Any]) -> str:
    """The language of a private answer outside any table: the player's, else the server's."""
    service = getattr(interaction.client, "service", None)
    server = (
        DEFAULT_LOCALE if service is None else service.directory.guild_locale(interaction.guild_id)
    )
    return private_locale(interaction.locale, server)


async def _apologise(interaction: discord.Interaction[Any]) -> None:
    text = t("ui.error", answer_locale(interaction))
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


async def _unknown(interaction: discord.Interaction[Any], custom_id: str) -> None:
    """A control no game knows (an id from an older version of the bot, or a forged one):
    logged, and answered privately instead of leaving the player waiting."""
    log.warning("unknown custom id %r from user %s", custom_id, interaction.user.id)
    with contextlib.suppress(discord.HTTPException):
        text = t("game.stale", answer_locale(interaction))
        await interaction.response.send_message(text, ephemeral=True)
