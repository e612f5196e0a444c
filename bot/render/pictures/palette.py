"""The one look of every picture: colours, sizes and the scale they are drawn at.

Pictures sit in a Discord Components V2 card (a container) on Discord's dark theme, so
their background is the container's own grey and a picture reads as part of the card.
Sizes here are logical pixels. A picture is drawn at the size Discord shows it
(:func:`scale_for`): Discord shows a media gallery's picture at its own pixel size, at
most about :data:`SHOWN_WIDTH` wide, so a narrow picture is drawn larger, up to
:data:`MAX_SCALE` times, and a wide one at its logical size (:data:`MAX_WIDTH` keeps it
from being shrunk much)."""

from __future__ import annotations

from typing import Final

Colour = tuple[int, int, int]

SHOWN_WIDTH: Final = 550
"""About the widest Discord shows a media gallery's picture on a desktop, in its pixels: a
picture drawn wider is shrunk to it, one drawn narrower is shown at its own size."""
MAX_SCALE: Final = 2
"""The most drawn pixels per logical pixel (a narrow picture, drawn up to Discord's width)."""
SCALE: Final = 2
"""The scale text is measured at (:func:`~bot.render.pictures.canvas.width`): the layout of
a picture is the same at every scale it is drawn at."""
MAX_WIDTH: Final = 600
"""The widest a picture gets, in logical pixels (drawn 600 pixels wide, shown at 550)."""
PADDING: Final = 14
"""The margin around a picture's content, in logical pixels."""

# Text sizes (logical pixels)
TITLE_SIZE: Final = 16
TEXT_SIZE: Final = 14
SMALL_SIZE: Final = 12

# The card and its text (Discord's dark theme)
BACKGROUND: Final[Colour] = (43, 45, 49)  # #2b2d31, a container's background
SURFACE: Final[Colour] = (53, 55, 60)  # a row stripe, a box on the background
RAISED: Final[Colour] = (65, 68, 74)  # a box on a box, an empty slot
LINE: Final[Colour] = (88, 91, 99)  # rules, outlines, the track
TEXT: Final[Colour] = (242, 243, 245)  # #f2f3f5
MUTED: Final[Colour] = (170, 175, 183)  # headers, units, secondary names
DIM: Final[Colour] = (118, 122, 130)  # what does not count (a zombie, an unused die)
GOLD: Final[Colour] = (240, 178, 50)  # #f0b232: a winner, a highlight
GREEN: Final[Colour] = (45, 157, 95)  # went through, a lead
RED: Final[Colour] = (218, 55, 60)  # the verflixte 6, the devil
INK: Final[Colour] = (30, 31, 34)  # dark text on a light face (a die, a card)

# Dice
DIE_FACE: Final[Colour] = (246, 242, 232)  # ivory
DIE_PIP: Final[Colour] = INK
DIE_RED: Final[Colour] = RED
DIE_RED_PIP: Final[Colour] = (255, 255, 255)
DIE_DIM: Final[Colour] = (150, 148, 142)  # a die shown that does not count
JOKER: Final[Colour] = (124, 92, 200)  # V6: eyes that no die shown gave (jokers, robbery)

# Flaschenteufel's three colours, by the game's colour ids
CARD_COLOURS: Final[dict[str, Colour]] = {
    "gelb": (236, 196, 64),
    "blau": (76, 128, 214),
    "rot": (214, 72, 66),
}
COIN: Final[Colour] = (250, 214, 92)
COIN_EDGE: Final[Colour] = (120, 86, 20)
COIN_ON_YELLOW: Final[Colour] = (112, 78, 16)  # a yellow card's coins: dark bronze, seen
COIN_ON_YELLOW_EDGE: Final[Colour] = (60, 40, 8)

# Auf Teufel komm raus: coal, the oven, pawns
COAL: Final[Colour] = (70, 72, 78)
COAL_EDGE: Final[Colour] = (120, 124, 132)
OVEN: Final[Colour] = (92, 48, 36)  # the oven's brick
OVEN_EMBER: Final[Colour] = (160, 70, 40)  # the zone below the refill mark
TILE_BACK: Final[Colour] = (36, 30, 28)  # a face-down tile
PAWNS: Final[tuple[Colour, ...]] = (
    (232, 84, 74),  # red
    (80, 150, 235),  # blue
    (90, 190, 110),  # green
    (240, 190, 60),  # yellow
    (180, 110, 220),  # purple
    (80, 200, 200),  # teal
)

DEFAULT_ACCENT: Final = 0x5865F2
"""A card's accent colour when its game gives none (Discord's blurple)."""
TOURNAMENT_ACCENT: Final = 0xF0B232
"""A tournament's accent, as Discord takes a container's accent colour (0xRRGGBB); each
game's is its plugin's (``bot.games.plugin.GamePlugin.accent``)."""


def scale_for(width: float) -> float:
    """Drawn pixels per logical pixel for a picture ``width`` logical pixels wide: as wide
    as Discord shows it (:data:`SHOWN_WIDTH`), never below its logical size (its 14-pixel
    text is Discord's own text size) nor above :data:`MAX_SCALE`. More pixels than Discord
    shows only cost drawing, encoding and uploading: a picture 600 wide drawn twice as large
    took four times the pixels to be shrunk to 550 (issue 45)."""
    return min(MAX_SCALE, max(1.0, SHOWN_WIDTH / width))


def px(value: float, scale: float = SCALE) -> int:
    """A logical size in drawn pixels at ``scale``."""
    return round(value * scale)
