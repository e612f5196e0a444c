"""Who a message notifies, as Discord decides (loopback/notifications.py): a new message
its mentions within ``allowed_mentions``, a DM its recipient, an edit and an ephemeral
nobody; a deferred answer when it gets its content."""

from __future__ import annotations

from loopback.entities import Message
from loopback.notifications import notifications

ANNA, BEN = 111111111111111111, 222222222222222222


def message(visibility: str = "public", audience: int | None = None) -> Message:
    found = Message(1, 10, 99, visibility=visibility)  # type: ignore[arg-type]
    found.audience = audience
    return found


def users(payload: dict[str, object], **kw: object) -> list[tuple[int, str]]:
    starts = bool(kw.get("starts", True))
    shown = message(str(kw.get("visibility", "public")), kw.get("audience"))  # type: ignore[arg-type]
    return [(n.user_id, n.how) for n in notifications(shown, payload, starts=starts)]


def test_a_new_message_notifies_the_mentions_it_allows() -> None:
    text = f"<@{ANNA}>, <@!{BEN}>, ihr seid am Zug."
    assert users({"content": text}) == [(ANNA, "mention"), (BEN, "mention")]
    allowed = {"content": text, "allowed_mentions": {"parse": [], "users": [str(BEN)]}}
    assert users(allowed) == [(BEN, "mention")]
    parse = {"content": text, "allowed_mentions": {"parse": ["users"]}}
    assert users(parse) == [(ANNA, "mention"), (BEN, "mention")]
    assert users({"content": text, "allowed_mentions": {"parse": []}}) == []


def test_a_mention_in_a_text_display_counts_in_an_edit_nothing_does() -> None:
    card = {
        "components": [{"type": 17, "components": [{"type": 10, "content": f"<@{ANNA}>"}]}],
        "allowed_mentions": {"users": [ANNA]},
    }
    assert users(card) == [(ANNA, "mention")]
    assert users(card, starts=False) == []


def test_a_dm_notifies_its_recipient_an_ephemeral_nobody() -> None:
    assert users({"content": "Du bist am Zug."}, visibility="dm", audience=ANNA) == [(ANNA, "dm")]
    assert users({"content": f"<@{ANNA}>"}, visibility="ephemeral", audience=ANNA) == []
