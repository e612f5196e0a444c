"""Drawing in logical pixels: a :class:`Canvas` scales every coordinate, size and line
width by its scale (:func:`~bot.render.pictures.palette.scale_for` its width), and draws
every text in the shipped font as far as the font can draw it
(:func:`~bot.render.typeface.drawable`). The shapes the pictures share (a die, a coin, a
badge) are drawn here."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from bot.i18n.catalogue import MINUS, signed_format
from bot.render import typeface
from bot.render.pictures import look as looks
from bot.render.pictures.look import Look
from bot.render.pictures.palette import (
    BACKGROUND,
    COIN,
    COIN_EDGE,
    DIE_FACE,
    DIE_PIP,
    INK,
    LINE,
    MAX_WIDTH,
    PADDING,
    SCALE,
    TEXT,
    TEXT_SIZE,
    TITLE_SIZE,
    Colour,
    px,
    scale_for,
)

Box = tuple[float, float, float, float]


def face(size: float, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at a logical ``size`` (loaded once per size and weight)."""
    return typeface.font(px(size), bold=bold)


@lru_cache(maxsize=4096)
def width(text: str, size: float = TEXT_SIZE, *, bold: bool = False) -> float:
    """How wide ``text`` is drawn, in logical pixels (remembered: the same names and
    numbers come back in every picture of a table)."""
    return face(size, bold=bold).getlength(typeface.drawable(text, bold=bold)) / SCALE


@lru_cache(maxsize=4096)
def fit(text: str, room: float, size: float = TEXT_SIZE, *, bold: bool = False) -> str:
    """``text`` as drawn, cut with an ellipsis to at most ``room`` logical pixels (as
    :func:`~bot.render.typeface.shortened`, the cut found by halving)."""
    shown = typeface.drawable(text, bold=bold)
    font, limit = face(size, bold=bold), room * SCALE
    if font.getlength(shown) <= limit:
        return shown
    low, high = 0, len(shown)  # the longest kept prefix that fits lies in [low, high)
    while low + 1 < high:
        middle = (low + high) // 2
        if font.getlength(shown[:middle].rstrip() + typeface.ELLIPSIS) <= limit:
            low = middle
        else:
            high = middle
    return shown[:low].rstrip() + typeface.ELLIPSIS


def figure(value: object) -> str:
    """A table's cell as a picture writes it: a negative number with a minus sign (−1,
    the texts' :data:`~bot.i18n.catalogue.MINUS`), anything else as it is."""
    if isinstance(value, (int, float)) and value < 0:
        return MINUS + str(-value)
    return str(value)


signed = signed_format(figure)
"""A change as a picture writes it: +6, −3, ±0 (the texts' :func:`signed_format`)."""


PNG_LEVEL = 3
"""zlib's effort, measured per kind (``python -m bench.pictures --png``, docs/PERFORMANCE.md,
issue 45): levels 1 to 3 take the same time (a Durchgang's 0.7 ms), 3 the fewest bytes of
them; level 6 takes twice as long for a fifth fewer bytes, 9 ten times as long."""
PNG_BUDGET = 48 * 1024
"""The most bytes a picture's file takes (the bot uploads it with the click's answer): the
largest, a tournament's bracket of ten groups, takes 31 KB."""


def png(image: Image.Image, look: Look | None = None) -> bytes:
    """The picture as PNG bytes, as Discord takes a file: an RGB picture in 256 colours,
    those of its ``look`` (a fixed palette per kind of picture, :mod:`.look`) or else its
    256 most used ones (flat fills and anti-aliased text: a rare blend of an edge goes to
    the nearest kept colour). The palette step and level 3 together take no longer than
    RGB at level 1 for less than half its bytes (docs/PERFORMANCE.md, issue 45)."""
    buffer = io.BytesIO()
    if image.mode in ("RGB", "RGBA"):
        rgb = image.convert("RGB") if image.mode == "RGBA" else image
        image = indexed(rgb) if look is None else looks.indexed(rgb, look)
    image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


def indexed(image: Image.Image) -> Image.Image:
    """``image`` (RGB) in a palette of its 256 most used colours: counting them and
    mapping to them takes a third of the time of an adaptive quantizer, and five times as
    long as a fixed palette (:mod:`.look`)."""
    counted = image.getcolors(MAX_COUNTED)
    if counted is None:  # a photograph's worth of colours: let Pillow choose them
        return image.quantize(256, method=Image.Quantize.FASTOCTREE)
    counted.sort(key=lambda pair: pair[0], reverse=True)
    flat = [level for _, colour in counted[:256] if isinstance(colour, tuple) for level in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [0] * (768 - len(flat)))
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


MAX_COUNTED = 1 << 16
"""The most colours :func:`indexed` counts (a picture of flat fills has a few hundred)."""


def put_text(
    draw: ImageDraw.ImageDraw,
    where: tuple[int, int],
    text: str,
    *,
    size: int,
    bold: bool,
    fill: Colour,
    anchor: str,
) -> None:
    """One line of ``text`` at ``where`` (drawn pixels), as ``ImageDraw.text`` draws it
    in the shipped font at ``size``, from its mask rendered once (:func:`text_mask`)."""
    mask, (dx, dy) = text_mask(text, size, bold, anchor)
    ink, _ = draw._getink(fill)
    draw.draw.draw_bitmap((where[0] + dx, where[1] + dy), mask, ink)


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Any, tuple[int, int]]:
    """``text``'s anti-aliased mask in the shipped font at ``size`` drawn pixels, and its
    offset from the point it is anchored at: rendered once per process (the names, headers
    and numbers of a table come back in each of its pictures), then blended onto a picture
    as Pillow's ``ImageDraw.text`` blends it (the same pixels: the goldens tell)."""
    font = typeface.font(size, bold=bold)
    return font.getmask2(text, "L", anchor=anchor, start=(0.0, 0.0))


KEPT_BOX = 2500
"""The largest rounded box (drawn pixels) drawn from :func:`rounded_box`'s masks: a die, a
tile, an oven's place. Blending a mask costs by the pixel, Pillow's ``rounded_rectangle``
by the call: a box of 20×20 pixels takes 2-4 µs from its masks and 12-21 µs from Pillow,
one of 60×60 the same both ways, one of 84×126 twice as long from its masks."""


@lru_cache(maxsize=256)
def rounded_box(size: tuple[int, int], radius: int, line: int) -> tuple[Any, Any]:
    """A rounded box ``size`` (from its first pixel to its last) as two masks, its inside
    and its outline ``line`` pixels wide: drawn once per process by Pillow's
    ``rounded_rectangle``, then blended where a box of that size goes (the same pixels: a
    test compares the two ways). An oven of 48 places has a hundred such boxes."""
    w, h = size
    inside, edge = Image.new("L", (w + 1, h + 1)), Image.new("L", (w + 1, h + 1))
    ImageDraw.Draw(inside).rounded_rectangle((0, 0, w, h), radius=radius, fill=255)
    if line:
        ImageDraw.Draw(edge).rounded_rectangle((0, 0, w, h), radius=radius, outline=255, width=line)
    return inside.im, edge.im


class Canvas:
    """A picture of ``width`` × ``height`` logical pixels on the card's background, drawn
    at ``scale`` (by default as wide as Discord shows it: :func:`scale_for`). Texts are
    measured at :data:`SCALE` (:func:`width`, :func:`fit`), so a picture's layout does
    not depend on the scale it is drawn at. A picture drawn in the colours of its ``look``
    is stored in the look's fixed palette; one that draws a colour outside it (or has no
    look) in its own most used colours (:func:`png`)."""

    def __init__(
        self,
        width: float,
        height: float,
        background: Colour = BACKGROUND,
        *,
        scale: float | None = None,
        look: Look | None = None,
    ) -> None:
        self.width, self.height = width, height
        self.scale = scale_for(width) if scale is None else scale
        self.image = Image.new("RGB", (self.px(width), self.px(height)), background)
        self.draw = ImageDraw.Draw(self.image)
        self.pixels = self.image.load()
        self.look = look
        self.uses(background)

    def uses(self, *colours: Colour | None) -> None:
        """The picture draws ``colours`` flat: one outside its look costs it the look."""
        if self.look is not None and not self.look.colours.issuperset(
            colour for colour in colours if colour is not None
        ):
            self.look = None

    def px(self, value: float) -> int:
        """A logical size in this picture's pixels."""
        return px(value, self.scale)

    def png(self) -> bytes:
        return png(self.image, self.look)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = TEXT_SIZE,
        bold: bool = False,
        fill: Colour = TEXT,
        anchor: str = "lm",
    ) -> None:
        """``text`` at (x, y), placed by ``anchor`` (Pillow's: "lm" = left, middle)."""
        shown = typeface.drawable(text, bold=bold)
        if shown:
            where, drawn = (self.px(x), self.px(y)), self.px(size)
            if self.look is not None:
                mask, offset = text_mask(shown, drawn, bold, anchor)
                self._writes_on(where, mask.size, offset, fill)
            put_text(self.draw, where, shown, size=drawn, bold=bold, fill=fill, anchor=anchor)

    def _writes_on(
        self, where: tuple[int, int], size: tuple[int, int], offset: tuple[int, int], ink: Colour
    ) -> None:
        """A text's ink and the ground at its middle (before it is drawn) must be one of the
        look's pairs, or the blends of its edges would not be in the look's palette."""
        x = min(max(where[0] + offset[0] + size[0] // 2, 0), self.image.width - 1)
        y = min(max(where[1] + offset[1] + size[1] // 2, 0), self.image.height - 1)
        ground = self.pixels[x, y] if self.pixels is not None else None
        if self.look is not None and (ink, ground) not in self.look.pairs:
            self.look = None

    def title(self, title: str, y: float = PADDING + 13) -> None:
        """The picture's title at its top left, cut to the picture's width."""
        shown = fit(title, title_room(self.width), TITLE_SIZE, bold=True)
        self.text(PADDING, y, shown, size=TITLE_SIZE, bold=True)

    def box(
        self,
        box: Box,
        *,
        fill: Colour | None = None,
        outline: Colour | None = None,
        line: float = 1,
        radius: float = 0,
    ) -> None:
        self.uses(fill, outline)
        x0, y0, x1, y1 = (self.px(v) for v in box)
        outline_width = max(1, self.px(line)) if outline is not None else 0
        size = (x1 - x0, y1 - y0)
        if radius and size[0] >= 0 and size[1] >= 0 and (size[0] + 1) * (size[1] + 1) <= KEPT_BOX:
            inside, edge = rounded_box(size, self.px(radius), outline_width)
            for colour, mask in ((fill, inside), (outline, edge)):
                if colour is not None:
                    self.draw.draw.draw_bitmap((x0, y0), mask, self.draw._getink(colour)[0])
        elif radius:
            self.draw.rounded_rectangle(
                (x0, y0, x1, y1), radius=self.px(radius), fill=fill, outline=outline,
                width=outline_width,
            )  # fmt: skip
        else:
            self.draw.rectangle((x0, y0, x1, y1), fill=fill, outline=outline, width=outline_width)

    def line(
        self, points: Sequence[tuple[float, float]], *, fill: Colour = LINE, line: float = 1
    ) -> None:
        self.uses(fill)
        drawn = [(self.px(x), self.px(y)) for x, y in points]
        self.draw.line(drawn, fill=fill, width=max(1, self.px(line)))

    def circle(
        self,
        x: float,
        y: float,
        radius: float,
        *,
        fill: Colour | None = None,
        outline: Colour | None = None,
        line: float = 1,
    ) -> None:
        self.uses(fill, outline)
        box = (self.px(x - radius), self.px(y - radius), self.px(x + radius), self.px(y + radius))
        outline_width = max(1, self.px(line)) if outline is not None else 0
        self.draw.ellipse(box, fill=fill, outline=outline, width=outline_width)

    def polygon(
        self, points: Sequence[tuple[float, float]], *, fill: Colour, outline: Colour | None = None
    ) -> None:
        self.uses(fill, outline)
        drawn = [(self.px(x), self.px(y)) for x, y in points]
        self.draw.polygon(drawn, fill=fill, outline=outline)


PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
"""Where a six-sided die's pips sit, as fractions of its side."""


def die(
    canvas: Canvas,
    x: float,
    y: float,
    size: float,
    value: int,
    *,
    body: Colour = DIE_FACE,
    pip: Colour = DIE_PIP,
    sides: int = 6,
) -> None:
    """A die showing ``value`` with its top left corner at (x, y): a six-sided die as a
    square with pips, a four-sided one (Dice Devils' Satansbraten) as a triangle with its
    number. A value a die cannot show is written as a number on the square."""
    if sides == 4:
        top, base = (x + size / 2, y), y + size
        canvas.polygon([top, (x, base), (x + size, base)], fill=body, outline=LINE)
        canvas.text(
            x + size / 2, y + size * 0.68, str(value), size=size * 0.42, bold=True, fill=pip,
            anchor="mm",
        )  # fmt: skip
        return
    canvas.box((x, y, x + size, y + size), fill=body, radius=size * 0.18)
    if value not in PIPS:
        canvas.text(
            x + size / 2, y + size / 2, str(value), size=size * 0.5, bold=True, fill=pip,
            anchor="mm",
        )  # fmt: skip
        return
    radius = size * 0.095
    for fx, fy in PIPS[value]:
        canvas.circle(x + fx * size, y + fy * size, radius, fill=pip)


def coin(
    canvas: Canvas,
    x: float,
    y: float,
    radius: float,
    *,
    fill: Colour = COIN,
    edge: Colour = COIN_EDGE,
) -> None:
    """A coin (a Flaschenteufel card's point) centred on (x, y); gold unless ``fill`` and
    ``edge`` say otherwise (a yellow card's coins are dark)."""
    canvas.circle(x, y, radius, fill=fill, outline=edge, line=max(0.5, radius / 5))


def badge(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    *,
    fill: Colour,
    ink: Colour = INK,
    size: float = TEXT_SIZE - 2,
    radius: float = 10,
) -> None:
    """A round badge (a place, a slot's number) centred on (x, y) with ``text`` in it."""
    canvas.circle(x, y, radius, fill=fill)
    canvas.text(x, y, text, size=size, bold=True, fill=ink, anchor="mm")


def title_room(content: float = MAX_WIDTH) -> float:
    """The room for a title in a picture ``content`` logical pixels wide."""
    return content - 2 * PADDING
