"""Screenshots of the web's pages: ``python -m tests.helpers.web_screens``.

Serves the real website on a store filled by played games (tests/helpers/web_site.py) and
shoots each page kind that has a ``screen`` name (tests/helpers/web_pages.py) in Debian's
Chromium (tests/helpers/browser.py), at a phone's width (390 CSS pixels, drawn at twice
that, as a phone does) and a desktop's (1280), the whole page down to at most
:data:`TALLEST` pixels, into ``docs/screens/web-<name>-phone.png`` and ``-desktop.png``
(256 colours: a third of the bytes, text looks the same). The games are played anew, so
dice, dates and keys differ from one run to the next. Debian's ``fonts-noto-color-emoji``
draws the dice (🎲) as a visitor's phone does; without it they are empty boxes.

    .venv/bin/python -m tests.helpers.web_screens [--out docs/screens] [--only spiel]
"""

from __future__ import annotations

import argparse
import base64
import io
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from tests.helpers import browser
from tests.helpers.web_pages import PAGES, PageKind
from tests.helpers.web_site import Site, serving

OUT = Path(__file__).resolve().parents[2] / "docs" / "screens"
SIZES = {"phone": (browser.PHONE, 2), "desktop": (browser.DESKTOP, 1)}
"""Each width's window and device scale factor."""
TALLEST = 2400
"""CSS pixels of a page shot at most (a long replay is cut there)."""


def shoot(driver: Any, url: str, size: tuple[int, int], scale: int) -> Image.Image:
    """The whole page at ``url`` (down to :data:`TALLEST`) in a window of ``size``."""
    width, height = size
    metrics = {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 600}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.get(url)
    tall = driver.execute_script("return document.documentElement.scrollHeight")
    tall = max(height, min(int(tall), TALLEST))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "height": tall})
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": tall, "scale": 1}},
    )
    with Image.open(io.BytesIO(base64.b64decode(shot["data"]))) as taken:
        return taken.convert("RGB")


def screens(site: Site, kinds: Sequence[PageKind], out: Path) -> list[Path]:
    written: list[Path] = []
    with browser.driven() as driver:
        for kind in kinds:
            for width, (size, scale) in SIZES.items():
                picture = shoot(driver, site.address(kind.path(site)), size, scale)
                few = picture.quantize(
                    256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
                )
                target = out / f"web-{kind.screen}-{width}.png"
                few.save(target, optimize=True)
                written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.helpers.web_screens", description=__doc__
    )
    parser.add_argument("--out", type=Path, default=OUT, help="the PNGs' folder")
    parser.add_argument("--only", action="append", default=[], help="a screen's name (repeat)")
    args = parser.parse_args(argv)
    reason = browser.missing()
    if reason is not None:
        print(f"web_screens: {reason}", file=sys.stderr)
        return 1
    kinds = [k for k in PAGES if k.screen and (not args.only or k.screen in args.only)]
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory(prefix="web-screens-") as folder,
        serving(Path(folder), evil=False) as site,
    ):
        for path in screens(site, kinds, out):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
