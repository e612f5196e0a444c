"""A public text that carries a seed fits one Discord message and keeps the seed whole."""

from __future__ import annotations

import pytest

from bot.render.fit import ELLIPSIS, fit

SEED = "ab" * 32


@pytest.mark.parametrize("locale", ["de", "en"])
@pytest.mark.parametrize("length", [1, 200, 1_900, 2_000, 5_000])
def test_a_long_reason_is_shortened_never_the_seed(locale: str, length: int) -> None:
    reason = "x" * length
    text = fit("host.ended_reason", locale, shorten="reason", host="<@1>", reason=reason, seed=SEED)
    assert len(text) <= 2000
    assert text.rstrip().endswith(f"`{SEED}`")  # the reveal is the message's end, whole
    if reason in text:
        assert ELLIPSIS not in text
    else:
        assert "x" * 100 + ELLIPSIS in text  # as much of the reason as fits


def test_a_short_text_is_left_alone() -> None:
    text = fit("host.pause_reason", "de", shorten="reason", reason="Pizza")
    assert "Pizza" in text and ELLIPSIS not in text


def test_a_text_that_cannot_fit_is_an_error_not_a_cut() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        fit(
            "host.ended_reason",
            "de",
            shorten="reason",
            limit=50,
            host="<@1>",
            reason="x",
            seed=SEED,
        )
