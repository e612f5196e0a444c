"""The one typeface of every picture: DejaVu Sans 2.37 (Book and Bold), shipped in
``bot/render/fonts/`` with its licence (Bitstream Vera and Arev terms, DejaVu's changes in
the public domain; copied from Debian's fonts-dejavu-core). Pillow's default font has no
"–", "−", "●" or "·" and drew boxes for them; DejaVu Sans has these, Latin with German and
French letters, „“ quotes, arrows and many symbols.

Texts that come from players (names, a tournament's name) may hold characters no font here
has, such as emoji: :func:`drawable` leaves them out (a letter as "?") instead of a box."""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).parent / "fonts"
REGULAR, BOLD = FONTS / "DejaVuSans.ttf", FONTS / "DejaVuSans-Bold.ttf"
ELLIPSIS = "…"
_PROBE_SIZE = 24
_MISSING = "\U0010fffd"  # a private-use character no font here maps: its glyph is the box
_NOT_DRAWN = ("Cc", "Cf", "Cn", "Zl", "Zp")  # controls, format, unassigned, line breaks
_EMOJI_GLUE = "\ufe0e\ufe0f"  # text and emoji presentation selectors


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The pictures' font at ``size`` pixels, loaded once per size and weight."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def _mask(char: str, bold: bool) -> tuple[tuple[int, int], bytes, float]:
    probe = font(_PROBE_SIZE, bold=bold)
    mask = probe.getmask(char)
    return mask.size, bytes(mask), probe.getlength(char)


@cache
def _missing(bold: bool) -> tuple[tuple[int, int], bytes, float]:
    return _mask(_MISSING, bold)


@lru_cache(maxsize=4096)
def has_glyph(char: str, *, bold: bool = False) -> bool:
    """Whether the font draws ``char`` as itself rather than as its missing-glyph box (a
    character that cannot be laid out alone, such as U+2029, counts as missing)."""
    try:
        return _mask(char, bold) != _missing(bold)
    except (OSError, RuntimeError, ValueError):
        return False


@lru_cache(maxsize=4096)
def drawable(text: str, *, bold: bool = False) -> str:
    """``text`` as the font can draw it (remembered: a table's pictures write the same
    names, headers and numbers again): a letter or digit it lacks becomes "?"; any other
    character it lacks (emoji, their variation selectors), control and format characters
    (joiners, direction marks), unassigned ones and line breaks are left out; a text left
    blank that was not becomes "?"."""
    kept, dropped = [], False
    for char in text:
        category = unicodedata.category(char)
        if category not in _NOT_DRAWN and char not in _EMOJI_GLUE and has_glyph(char, bold=bold):
            kept.append(char)
        elif category[0] in "LN":
            kept.append("?")
        else:
            dropped = True
    result = "".join(kept)
    if dropped:  # "Anna 🎲 Berg": one space where the emoji was
        result = re.sub(" {2,}", " ", result).strip()
    return result or ("?" if text.strip() else "")


def shortened(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` pixels wide in
    ``face`` (unchanged when it fits)."""
    if face.getlength(text) <= width:
        return text
    keep = len(text)
    while keep and face.getlength(text[:keep].rstrip() + ELLIPSIS) > width:
        keep -= 1
    return text[:keep].rstrip() + ELLIPSIS if keep else ELLIPSIS
