"""The Components V2 payload cogs.pipeline.payload builds from a card is what discord.py's
own ``LayoutView`` makes of the same card, and keeps Discord's limits."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.render.cards import MAX_TEXT, Button, Card, Choice, Picture, Row, Select
from bot.render.drawn import gallery_key
from cogs.pipeline import payload as ui


def _item(row: Row) -> discord.ui.ActionRow[Any]:
    if isinstance(row, Select):
        options = [
            discord.SelectOption(
                label=c.label[:100], value=c.value, description=c.description[:100] or None
            )
            for c in row.options
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=row.custom_id,
            placeholder=row.placeholder[:150] or None,
            options=options,
            min_values=row.min_values,
            max_values=row.max_values,
        )
        return discord.ui.ActionRow(select)
    buttons = [
        discord.ui.Button(
            custom_id=spec.custom_id,
            label=spec.label[:80] or None,
            style=ui.STYLES[spec.style],
            disabled=spec.disabled,
        )
        for spec in row
    ]
    return discord.ui.ActionRow(*buttons)


def reference(card: Card, accent: int) -> list[dict[str, Any]]:
    """The payload as discord.py builds it from ``discord.ui`` items."""
    texts: list[Any] = [discord.ui.TextDisplay(text) for text in ui.text_parts(card)]
    if card.pictures:
        gallery = discord.ui.MediaGallery(
            *(
                discord.MediaGalleryItem(
                    f"attachment://{picture.filename}", description=picture.description or None
                )
                for picture in card.pictures
            )
        )
        texts.insert(len(texts) - bool(card.footer), gallery)
    if card.rows:
        texts.append(discord.ui.Separator())
        texts += [_item(row) for row in card.rows]
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*texts, accent_colour=accent))
    return view.to_components()


text = st.text(min_size=1, max_size=120)
ids = st.from_regex(r"v6b:[0-9]{1,5}:[0-9]{1,4}:[a-z]{1,8}", fullmatch=True)
styles = st.sampled_from(sorted(ui.STYLES))
buttons = st.lists(
    st.builds(Button, ids, st.text(min_size=1, max_size=120), styles, st.booleans()),
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
rows: st.SearchStrategy[list[Row]] = st.lists(st.one_of(buttons, selects), min_size=0, max_size=5)
fields = st.lists(st.tuples(text, text), max_size=6)
galleries = st.lists(
    st.builds(
        Picture, st.from_regex(r"[a-z]{1,8}", fullmatch=True), text, st.just(lambda: b""), text
    ),
    max_size=3,
    unique_by=lambda picture: picture.filename,
).map(tuple)


@given(rows, fields, st.text(max_size=300), st.text(max_size=40), galleries)
def test_the_payload_is_discord_pys(
    card_rows: list[Row],
    card_fields: list[tuple[str, str]],
    description: str,
    footer: str,
    gallery: tuple[Picture, ...],
) -> None:
    card = Card("Tisch", description, card_fields, footer, card_rows, pictures=gallery)
    assert ui.view(card, 0x123456).to_components() == reference(card, 0x123456)


def test_a_card_is_one_container_with_its_text_picture_and_controls() -> None:
    picture = Picture("spur", "k", lambda: b"", "Anna auf 3")
    card = Card(
        "Runde 2",
        "@Anna ist am Zug.",
        [("Anna", "40 Münzen"), ("Ben", "zwei\nZeilen")],
        "Seed-Hash abc",
        [(Button("tkb:1:2:bet", "Setzen"),)],
        pictures=(picture,),
    )
    (container,) = ui.view(card, 0xABCDEF).to_components()
    kinds = [c["type"] for c in container["components"]]
    assert container["type"] == 17 and container["accent_color"] == 0xABCDEF
    assert kinds == [10, 10, 12, 10, 14, 1]  # text, fields, picture, footer, divider, row
    head, listed, gallery, footer = container["components"][:4]
    assert head["content"] == "### Runde 2\n@Anna ist am Zug."
    assert listed["content"] == "**Anna** · 40 Münzen\n**Ben**\nzwei\nZeilen"
    assert gallery["items"][0]["media"]["url"] == "attachment://spur.png"
    assert gallery["items"][0]["description"] == "Anna auf 3"
    assert footer["content"] == "-# Seed-Hash abc"


def test_a_card_sets_the_components_v2_flag_and_pings_nobody() -> None:
    """discord.py sets the flag for the view; the card carries its allowed mentions."""
    kwargs = ui.send_kwargs(Card(description="<@1> ist am Zug."), 1)
    params = discord.webhook.async_.interaction_message_response_params(type=4, **kwargs)
    assert params.payload is not None
    data = params.payload["data"]
    assert data["flags"] & discord.MessageFlags(components_v2=True).value
    assert data["allowed_mentions"] == {"parse": []}  # nobody: no users, roles, everyone
    assert "content" not in data or not data["content"]


def test_a_new_tables_ping_is_a_line_below_its_card_that_pings_only_its_players() -> None:
    """A new turn's table message carries its ping (issue 45): a text beside the card's
    container, in the same Components V2 message, allowed to ping only those it names."""
    ping = ("<@2>, du bist am Zug.", ["2"])
    kwargs = ui.send_kwargs(Card(description="<@1> und <@2> am Tisch."), 1, ping)
    params = discord.webhook.async_.interaction_message_response_params(type=4, **kwargs)
    assert params.payload is not None
    data = params.payload["data"]
    assert data["flags"] & discord.MessageFlags(components_v2=True).value
    card, line = data["components"]
    assert card["type"] == 17 and line == {"type": 10, "content": "<@2>, du bist am Zug."}
    assert data["allowed_mentions"] == {"parse": [], "users": [2]}


def test_an_edit_clears_content_and_embeds_and_keeps_an_unchanged_picture() -> None:
    picture = Picture("spur", "track:1", lambda: b"png", "")
    card = Card(description="x", pictures=(picture,))
    plain = ui.message_kwargs(Card(description="x"))
    assert plain["content"] is None and plain["embed"] is None
    assert plain["attachments"] == []  # an old picture goes
    kept = ui.message_kwargs(card, shown=gallery_key(card))
    assert "attachments" not in kept  # the message shows it already: no upload
    assert gallery_key(card) == "spur.png\ttrack:1"  # the same picture under its name


async def test_a_new_picture_is_drawn_off_the_loop_then_attached() -> None:
    import threading

    from bot.render.drawn import ready

    drawn_in: list[threading.Thread] = []

    def draw() -> bytes:
        drawn_in.append(threading.current_thread())
        return b"png"

    card = Card(description="x", pictures=(Picture("spur", "track:new", draw, ""),))
    with pytest.raises(LookupError):
        ui.message_kwargs(card)  # not drawn yet: never drawn on the loop instead
    await ready(card)
    await ready(card)  # drawn once for its key
    assert drawn_in and drawn_in[0] is not threading.main_thread() and len(drawn_in) == 1
    (attached,) = ui.message_kwargs(card, shown="track:old")["attachments"]
    assert attached.filename == "spur.png"


def test_a_long_description_gives_way_within_discords_text_limit() -> None:
    card = Card("Titel", "x" * 5000, [("Anna", "1")], "Fuß")
    parts = ui.text_parts(card)
    assert sum(map(len, parts)) <= MAX_TEXT
    assert parts[0].endswith("…") and parts[1] == "**Anna** · 1" and parts[2] == "-# Fuß"


def test_a_long_log_gives_way_at_its_start_and_keeps_what_just_happened() -> None:
    """A turn's message too long for Discord (a very long turn, its title, seats and
    footer beside it) keeps its newest lines, whole, and the line saying who acts."""
    lines = [f"🎲 {n % 6 + 1} → <@{10**17 + n}> hat {n} Augen." for n in range(200)]
    card = Card("Durchgang 3 von 4", "\n".join([*lines, "<@7> ist am Zug."]),
                [("<@7>", "Am Zug · 125 Augen · 0 Punkte")] * 2, "Seed-Hash `abc`",
                newest_last=True)  # fmt: skip
    parts = ui.text_parts(card)
    assert sum(map(len, parts)) <= MAX_TEXT
    shown = parts[0].split("\n")
    assert shown[0] == "### Durchgang 3 von 4" and shown[-1] == "<@7> ist am Zug."
    assert shown[-2] == lines[-1] and all(line in lines for line in shown[1:-1])


def test_discord_py_sends_it_as_a_finished_view() -> None:
    """The checks discord.py makes before sending a view (and keeping it for dispatch)."""
    built = ui.view(Card(rows=[[Button("v6b:1:2:weiter", "weiter")]]))
    assert hasattr(built, "__discord_ui_view__")
    assert built.is_finished() and not built.is_dispatchable() and built.has_components_v2()
    params = discord.webhook.async_.interaction_message_response_params(
        type=7,
        content=None,
        view=built,  # type: ignore[arg-type]
    )
    assert params.payload is not None
    assert params.payload["data"]["components"] == built.to_components()


def _table(footer: str = "Durchgang 1", version: int = 2, **changes: Any) -> Card:
    buttons = (
        Button(f"v6b:1:{version}:weiter", "Weiter"),
        Button(f"v6b:1:{version}:watch", "Zuschauen"),
    )
    return Card(**{"title": "Tisch", "description": "Anna ist am Zug.", "fields": [("Anna", "3")],
                   "footer": footer, "rows": [buttons], **changes})  # fmt: skip


def test_a_kept_payload_is_built_once_for_what_it_shows() -> None:
    assert ui.view(_table(), 1, kept=True).payload is ui.view(_table(), 1, kept=True).payload
    assert ui.view(_table(), 1, kept=True).payload == [ui.container(_table(), 1)]
    assert ui.view(_table(), 1).payload is not ui.view(_table(), 1, kept=True).payload
    note = ui.note_kwargs("Erledigt.", 1)
    assert note["view"].payload is ui.note_kwargs("Erledigt.", 1)["view"].payload
    assert note == {**ui.message_kwargs(ui.note("Erledigt."), 1), "view": note["view"]}


@pytest.mark.parametrize(
    "changed",
    [
        _table(footer="1 schaut zu · Durchgang 1"),  # a watcher more, same version
        _table(version=3),  # the next version's controls
        _table(title="Table"),  # another reader's language
        _table(fields=[("Anna", "4")]),
        _table(rows=[]),
        _table(accent=0x123456),
        _table(pictures=(Picture("spur", "track:1", bytes, "Anna: 3"),)),
        _table(pictures=(Picture("spur", "track:2", bytes, "Anna: 3"),)),
    ],
)
def test_a_kept_payload_never_shows_for_a_card_that_shows_something_else(changed: Card) -> None:
    kept = ui.view(_table(), 1, kept=True).payload
    built = ui.view(changed, 1, kept=True).payload
    assert built is not kept and built == [ui.container(changed, 1)]
    assert ui.view(_table(), 2, kept=True).payload != kept  # the game's colour is part of it


def test_the_kept_payloads_are_bounded_and_a_card_of_lists_is_kept_too() -> None:
    for number in range(ui.BUILT_KEPT + 10):
        ui.view(_table(footer=str(number)), kept=True)
    assert len(ui._built) <= ui.BUILT_KEPT
    listed = Card(rows=[[Button("v6b:1:2:weiter", "weiter")]], fields=[["a", "b"]])  # type: ignore[list-item]
    assert ui.view(listed, kept=True).payload is ui.view(listed, kept=True).payload
    loose = Select("v6s:1:2:pick", "", [Choice("a", "A")], 1, 1)  # type: ignore[arg-type]
    assert ui.view(Card(rows=[loose]), kept=True).payload == [ui.container(Card(rows=[loose]))]
