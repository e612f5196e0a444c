"""The loopback's application emojis keep Discord's rules: names of 2–32 letters, digits and
underscores, unique (400, 50035 with APPLICATION_EMOJI_NAME_ALREADY_TAKEN), at most 2,000
(30008), an image a data URI of a PNG, GIF or JPEG up to 256 KiB; unknown ids are 10014. And
how Discord shows them: markup in a label is raw, an emoji the app lacks shows its name."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from loopback import FakeDiscord, fake_discord
from loopback.app_emojis import TINY_PNG

GIF = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 16


def data_uri(data: bytes, kind: str = "png") -> str:
    return f"data:image/{kind};base64,{base64.b64encode(data).decode()}"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with fake_discord() as started:
        yield started


async def call(fake: FakeDiscord, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    url = f"{fake.url}/api/v10{path.format(app=fake.app_id)}"
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, url, json=body, headers={"Authorization": "Bot x"}) as reply,
    ):
        return reply.status, (await reply.json() if reply.status != 204 else None)


def error_code(body: Any, field: str) -> str:
    return str(body["errors"][field]["_errors"][0]["code"])


async def test_an_emoji_is_made_listed_read_renamed_and_deleted(fake: FakeDiscord) -> None:
    status, made = await call(fake, "POST", "/applications/{app}/emojis",
                              {"name": "die_3", "image": data_uri(TINY_PNG)})  # fmt: skip
    assert status == 201 and made["name"] == "die_3"
    assert made["user"]["id"] == str(fake.bot_user_id)  # made through the API: the bot's
    status, listed = await call(fake, "GET", "/applications/{app}/emojis")
    assert status == 200 and [e["name"] for e in listed["items"]] == ["die_3"]
    status, read = await call(fake, "GET", f"/applications/{{app}}/emojis/{made['id']}")
    assert status == 200 and read["id"] == made["id"]
    status, renamed = await call(fake, "PATCH", f"/applications/{{app}}/emojis/{made['id']}",
                                 {"name": "die_4"})  # fmt: skip
    assert status == 200 and renamed["name"] == "die_4"
    status, _ = await call(fake, "DELETE", f"/applications/{{app}}/emojis/{made['id']}")
    assert status == 204 and fake.emojis.names() == []
    assert fake.emojis.uploads == ["die_3"] and fake.emojis.deletes == ["die_4"]
    assert fake.emojis.renames == [("die_3", "die_4")]
    status, body = await call(fake, "GET", f"/applications/{{app}}/emojis/{made['id']}")
    assert status == 404 and body["code"] == 10014
    assert fake.violations == []


async def test_discord_py_reads_what_the_loopback_answers(fake: FakeDiscord) -> None:
    client = discord.Client(intents=discord.Intents.none())
    with fake.patch_discord():
        await client.login("x")
        try:
            made = await client.create_application_emoji(name="coal_tile_25", image=TINY_PNG)
            found = await client.fetch_application_emojis()
            assert [(e.id, e.name) for e in found] == [(made.id, "coal_tile_25")]
            assert found[0].user is not None and found[0].user.id == fake.bot_user_id
            assert found[0].is_application_owned()
            await found[0].delete()
            assert await client.fetch_application_emojis() == []
        finally:
            await client.close()


@pytest.mark.parametrize("name", ["d", "x" * 33, "die-3", "würfel", "die 3", ""])
async def test_a_bad_name_is_refused(fake: FakeDiscord, name: str) -> None:
    status, body = await call(fake, "POST", "/applications/{app}/emojis",
                              {"name": name, "image": data_uri(TINY_PNG)})  # fmt: skip
    assert status == 400 and body["code"] == 50035 and "name" in body["errors"]
    assert fake.emojis.names() == []
    assert len(fake.violations) == 1 and "name" in fake.violations[0]  # a bot's bug


async def test_a_taken_name_is_refused_like_discord_does(fake: FakeDiscord) -> None:
    first = {"name": "die_3", "image": data_uri(TINY_PNG)}
    assert (await call(fake, "POST", "/applications/{app}/emojis", first))[0] == 201
    status, body = await call(fake, "POST", "/applications/{app}/emojis", first)
    assert status == 400 and body["code"] == 50035
    assert error_code(body, "name") == "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
    other = await call(fake, "POST", "/applications/{app}/emojis",
                       {"name": "die_4", "image": data_uri(TINY_PNG)})  # fmt: skip
    status, body = await call(fake, "PATCH", f"/applications/{{app}}/emojis/{other[1]['id']}",
                              {"name": "die_3"})  # fmt: skip
    assert status == 400 and error_code(body, "name") == "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
    assert fake.emojis.names() == ["die_3", "die_4"] and fake.emojis.uploads == ["die_3", "die_4"]
    assert fake.emojis.refused == ["die_3"]
    assert fake.violations == []  # two starts at once meet this: the bot must handle it


@pytest.mark.parametrize(
    ("image", "code"),
    [
        ("not a data uri", "IMAGE_INVALID"),
        (data_uri(b"plain text, no picture"), "IMAGE_INVALID"),
        (data_uri(TINY_PNG, "webp"), "IMAGE_INVALID"),
        (data_uri(TINY_PNG + b"\x00" * (256 * 1024)), "BINARY_TYPE_MAX_SIZE"),
    ],
)
async def test_a_bad_image_is_refused(fake: FakeDiscord, image: str, code: str) -> None:
    status, body = await call(fake, "POST", "/applications/{app}/emojis",
                              {"name": "die_3", "image": image})  # fmt: skip
    assert status == 400 and error_code(body, "image") == code
    assert fake.emojis.names() == [] and len(fake.violations) == 1


async def test_gif_and_jpeg_are_taken(fake: FakeDiscord) -> None:
    for name, image in (("moving", data_uri(GIF, "gif")), ("photo", data_uri(JPEG, "jpeg"))):
        status, made = await call(fake, "POST", "/applications/{app}/emojis",
                                  {"name": name, "image": image})  # fmt: skip
        assert status == 201, made
        assert made["animated"] == (name == "moving")


async def test_no_more_than_the_limit(fake: FakeDiscord) -> None:
    fake.emojis.limit = 2
    for name in ("a1", "a2"):
        await call(fake, "POST", "/applications/{app}/emojis",
                   {"name": name, "image": data_uri(TINY_PNG)})  # fmt: skip
    status, body = await call(fake, "POST", "/applications/{app}/emojis",
                              {"name": "a3", "image": data_uri(TINY_PNG)})  # fmt: skip
    assert status == 400 and body["code"] == 30008
    assert fake.emojis.names() == ["a1", "a2"] and fake.violations == []
    fresh = type(fake.emojis)(fake.ids, fake.app_id, fake.bot_user)
    assert fake.emojis.limit == 2 and fresh.limit == 2000


async def test_another_applications_emojis_are_not_the_bots(fake: FakeDiscord) -> None:
    status, body = await call(fake, "GET", f"/applications/{fake.app_id + 1}/emojis")
    assert status == 403 and body["code"] == 50001 and len(fake.violations) == 1


async def test_an_emoji_in_a_label_or_one_the_app_lacks_is_a_violation(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Spieletreff")
    channel = fake.add_channel(guild, "tisch")
    owned = fake.emojis.add("die_3")
    good = {"content": f"🎲 <:die_3:{owned.id}> → 3"}
    assert (await call(fake, "POST", f"/channels/{channel.id}/messages", good))[0] == 200
    assert fake.violations == []
    button = {"type": 2, "style": 1, "custom_id": "x", "label": f"<:die_3:{owned.id}>"}
    raw = {"content": "x", "components": [{"type": 1, "components": [button]}]}
    assert (await call(fake, "POST", f"/channels/{channel.id}/messages", raw))[0] == 200
    assert len(fake.violations) == 1 and "shows raw in a component's label" in fake.violations[0]
    lacking = {"content": "🎲 <:die_4:12345> → 4"}
    assert (await call(fake, "POST", f"/channels/{channel.id}/messages", lacking))[0] == 200
    assert len(fake.violations) == 2 and ":die_4: (12345)" in fake.violations[1]


async def test_an_emoji_in_a_pictures_alt_text_is_a_violation(fake: FakeDiscord) -> None:
    guild = fake.add_guild("Spieletreff")
    channel = fake.add_channel(guild, "tisch")
    owned = fake.emojis.add("die_3")
    picture = {"media": {"url": "https://cdn.example/x.png"}, "description": f"<:die_3:{owned.id}>"}
    shown = {"flags": 1 << 15, "components": [{"type": 12, "items": [picture]}]}
    assert (await call(fake, "POST", f"/channels/{channel.id}/messages", shown))[0] == 200
    assert len(fake.violations) == 1 and "alt text" in fake.violations[0]
