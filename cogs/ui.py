"""Cards (bot.render.cards) as discord.py embeds and component payloads, and the routing
of component clicks to the games' handlers.

Every button and select carries ``prefix:game:version:verb[:arg]`` in its custom id, so
it works after a restart and a click on an outdated message is recognised. A game's cog
registers a handler for its prefixes; the interaction listener only parses and forwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from bot.i18n import t
from bot.render.cards import Button, Card, ClickId, Form, Select

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


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
HANDLERS: dict[str, Handler] = {}
Follower = Callable[[discord.Client, Any], Awaitable[None]]
LINKED: dict[str, Follower] = {}
"""Per game kind: how to announce an outcome an action caused there (a tournament's)."""


@dataclass(frozen=True)
class TableHooks:
    """How a game's table is shown without an interaction to answer (a clock ran out, a
    host acted): its table card, a player's private text, and the events after which every
    player gets his private state again by DM (new cards, new dice, a settled round)."""

    table_card: Callable[[Any, Any], Card]  # (service, outcome) -> card
    private_text: Callable[[Any, str], str]  # (outcome, player) -> text
    dm_after: tuple[str, ...] = ()


TABLES: dict[str, TableHooks] = {}


_busy = 0  # clicks being handled right now


async def _dispatch(interaction: discord.Interaction[Any], click: Click) -> None:
    handler = HANDLERS[click.prefix]
    service = getattr(interaction.client, "service", None)
    if service is not None:  # a newer version than this process knows: read the game anew
        service.catch_up(click.game_id, click.version)
        if service.is_over(click.game_id):
            async with busy():
                await _over(interaction, service.locale_of(click.game_id))
            return
    async with busy(), table_turn(click.game_id):
        try:
            await handler(interaction, click)
        except Exception:
            # The action's transaction either committed or left no trace; the player
            # learns that something failed instead of waiting for an answer.
            log.exception("handling %s failed", click)
            await _apologise(interaction)


async def _over(interaction: discord.Interaction[Any], locale: str) -> None:
    """A control of a game that has ended answers that the game is over; a leftover
    private prompt closes with that text, a leftover public message loses its controls."""
    text = t("game.over", locale)
    message = interaction.message
    with contextlib.suppress(discord.HTTPException):
        if interaction.type is not discord.InteractionType.component or message is None:
            await interaction.response.send_message(text, ephemeral=True)
        elif message.flags.ephemeral:
            await interaction.response.edit_message(content=text, embed=None, view=None)
        else:
            await interaction.response.edit_message(view=None)
            await interaction.followup.send(text, ephemeral=True)


def _locale(interaction: discord.Interaction[Any]) -> str | None:
    service = getattr(interaction.client, "service", None)
    return service.guild_locale(interaction.guild_id) if service is not None else None


async def _apologise(interaction: discord.Interaction[Any]) -> None:
    text = t("ui.error", _locale(interaction))
    with contextlib.suppress(discord.HTTPException):
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)


_table_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, asyncio.Lock]] = (
    weakref.WeakKeyDictionary()
)  # per event loop: a lock belongs to the loop it was made in
_held: contextvars.ContextVar[list[asyncio.Lock] | None] = contextvars.ContextVar(
    "held", default=None
)
TURN_WAIT = 1.0  # seconds a click waits for the table's previous click (the 3 s deadline!)


class table_turn:  # lower case: used like a function, ``async with table_turn(id):``
    """One interaction at a time per table, from its action until the table message is
    up to date (``turn_done``): otherwise a fast second click could edit the table before
    the first click has posted and registered the new turn's message, leaving that one
    behind with outdated buttons. Waits at most ``TURN_WAIT`` s, then goes on regardless.

    A class rather than a generator-based context manager: every click enters one."""

    __slots__ = ("_held", "_token", "game_id")

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self._held: list[asyncio.Lock] = []  # emptied by turn_done()
        self._token: contextvars.Token[list[asyncio.Lock] | None] | None = None

    async def __aenter__(self) -> None:
        locks = _table_locks.setdefault(asyncio.get_running_loop(), {})
        lock = locks.get(self.game_id)
        if lock is None:
            lock = locks[self.game_id] = asyncio.Lock()
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


class _Busy:
    """Counts the interactions being handled (``busy``)."""

    async def __aenter__(self) -> None:
        global _busy  # noqa: PLW0603 - one counter for the whole process
        _busy += 1

    async def __aexit__(self, *exc: object) -> None:
        global _busy  # noqa: PLW0603
        _busy -= 1


_BUSY = _Busy()


def busy() -> _Busy:
    """Mark an interaction as being handled until its follow-ups and edits are done."""
    return _BUSY


async def settled(timeout: float = 5) -> None:
    """Wait until no click is being handled (its follow-ups and edits included)."""
    async with asyncio.timeout(timeout):
        while _busy:
            await asyncio.sleep(0.005)


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


async def on_component(interaction: discord.Interaction[Any]) -> None:
    """Every component click and form submission goes here, as the bare bot's do: one
    match of its custom id, then the game's handler. (discord.py's DynamicItems would
    rebuild a ``View`` of the whole message per click only to find the clicked item again:
    6.5 % of the bot's time at saturation, docs/PERFORMANCE.md.) Forms are routed the same
    way, so a form opened before a restart is still answered after it."""
    if interaction.type not in _ROUTED:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if interaction.type is discord.InteractionType.modal_submit:
        values = _form_values(data.get("components"))
    else:
        values = [str(v) for v in data.get("values", ())]
    click = parse_click(custom_id, values)
    if click is None or click.prefix not in HANDLERS:
        await _unknown(interaction, custom_id)
        return
    await _dispatch(interaction, click)


async def _unknown(interaction: discord.Interaction[Any], custom_id: str) -> None:
    """A control no game knows (an id from an older version of the bot, or a forged one):
    logged, and answered privately instead of leaving the player waiting."""
    log.warning("unknown custom id %r from user %s", custom_id, interaction.user.id)
    with contextlib.suppress(discord.HTTPException):
        text = t("game.stale", _locale(interaction))
        await interaction.response.send_message(text, ephemeral=True)


def embed(card: Card) -> discord.Embed | None:
    if not (card.title or card.description or card.fields):
        return None
    result = discord.Embed(title=card.title or None, description=card.description or None)
    for name, value in card.fields[:25]:
        result.add_field(name=name[:256], value=value[:1024] or "–", inline=True)
    if card.footer:
        result.set_footer(text=card.footer[:2048])
    return result


class Components:
    """A card's buttons and selects as the component payload Discord takes, handed to
    discord.py where it expects a finished ``View``.

    Every item is dispatched by its custom id when clicked (``on_component``), so discord.py
    need not keep a view (nor run the 15-minute timeout it gives ephemeral views). Building
    ``discord.ui`` objects per answer only to have them turned into this payload again cost
    4 % of the bot's time at saturation (docs/PERFORMANCE.md); a test keeps the payload
    equal to the one discord.py's own ``View`` makes.
    """

    __discord_ui_view__ = True  # what discord.py checks a view argument for
    timeout = None

    def __init__(self, payload: list[dict[str, Any]]) -> None:
        self.payload = payload

    def to_components(self) -> list[dict[str, Any]]:
        return self.payload

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


class Modal:
    """A form as the payload Discord takes, handed to discord.py where it expects a
    ``discord.ui.Modal``. discord.py keeps nothing of it: the submission is routed by its
    custom id like a click (``on_component``), after a restart too."""

    def __init__(self, form: Form) -> None:
        field: dict[str, Any] = {
            "type": 4,  # text input
            "custom_id": form.field_id,
            "style": 1,
            "label": form.label[:45],
            "required": True,
            "max_length": form.max_length,
        }
        if form.placeholder:
            field["placeholder"] = form.placeholder[:100]
        self.payload = {
            "custom_id": form.custom_id,
            "title": form.title[:45],
            "components": [{"type": 1, "components": [field]}],
        }

    def to_dict(self) -> dict[str, Any]:
        return self.payload

    def is_finished(self) -> bool:
        return True


def _button(spec: Button) -> dict[str, Any]:
    button: dict[str, Any] = {
        "type": 2,
        "style": STYLES[spec.style].value,
        "disabled": spec.disabled,
        "custom_id": spec.custom_id,
    }
    if spec.label:
        button["label"] = spec.label[:80]
    return button


def _select(row: Select) -> dict[str, Any]:
    options = []
    for choice in row.options:
        option = {"label": choice.label[:100], "value": choice.value, "default": False}
        if choice.description:
            option["description"] = choice.description[:100]
        options.append(option)
    select: dict[str, Any] = {
        "type": 3,
        "custom_id": row.custom_id,
        "min_values": row.min_values,
        "max_values": row.max_values,
        "disabled": False,
        "required": True,
    }
    if row.placeholder:
        select["placeholder"] = row.placeholder[:150]
    select["options"] = options
    return select


def view(card: Card) -> Components | None:
    """The card's components (None: it has none)."""
    card.check_limits()
    if not card.rows:
        return None
    rows = [
        {
            "type": 1,
            "components": [_select(row)] if isinstance(row, Select) else list(map(_button, row)),
        }
        for row in card.rows
    ]
    return Components(rows)


def message_kwargs(card: Card) -> dict[str, Any]:
    """``embed``/``view`` keyword arguments for send/edit (``view=None`` clears buttons)."""
    return {"embed": embed(card), "view": view(card), "content": None}


def register(bot: commands.Bot) -> None:
    """Route the games' component clicks to their handlers (once, however often called)."""
    bot.remove_listener(on_component, "on_interaction")
    bot.add_listener(on_component, "on_interaction")
