"""Alt texts: what a picture shows as one line a screen reader reads (Discord's
description of a media gallery item), every number of the picture in it."""

from __future__ import annotations

from collections.abc import Sequence

ALT_MAX = 1024
"""Discord's longest description of a media gallery item."""


def one_line(title: str, parts: Sequence[str]) -> str:
    """ "title: part; part; …", cut with an ellipsis at :data:`ALT_MAX` characters."""
    text = f"{title}: {'; '.join(parts)}" if parts else title
    text = " ".join(text.split())  # one line: no line breaks from a name or a title
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"
