"""What players do, through the real discord.py client and the loopback Discord."""

from __future__ import annotations

import pytest

from tests.helpers.loopback_demo import DemoBot, World


async def test_login_and_command_sync_are_recorded(world: World, demo: DemoBot) -> None:
    fake = world.fake
    calls = [(c.method, c.path) for c in fake.rest_log]
    assert calls[:3] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", f"/applications/{fake.app_id}/commands"),
    ]
    (command,) = fake.commands()
    assert command["name"] == "demo"
    assert command["application_id"] == str(fake.app_id)
    assert {"id", "version"} <= command.keys()
    subcommands = {o["name"] for o in command["options"]}
    assert {"hello", "secret", "dm", "later", "bet"} <= subcommands
    assert fake.commands(world.guild) == []
    assert fake.gateway.identifies == 1
    assert demo.get_guild(world.guild.id) is not None
    assert fake.violations == []


async def test_slash_answers_with_a_button_and_click_edits_in_place(
    world: World, demo: DemoBot
) -> None:
    fake = world.fake
    hello = await fake.slash(world.alice, world.channel, "demo hello")
    assert hello.response_type == 4
    assert hello.responded_after is not None and hello.responded_after < 1
    message = hello.message
    assert message is not None and message.visibility == "public"
    assert message.content == "Hallo!"
    assert message.custom_ids() == ["demo:wave"]
    assert message.component("Winken")["custom_id"] == "demo:wave"

    click = await fake.click(world.bob, message, "demo:wave")
    assert click.response_type == 7
    assert click.message is message
    assert fake.channel_messages(world.channel) == [message]
    assert message.edits == 1
    assert message.text() == "bob hat gewunken"
    assert message.custom_ids() == []  # the button is disabled now
    await fake.wait_until(lambda: demo.seen == ["Hallo!"])  # MESSAGE_CREATE reached the bot
    with pytest.raises(LookupError):
        await fake.click(world.alice, message, "demo:wave")
    with pytest.raises(LookupError):
        await fake.click(world.alice, message, "no-such-button")
    assert fake.violations == []


async def test_options_and_select(world: World, demo: DemoBot) -> None:
    fake = world.fake
    echo = await fake.slash(world.alice, world.channel, "demo echo", text="hoch", times=3)
    assert echo.message is not None and echo.message.content == "hoch hoch hoch"
    with pytest.raises(ValueError, match="missing required"):
        await fake.slash(world.alice, world.channel, "demo echo", times=2)
    with pytest.raises(LookupError):
        await fake.slash(world.alice, world.channel, "demo nothing")

    pick = await fake.slash(world.alice, world.channel, "demo pick")
    assert pick.message is not None
    with pytest.raises(ValueError, match="no option"):
        await fake.select(world.alice, pick.message, "demo:pick", ["9"])
    chosen = await fake.select(world.alice, pick.message, "demo:pick", ["4"])
    assert chosen.response_type == 7
    assert pick.message.content == "gewählt: 4" and pick.message.components == []
    assert fake.violations == []


async def test_ephemeral_is_seen_only_by_its_user(world: World, demo: DemoBot) -> None:
    fake = world.fake
    secret = await fake.slash(world.alice, world.channel, "demo secret")
    message = secret.message
    assert message is not None
    assert (message.visibility, message.audience) == ("ephemeral", world.alice.id)
    assert message.flags & 64
    assert fake.channel_messages(world.channel) == []
    assert fake.visible_to(world.alice, world.channel) == [message]
    assert fake.visible_to(world.bob, world.channel) == []
    assert fake.private_messages(world.alice) == [message]
    assert fake.private_messages(world.bob) == []
    assert demo.seen == []  # Discord sends no MESSAGE_CREATE for ephemerals
    assert fake.violations == []


async def test_dm_to_open_and_closed_users(world: World, demo: DemoBot) -> None:
    fake = world.fake
    to_alice = await fake.slash(world.alice, world.channel, "demo dm")
    assert to_alice.message is not None and to_alice.message.content == "Ich habe dir geschrieben."
    dms = [m for m in fake.private_messages(world.alice) if m.visibility == "dm"]
    assert [m.content for m in dms] == ["Psst: Pik As"]
    assert dms[0].audience == world.alice.id

    to_bob = await fake.slash(world.bob, world.channel, "demo dm")
    assert demo.dm_codes == [50007]
    assert to_bob.message is not None and to_bob.message.visibility == "ephemeral"
    assert [m.visibility for m in fake.private_messages(world.bob)] == ["ephemeral"]
    assert any(c.status == 403 for c in fake.rest_log)

    fake.set_dms_open(world.bob, True)
    await fake.slash(world.bob, world.channel, "demo dm")
    assert demo.dm_codes == [50007]
    assert fake.violations == []


async def test_deferred_answer_and_followup(world: World, demo: DemoBot) -> None:
    fake = world.fake
    later = await fake.slash(world.alice, world.channel, "demo later")
    assert later.response_type == 5
    original = later.message
    assert original is not None
    (extra,) = await later.wait_followup(1)
    assert original.content == "Fertig gerechnet"
    assert original.edits == 1 and not original.flags & 128
    assert (extra.visibility, extra.audience, extra.content) == (
        "ephemeral",
        world.alice.id,
        "Nebenbei: nur für dich",
    )
    assert fake.channel_messages(world.channel) == [original]
    assert fake.violations == []


async def test_modal(world: World, demo: DemoBot) -> None:
    fake = world.fake
    bet = await fake.slash(world.alice, world.channel, "demo bet")
    assert bet.response_type == 9
    assert bet.modal is not None and bet.modal["custom_id"] == "demo:bet"
    with pytest.raises(LookupError):
        await fake.submit_modal(world.alice, bet, {"nope": "1"})
    with pytest.raises(LookupError):
        await fake.submit_modal(world.bob, bet, {"amount": "1"})
    submitted = await fake.submit_modal(world.alice, bet, {"amount": "42"})
    assert submitted.response_type == 4
    assert submitted.message is not None
    assert submitted.message.text() == "Einsatz 42"
    assert submitted.message.visibility == "ephemeral"
    assert fake.violations == []


async def test_files_and_threads(world: World, demo: DemoBot) -> None:
    fake = world.fake
    shown = await fake.slash(world.alice, world.channel, "demo file")
    assert shown.message is not None
    assert shown.message.attachments == ["stand.png"]
    assert "A 12 : B 7" in shown.message.text()
    callback = next(c for c in fake.rest_log if c.path.endswith("/callback"))
    assert callback.files == ["stand.png"]

    opened = await fake.slash(world.alice, world.channel, "demo thread")
    (note,) = await opened.wait_followup(1)
    assert note.content == "Thread Spieleabend eröffnet"
    assert note.visibility == "ephemeral"  # the deferral was ephemeral
    (thread,) = fake.threads(world.channel)
    assert thread.name == "Spieleabend"
    assert [m.content for m in fake.channel_messages(thread)] == ["Willkommen am Tisch"]
    assert fake.violations == []
