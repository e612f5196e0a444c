"""Discord's rules, enforced by the loopback Discord against the real discord.py client."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from tests.helpers.loopback_demo import DemoBot, World


async def test_late_answer_is_a_violation_and_gets_10062(world: World, demo: DemoBot) -> None:
    fake = world.fake
    slow = await fake.slash(world.alice, world.channel, "demo slow")
    assert slow.response_type is None
    await fake.wait_until(lambda: bool(demo.errors))
    (error,) = demo.errors
    assert isinstance(error, discord.NotFound) and error.code == 10062
    (violation,) = fake.violations
    assert "initial response after 3.2" in violation


async def test_second_response_is_a_violation_and_gets_40060(world: World, demo: DemoBot) -> None:
    fake = world.fake
    twice = await fake.slash(world.alice, world.channel, "demo twice")
    assert twice.response_type == 4
    await fake.wait_until(lambda: bool(demo.errors))
    (error,) = demo.errors
    assert error.status == 400 and error.code == 40060
    (violation,) = fake.violations
    assert "second initial response" in violation
    assert [m.content for m in fake.channel_messages(world.channel)] == ["einmal"]


async def test_rate_limits_are_retried_by_discord_py(world: World, demo: DemoBot) -> None:
    fake = world.fake
    fake.fail_next("POST", r"^/interactions/\d+/[^/]+/callback$")
    fake.fail_next("POST", r"^/channels/\d+/messages$", retry_after=0.02, times=2)
    announce = await fake.slash(world.alice, world.channel, "demo announce")
    assert announce.response_type == 4
    await fake.wait_until(lambda: bool(fake.channel_messages(world.channel)))
    assert [m.content for m in fake.channel_messages(world.channel)] == ["Neue Runde!"]
    statuses = [(c.path.split("/")[1], c.status) for c in fake.rest_log[3:]]
    assert statuses == [
        ("interactions", 429),
        ("interactions", 200),
        ("channels", 429),
        ("channels", 429),
        ("channels", 200),
    ]
    assert fake.violations == []


async def test_dropped_gateway_resumes_and_commands_still_work(world: World, demo: DemoBot) -> None:
    fake = world.fake
    await fake.drop_gateway()
    await fake.wait_for_bot()
    assert (fake.gateway.identifies, fake.gateway.resumes) == (1, 1)
    hello = await fake.slash(world.alice, world.channel, "demo hello")
    assert hello.response_type == 4

    await fake.drop_gateway(resumable=False)
    await fake.wait_for_bot()
    assert (fake.gateway.identifies, fake.gateway.resumes) == (2, 1)
    assert hello.message is not None
    click = await fake.click(world.bob, hello.message, "demo:wave")
    assert click.response_type == 7
    assert fake.violations == []


async def test_limit_violation_is_recorded(world: World, demo: DemoBot) -> None:
    fake = world.fake
    answer = await fake.slash(world.alice, world.channel, "demo toolong")
    (error,) = demo.errors
    assert error.status == 400 and error.code == 50035
    assert "100 or fewer" in error.text
    (violation,) = fake.violations
    assert "custom_id" in violation and "100" in violation
    assert answer.message is not None and answer.message.content == "ohne Knopf"


async def test_unknown_route_and_expired_token(world: World, demo: DemoBot) -> None:
    fake = world.fake
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{fake.url}/api/v10/guilds/1/bans", headers={"Authorization": "Bot x"}) as r,
    ):
        assert r.status == 404
        assert r.headers["Content-Type"] == "application/json"
    assert fake.violations == ["unknown route GET /guilds/1/bans (not served by the loopback fake)"]
    fake.violations.clear()

    hello = await fake.slash(world.alice, world.channel, "demo hello")
    fake.token_lifetime = 0.0
    channel = demo.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    webhook = discord.Webhook.partial(fake.app_id, hello.token, client=demo)
    try:
        await webhook.send("zu spät", wait=True)
    except discord.HTTPException as exc:
        assert (exc.status, exc.code) == (401, 50027)
    else:
        raise AssertionError("a follow-up after the token expired was accepted")
    (violation,) = fake.violations
    assert "token used after" in violation


async def test_no_answer_at_all_is_a_violation(world: World, demo: DemoBot) -> None:
    fake = world.fake
    fake.response_deadline = 0.1
    silent = await fake.slash(world.alice, world.channel, "demo silent")
    assert silent.response_type is None and silent.message is None
    assert fake.violations == [
        "interaction '/demo silent' by alice: no initial response within 0.1 s"
    ]


def test_an_attachment_option_needs_a_filename_and_bytes() -> None:
    from loopback.driver import Resolver, Uploads
    from loopback.entities import Snowflakes

    uploads = Uploads(Snowflakes())
    uploads.base_url = "http://127.0.0.1:1/cdn"
    resolver = Resolver({}, {}, None, uploads)
    for bad in ("spiel.json", ("spiel.json", "text"), (b"x", b"y")):
        with pytest.raises(TypeError):
            resolver.attachment(bad)
    upload_id = resolver.attachment(("spiel.json", b"{}"))
    entry = resolver.resolved["attachments"][upload_id]
    assert entry["url"] == f"http://127.0.0.1:1/cdn/attachments/{upload_id}/spiel.json"
    assert entry["size"] == 2 and uploads.files[int(upload_id)] == b"{}"
    assert Resolver({}, {}, None).uploads is None
