"""The shared pictures (Pillow): dice, a table of places and a group's standings, and the
toolkit every game's pictures are drawn with (bot/games/<game>/render/pictures.py), in one
look (:mod:`.palette`):
pure functions from plain data (display names given by the caller) to PNG bytes, drawn at
the size Discord shows them (:func:`.palette.scale_for`), every text in the shipped font,
each kind stored in the fixed palette of its colours (:mod:`.look`).
Each picture has an ``alt_*`` text: one line with its numbers for a screen reader (a
picture is never the only place of a number). They hold no state of their own, so the
bot draws them in a worker process (:mod:`bot.render.drawn`)."""

from __future__ import annotations

from bot.render.pictures.canvas import png
from bot.render.pictures.dice import alt_dice, dice_png
from bot.render.pictures.palette import SCALE
from bot.render.pictures.place_tables import alt_group_table, alt_table, group_table_png, table_png

__all__ = [
    "SCALE",
    "alt_dice",
    "alt_group_table",
    "alt_table",
    "dice_png",
    "group_table_png",
    "png",
    "table_png",
]
