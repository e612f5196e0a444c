"""Request bodies held against Discord's OpenAPI schema, and the documented rules it leaves out."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from loopback import FakeDiscord, limits, schema
from loopback.entities import COMPONENTS_V2, JSON, Message
from tests.helpers.loopback_demo import DemoBot, World

MESSAGES = "/api/v10/channels/1/messages"
CALLBACK = "/api/v10/interactions/1/token/callback"


def button(label: str | None = "Würfeln", **extra: Any) -> JSON:
    found: JSON = {"type": 2, "style": 1, "custom_id": f"v6:{label}", **extra}
    if label is not None:
        found["label"] = label
    return found


def legacy_message() -> JSON:
    """A table message as discord.py sends it (embed, buttons, a select)."""
    return {
        "content": "Tisch 1",
        "embeds": [
            {
                "type": "rich",
                "title": "Die verflixte 6",
                "description": "Runde 2",
                "color": 0x3498DB,
                "fields": [{"name": "alice", "value": "12", "inline": True}],
                "footer": {"text": "Version 7"},
            }
        ],
        "components": [
            {"type": 1, "components": [button("Würfeln"), button("Stehen", style=2)]},
            {
                "type": 1,
                "components": [
                    {
                        "type": 3,
                        "custom_id": "v6:pick",
                        "options": [{"label": "Karte 1", "value": "1"}],
                    }
                ],
            },
        ],
        "allowed_mentions": {"parse": [], "users": [123], "replied_user": False},
        "attachments": [{"id": 0, "filename": "tisch.png"}],
        "tts": False,
        "flags": 0,
    }


def v2_message(*inside: JSON, **extra: Any) -> JSON:
    """A Components V2 message: a container with ``inside`` (a text display by default)."""
    parts = list(inside) or [{"type": 10, "content": "## Die verflixte 6"}]
    return {
        "flags": COMPONENTS_V2,
        "allowed_mentions": {"parse": []},
        "components": [{"type": 17, "accent_color": 0x3498DB, "components": parts}],
        **extra,
    }


def stored(*, flags: int = 0, attachments: tuple[str, ...] = (), content: str = "") -> Message:
    message = Message(1, 2, 3, content=content, flags=flags)
    message.attachments = list(attachments)
    message.attachment_ids = [100 + n for n in range(len(attachments))]
    message.attachment_sizes = [1] * len(attachments)
    return message


def paths(problems: list[limits.Problem]) -> list[tuple[str | int, ...]]:
    return [path for path, _ in problems]


# -- the schema ----------------------------------------------------------------------------------


def test_valid_messages_pass_schema_and_rules() -> None:
    for body in (legacy_message(), v2_message(button_row())):
        assert schema.check_body("POST", MESSAGES, body) == []
        assert schema.check_body("PATCH", MESSAGES + "/2", body) == []
        assert schema.check_body("POST", CALLBACK, {"type": 4, "data": body}) == []
        assert schema.check_body("POST", CALLBACK, {"type": 7, "data": body}) == []
    assert limits.check_message(legacy_message(), files=["tisch.png"]) == []
    assert limits.check_message(v2_message(button_row())) == []


def button_row() -> JSON:
    return {"type": 1, "components": [button("Würfeln"), button("Stehen")]}


@pytest.mark.parametrize(
    ("body", "path", "words"),
    [
        (
            {"content": "x", "components": "x"},
            ("components",),
            ["not of type 'array'", "MessageCreateRequest/properties/components/type"],
        ),
        (
            {"components": [{"type": 1, "components": [button(style=99)]}]},
            ("components", 0, "components", 0, "style"),
            ["99 is not one of [1, 2, 3, 4, 5, 6]", "#/components/schemas/ButtonStyleTypes"],
        ),
        (
            {"components": [{"type": 99}]},
            ("components", 0, "type"),
            ["type 99 is none of [1, 9, 10, 12, 13, 14, 17]"],
        ),
        (
            {"components": [{"type": 1, "components": [{"type": 2, "label": "x"}]}]},
            ("components", 0, "components", 0, "style"),
            ["This field is required", "ButtonComponentForMessageRequest/required"],
        ),
        (
            {"embeds": [{"title": "x" * 257}]},
            ("embeds", 0, "title"),
            ["Must be 256 or fewer in length.", "RichEmbed/properties/title/maxLength"],
        ),
        (
            {"allowed_mentions": {"users": ["alice"]}},
            ("allowed_mentions", "users", 0),
            ["SnowflakeType"],
        ),
    ],
    ids=[
        "components-not-a-list",
        "button-style-99",
        "component-type-99",
        "no-style",
        "title",
        "id",
    ],
)
def test_a_body_of_the_wrong_shape_fails_with_its_path(
    body: JSON, path: tuple[str | int, ...], words: list[str]
) -> None:
    (problem,) = schema.check_body("POST", MESSAGES, body)
    assert problem[0] == path
    for word in words:
        assert word in problem[1]
    assert "(schema #/" in problem[1]


def test_the_spec_allows_unknown_fields_so_the_fake_does_too() -> None:
    """No request schema of the spec forbids additional properties (only ``InnerErrors``,
    a response, does): an unknown field passes, as Discord ignores it."""
    assert schema.check_body("POST", MESSAGES, {"content": "x", "colour": 1}) == []
    forbidding = [
        name
        for name, definition in schema.spec()["components"]["schemas"].items()
        if definition.get("additionalProperties") is False
    ]
    assert forbidding == ["InnerErrors"]


def test_integer_snowflakes_are_accepted_as_discord_does() -> None:
    """The spec's snowflakes are digit strings; Discord (and its documentation) take
    integers too, which discord.py sends: the one narrow exception."""
    body = {"attachments": [{"id": 0}], "allowed_mentions": {"users": [123, "456"]}}
    assert schema.check_body("POST", MESSAGES, body) == []
    (problem,) = schema.check_body("POST", MESSAGES, {"attachments": [{"id": -1}]})
    assert problem[0] == ("attachments", 0, "id")


def test_a_type_7_callback_is_checked_against_the_update_branch() -> None:
    bad = {"components": "x"}
    (update,) = schema.check_body("POST", CALLBACK, {"type": 7, "data": bad})
    assert update[0] == ("data", "components")
    assert "IncomingWebhookUpdateForInteractionCallbackRequestPartial" in update[1]
    (create,) = schema.check_body("POST", CALLBACK, {"type": 4, "data": bad})
    assert "#/components/schemas/IncomingWebhookInteractionRequest/" in create[1]
    modal = schema.check_body("POST", CALLBACK, {"type": 9, "data": {"title": "x"}})
    assert paths(modal) == [("data", "custom_id"), ("data", "components")]
    assert all("ModalInteractionCallbackRequestData/required" in m for _, m in modal)
    (unknown,) = schema.check_body("POST", CALLBACK, {"type": 99})
    assert unknown[0] == ("type",) and "type 99 is none of" in unknown[1]


def test_each_route_that_takes_a_body_finds_its_operation() -> None:
    cases = {
        ("PUT", "/applications/1/commands"): "/applications/{application_id}/commands",
        ("PUT", "/applications/1/guilds/2/commands"): (
            "/applications/{application_id}/guilds/{guild_id}/commands"
        ),
        ("POST", "/channels/1/messages"): "/channels/{channel_id}/messages",
        ("PATCH", "/channels/1/messages/2"): "/channels/{channel_id}/messages/{message_id}",
        ("POST", "/channels/1/messages/2/threads"): (
            "/channels/{channel_id}/messages/{message_id}/threads"
        ),
        ("PATCH", "/webhooks/1/tok/messages/@original"): (
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
        ),
        ("PATCH", "/webhooks/1/tok/messages/3"): (
            "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
        ),
        ("POST", "/webhooks/1/tok"): "/webhooks/{webhook_id}/{webhook_token}",
        ("POST", "/users/@me/channels"): "/users/@me/channels",
        ("POST", "/guilds/1/scheduled-events"): "/guilds/{guild_id}/scheduled-events",
    }
    for (method, path), template in cases.items():
        found = schema.operation(method, "/api/v10" + path)
        assert found is not None and found.template == template, (method, path)
    assert schema.operation("GET", "/channels/1/messages") is None
    assert schema.check_body("POST", "/channels/1/typing", None) == []


def test_the_fast_unions_agree_with_plain_draft_2020_12() -> None:
    """The validator skips union branches whose ``type`` cannot match; on these bodies it
    decides as jsonschema's own Draft 2020-12 validator does."""
    from jsonschema import Draft202012Validator

    bodies = [
        legacy_message(),
        v2_message(button_row()),
        {"components": "x"},
        {"components": [{"type": 1, "components": [button(style=99)]}]},
        {"components": [{"type": 99}]},
        {"nonce": 5, "embeds": None, "poll": None},
        {"nonce": True},
    ]
    pointer = schema.operation("POST", MESSAGES)
    assert pointer is not None
    plain = Draft202012Validator(
        {"$ref": f"{schema.SPEC_URI}#{pointer.pointer}"},
        registry=schema._registry(),
    )
    for body in bodies:
        fast = schema.validator_for("POST", MESSAGES)
        assert fast is not None
        assert fast.is_valid(body) == plain.is_valid(body), body


# -- the documented rules the schema leaves out ---------------------------------------------------


@pytest.mark.parametrize(
    "name", ["würfel", "v6-tisch", "o'neil", "ab_12", "नमस्ते", "สวัสดี", "ß", "x" * 32, "３"]
)
def test_command_names_discord_takes(name: str) -> None:
    assert limits.command_name_ok(name)


@pytest.mark.parametrize("name", ["Würfel", "tisch eins", "", "x" * 33, "ab!", "ǅ", "tisch.", "😀"])
def test_command_names_discord_refuses(name: str) -> None:
    assert not limits.command_name_ok(name)
    command = {"name": name, "description": "d", "type": 1}
    assert paths(limits.check_commands([command], is_global=True)) == [(0, "name")]


def test_a_button_needs_a_label_or_an_emoji_unless_premium() -> None:
    bare = {"type": 2, "style": 1, "custom_id": "a"}
    row = {"type": 1, "components": [bare]}
    assert paths(limits.check_components([row])) == [("components", 0, "components", 0, "label")]
    row["components"] = [{**bare, "emoji": {"name": "🎲"}}]
    assert limits.check_components([row]) == []
    row["components"] = [{"type": 2, "style": 6, "sku_id": "1"}]
    assert limits.check_components([row]) == []


def test_6000_characters_of_embed_text() -> None:
    embed: JSON = {"description": "d" * 4096, "fields": [{"name": "n", "value": "v" * 1024}] * 2}
    (problem,) = limits.check_message({"embeds": [embed]})
    assert problem[0] == ("embeds",) and "6000" in problem[1]
    embed["fields"] = [{"name": "n", "value": "v" * 900}] * 2
    assert limits.check_message({"embeds": [embed]}) == []


def test_a_v2_message_has_no_content_or_embeds() -> None:
    for content in ("", None):
        assert limits.check_message(v2_message(content=content, embeds=[])) == []
    assert limits.check_message(v2_message(embeds=None)) == []
    problems = limits.check_message(v2_message(content="Tisch 1", embeds=[{"title": "x"}]))
    assert paths(problems) == [("content",), ("embeds",)]
    # An edit that turns a message with content into one with the flag must clear it.
    with_content = stored(content="Tisch 1")
    assert paths(limits.check_message(v2_message(), before=with_content)) == [("content",)]
    assert limits.check_message(v2_message(content=""), before=with_content) == []


def test_a_v2_message_has_at_most_40_components() -> None:
    texts = [{"type": 10, "content": f"Zeile {n}"} for n in range(39)]
    assert limits.check_message(v2_message(*texts)) == []  # 39 + the container
    section = {
        "type": 9,
        "components": [{"type": 10, "content": "mit Knopf"}],
        "accessory": button("Hand"),
    }
    problems = limits.check_message(v2_message(*texts[:37], section))
    assert [(p, "41" in m) for p, m in problems] == [(("components",), True)]


def test_a_v2_message_has_at_most_4000_characters_of_text() -> None:
    ok = [{"type": 10, "content": "x" * 2000}, {"type": 10, "content": "y" * 2000}]
    assert limits.check_message(v2_message(*ok)) == []
    too_much = [*ok, {"type": 10, "content": "z"}]
    (problem,) = limits.check_message(v2_message(*too_much))
    assert problem[0] == ("components",) and "4000" in problem[1] and "4001" in problem[1]


def test_an_action_row_holds_only_buttons_and_selects() -> None:
    row = {"type": 1, "components": [button(), {"type": 10, "content": "Text"}]}
    problems = limits.check_message(v2_message(row))
    assert paths(problems) == [("components", 0, "components", 0, "components", 1)]
    assert "only buttons" in problems[0][1]
    assert schema.check_body("POST", MESSAGES, v2_message(row)) != []
    for kind in (3, 5, 6, 7, 8):
        select: JSON = {"type": kind, "custom_id": f"s{kind}"}
        if kind == 3:
            select["options"] = [{"label": "a", "value": "a"}]
        assert limits.check_message(v2_message({"type": 1, "components": [select]})) == []


def test_the_v2_flag_cannot_be_removed_by_an_edit() -> None:
    v2 = stored(flags=COMPONENTS_V2)
    update = {"components": [button_row()], "flags": 0}
    (problem,) = limits.check_message(update, before=v2)
    assert problem[0] == ("flags",) and "cannot be removed" in problem[1]
    assert limits.check_message({**update, "flags": COMPONENTS_V2}, before=v2) == []
    assert limits.check_message({"components": [v2_message()["components"][0]]}, before=v2) == []
    assert limits.check_message(update, before=stored()) == []  # never had it


def test_a_container_holds_no_container() -> None:
    inner = {"type": 17, "components": [{"type": 10, "content": "innen"}]}
    (problem,) = limits.check_message(v2_message(inner))
    assert problem[0] == ("components", 0, "components", 0)
    assert limits.check_message(v2_message(button_row())) == []


def test_a_media_gallery_has_1_to_10_items() -> None:
    def gallery(count: int) -> JSON:
        item = {"media": {"url": "https://example.org/a.png"}}
        return {"type": 12, "items": [item] * count}

    assert limits.check_message(v2_message(gallery(1))) == []
    assert limits.check_message(v2_message(gallery(10))) == []
    for count in (0, 11):
        (problem,) = limits.check_message(v2_message(gallery(count)))
        assert problem[0] == ("components", 0, "components", 0, "items")


def test_an_attachment_link_names_an_attachment_of_the_message() -> None:
    def picture(name: str) -> JSON:
        return {"type": 12, "items": [{"media": {"url": f"attachment://{name}"}}]}

    thumbnail = {
        "type": 9,
        "components": [{"type": 10, "content": "Stand"}],
        "accessory": {"type": 11, "media": {"url": "attachment://stand.png"}},
    }
    body = v2_message(picture("tisch.png"), thumbnail)
    assert limits.check_message(body, files=["tisch.png", "stand.png"]) == []
    problems = limits.check_message(body, files=["tisch.png"])
    assert paths(problems) == [("components", 0, "components", 1, "accessory", "media", "url")]
    # An edit keeps the message's attachments unless it sends ``attachments``.
    before = stored(flags=COMPONENTS_V2, attachments=("tisch.png", "stand.png"))
    assert limits.check_message(body, before=before) == []
    assert (
        limits.check_message({**body, "attachments": [{"id": 100}, {"id": 101}]}, before=before)
        == []
    )
    cleared = limits.check_message({**body, "attachments": []}, before=before)
    assert len(cleared) == 2 and "names no attachment" in cleared[0][1]
    renamed = {**body, "attachments": [{"id": 0, "filename": "tisch.png"}, {"id": 101}]}
    assert limits.check_message(renamed, files=["upload.bin"], before=before) == []


def test_attachments_after_a_request_are_what_the_fake_keeps() -> None:
    """``limits.attachments_after`` predicts what ``FakeDiscord.apply`` stores."""
    fake = FakeDiscord()
    message = stored(attachments=("a.png", "b.png"))
    cases: list[tuple[JSON, list[tuple[str, int]]]] = [
        ({}, [("c.png", 1)]),
        ({"attachments": [{"id": 101}]}, []),
        ({"attachments": [{"id": 0, "filename": "d.png"}, {"id": 100}]}, [("x.png", 2)]),
        ({"attachments": []}, []),
    ]
    for payload, files in cases:
        expected = limits.attachments_after(payload, [name for name, _ in files], message)
        fake.apply(message, payload, files, creating=False)
        assert message.attachments == expected, payload


def test_a_user_mention_in_a_v2_text_needs_allowed_mentions() -> None:
    mention = {"type": 10, "content": "Du bist dran, <@123>"}
    body = v2_message(mention)
    assert limits.check_message(body) == []
    del body["allowed_mentions"]
    (problem,) = limits.check_message(body)
    assert problem[0] == ("components", 0, "components", 0, "content")
    assert "allowed_mentions" in problem[1]
    role = v2_message({"type": 10, "content": "<@&5> und <#6>"})
    del role["allowed_mentions"]
    assert limits.check_message(role) == []
    assert limits.check_message({"content": "<@123>"}) == []  # not a V2 message


# -- through the fake --------------------------------------------------------------------------


async def _send(
    fake: FakeDiscord,
    method: str,
    path: str,
    body: Any = None,
    files: dict[str, bytes] | None = None,
) -> tuple[int, JSON]:
    headers = {"Authorization": "Bot test"}
    async with aiohttp.ClientSession() as session:
        data: Any = None
        if files:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body))
            for index, (name, content) in enumerate(files.items()):
                form.add_field(f"files[{index}]", content, filename=name)
            data = form
        async with session.request(
            method,
            f"{fake.url}/api/v10{path}",
            json=None if files else body,
            data=data,
            headers=headers,
        ) as response:
            reply = await response.json() if response.status != 204 else {}
            return response.status, reply


async def test_a_refused_body_fails_with_50035_and_is_a_violation(world: World) -> None:
    fake = world.fake
    path = f"/channels/{world.channel.id}/messages"
    bad = {"components": [{"type": 1, "components": [button(style=99)]}]}
    status, reply = await _send(fake, "POST", path, bad)
    assert status == 400 and reply["code"] == 50035
    style = reply["errors"]["components"]["0"]["components"]["0"]["style"]["_errors"][0]
    assert "ButtonStyleTypes" in style["message"]
    (violation,) = fake.violations
    assert violation.startswith(f"POST {path}: components.0.components.0.style: 99 is not")
    assert "(schema #/components/schemas/ButtonStyleTypes/oneOf)" in violation
    assert fake.channel_messages(world.channel) == []

    fake.violations.clear()
    fake.rest.check_schema = False  # the bench's switch: the schema's checks are off
    status, _ = await _send(fake, "POST", path, {"content": "ok", "components": []})
    assert status == 200
    status, _ = await _send(fake, "POST", path, {"content": 5})
    assert status == 200 and fake.violations == []


async def test_attachments_are_kept_across_an_edit_through_the_fake(world: World) -> None:
    fake = world.fake
    path = f"/channels/{world.channel.id}/messages"
    gallery = {"type": 12, "items": [{"media": {"url": "attachment://tisch.png"}}]}
    body = v2_message(gallery, attachments=[{"id": 0, "filename": "tisch.png"}])
    status, created = await _send(fake, "POST", path, body, files={"tisch.png": b"png"})
    assert status == 200, created
    edit = f"{path}/{created['id']}"
    status, _ = await _send(fake, "PATCH", edit, v2_message(gallery))
    assert status == 200 and fake.violations == []
    status, reply = await _send(fake, "PATCH", edit, v2_message(gallery, attachments=[]))
    assert status == 400 and reply["code"] == 50035
    status, reply = await _send(fake, "PATCH", edit, {"flags": 0})
    assert status == 400 and "flags" in reply["errors"]
    assert len(fake.violations) == 2 and "names no attachment" in fake.violations[0]
    assert "cannot be removed" in fake.violations[1]


async def test_a_type_7_update_of_a_v2_message_keeps_its_rules(world: World, demo: DemoBot) -> None:
    """The bot answers a click with a type-7 update that sends content: refused, because
    the clicked message is a Components V2 message."""
    fake = world.fake
    hello = await fake.slash(world.alice, world.channel, "demo hello")
    assert hello.message is not None and fake.violations == []
    hello.message.flags |= COMPONENTS_V2
    fake.response_deadline = 0.3
    click = await fake.click(world.bob, hello.message, "demo:wave")
    assert click.response_type is None
    refused = [v for v in fake.violations if "/callback: data.content" in v]
    assert len(refused) == 1 and "IS_COMPONENTS_V2" in refused[0]
    assert hello.message.content == "Hallo!"


def test_a_body_checked_again_gets_the_same_answer() -> None:
    bad = {"components": [{"type": 1, "components": [button(style=99)]}]}
    first = schema.check_body("POST", MESSAGES, bad)
    first.clear()  # the caller's list: the kept answer is not changed by it
    again = schema.check_body("POST", MESSAGES, bad)
    assert paths(again) == [("components", 0, "components", 0, "style")]
    assert schema.check_body("PATCH", MESSAGES + "/2", bad) == again  # an edit: the same
    assert schema.check_body("POST", MESSAGES, {"nonce": 2**70}) != []  # past orjson's ints


def test_the_discord_bench_checks_no_schema_for_both_its_bots() -> None:
    from bench.discord import BenchDiscord

    assert FakeDiscord().rest.check_schema
    assert not BenchDiscord().rest.check_schema
