"""Each kind of picture is stored in its look's fixed palette (bot/render/pictures/look.py):
every kind draws only its look's colours, a flat colour comes out exactly as drawn and a
text's edge close to it, and a picture that strays from its look keeps its colours."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageStat

from bench.pictures import every_kind
from bot.render.pictures.canvas import Canvas
from bot.render.pictures.look import DICE, TITLED, Look, entries, indexed, palette_of
from bot.render.pictures.palette import BACKGROUND, GOLD, INK, LINE, MUTED, SURFACE
from tests.render.picture_cases import golden_cases

LOOKS_MEAN_MAX, LOOKS_MOST = 0.15, 10
"""A picture in its look's palette against the picture as drawn: the mean difference per
channel, and the most any pixel differs, of 255 (its own 256 most used colours reached a
mean of 1.07 and 70 in one pixel: docs/PERFORMANCE.md, issue 45)."""


def drawn() -> Iterator[tuple[str, Canvas]]:
    """Every kind of picture (each golden's, and the bench's at two, four and six
    players) as its canvas is when it is stored."""
    made = [(case.name, case.make) for case in golden_cases()] + every_kind()
    canvases: list[Canvas] = []
    keep = Canvas.png

    def kept(self: Canvas) -> bytes:
        canvases.append(self)
        return keep(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Canvas, "png", kept)
        for name, make in made:
            make()
            yield name, canvases.pop()


def test_every_picture_is_drawn_in_its_looks_colours() -> None:
    """A kind that draws a colour (or writes on a ground) its look does not hold is
    stored in its own colours, slower: its look lacks the colour."""
    strays = [name for name, canvas in drawn() if canvas.look is None]
    assert not strays, f"drawn outside their look: {strays}"


def test_a_picture_in_its_looks_palette_is_what_was_drawn() -> None:
    """Every flat colour exactly as drawn (Pillow maps colour by colour, without
    dithering: a strip of the look's colours tells), a text's edge close to it."""
    for name, canvas in drawn():
        look = canvas.look
        assert look is not None
        difference = ImageChops.difference(indexed(canvas.image, look).convert("RGB"), canvas.image)
        mean = sum(ImageStat.Stat(difference).mean) / 3
        most = max(high for _, high in difference.getextrema())  # type: ignore[misc]
        assert mean <= LOOKS_MEAN_MAX and most <= LOOKS_MOST, (name, mean, most)
        flat = sorted(look.colours)
        strip = Image.new("RGB", (len(flat), 1))
        strip.putdata(flat)
        assert list(indexed(strip, look).convert("RGB").get_flattened_data()) == flat, name


def test_a_looks_flat_colours_map_to_themselves() -> None:
    """Pillow maps a colour to the palette entry nearest its 4×4×4 cube's corner: a blend
    nearer that corner than a flat colour is left out; two flat colours in one cube
    cannot both stay themselves."""
    grey = (47, 47, 47)  # its cube's corner is (44, 44, 44)
    look = Look((grey,), (((0, 0, 0), ((90, 90, 90),)),))  # blends along the greys
    assert (44, 44, 44) in entries(look)
    strip = Image.new("RGB", (1, 1), grey)
    assert indexed(strip, look).convert("RGB").getpixel((0, 0)) == grey
    assert (44, 44, 44) not in palette_of(look).getpalette()[0::3]  # type: ignore[index]
    with pytest.raises(ValueError, match="too close"):
        palette_of(Look((BACKGROUND, (44, 46, 50))))
    both = TITLED + DICE + Look((SURFACE, GOLD), ((MUTED, (SURFACE,)), (INK, (GOLD,))))
    assert len(entries(both)) <= 256
    assert set(entries(both)[: len(both.colours)]) == both.colours


def test_a_picture_that_strays_from_its_look_keeps_its_colours() -> None:
    """A colour the look does not hold (a new one in a renderer, not yet in its look):
    the picture is stored in its own colours, not turned into the look's nearest."""
    look = TITLED + Look((SURFACE, LINE), ((MUTED, (SURFACE,)),))
    canvas = Canvas(200, 60, look=look)
    canvas.box((10, 10, 60, 50), fill=SURFACE)
    assert canvas.look is look
    cork = (150, 110, 70)
    canvas.box((80, 10, 130, 50), fill=cork)
    assert canvas.look is None
    stored = Image.open(io.BytesIO(canvas.png())).convert("RGB")
    assert stored.getpixel((canvas.px(100), canvas.px(30))) == cork
    written = Canvas(200, 60, look=look)
    written.box((0, 0, 200, 60), fill=LINE)
    written.text(20, 30, "Zoë", fill=MUTED)  # muted on a rule's grey: not a pair of the look
    assert written.look is None
