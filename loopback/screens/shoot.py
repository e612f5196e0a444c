"""HTML pages to PNG with headless Chromium (Debian's ``chromium`` package, its command line).

Two runs per page: the first loads the page with a small measuring script appended (only to
that copy) and prints the DOM, from which the page's height is read; the second takes the
screenshot at device scale factor 2 in a window taller than that (a small headless window's
viewport is shorter than the window and leaves the rest blank), cut to the page's height and
stored in 256 colours (a third of the bytes; flat colours and text look the same).
Each run has its own profile directory, so pages are shot side by side.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

from loopback.screens.html import WIDTH

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
SCALE = 2
TIMEOUT = 180.0  # a loaded two-core machine starts Chromium slowly
SPARE = 200  # CSS pixels of window beyond the page's height
MEASURE = (
    "<script>addEventListener('load',()=>{document.body.setAttribute('data-height',"
    "Math.ceil(document.documentElement.getBoundingClientRect().height))})</script>"
)
HEIGHT = re.compile(r'data-height="(\d+)"')


class NoChromium(RuntimeError):
    """No Chromium on this machine (``apt-get install chromium``)."""


def chromium() -> str | None:
    """The path of a Chromium on this machine (``$CHROMIUM`` first), or None."""
    named = os.environ.get("CHROMIUM")
    for name in (named, *NAMES) if named else NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _run(browser: str, profile: Path, args: list[str]) -> str:
    profile.mkdir(parents=True, exist_ok=True)
    command = [
        browser,
        "--headless",
        "--no-sandbox",  # as root in a container; the pages are our own, without scripts
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        "--mute-audio",
        f"--user-data-dir={profile}",
        "--virtual-time-budget=5000",
        *args,
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=TIMEOUT, check=False, cwd=profile
    )
    if done.returncode != 0:
        raise RuntimeError(f"chromium failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout


def height_of(browser: str, page: Path, profile: Path) -> int:
    """The page's height in CSS pixels at :data:`~loopback.screens.html.WIDTH`."""
    measuring = page.with_name(page.stem + ".measure.html")
    text = page.read_text(encoding="utf-8")
    measuring.write_text(text.replace("</body>", MEASURE + "</body>", 1), encoding="utf-8")
    dom = _run(browser, profile, [f"--window-size={WIDTH},600", "--dump-dom", measuring.as_uri()])
    found = HEIGHT.search(dom)
    if found is None:
        raise RuntimeError(f"chromium did not measure {page.name}")
    return max(int(found[1]), 1)


def png(html: str, target: Path, *, browser: str | None = None) -> Path:
    """One page as a PNG at ``target`` (twice the page's CSS size)."""
    browser = browser or chromium()
    if browser is None:
        raise NoChromium("no chromium on this machine: apt-get install -y chromium")
    with tempfile.TemporaryDirectory(prefix="screens-") as folder:
        work = Path(folder)
        page = work / "page.html"
        page.write_text(html, encoding="utf-8")
        height = height_of(browser, page, work / "measure")
        shot = work / "shot.png"
        _run(
            browser,
            work / "shoot",
            [
                f"--window-size={WIDTH},{height + SPARE}",
                f"--force-device-scale-factor={SCALE}",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
        )
        target.parent.mkdir(parents=True, exist_ok=True)
        with Image.open(shot) as taken:
            cut = taken.convert("RGB").crop((0, 0, taken.width, min(taken.height, height * SCALE)))
            few = cut.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            few.save(target, optimize=True)
    return target


def pngs(pages: Sequence[tuple[str, Path]], *, workers: int = 4) -> list[Path]:
    """Several pages (HTML, target) as PNGs, a few at a time."""
    browser = chromium()
    if browser is None:
        raise NoChromium("no chromium on this machine: apt-get install -y chromium")
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda job: png(job[0], job[1], browser=browser), pages))
