"""The pictures of the app's emojis (:mod:`bot.games.emojis`): 128×128 PNGs drawn with
Pillow in the shipped font, nothing downloaded.

Drawn four times as large and scaled down (Pillow draws shapes without smoothing), the same
bytes in every run: :func:`png` of a name is what the bot uploads, :func:`content_hash` what
:mod:`bot.games.emoji_versions` pins. A changed drawing changes its hash; the test of the
versions then asks for ``python -m bot.games.emoji_images --update``, which gives the
changed pictures a new "drawn since" time, so that the next start replaces them on Discord
(:mod:`bot.emoji_sync`).

- dice: white with black pips; the six that busts in Die verflixte 6 is red
- Flaschenteufel cards: a card of its colour, its number, its coins below
- Teufel tiles: a round coal tile with its value; the devil's tile red with a devil's face
- Dice Devils items: the item on a warm tile, its value as flames in the corner
"""

from __future__ import annotations

import hashlib
import io
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw

from bot.games import emojis
from bot.games.dicedevils.state import VALUE
from bot.games.flaschenteufel.cards import COLOUR, POINTS
from bot.games.teufel.state import DEVIL, TILES
from bot.render.pictures.canvas import PIPS
from bot.render.typeface import font

SIZE = 128
SCALE = 4
BIG = SIZE * SCALE
Box = tuple[float, float, float, float]
Painter = Callable[[ImageDraw.ImageDraw], None]

INK = (34, 30, 28, 255)
WHITE = (255, 255, 255, 255)
PAPER = (250, 248, 242, 255)
RED = (198, 40, 40, 255)
GOLD = (240, 190, 40, 255)
GOLD_EDGE = (150, 105, 10, 255)
CARD = {
    "gelb": ((242, 193, 46, 255), (60, 42, 0, 255)),
    "blau": ((43, 108, 196, 255), WHITE),
    "rot": ((201, 48, 44, 255), WHITE),
}
"""A card's colour and the colour of its number."""
COAL = (58, 56, 54, 255)
EMBER = (235, 120, 30, 255)
WARM = (255, 226, 190, 255)
WARM_EDGE = (214, 96, 36, 255)


def _s(*values: float) -> tuple[float, ...]:
    """Coordinates of the 128-pixel picture on the large canvas."""
    return tuple(v * SCALE for v in values)


def _box(x0: float, y0: float, x1: float, y1: float) -> Box:
    return (x0 * SCALE, y0 * SCALE, x1 * SCALE, y1 * SCALE)


def _points(*xy: tuple[float, float]) -> list[tuple[float, float]]:
    return [(x * SCALE, y * SCALE) for x, y in xy]


def _picture(paint: Painter) -> Image.Image:
    canvas = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
    paint(ImageDraw.Draw(canvas))
    return canvas.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def _centred_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    centre: tuple[float, float],
    size: float,
    fill: tuple[int, int, int, int],
    *,
    stroke: tuple[int, int, int, int] | None = None,
    width: float = 0,
) -> None:
    """``text`` in the bold font at ``size`` (picture pixels), centred on ``centre``; a
    wide text is set smaller so that it fits ``width`` (picture pixels) when given."""
    face = font(round(size * SCALE), bold=True)
    if width and face.getlength(text) > width * SCALE:
        face = font(round(size * SCALE * width * SCALE / face.getlength(text)), bold=True)
    x, y = centre
    draw.text(
        (x * SCALE, y * SCALE),
        text,
        font=face,
        fill=fill,
        anchor="mm",
        stroke_width=round(2.5 * SCALE) if stroke else 0,
        stroke_fill=stroke,
    )


# -- dice ------------------------------------------------------------------------------------
def _die(face: int, *, cursed: bool = False) -> Painter:
    body, pip = (RED, WHITE) if cursed else (PAPER, INK)
    edge = (120, 16, 16, 255) if cursed else INK

    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle(_box(8, 8, 120, 120), radius=22 * SCALE, fill=body,
                               outline=edge, width=5 * SCALE)  # fmt: skip
        for fx, fy in PIPS[face]:
            x, y = 8 + 112 * fx, 8 + 112 * fy
            r = 11.5 if face > 1 else 14
            draw.ellipse(_box(x - r, y - r, x + r, y + r), fill=pip)

    return paint


# -- Flaschenteufel cards ----------------------------------------------------------------------
def _card(number: int) -> Painter:
    colour, ink = CARD[COLOUR[number]]
    coins = POINTS[number]
    coin, coin_edge = (ink, ink) if COLOUR[number] == "gelb" else (GOLD, GOLD_EDGE)

    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle(_box(20, 4, 108, 124), radius=12 * SCALE, fill=colour,
                               outline=INK, width=4 * SCALE)  # fmt: skip
        draw.rounded_rectangle(_box(27, 11, 101, 117), radius=8 * SCALE, outline=ink,
                               width=2 * SCALE)  # fmt: skip
        _centred_text(draw, str(number), (64, 52), 56, ink, width=68)
        per_row = 3
        for index in range(coins):
            row, col = divmod(index, per_row)
            in_row = min(per_row, coins - row * per_row)
            x = 64 + (col - (in_row - 1) / 2) * 19
            y = 92 + row * 15 - (7 if coins > per_row else 0)
            draw.ellipse(_box(x - 7, y - 7, x + 7, y + 7), fill=coin, outline=coin_edge,
                         width=2 * SCALE)  # fmt: skip

    return paint


# -- Teufel tiles ------------------------------------------------------------------------------
def _coal_tile(value: int) -> Painter:
    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.ellipse(_box(6, 6, 122, 122), fill=(120, 84, 52, 255), outline=INK, width=4 * SCALE)
        draw.ellipse(_box(16, 16, 112, 112), fill=COAL)
        for x, y, r in ((40, 38, 7), (86, 40, 5), (36, 88, 5), (90, 90, 7)):
            draw.ellipse(_box(x - r, y - r, x + r, y + r), fill=EMBER)
        _centred_text(draw, str(value), (64, 65), 46, WHITE, width=84)

    return paint


def _devil_tile(draw: ImageDraw.ImageDraw) -> None:
    draw.ellipse(_box(6, 6, 122, 122), fill=(120, 84, 52, 255), outline=INK, width=4 * SCALE)
    draw.ellipse(_box(16, 16, 112, 112), fill=RED)
    horn = (60, 10, 10, 255)
    draw.polygon(_points((30, 44), (24, 14), (48, 34)), fill=horn)
    draw.polygon(_points((98, 44), (104, 14), (80, 34)), fill=horn)
    draw.polygon(_points((36, 54), (58, 62), (40, 68)), fill=GOLD)  # eyes, slanted
    draw.polygon(_points((92, 54), (70, 62), (88, 68)), fill=GOLD)
    draw.chord(_box(34, 60, 94, 100), 20, 160, fill=INK)  # the grin
    draw.polygon(_points((46, 84), (52, 84), (49, 92)), fill=WHITE)  # fangs
    draw.polygon(_points((76, 84), (82, 84), (79, 92)), fill=WHITE)


# -- Dice Devils items -------------------------------------------------------------------------
def _item(paint_item: Painter, value: int) -> Painter:
    def paint(draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle(_box(4, 4, 124, 124), radius=20 * SCALE, fill=WARM,
                               outline=WARM_EDGE, width=4 * SCALE)  # fmt: skip
        paint_item(draw)
        for n in range(value):  # flames in the corner: 1, 2 or 3 points
            x = 108 - n * 14
            draw.polygon(_points((x, 100), (x + 6, 112), (x, 118), (x - 6, 112)), fill=EMBER)
            draw.ellipse(_box(x - 6, 106, x + 6, 118), fill=EMBER)

    return paint


def _bed(draw: ImageDraw.ImageDraw) -> None:
    wood = (130, 80, 40, 255)
    draw.rectangle(_box(18, 34, 28, 96), fill=wood)  # headboard
    draw.rectangle(_box(100, 56, 108, 96), fill=wood)  # footboard
    draw.rounded_rectangle(_box(24, 60, 104, 78), radius=5 * SCALE, fill=WHITE, outline=INK,
                           width=2 * SCALE)  # fmt: skip
    draw.rounded_rectangle(_box(50, 52, 104, 72), radius=6 * SCALE, fill=(90, 130, 200, 255))
    draw.rounded_rectangle(_box(28, 46, 50, 60), radius=6 * SCALE, fill=WHITE, outline=INK,
                           width=2 * SCALE)  # fmt: skip
    draw.rectangle(_box(24, 78, 104, 86), fill=wood)


def _radiator(draw: ImageDraw.ImageDraw) -> None:
    metal, edge = (236, 236, 236, 255), (110, 110, 110, 255)
    draw.rectangle(_box(20, 44, 108, 52), fill=edge)
    draw.rectangle(_box(20, 84, 108, 92), fill=edge)
    for x in range(22, 104, 16):
        draw.rounded_rectangle(_box(x, 30, x + 12, 102), radius=6 * SCALE, fill=metal,
                               outline=edge, width=2 * SCALE)  # fmt: skip
    for x in (34, 58, 82):  # heat
        draw.arc(_box(x, 10, x + 10, 22), 180, 360, fill=EMBER, width=3 * SCALE)
        draw.arc(_box(x + 10, 10, x + 20, 22), 0, 180, fill=EMBER, width=3 * SCALE)


def _earmuffs(draw: ImageDraw.ImageDraw) -> None:
    fur = (214, 68, 120, 255)
    draw.arc(_box(28, 18, 100, 90), 180, 360, fill=INK, width=7 * SCALE)
    for x in (18, 86):
        draw.ellipse(_box(x, 46, x + 26, 86), fill=fur, outline=INK, width=3 * SCALE)


def _scarf(draw: ImageDraw.ImageDraw) -> None:
    wool, stripe = (200, 40, 60, 255), (250, 240, 230, 255)
    draw.rounded_rectangle(_box(18, 32, 110, 52), radius=9 * SCALE, fill=wool)
    draw.polygon(_points((70, 46), (88, 46), (82, 96), (64, 96)), fill=wool)
    for y in (62, 76):
        draw.line(_points((66, y), (86, y)), fill=stripe, width=4 * SCALE)
    for x in range(66, 84, 5):  # fringe
        draw.line(_points((x, 96), (x - 1, 106)), fill=wool, width=2 * SCALE)
    for x in (34, 54, 94):
        draw.line(_points((x, 34), (x, 50)), fill=stripe, width=4 * SCALE)


def _teacup(draw: ImageDraw.ImageDraw) -> None:
    china = (255, 255, 255, 255)
    draw.ellipse(_box(14, 88, 102, 104), fill=china, outline=INK, width=2 * SCALE)  # saucer
    draw.arc(_box(76, 50, 104, 78), 270, 90, fill=INK, width=5 * SCALE)  # handle
    draw.chord(_box(22, 22, 90, 96), 0, 180, fill=china, outline=INK, width=3 * SCALE)
    draw.rectangle(_box(22, 56, 90, 59), fill=INK)
    draw.ellipse(_box(24, 52, 88, 62), fill=(150, 80, 30, 255))  # tea
    for x in (40, 58):  # steam
        draw.arc(_box(x, 18, x + 10, 32), 90, 270, fill=(150, 150, 150, 255), width=3 * SCALE)
        draw.arc(_box(x, 30, x + 10, 44), 270, 90, fill=(150, 150, 150, 255), width=3 * SCALE)


def _kettle(draw: ImageDraw.ImageDraw) -> None:
    steel, edge = (200, 205, 212, 255), (70, 74, 80, 255)
    draw.polygon(_points((86, 66), (112, 44), (116, 50), (92, 82)), fill=steel, outline=edge)
    draw.arc(_box(34, 18, 94, 70), 180, 360, fill=INK, width=6 * SCALE)  # handle
    draw.chord(_box(22, 36, 100, 128), 180, 360, fill=steel, outline=edge, width=3 * SCALE)
    draw.rectangle(_box(22, 80, 100, 100), fill=steel)
    draw.line(_points((22, 80), (22, 100)), fill=edge, width=3 * SCALE)
    draw.line(_points((100, 80), (100, 100)), fill=edge, width=3 * SCALE)
    draw.rectangle(_box(20, 98, 102, 104), fill=edge)
    draw.ellipse(_box(54, 34, 68, 44), fill=INK)  # lid knob


def _nightcap(draw: ImageDraw.ImageDraw) -> None:
    cloth, brim = (60, 90, 170, 255), (245, 245, 245, 255)
    draw.polygon(_points((26, 90), (50, 40), (84, 22), (110, 30), (96, 48), (102, 90)),
                 fill=cloth)  # fmt: skip
    for x, y in ((50, 70), (74, 56), (84, 78)):
        draw.ellipse(_box(x - 4, y - 4, x + 4, y + 4), fill=GOLD)
    draw.rounded_rectangle(_box(20, 84, 108, 102), radius=8 * SCALE, fill=brim, outline=INK,
                           width=2 * SCALE)  # fmt: skip
    draw.ellipse(_box(100, 30, 120, 50), fill=brim, outline=INK, width=2 * SCALE)  # pompom


def _chili(draw: ImageDraw.ImageDraw) -> None:
    pepper, stem = (210, 30, 30, 255), (60, 140, 50, 255)
    draw.polygon(
        _points((30, 40), (46, 32), (66, 40), (84, 58), (96, 80), (104, 104), (90, 96),
                (70, 80), (48, 66), (32, 54)),
        fill=pepper,
    )  # fmt: skip
    draw.ellipse(_box(24, 32, 48, 56), fill=pepper)
    draw.line(_points((44, 42), (66, 50)), fill=(250, 150, 150, 255), width=3 * SCALE)
    draw.polygon(_points((22, 36), (30, 28), (38, 34), (30, 40)), fill=stem)
    draw.line(_points((28, 32), (18, 18)), fill=stem, width=5 * SCALE)


def _bath(draw: ImageDraw.ImageDraw) -> None:
    enamel, water = (255, 255, 255, 255), (120, 180, 230, 255)
    draw.rectangle(_box(14, 56, 114, 62), fill=INK)
    draw.rectangle(_box(16, 54, 112, 60), fill=water)
    draw.chord(_box(18, 26, 110, 100), 0, 180, fill=enamel, outline=INK, width=3 * SCALE)
    draw.line(_points((30, 92), (26, 104)), fill=INK, width=5 * SCALE)  # feet
    draw.line(_points((98, 92), (102, 104)), fill=INK, width=5 * SCALE)
    draw.line(_points((24, 54), (24, 30), (36, 30)), fill=INK, width=4 * SCALE)  # tap
    for x in (50, 66, 82):  # steam
        draw.arc(_box(x, 20, x + 10, 34), 90, 270, fill=EMBER, width=3 * SCALE)
        draw.arc(_box(x, 32, x + 10, 46), 270, 90, fill=EMBER, width=3 * SCALE)


def _iron(draw: ImageDraw.ImageDraw) -> None:
    body, sole = (70, 120, 200, 255), (200, 205, 212, 255)
    draw.arc(_box(38, 30, 96, 80), 180, 360, fill=INK, width=7 * SCALE)  # handle
    draw.polygon(_points((18, 88), (36, 56), (104, 56), (108, 88)), fill=body, outline=INK)
    draw.rectangle(_box(16, 86, 110, 96), fill=sole, outline=INK, width=2 * SCALE)
    draw.ellipse(_box(82, 64, 94, 76), fill=GOLD)  # the dial


def _grill(draw: ImageDraw.ImageDraw) -> None:
    bowl = (40, 40, 40, 255)
    for x in (40, 60, 80):  # flames
        draw.polygon(_points((x - 7, 44), (x, 20), (x + 7, 44)), fill=EMBER)
    draw.line(_points((20, 46), (108, 46)), fill=(150, 150, 150, 255), width=4 * SCALE)
    draw.chord(_box(20, 14, 108, 84), 0, 180, fill=bowl)
    draw.line(_points((42, 80), (32, 108)), fill=bowl, width=5 * SCALE)  # legs
    draw.line(_points((86, 80), (96, 108)), fill=bowl, width=5 * SCALE)
    draw.line(_points((64, 84), (64, 108)), fill=bowl, width=5 * SCALE)


ITEM_PAINTERS: dict[str, Painter] = {
    "Bett": _bed,
    "Heizkörper": _radiator,
    "Ohrenschützer": _earmuffs,
    "Schal": _scarf,
    "Teetasse": _teacup,
    "Wasserkessel": _kettle,
    "Schlafmütze": _nightcap,
    "Peperoni": _chili,
    "heißes Bad": _bath,
    "Bügeleisen": _iron,
    "Grill": _grill,
}


def _painters() -> dict[str, Painter]:
    found: dict[str, Painter] = {emojis.die_name(face): _die(face) for face in emojis.FACES}
    found[emojis.die_name(6, cursed=True)] = _die(6, cursed=True)
    for number in sorted(COLOUR):
        found[emojis.card_name(number, COLOUR[number])] = _card(number)
    for value in sorted(set(TILES), reverse=True):
        found[emojis.tile_name(value)] = _devil_tile if value == DEVIL else _coal_tile(value)
    for item, painter in ITEM_PAINTERS.items():
        found[emojis.item_name(item)] = _item(painter, VALUE[item])
    return found


PAINTERS = _painters()
"""How each emoji of the set is drawn, by name (the same names as the registry's)."""


@cache
def picture(name: str) -> Image.Image:
    """The emoji ``name`` as a 128×128 RGBA picture."""
    return _picture(PAINTERS[name])


@cache
def png(name: str) -> bytes:
    """The emoji ``name`` as the PNG the bot uploads (the same bytes in every run)."""
    out = io.BytesIO()
    picture(name).save(out, format="PNG", optimize=False, compress_level=9)
    return out.getvalue()


@cache
def content_hash(name: str) -> str:
    """The drawing's fingerprint: of its pixels (not the PNG's bytes, which a newer zlib
    may pack differently), 16 hex digits."""
    image = picture(name)
    digest = hashlib.sha256(f"{image.mode} {image.size}\n".encode())
    digest.update(image.tobytes())
    return digest.hexdigest()[:16]


# -- the pinned versions -----------------------------------------------------------------------
VERSIONS_FILE = Path(__file__).with_name("emoji_versions.py")
_HEADER = '''"""Generated by ``python -m bot.games.emoji_images --update``: each emoji's drawing
(:func:`bot.games.emoji_images.content_hash`) and since when it is drawn so (UTC). The bot
replaces an emoji on Discord that was uploaded before its drawing's time (bot.emoji_sync);
the test of this file fails when a drawing changed and the file was not updated."""

DRAWN: dict[str, tuple[str, str]] = {
'''


def versions_text(old: dict[str, tuple[str, str]], now: datetime) -> str:
    """The versions file for the drawings of today: an unchanged drawing keeps its time, a
    new or changed one is drawn since ``now``."""
    stamp = now.astimezone(UTC).replace(microsecond=0).isoformat()
    lines = [_HEADER]
    for name in PAINTERS:
        digest = content_hash(name)
        kept = old.get(name)
        since = kept[1] if kept is not None and kept[0] == digest else stamp
        lines.append(f'    "{name}": ("{digest}", "{since}"),\n')
    lines.append("}\n")
    return "".join(lines)


def main(argv: Sequence[str]) -> int:
    """``--check``: whether the versions file matches the drawings (exit 1 if not);
    ``--update``: write it so."""
    from bot.games.emoji_versions import DRAWN  # noqa: PLC0415 (it is what is checked)

    text = versions_text(DRAWN, datetime.now(UTC))
    current = VERSIONS_FILE.read_text(encoding="utf-8")
    if "--update" in argv:
        if text != current:
            VERSIONS_FILE.write_text(text, encoding="utf-8")
            sys.stdout.write(f"{VERSIONS_FILE} updated\n")
        return 0
    if text != current:
        sys.stdout.write(f"{VERSIONS_FILE} is out of date: python -m bot.games.emoji_images "
                         "--update\n")  # fmt: skip
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
