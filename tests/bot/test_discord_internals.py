"""The discord.py internals the bot changes or calls (bot/discord_internals.py,
cogs/pipeline/wire.py) are as they were read: the version is one of those checked, and each
internal is where and what the changes expect. An upgrade of discord.py that moves one
fails here, by name, before it fails a player's click."""

from __future__ import annotations

import inspect
from typing import Any

import discord
import pytest
from discord.enums import InteractionResponseType
from discord.interactions import InteractionResponse
from discord.state import ConnectionState

from bot import discord_internals
from bot.discord_internals import CHECKED, drop_interactions, trim_clicks


def test_the_installed_discord_py_is_a_checked_version() -> None:
    assert discord.__version__ in CHECKED, (
        f"discord.py {discord.__version__} is not among the versions whose internals were "
        f"checked ({', '.join(CHECKED)}): read bot/discord_internals.py and "
        "cogs/pipeline/wire.py against it, then add it to CHECKED"
    )


def test_the_interaction_parser_is_a_replaceable_entry() -> None:
    client = discord.Client(intents=discord.Intents.none())
    parsers = client._connection.parsers
    assert isinstance(parsers, dict) and callable(parsers["INTERACTION_CREATE"])
    trim_clicks(client)
    trimmed = parsers["INTERACTION_CREATE"]
    assert trimmed.__name__ == "parse_trimmed"
    drop_interactions(client)
    assert parsers["INTERACTION_CREATE"] is not trimmed
    assert parsers["INTERACTION_CREATE"]({"type": 3}) is None  # taken and dropped
    assert "parse_interaction_create" in vars(ConnectionState)


def test_a_clicks_message_is_built_without_embeds_and_components() -> None:
    client = discord.Client(intents=discord.Intents.none())
    seen: list[Any] = []
    client._connection.parsers["INTERACTION_CREATE"] = seen.append
    trim_clicks(client)
    click = {"type": 3, "message": {"embeds": [{"title": "x"}], "components": [{"type": 1}]}}
    client._connection.parsers["INTERACTION_CREATE"](click)
    assert seen[0]["message"]["embeds"] == () and seen[0]["message"]["components"] == ()


def test_the_first_response_is_noted_in_a_slot() -> None:
    slot = InteractionResponse.__dict__["_response_type"]
    described = getattr(slot, "slot", slot)  # already timed in this process, or not yet
    assert type(described).__name__ == "member_descriptor"
    assert "_response_type" in InteractionResponse.__slots__
    source = inspect.getsource(InteractionResponse.is_done)
    assert "_response_type" in source


def test_what_the_click_answer_and_the_post_call() -> None:
    from discord.http import Route, handle_message_parameters
    from discord.webhook import async_ as webhook

    assert callable(webhook.async_context.get)
    params = inspect.signature(webhook.interaction_message_response_params).parameters
    assert {"type", "previous_allowed_mentions", "attachments", "view"} <= set(params)
    assert {"nonce", "previous_allowed_mentions"} <= set(
        inspect.signature(handle_message_parameters).parameters
    )
    assert Route("POST", "/x").method == "POST"
    assert InteractionResponseType.message_update.value == 7
    assert {"_state", "_session"} <= set(discord.Interaction.__slots__)
    assert hasattr(discord.VoiceClient, "warn_nacl") and hasattr(discord.VoiceClient, "warn_dave")


def test_what_edits_and_follow_ups_call() -> None:
    from discord.flags import MessageFlags
    from discord.http import HTTPClient
    from discord.webhook.async_ import AsyncWebhookAdapter

    def takes(function: Any) -> set[str]:
        return set(inspect.signature(function).parameters)

    assert {"channel_id", "message_id", "params"} <= takes(HTTPClient.edit_message)
    assert {"channel_id", "params"} <= takes(HTTPClient.send_message)
    assert {"channel_id", "message_id"} <= takes(HTTPClient.delete_message)
    execute = takes(AsyncWebhookAdapter.execute_webhook)
    assert {"session", "payload", "multipart", "files", "wait", "with_components"} <= execute
    edit = takes(AsyncWebhookAdapter.edit_webhook_message)
    assert {"message_id", "session", "payload", "multipart", "files", "with_components"} <= edit
    assert {"params", "session", "payload", "files", "multipart"} <= takes(
        AsyncWebhookAdapter.request
    )
    assert MessageFlags._from_value(64).ephemeral
    assert {"application_id", "token"} <= set(discord.Interaction.__slots__)
    webhook = discord.Webhook.partial(1, "token", session=object())  # type: ignore[arg-type]
    assert {"session", "proxy", "proxy_auth", "_state"} <= set(dir(webhook))


@pytest.mark.parametrize("name", ["trim_clicks", "drop_interactions", "time_first_responses"])
def test_every_change_is_named_in_the_module(name: str) -> None:
    assert callable(getattr(discord_internals, name))
