"""Every picture draws every text in the shipped font, which has a glyph for each character
drawn (read from the font's own character map with fontTools: no box instead of "–", "●"
or "·"); its catalogue texts appear as given; no text runs into another or off the
picture. Names the font cannot draw whole (emoji) are drawn without what it lacks."""

from __future__ import annotations

import contextlib
import io
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from bot.render import typeface
from bot.render.pictures import canvas
from bot.render.typeface import BOLD, REGULAR, drawable, font, has_glyph, shortened
from tests.render.picture_cases import Case, by_name, cases


@cache
def _cmap(key: str, data: bytes) -> frozenset[int]:
    return frozenset(TTFont(io.BytesIO(data)).getBestCmap())


def cmap_of(face: Any) -> frozenset[int]:
    """The code points ``face`` has a glyph for, from its file's cmap table."""
    assert isinstance(face, ImageFont.FreeTypeFont), f"{face!r} is no TrueType font"
    source = face.path
    if isinstance(source, str | Path):
        return _cmap(str(source), Path(source).read_bytes())
    data = source.getvalue()  # a font loaded from memory, as Pillow's default font is
    return _cmap(str(hash(data)), data)


@contextlib.contextmanager
def drawing() -> Iterator[list[tuple[str, Any, tuple[float, float, float, float], Any]]]:
    """Every non-empty text a picture draws: (text, font, its box, the picture's size)."""
    drawn: list[tuple[str, Any, tuple[float, float, float, float], Any]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        face = kwargs.get("font") or (args[1] if len(args) > 1 else None)
        if face is None:
            face = ImageFont.load_default()
        if str(text):
            box = self.textbbox(xy, text, font=face, anchor=kwargs.get("anchor"))
            drawn.append((str(text), face, box, self.im.size))
        return original(self, xy, text, *args, **kwargs)

    put = canvas.put_text

    def put_text(draw: ImageDraw.ImageDraw, where: Any, shown: str, **style: Any) -> None:
        face = font(style["size"], bold=style["bold"])
        box = draw.textbbox(where, shown, font=face, anchor=style["anchor"])
        drawn.append((shown, face, box, draw.im.size))
        put(draw, where, shown, **style)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", text)
        patch.setattr(canvas, "put_text", put_text)
        yield drawn


def drawn_by(case: Case) -> list[tuple[str, Any, tuple[float, float, float, float], Any]]:
    with drawing() as drawn:
        Image.open(io.BytesIO(case.make())).verify()
    assert drawn or not case.shows, f"{case.name} draws no text"  # dice: pips, no text
    return drawn


def name(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, '?')} ({char})"


@by_name(cases())
def test_every_character_drawn_has_a_glyph_in_its_font(case: Case) -> None:
    """What is drawn, and the catalogue texts it was given to draw (the pictures leave out
    what their font lacks, which would hide a catalogue's character the font has no glyph
    for), in each font the picture draws with."""
    drawn = drawn_by(case)
    faces = {id(face): face for _, face, _, _ in drawn}.values()
    texts = [(text, face) for text, face, _, _ in drawn]
    texts += [(text, face) for text in case.shows for face in faces]
    lacking = {
        f"{text!r}: {', '.join(name(c) for c in sorted(set(text)) if ord(c) not in cmap_of(face))}"
        for text, face in texts
        if any(ord(c) not in cmap_of(face) for c in text)
    }
    assert not lacking, f"{case.name} draws characters its font lacks: {sorted(lacking)}"


@by_name(cases())
def test_every_text_is_drawn_in_the_shipped_font(case: Case) -> None:
    faces = {getattr(face, "path", repr(face)) for _, face, _, _ in drawn_by(case)}
    assert faces <= {str(REGULAR), str(BOLD)}, faces


@by_name(cases())
def test_the_catalogue_texts_are_drawn_as_given(case: Case) -> None:
    texts = {text for text, _, _, _ in drawn_by(case)}
    assert not [s for s in case.shows if s not in texts], sorted(texts)


@by_name(cases())
def test_no_text_runs_into_another_or_off_the_picture(case: Case) -> None:
    drawn = drawn_by(case)
    for text, _, (x0, y0, x1, y1), (width, height) in drawn:
        assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height, (text, (x0, y0, x1, y1))
    for i, (a, _, box_a, _) in enumerate(drawn):
        for b, _, box_b, _ in drawn[i + 1 :]:
            overlap = (
                box_a[0] < box_b[2] and box_b[0] < box_a[2]
                and box_a[1] < box_b[3] and box_b[1] < box_a[3]
            )  # fmt: skip
            assert not overlap, f"{case.name}: {a!r} {box_a} runs into {b!r} {box_b}"


def test_the_font_has_what_the_pictures_and_catalogues_write() -> None:
    needed = "–−●·×→✓…„“”‘’«»äöüÄÖÜßéèêëàâçîïôûùœÉÈÀÇŒ€\u00a0\u202f"
    for path in (REGULAR, BOLD):
        cmap = _cmap(str(path), path.read_bytes())
        assert not [name(c) for c in needed if ord(c) not in cmap], path.name


def test_the_glyph_check_of_names_agrees_with_the_fonts_tables() -> None:
    """``has_glyph`` (Pillow: the glyph differs from the missing-glyph box) says what the
    font's cmap says, over Latin, punctuation, symbols and some characters it lacks."""
    sample = [
        *range(0x20, 0x250), *range(0x370, 0x400), *range(0x2000, 0x2070),
        *range(0x2190, 0x2200), *range(0x25A0, 0x2700), *range(0x4E00, 0x4E20),
        *range(0x1F3B0, 0x1F3D0), 0x1F600, 0xE000,
    ]  # fmt: skip
    for bold, path in ((False, REGULAR), (True, BOLD)):
        cmap = _cmap(str(path), path.read_bytes())
        wrong = [
            name(chr(c))
            for c in sample
            if unicodedata.category(chr(c)) not in ("Cc", "Cf", "Cn", "Cs", "Zl", "Zp")
            and has_glyph(chr(c), bold=bold) != (c in cmap)
        ]
        assert not wrong, (path.name, wrong)


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("Jürgen Groß", "Jürgen Groß"),
        ("Zoë Françoise", "Zoë Françoise"),
        ("Anaïs 🎲", "Anaïs"),
        ("🎲 Anaïs 🎲 Dupont", "Anaïs Dupont"),
        ("👨‍👩‍👧 Familie", "Familie"),
        ("🎲🎲", "?"),
        ("山田", "??"),
        ("Tab\there", "Tabhere"),
        ("Zwei\u2029Zeilen\x85", "ZweiZeilen"),
        ("Classement\u202f: tour 2", "Classement\u202f: tour 2"),
        ("", ""),
    ],
)
def test_a_name_is_drawn_without_what_the_font_lacks(given: str, shown: str) -> None:
    assert drawable(given) == shown


def test_a_long_name_is_cut_with_an_ellipsis_to_its_room() -> None:
    face = font(15)
    assert shortened("Anna", face, 100) == "Anna"
    cut = shortened("W" * 32, face, 120)
    assert cut.endswith("…") and face.getlength(cut) <= 120 and len(cut) > 5
    assert shortened("Anna", face, 1) == "…"


def test_the_font_is_loaded_once_per_size() -> None:
    assert font(15) is font(15) and font(15, bold=True) is not font(15)
    assert font(15).getname() == ("DejaVu Sans", "Book")
    assert typeface.font(16, bold=True).getname() == ("DejaVu Sans", "Bold")
