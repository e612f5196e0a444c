"""Every picture kind compared with its golden PNG in tests/render/golden/, with a small
tolerance for a different FreeType's anti-aliasing. After a change to a picture that was
meant, look at the new pictures and rewrite the goldens:

    CROUPIER_UPDATE_GOLDEN=1 .venv/bin/pytest tests/render/test_picture_goldens.py

A failing comparison leaves the picture it got next to the test's temporary files."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from tests.render.picture_cases import Case, by_name, golden_cases

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("CROUPIER_UPDATE_GOLDEN") == "1"
SIZE_SLACK = 2  # pixels a text's width may differ by under another FreeType
MEAN_MAX = 1.0  # mean difference per channel, of 255
STRONG, STRONG_SHARE_MAX = 64, 0.002  # pixels that differ by more than STRONG: at most 0.2 %


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
    return None


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
    moved.paste(golden.crop((0, 0, golden.width, 40)), (0, 2))
    assert difference(moved, golden) is not None
