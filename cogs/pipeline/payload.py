"""Cards (bot.render.cards) as Components V2 payloads, and forms. The clicks on them come
back through the bot's router (cogs.pipeline.router)."""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import discord

from bot.plugins import plugin_of
from bot.render import cards
from bot.render.cards import MAX_TEXT, Button, Card, Form, Picture, Select, file_name
from bot.render.drawn import drawn, gallery_key
from bot.render.emojis import tail
from bot.render.pictures.palette import DEFAULT_ACCENT, TOURNAMENT_ACCENT

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


picture = cards.picture
"""A card's picture (:func:`bot.render.cards.picture`), as the cogs call it: ``ui.picture``."""


def attachment(
    data: bytes, what: str, locale: str, extension: str = "png", **params: Any
) -> discord.File:
    """``data`` as a file named for its reader (:func:`file_name`)."""
    return discord.File(io.BytesIO(data), filename=file_name(what, locale, extension, **params))


NO_PINGS = discord.AllowedMentions.none()
"""What a card's mentions ping: nobody, but for a new table's own ping (:func:`send_kwargs`).
A mention in a Components V2 text pings with an empty push notification (an open Discord
bug), so a turn that passes by an edit gets a plain line of its own (:func:`ping_kwargs`)."""
PLAIN_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
"""The client's default for plain messages: a mention of a player pings him; @everyone,
@here and roles never do."""

CONTAINER, SEPARATOR, TEXT = 17, 14, 10
ACCENT = DEFAULT_ACCENT
"""A card's accent colour when its game gives none."""


def accent_of(kind: str) -> int:
    """The accent colour of a game's cards: its plugin's (``turnier``: a tournament's)."""
    if kind == "turnier":
        return TOURNAMENT_ACCENT
    plugin = plugin_of(kind)
    return ACCENT if plugin is None else plugin.accent


def text_parts(card: Card) -> list[str]:
    """The card's texts, in the order they show: the title as a heading above the
    description, the fields one to a line (a field with several lines as a block), and the
    footer in small print. Together within Discord's 4000 characters: the description
    gives way first, at its end (a log's, ``newest_last``: at its start, by whole lines)."""
    head = f"### {card.title}" if card.title else ""
    fields = [
        f"**{name}** · {value}" if "\n" not in value else f"**{name}**\n{value}"
        for name, value in card.fields
    ]
    fields_text = "\n".join(fields)
    footer = f"-# {card.footer}" if card.footer else ""
    room = MAX_TEXT - len(head) - len(fields_text) - len(footer) - 2
    description = card.description
    if len(description) > room and card.newest_last:
        description = tail(description, max(0, room))
    elif len(description) > room:
        description = description[: max(0, room - 1)] + "…"
    first = "\n".join(part for part in (head, description) if part)
    return [part for part in (first, fields_text, footer) if part]


def _media(picture: Picture) -> dict[str, Any]:
    media: dict[str, Any] = {
        "media": {"url": f"attachment://{picture.filename}"},
        "spoiler": False,
    }
    if picture.description:
        media["description"] = picture.description[:1024]
    return media


def container(card: Card, accent: int | None = None) -> dict[str, Any]:
    """The card as one Components V2 container: its texts, its picture (a media gallery
    with alt text) and its controls below a divider."""
    items: list[dict[str, Any]] = [{"type": TEXT, "content": text} for text in text_parts(card)]
    if not items:
        items.append({"type": TEXT, "content": "…"})
    if card.pictures:
        gallery = {"type": 12, "items": [_media(picture) for picture in card.pictures]}
        items.insert(len(items) - bool(card.footer), gallery)
    if card.rows:
        items.append({"type": 14, "divider": True, "spacing": 1})
        items += _rows(card)
    colour = card.accent if card.accent is not None else accent
    return {
        "type": 17,
        "accent_color": ACCENT if colour is None else colour,
        "spoiler": False,
        "components": items,
    }


class Components:
    """A card as the Components V2 payload Discord takes (one container), handed to
    discord.py where it expects a finished ``LayoutView``: discord.py sets the message's
    Components V2 flag for it.

    Every item is dispatched by its custom id when clicked (``cogs.pipeline.router``), so discord.py
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
        return True

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


class Modal:
    """A form as the payload Discord takes, handed to discord.py where it expects a
    ``discord.ui.Modal``. discord.py keeps nothing of it: the submission is routed by its
    custom id like a click (``cogs.pipeline.router``), after a restart too."""

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


def _rows(card: Card) -> list[dict[str, Any]]:
    return [
        {
            "type": 1,
            "components": [_select(row)] if isinstance(row, Select) else list(map(_button, row)),
        }
        for row in card.rows
    ]


BUILT_KEPT = 256
"""Payloads kept by what they show (``kept=True``: a table's card for its spectators, a
live prompt, the same one-line note to many clicks); a few hundred are enough."""
_built: OrderedDict[Hashable, list[dict[str, Any]]] = OrderedDict()


def shown_key(card: Card, accent: int | None) -> Hashable:
    """Everything of ``card`` its payload shows (texts, controls, pictures' names, alt
    texts and what they show, colours): two cards of one key have one payload, so a kept
    payload can never show what a card no longer does. A card whose rows or fields are
    lists is keyed by tuples of them."""
    rows = tuple(row if isinstance(row, Select) else tuple(row) for row in card.rows)
    return (card.title, card.description, tuple(map(tuple, card.fields)), card.footer, rows,
            card.pictures, card.accent, accent, card.newest_last)  # fmt: skip


def view(card: Card, accent: int | None = None, *, kept: bool = False) -> Components:
    """The card as a Components V2 payload. ``kept``: a card that is likely shown again as
    it is (to spectators, in a live prompt, a one-line note): its payload is built once for
    what it shows, and kept among the last :data:`BUILT_KEPT` (nobody changes a payload
    once built). A table's card of a click is new at every version: keying it would only
    cost (about 3 µs, docs/PERFORMANCE.md)."""
    if not kept:
        card.check_limits()
        return Components([container(card, accent)])
    key = shown_key(card, accent)
    try:
        payload = _built.get(key)
    except TypeError:  # something unhashable in it (a select's options as a list): built
        return view(card, accent)
    if payload is None:
        card.check_limits()
        payload = _built[key] = [container(card, accent)]
        if len(_built) > BUILT_KEPT:
            _built.popitem(last=False)  # the oldest
    return Components(payload)


Ping = tuple[str, Sequence[str]]
"""A line that pings players (their turn), and whom it may ping."""


def send_kwargs(
    card: Card, accent: int | None = None, ping: Ping | None = None, *, kept: bool = False
) -> dict[str, Any]:
    """Keyword arguments to send a card as a new message (its picture attached); ``ping``:
    a line below the card, in the same new message, that pings the players it names (a
    new table's turn: a mention in a new message notifies, in an edit it would not);
    ``kept``: see :func:`view`."""
    kwargs: dict[str, Any] = {"view": view(card, accent, kept=kept), "allowed_mentions": NO_PINGS}
    if ping is not None:
        text, players = ping
        kwargs["view"] = Components([*kwargs["view"].payload, {"type": TEXT, "content": text}])
        kwargs["allowed_mentions"] = pinging(players)
    if card.pictures:
        kwargs["files"] = [picture_file(picture) for picture in card.pictures]
    return kwargs


def message_kwargs(
    card: Card, accent: int | None = None, *, shown: str | None = None, kept: bool = False
) -> dict[str, Any]:
    """Keyword arguments to edit a message into ``card`` (a message that was plain text or
    an embed turns into a card: its content and embeds are cleared). ``shown``: the
    pictures the message shows now (:func:`bot.render.drawn.showing`), kept if the card
    shows them still, else replaced; a card without pictures takes the old ones away.
    ``kept``: see :func:`view`."""
    kwargs: dict[str, Any] = {
        "content": None,
        "embed": None,
        "view": view(card, accent, kept=kept),
        "allowed_mentions": NO_PINGS,
    }
    if not card.pictures or gallery_key(card) != shown:
        kwargs["attachments"] = [picture_file(picture) for picture in card.pictures]
    return kwargs


def note_kwargs(text: str, accent: int | None = None) -> dict[str, Any]:
    """:func:`message_kwargs` of a one-line :func:`note` (a prompt closed, "done"): the
    same few lines come up click after click, their payloads are kept."""
    return message_kwargs(note(text), accent, kept=True)


def picture_file(picture: Picture) -> discord.File:
    """A drawn picture (:func:`bot.render.drawn.ready`) as the file its card shows."""
    return discord.File(io.BytesIO(drawn(picture)), filename=picture.filename)


def without_controls(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A card's components as Discord sent them, without its controls (the action rows,
    and the divider above them): a leftover card of an ended game, as it stands."""
    kept = []
    for comp in components:
        if comp.get("type") == 1:
            continue
        inner = comp.get("components")
        if comp.get("type") == CONTAINER and isinstance(inner, list):
            inner = without_controls(inner)
            while inner and inner[-1].get("type") == SEPARATOR:
                inner.pop()
            kept.append({**comp, "components": inner})
        else:
            kept.append(comp)
    return kept


def note(text: str) -> Card:
    """A card of one line (a prompt closed, an answer given)."""
    return Card(description=text)


def ping_kwargs(text: str, players: Iterable[str]) -> dict[str, Any]:
    """A plain line that pings ``players`` (their turn): its push notification shows it."""
    return {"content": text, "allowed_mentions": pinging(players)}


def pinging(players: Iterable[str]) -> discord.AllowedMentions:
    """Mentions that ping ``players`` and nobody else."""
    users = [discord.Object(int(p)) for p in players if p.isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)
