"""What a Discord message shows, as plain data: the cogs turn a Card into one Components V2
container (text, a picture, the controls; ``cogs.pipeline.payload``).

Keeping this free of discord.py lets the layout be tested without a client, and keeps the
limits (5 rows, 5 buttons a row, 25 select options, 100-char custom ids, 40 components and
4000 characters of text a message) in one place.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_COMPONENTS = 40
"""Discord's limit of components in a Components V2 message, nested ones included."""
MAX_PICTURES = 10
"""Discord's limit of items in a media gallery."""
MAX_TEXT = 4000
"""Discord's limit of characters in all text displays of a message together."""


@dataclass(frozen=True)
class Button:
    custom_id: str
    label: str
    style: str = "secondary"  # primary | secondary | success | danger
    disabled: bool = False


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Select:
    custom_id: str
    placeholder: str
    options: tuple[Choice, ...]
    min_values: int = 1
    max_values: int = 1


Row = tuple[Button, ...] | Select


@dataclass(frozen=True)
class Form:
    """A modal form with one text field (a sealed bet)."""

    custom_id: str
    title: str
    label: str
    max_length: int
    field_id: str = "value"
    placeholder: str = ""


@dataclass(frozen=True)
class Picture:
    """A picture inside a card. ``draw`` makes its PNG (Pillow: called off the event loop,
    and only for a ``key`` not drawn before); ``key`` says what it shows (the same key,
    the same picture); ``name`` is the file's stem in the reader's language;
    ``description`` its alt text, with the numbers the picture shows."""

    name: str
    key: str
    draw: Callable[[], bytes] = field(compare=False, repr=False)
    description: str = ""

    @property
    def filename(self) -> str:
        """The attachment's name (a new picture replaces the old one under its name)."""
        return f"{self.name}.png"


def file_name(what: str, locale: str, extension: str, **params: Any) -> str:
    """A file's name in its reader's language (``file.<what>``: spur.png, track.png), kept
    to letters, digits and hyphens whatever a catalogue writes."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", t(f"file.{what}", locale, **params)).strip("-")
    return f"{stem or what}.{extension}"


def picture(
    what: str,
    locale: str,
    draw: Callable[..., bytes],
    *args: Any,
    description: str = "",
    file_params: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> Picture:
    """A card's picture ``draw(*args, **kwargs)``, named for its reader (``file.<what>``
    with ``file_params``); what it shows is its arguments, so the same arguments are drawn
    once (for a message and a web page alike)."""
    stem = file_name(what, locale, "png", **(file_params or {})).removesuffix(".png")
    key = f"{what}:{locale}:{draw.__module__}.{draw.__qualname__}{args!r}{kwargs!r}"
    return Picture(stem, key, functools.partial(draw, *args, **kwargs), description)


@dataclass
class Card:
    title: str = ""
    description: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""
    rows: list[Row] = field(default_factory=list)
    pictures: tuple[Picture, ...] = ()
    """Its pictures, shown together in one gallery (Discord: at most 10)."""
    accent: int | None = None
    """The container's accent colour (0xRRGGBB); None: the game's, set where it is sent."""
    newest_last: bool = False
    """The description is a log with its newest line last (a turn's steps): too long for
    the message, it gives way at its start, never the lines that say what just happened."""

    def custom_ids(self) -> list[str]:
        ids: list[str] = []
        for row in self.rows:
            ids += [row.custom_id] if isinstance(row, Select) else [b.custom_id for b in row]
        return ids

    def check_limits(self) -> None:
        """Raise ValueError where Discord would refuse the message."""
        if len(self.rows) > MAX_ROWS:
            raise ValueError(f"{len(self.rows)} component rows")
        for row in self.rows:
            if isinstance(row, Select):
                if not 1 <= len(row.options) <= MAX_OPTIONS:
                    raise ValueError(f"select with {len(row.options)} options")
            elif len(row) > MAX_BUTTONS_PER_ROW:
                raise ValueError(f"{len(row)} buttons in a row")
        if len(self.pictures) > MAX_PICTURES:
            raise ValueError(f"{len(self.pictures)} pictures")
        if len({p.filename for p in self.pictures}) < len(self.pictures):
            raise ValueError("two pictures of one name")
        for custom_id in self.custom_ids():
            if len(custom_id) > MAX_CUSTOM_ID:
                raise ValueError(f"custom id {custom_id!r} too long")


KINDS = {"b": "button", "s": "select", "m": "modal"}
"""A prefix's last letter says what carries the id: a button, a select or a modal form."""

_CLICK_ID = re.compile(
    r"(?P<prefix>[a-z0-9]+[bsm]):(?P<game>\d+):(?P<version>\d+):(?P<verb>[a-z_]+)"
    r"(?::(?P<arg>[A-Za-z0-9_|-]+))?"
)


@dataclass(frozen=True)
class ClickId:
    """``prefix:game:version:verb[:arg]``: what a stateless button, select or form carries.
    The one place that both writes and reads this format."""

    prefix: str
    game_id: int
    version: int
    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return _written(self.prefix, self.game_id, self.version, self.verb, self.arg)

    @property
    def kind(self) -> str:
        """``button``, ``select`` or ``modal``."""
        return KINDS[self.prefix[-1]]

    @staticmethod
    def parse(text: str) -> ClickId | None:
        """The id a component carries (None: not one of Croupier's)."""
        match = _CLICK_ID.fullmatch(text)
        if match is None:
            return None
        return ClickId(
            match["prefix"], int(match["game"]), int(match["version"]), match["verb"],
            match["arg"] or "",
        )  # fmt: skip


def custom_id(prefix: str, game_id: int, version: int, verb: str, arg: str = "") -> str:
    """``prefix:game:version:verb[:arg]`` — the state a stateless button carries."""
    return _written(prefix, game_id, version, verb, arg)


def _written(prefix: str, game_id: int, version: int, verb: str, arg: str) -> str:
    """A :class:`ClickId` as text, checked to read back as itself: the parts that repeat
    from version to version (prefix, verb, argument) once each (:func:`_tail`), the
    numbers every time."""
    head, tail = _tail(prefix, verb, arg)
    text = f"{head}:{game_id}:{version}:{tail}"
    if (  # a bool or a numeric string would not read back as itself
        type(game_id) is not int
        or type(version) is not int
        or game_id < 0
        or version < 0
        or len(text) > MAX_CUSTOM_ID
    ):
        raise ValueError(f"{text!r} is not a custom id this bot can read back")
    return text


@functools.lru_cache(maxsize=1024)
def _tail(prefix: str, verb: str, arg: str) -> tuple[str, str]:
    """The prefix, and the verb with its argument, of a custom id, once checked to read
    back as themselves (the same few come up click after click; bounded all the same)."""
    tail = f"{verb}:{arg}" if arg else verb
    text = f"{prefix}:0:0:{tail}"
    if ClickId.parse(text) != ClickId(prefix, 0, 0, verb, arg):
        raise ValueError(f"{text!r} is not a custom id this bot can read back")
    return prefix, tail
