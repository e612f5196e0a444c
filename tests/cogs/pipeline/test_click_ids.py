"""Custom ids: written and read in one place (bot.render.cards.ClickId), so every id a
renderer can write is one the router reads back — the Dice Devils swap selects were dead
because the two had drifted apart."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render.cards import MAX_CUSTOM_ID, ClickId, custom_id
from cogs.pipeline.incoming import Click, parse_click


def test_a_verb_with_an_underscore_is_a_click() -> None:
    click = parse_click("dds:1:7:swap_rank", ["1"])
    assert click == Click("dds", 1, 7, "swap_rank", "", ["1"])


def test_a_form_submission_is_a_click_with_the_fields_values() -> None:
    assert parse_click("tfm:4:9:bet", ["40"]) == Click("tfm", 4, 9, "bet", "", ["40"])


def test_a_button_carries_no_values() -> None:
    assert parse_click("ddb:1:7:place:3", ["x"]) == Click("ddb", 1, 7, "place", "3", [])


@pytest.mark.parametrize("verb", ["Weiter", "swap-rank", "", "a:b"])
def test_an_id_the_router_could_not_read_is_never_written(verb: str) -> None:
    with pytest.raises(ValueError):
        custom_id("v6b", 1, 2, verb)


def test_an_overlong_id_is_never_written() -> None:
    with pytest.raises(ValueError):
        custom_id("v6b", 1, 2, "x" * MAX_CUSTOM_ID)


@given(
    prefix=st.from_regex(r"[a-z0-9]{1,4}[bsm]", fullmatch=True),
    game=st.integers(0, 10**18),
    version=st.integers(0, 10**9),
    verb=st.from_regex(r"[a-z_]{1,20}", fullmatch=True),
    arg=st.from_regex(r"[A-Za-z0-9_|-]{0,20}", fullmatch=True),
)
def test_every_written_id_reads_back_as_itself(
    prefix: str, game: int, version: int, verb: str, arg: str
) -> None:
    written = custom_id(prefix, game, version, verb, arg)
    assert ClickId.parse(written) == ClickId(prefix, game, version, verb, arg)


@pytest.mark.parametrize(("game", "version"), [(-1, 2), (1, -2), (True, 2), (1, "2")])
def test_numbers_that_would_not_read_back_are_never_written(game: object, version: object) -> None:
    with pytest.raises(ValueError):
        custom_id("v6b", game, version, "weiter")  # type: ignore[arg-type]


def test_a_refused_id_is_refused_again_once_its_parts_were_checked() -> None:
    assert custom_id("v6b", 1, 2, "weiter") == "v6b:1:2:weiter"
    assert str(ClickId("v6b", 3, 4, "weiter", "x")) == "v6b:3:4:weiter:x"
    for _ in range(2):  # a part found wrong is not kept as checked
        with pytest.raises(ValueError):
            custom_id("v6b", 1, 2, "Weiter")
