"""Every picture kind compared with its golden PNG in tests/render/golden/, with a small
tolerance for a different FreeType's anti-aliasing: over the whole picture (a mean), and
in every small neighbourhood (a wrong digit or die face changes a few hundred pixels of a
picture of a million: only a local mean sees it). After a change to a picture that was
meant, look at the new pictures and rewrite the goldens:

    CROUPIER_UPDATE_GOLDEN=1 .venv/bin/pytest tests/render/test_picture_goldens.py

A failing comparison leaves the picture it got next to the test's temporary files."""

from __future__ import annotations

import dataclasses
import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter, ImageStat

from bot.games.verflixte6.render.pictures import durchgang_rows, v6_durchgang_png
from bot.i18n import t
from bot.render.pictures import group_table_png
from tests.render.picture_cases import (
    LONGEST,
    NAMES,
    WIDEST,
    Case,
    by_name,
    golden_cases,
    v6_log,
)

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("CROUPIER_UPDATE_GOLDEN") == "1"
SIZE_SLACK = 2  # pixels a text's width may differ by under another FreeType
MEAN_MAX = 1.5  # mean difference per channel, of 255 (softer text edges: up to 1.2)
STRONG, STRONG_SHARE_MAX = 64, 0.002  # pixels that differ by more than STRONG: at most 0.2 %
LOCAL_RADIUS, LOCAL_MAX = 2, 30
"""The mean difference (of 255, the channel that differs most) in any 5×5-pixel square
(pictures are drawn at about the size Discord shows them, a digit is 8 pixels wide):
text edges half a pixel softer reach about 17, a digit drawn wrong at least 41."""


def difference(got: Image.Image, golden: Image.Image) -> str | None:
    """Why ``got`` is not ``golden`` within the tolerance (None: it is)."""
    if any(abs(a - b) > SIZE_SLACK for a, b in zip(got.size, golden.size, strict=True)):
        return f"size {got.size} instead of {golden.size}"
    box = (0, 0, min(got.width, golden.width), min(got.height, golden.height))
    diff = ImageChops.difference(got.crop(box).convert("RGB"), golden.crop(box).convert("RGB"))
    pixels = max(1, box[2] * box[3])
    mean = sum(ImageStat.Stat(diff).mean) / 3
    red, green, blue = diff.split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    strong = most.point(lambda v: 255 if v > STRONG else 0).histogram()[255] / pixels
    if mean > MEAN_MAX or strong > STRONG_SHARE_MAX:
        return f"mean difference {mean:.2f} (at most {MEAN_MAX}), {strong:.2%} of the pixels \
differ strongly (at most {STRONG_SHARE_MAX:.1%})"
    local = most.filter(ImageFilter.BoxBlur(LOCAL_RADIUS))
    worst = int(local.getextrema()[1])  # type: ignore[arg-type]  # one band: (low, high)
    if worst > LOCAL_MAX:
        x, y = _where(local, worst)
        return f"a part near ({x}, {y}) differs by {worst} on average (at most {LOCAL_MAX})"
    return None


def _where(image: Image.Image, value: int) -> tuple[int, int]:
    """The first pixel of ``image`` (one band) that is ``value``."""
    mask = image.point(lambda v: 255 if v >= value else 0)
    box = mask.getbbox() or (0, 0, 0, 0)
    return box[0], box[1]


@by_name(golden_cases())
def test_the_picture_matches_its_golden(case: Case, tmp_path: Path) -> None:
    png = case.make()
    path = GOLDEN / f"{case.name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    assert path.exists(), f"no golden {path.name}: make it with CROUPIER_UPDATE_GOLDEN=1"
    got = Image.open(io.BytesIO(png))
    why = difference(got, Image.open(path))
    if why:
        (tmp_path / path.name).write_bytes(png)
        raise AssertionError(
            f"{case.name}: {why}; got {tmp_path / path.name} "
            "(meant? CROUPIER_UPDATE_GOLDEN=1 rewrites the goldens)"
        )


def test_every_golden_belongs_to_a_picture() -> None:
    names = {f"{c.name}.png" for c in golden_cases()}
    stale = sorted(p.name for p in GOLDEN.glob("*.png") if p.name not in names)
    assert not stale, f"goldens of no picture: {stale}"


def test_the_comparison_sees_a_moved_text() -> None:
    """The tolerance lets anti-aliasing through, not a layout: a title two pixels lower
    fails."""
    case = next(c for c in golden_cases() if c.name == "dd_display_de")
    golden = Image.open(io.BytesIO(case.make())).convert("RGB")
    assert difference(golden, golden) is None
    moved = golden.copy()
    moved.paste(golden.crop((0, 0, golden.width, 80)), (0, 2))  # the title two pixels lower
    assert difference(moved, golden) is not None


def test_the_comparison_lets_softer_anti_aliasing_through() -> None:
    """Text edges a little softer, as another FreeType may draw them, pass."""
    for name in ("v6_durchgang_de", "group_standings_fr", "bracket_de", "oven_de"):
        golden = Image.open(GOLDEN / f"{name}.png").convert("RGB")
        soft = Image.blend(golden, golden.filter(ImageFilter.SMOOTH), 0.3)
        assert difference(soft, golden) is None, name


def test_the_comparison_sees_a_wrong_number() -> None:
    """One die face, one player's eyes, one of his points, a digit of a muted number: each
    drawn wrong fails its golden (the whole picture's mean alone would let them through)."""
    events, end = v6_log()
    rows = durchgang_rows(events, end)
    title = t("ui.result.title", "de", durchgang=2)
    wrong = [
        {1: dataclasses.replace(rows[1], rolls=(2, 4))},  # Zoë's 3 drawn as a 4
        {0: dataclasses.replace(rows[0], eyes=rows[0].eyes - 1)},
        {2: dataclasses.replace(rows[2], points=rows[2].points + 1)},
    ]
    for change in wrong:
        changed = [change.get(i, row) for i, row in enumerate(rows)]
        assert difference(_picture(v6_durchgang_png(title, changed)), _golden("v6_durchgang_de"))
    header = [t(f"ui.tour.col.{c}", "de") for c in ("place", "player", "points", "eyes")]
    title = t("ui.tour.group_done", "de", group=3, round=2)
    table = [[1, NAMES[0], 24, 131], [2, LONGEST, 19, 114], [3, "Zoë Françoise", 14, 97]]
    for eyes, expected in ((80, False), (88, True), (81, True)):  # the golden has 80
        got = group_table_png(title, header, [*table, [4, WIDEST, 9, eyes]], through=(0, 1))
        assert bool(difference(_picture(got), _golden("group_standings_de"))) is expected, eyes


def _picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def _golden(name: str) -> Image.Image:
    return Image.open(GOLDEN / f"{name}.png")
