"""Texts that must fit one Discord message without losing what matters in them."""

from __future__ import annotations

from bot.bounds import MESSAGE_MAX
from bot.i18n import t

ELLIPSIS = "…"


def fit(key: str, locale: str, *, shorten: str, limit: int = MESSAGE_MAX, **params: object) -> str:
    """The text ``key`` with ``params`` in at most ``limit`` characters. When it is too long,
    only the parameter ``shorten`` (free text someone typed, such as a host's reason) is
    cut, with an ellipsis — never the rest: a seed reveal is always shown whole. Raises
    ``ValueError`` if the text would not fit even with ``shorten`` left empty."""
    text = t(key, locale, **params)
    value = str(params[shorten])
    keep = len(value)
    while len(text) > limit:
        if keep == 0:
            raise ValueError(f"{key} does not fit {limit} characters even without {shorten}")
        keep = max(0, keep - (len(text) - limit) - len(ELLIPSIS))
        text = t(key, locale, **{**params, shorten: value[:keep] + ELLIPSIS})
    return text
