"""A picture is drawn once per thing it shows and uploaded once per message that shows it:
a redelivery of the same outcome and a repeated edit of the same card draw nothing in the
picture worker and send no file (the message keeps its attachment)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.play import outbox
from bot.render import drawn
from bot.render.cards import Card, Picture
from cogs.pipeline import delivery
from tests.e2e.test_e2e_outbox import Crash, deliver_owed
from tests.helpers.e2e_table import Table


def uploads(table: Table) -> list[tuple[str, str, list[str]]]:
    """Every request that uploaded a file: its method, path and the files' names."""
    return [(c.method, c.path, c.files) for c in table.fake.rest_log if c.files]


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the pictures sent to the picture worker (one entry per drawing)."""
    jobs: list[int] = []
    real: Callable[[Callable[[], bytes]], Awaitable[bytes]] = drawn.paint

    async def counted(draw: Callable[[], bytes]) -> bytes:
        jobs.append(1)
        return await real(draw)

    monkeypatch.setattr(drawn, "paint", counted)
    return jobs


async def test_a_redelivery_and_a_repeated_edit_draw_and_upload_nothing_new(
    table: Table, monkeypatch: pytest.MonkeyPatch, painted: list[int]
) -> None:
    """The first Durchgang's end posts its result with its picture; Discord takes the
    post but its answer is lost. The redelivery repeats the delivery (the post by its
    nonce: Discord hands back the message it has) and draws nothing again. Editing that
    message into a card with the same picture, twice, sends no file: the message keeps
    its attachment."""
    monkeypatch.setattr(outbox, "GRACE_SECONDS", 0.0)
    table.dice.add(3, 4)
    await table.open_and_start(table.anna, table.ben, durchgaenge=2)
    await table.start_turn(table.anna)  # Freiwurf 3
    await table.press(table.anna, "stopp")
    await table.start_turn(table.ben)  # Freiwurf 4
    real_post = delivery.Delivery.post
    failures: list[str] = []

    async def answer_lost(self: delivery.Delivery, part: str, *args: Any, **kwargs: Any) -> Any:
        posted = await real_post(self, part, *args, **kwargs)
        if part == "result" and not failures:
            failures.append(part)
            raise Crash  # Discord took the post, its answer was lost
        return posted

    with monkeypatch.context() as patch:
        patch.setattr(delivery.Delivery, "post", answer_lost)
        await table.press(table.ben, "stopp")  # the Durchgang's end: not delivered
    (result,) = [m for m in table.public() if "Ergebnis Durchgang 1" in m.text()]
    assert result.attachments, "the result shows its picture"
    drawings, sent = len(painted), len(uploads(table))

    assert await deliver_owed(table) == 1
    assert len(painted) == drawings, "a redelivery draws nothing again"
    assert [m.id for m in table.public() if "Ergebnis Durchgang 1" in m.text()] == [result.id]
    again = uploads(table)[sent:]
    assert [method for method, _, _ in again] == ["POST"], again  # the post, by its nonce

    shown = drawn.showing(result.id)
    assert shown is not None, "the bot knows the pictures the result shows"

    def not_again() -> bytes:
        raise AssertionError("drawn again")

    key = shown.split("\t", 1)[1]
    card = Card(title="Ergebnis Durchgang 1", pictures=(Picture("durchgang", key, not_again),))
    assert table.bot is not None
    channel = table.bot.get_channel(table.channel.id)
    sent = len(uploads(table))
    for _ in range(2):
        await delivery.edit_awake(channel, result.id, await drawn.ready(card), 0x5865F2)
    assert len(painted) == drawings
    assert uploads(table)[sent:] == [], "an edit that keeps the picture uploads nothing"
    assert table.fake.messages[result.id].attachments == result.attachments
    assert "Ergebnis Durchgang 1" in table.fake.messages[result.id].text()

    renamed = Card(title="Ergebnis", pictures=(Picture("ergebnis", key, not_again),))
    for _ in range(2):  # the same picture under another name: its file, once
        await delivery.edit_awake(channel, result.id, await drawn.ready(renamed), 0x5865F2)
    assert [files for _, _, files in uploads(table)[sent:]] == [["ergebnis.png"]]
    assert table.fake.messages[result.id].attachments == ["ergebnis.png"]
    assert len(painted) == drawings
