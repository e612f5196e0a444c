"""What every family of the app's emojis is drawn with: 128×128 RGBA pictures drawn with
Pillow in the shipped font, nothing downloaded (each family's painters are in its module
``PAINTERS``: the dice's in :mod:`bot.render.pictures.emoji_dice`, a game's in
``bot/games/<game>/render/emoji_pictures.py``; the set's pictures in
:mod:`bot.emoji_images`).

Drawn four times as large and scaled down (Pillow draws shapes without smoothing), the same
bytes in every run."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from bot.render.typeface import font

SIZE = 128
SCALE = 4
BIG = SIZE * SCALE
Box = tuple[float, float, float, float]
Rgba = tuple[int, int, int, int]
Painter = Callable[[ImageDraw.ImageDraw], None]
"""How an emoji is drawn: on the large canvas, in picture pixels times :data:`SCALE`."""

INK = (34, 30, 28, 255)
WHITE = (255, 255, 255, 255)
PAPER = (250, 248, 242, 255)
RED = (198, 40, 40, 255)
GOLD = (240, 190, 40, 255)
GOLD_EDGE = (150, 105, 10, 255)
EMBER = (235, 120, 30, 255)


def box(x0: float, y0: float, x1: float, y1: float) -> Box:
    """A box of the 128-pixel picture on the large canvas."""
    return (x0 * SCALE, y0 * SCALE, x1 * SCALE, y1 * SCALE)


def points(*xy: tuple[float, float]) -> list[tuple[float, float]]:
    """Points of the 128-pixel picture on the large canvas."""
    return [(x * SCALE, y * SCALE) for x, y in xy]


def picture(paint: Painter) -> Image.Image:
    """What ``paint`` draws, as the 128×128 RGBA picture."""
    canvas = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
    paint(ImageDraw.Draw(canvas))
    return canvas.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


def centred_text(
    draw: ImageDraw.ImageDraw,
    text: str,
    centre: tuple[float, float],
    size: float,
    fill: Rgba,
    *,
    stroke: Rgba | None = None,
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
