"""What a Discord message shows, as plain data: the cogs turn a Card into embed + buttons.

Keeping this free of discord.py lets the layout be tested without a client, and keeps the
limits (5 rows, 5 buttons a row, 25 select options, 100-char custom ids) in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
MAX_CUSTOM_ID = 100


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


@dataclass
class Card:
    title: str = ""
    description: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)
    footer: str = ""
    rows: list[Row] = field(default_factory=list)

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
        for custom_id in self.custom_ids():
            if len(custom_id) > MAX_CUSTOM_ID:
                raise ValueError(f"custom id {custom_id!r} too long")


def custom_id(prefix: str, game_id: int, version: int, verb: str, arg: str = "") -> str:
    """``prefix:game:version:verb[:arg]`` — the state a stateless button carries."""
    base = f"{prefix}:{game_id}:{version}:{verb}"
    return f"{base}:{arg}" if arg else base
