"""Screenshots of the bot's messages as a player sees them in Discord's dark theme.

:mod:`loopback.screens.shot` keeps a message version with what it shows (:class:`Shot`,
:func:`filming` for every version a fake Discord stores), :mod:`loopback.screens.html`
writes it as a self-contained page, :mod:`loopback.screens.shoot` takes the page's PNG with
headless Chromium. ``python -m tests.helpers.screens`` plays the games and writes
docs/screens/.
"""

from loopback.screens.html import page
from loopback.screens.shoot import NoChromium, chromium, png, pngs
from loopback.screens.shot import Film, Shot, filming, shot_of

__all__ = ["Film", "NoChromium", "Shot", "chromium", "filming", "page", "png", "pngs", "shot_of"]
