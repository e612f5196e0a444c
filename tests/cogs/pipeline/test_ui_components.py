"""The component payload cogs.pipeline.payload builds from a card is what discord.py makes."""

from __future__ import annotations

from typing import Any

import discord
from hypothesis import given
from hypothesis import strategies as st

from bot.render.cards import Button, Card, Choice, Row, Select
from cogs.pipeline import payload as ui


def reference(card: Card) -> list[dict[str, Any]]:
    """The payload as discord.py builds it from ``discord.ui`` items (as payload once did)."""
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(card.rows):
        if isinstance(row, Select):
            options = [
                discord.SelectOption(
                    label=c.label[:100], value=c.value, description=c.description[:100] or None
                )
                for c in row.options
            ]
            view.add_item(
                discord.ui.Select(
                    custom_id=row.custom_id,
                    placeholder=row.placeholder[:150],
                    options=options,
                    min_values=row.min_values,
                    max_values=row.max_values,
                    row=number,
                )
            )
            continue
        for spec in row:
            view.add_item(
                discord.ui.Button(
                    custom_id=spec.custom_id,
                    label=spec.label[:80],
                    style=ui.STYLES[spec.style],
                    disabled=spec.disabled,
                    row=number,
                )
            )
    return view.to_components()


text = st.text(min_size=1, max_size=120)
ids = st.from_regex(r"v6b:[0-9]{1,5}:[0-9]{1,4}:[a-z]{1,8}", fullmatch=True)
styles = st.sampled_from(sorted(ui.STYLES))
buttons = st.lists(
    st.builds(Button, ids, st.text(max_size=120), styles, st.booleans()),
    min_size=1,
    max_size=5,
)
selects = st.builds(
    Select,
    ids,
    st.text(max_size=200),
    st.lists(
        st.builds(Choice, st.text(min_size=1, max_size=30), text, st.text(max_size=120)),
        min_size=1,
        max_size=25,
    ).map(tuple),
    st.just(1),
    st.integers(1, 3),
)
rows: st.SearchStrategy[list[Row]] = st.lists(st.one_of(buttons, selects), min_size=1, max_size=5)


@given(rows)
def test_the_payload_is_discord_pys(card_rows: list[Row]) -> None:
    card = Card(title="Tisch", rows=card_rows)
    built = ui.view(card)
    assert built is not None
    assert built.to_components() == reference(card)


def test_a_card_without_rows_clears_the_components() -> None:
    assert ui.view(Card(title="Ende")) is None
    assert ui.message_kwargs(Card(title="Ende"))["view"] is None


def test_discord_py_sends_it_as_a_finished_view() -> None:
    """The checks discord.py makes before sending a view (and keeping it for dispatch)."""
    built = ui.view(Card(rows=[[Button("v6b:1:2:weiter", "weiter")]]))
    assert built is not None
    assert hasattr(built, "__discord_ui_view__")
    assert built.is_finished() and not built.is_dispatchable() and not built.has_components_v2()
    params = discord.webhook.async_.interaction_message_response_params(
        type=7,
        content=None,
        view=built,  # type: ignore[arg-type]
    )
    assert params.payload is not None
    assert params.payload["data"]["components"] == built.to_components()
