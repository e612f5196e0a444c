"""The dice check's part of a game page (``static/check.js``): its texts in the page's
language, from the catalogues, and the data blocks that carry them and the export to the
script (``<script type="application/json">``, which the browser never runs)."""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from bot.i18n import FALLBACK, t, template

CHECKED = ("seed", "order", "link", "chain", "head", "format", "numbering", "draw")
"""The problems the browser's check names: the verifier's (``verify.problem.*``), without
the replay's, which needs the rules engines."""


def data_block(text: str) -> Markup:
    """JSON text safe inside ``<script type="application/json">``: no ``<`` (so neither
    ``</script>`` nor ``<!--``), written ``\\u003c`` as JSON allows inside a string, the only
    place JSON has one. The reader gets the same values, and the numbers as written."""
    return Markup(text.replace("<", "\\u003c"))


def _raw(key: str, language: str, count: int = 2) -> str:
    """A text with its placeholders, for the script to fill in (a counted one in its form
    for ``count``)."""
    return template(key, language, count) or template(key, FALLBACK, count) or key


def check_texts(language: str) -> Markup:
    """The check's texts as a data block: counted texts as their singular and plural form
    (the script picks one with the language's plural rule), placeholders left in."""
    texts: dict[str, Any] = {
        "ok": [_raw("web.check.ok", language, n) for n in (1, 2)],
        "unrevealed": [_raw("web.check.unrevealed", language, n) for n in (1, 2)],
        "failed": _raw("web.check.failed", language),
        "working": t("web.check.working", language),
        "unreadable": t("web.check.unreadable", language),
        "unsupported": t("web.check.unsupported", language),
        "problems": {kind: _raw(f"verify.problem.{kind}", language) for kind in CHECKED},
    }
    return data_block(json.dumps(texts, ensure_ascii=False))
