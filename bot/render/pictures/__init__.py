"""The pictures of the tables and the tournament (Pillow), in one look (:mod:`.palette`):
pure functions from plain data (display names given by the caller) to PNG bytes, drawn at
twice their size for high-density screens, every text in the shipped font. Each picture
has an ``alt_*`` text: one line with its numbers for a screen reader (a picture is never
the only place of a number). They hold no state of their own, so the bot draws them in
a worker process (:mod:`bot.render.drawn`)."""

from __future__ import annotations

from bot.render.pictures.canvas import png
from bot.render.pictures.dice import alt_dice, dice_png
from bot.render.pictures.palette import ACCENT, SCALE
from bot.render.pictures.tables import alt_group_table, alt_table, group_table_png, table_png
from bot.render.pictures.v6 import (
    AbendRow,
    DurchgangRow,
    abend_rows,
    alt_v6_abend,
    alt_v6_durchgang,
    durchgang_rows,
    v6_abend_png,
    v6_durchgang_png,
)

__all__ = [
    "ACCENT",
    "SCALE",
    "AbendRow",
    "DurchgangRow",
    "abend_rows",
    "alt_dice",
    "alt_group_table",
    "alt_table",
    "alt_v6_abend",
    "alt_v6_durchgang",
    "dice_png",
    "durchgang_rows",
    "group_table_png",
    "png",
    "table_png",
    "v6_abend_png",
    "v6_durchgang_png",
]
