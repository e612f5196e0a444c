"""Cards (bot.render.cards) as discord.py embeds, component payloads and forms. The
clicks on them come back through the bot's router (cogs.pipeline.router)."""

from __future__ import annotations

import io
import logging
import re
from typing import Any

import discord

from bot.i18n import t
from bot.render.cards import Button, Card, Form, Select

log = logging.getLogger(__name__)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def file_name(what: str, locale: str, extension: str, **params: Any) -> str:
    """A file's name in its reader's language (``file.<what>``: spur.png, track.png), kept
    to letters, digits and hyphens whatever a catalogue writes."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", t(f"file.{what}", locale, **params)).strip("-")
    return f"{stem or what}.{extension}"


def attachment(
    data: bytes, what: str, locale: str, extension: str = "png", **params: Any
) -> discord.File:
    """``data`` as a file named for its reader (:func:`file_name`)."""
    return discord.File(io.BytesIO(data), filename=file_name(what, locale, extension, **params))


MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")
BLANK_NAME = "\u200b"  # a field's name Discord takes as empty


def embed(card: Card) -> discord.Embed | None:
    """The card as an embed. Discord shows a mention raw (``<@123>``) in a title or a
    field's name and renders it only in the description and field values: a title that
    names a player opens the description instead, and a field named for a player has
    its name as the value's first line, in bold."""
    if not (card.title or card.description or card.fields):
        return None
    title, description = card.title, card.description
    if title and MENTION.search(title):
        title, description = "", f"**{title}**" + (f"\n{description}" if description else "")
    result = discord.Embed(title=title or None, description=description or None)
    for name, value in card.fields[:25]:
        shown = (BLANK_NAME, f"**{name}**\n{value}") if MENTION.search(name) else (name, value)
        result.add_field(name=shown[0][:256], value=shown[1][:1024] or "–", inline=True)
    if card.footer:
        result.set_footer(text=card.footer[:2048])
    return result


class Components:
    """A card's buttons and selects as the component payload Discord takes, handed to
    discord.py where it expects a finished ``View``.

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
        return False

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


def send_kwargs(card: Card) -> dict[str, Any]:
    """Keyword arguments to send a card as a new message."""
    kwargs: dict[str, Any] = {}
    found, components = embed(card), view(card)
    if found is None:
        kwargs["content"] = card.description or "…"
    else:
        kwargs["embed"] = found
    if components is not None:
        kwargs["view"] = components
    return kwargs


def message_kwargs(card: Card) -> dict[str, Any]:
    """``embed``/``view`` keyword arguments for send/edit (``view=None`` clears buttons)."""
    return {"embed": embed(card), "view": view(card), "content": None}
